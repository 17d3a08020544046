// Tests of the low-bit formats read from a listing's id: ids taken from the committed offers (data/dataset/offers.json),
// release formats from data/curated/model-architecture.csv (gpt-oss MXFP4, Kimi K2 FP8, Kimi K2 Thinking INT4).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lowBitListing, lowBitWords } from './listing-precision.ts';

test('a listing id naming a format below 8 bits is read as that format, with its bits', () => {
  assert.deepEqual(lowBitListing('baseten/Kimi-K2-Instruct-FP4'), { format: 'FP4', bits: 4 });
  assert.deepEqual(lowBitListing('nvidia/DeepSeek-V3.2-NVFP4'), { format: 'NVFP4', bits: 4 });
  assert.deepEqual(lowBitListing('hf:nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4'), { format: 'NVFP4', bits: 4 });
  assert.deepEqual(lowBitListing('workers-ai/@cf/meta/llama-3.1-8b-instruct-awq'), { format: 'AWQ', bits: 4 });
  assert.deepEqual(lowBitListing('route/glm-5.1-6bit'), { format: '6-bit', bits: 6 });
});

test('the words say whether the listing serves the model as its developer releases it', () => {
  // Kimi K2 (0711) is released in FP8: an FP4 re-host is below it.
  assert.equal(lowBitWords('baseten/Kimi-K2-Instruct-FP4', 'fp8'),
    '; its id names FP4 weights, 4 bits a weight, below the FP8 the developer releases: the model served quantized');
  // gpt-oss is released in MXFP4: a listing naming MXFP4 serves it as released.
  assert.equal(lowBitWords('openai/gpt-oss-120b-mxfp4', 'mxfp4'), '; its id names MXFP4 weights, 4 bits a weight, as the developer releases the model (MXFP4)');
  // A 6-bit copy of an INT4 release (routing.run's kimi-k2.6-6bit) has more bits; NVFP4 of an MXFP4 release as many.
  assert.equal(lowBitWords('route/kimi-k2.6-6bit', 'int4'), '; its id names 6-bit weights, 6 bits a weight, more than the INT4 the developer releases, in another format');
  assert.equal(lowBitWords('x/gpt-oss-120b-NVFP4', 'mxfp4'), '; its id names NVFP4 weights, 4 bits a weight, as many as the MXFP4 the developer releases, in another format');
  // No release format in the dataset: the format and its bits only, no judgement.
  assert.equal(lowBitWords('@cf/meta/llama-3-8b-instruct-awq', null), '; its id names AWQ weights, 4 bits a weight');
});

test('8-bit and full-precision ids, and a 4 inside a word, name nothing', () => {
  for (const id of ['zai-org/GLM-4.7-FP8', 'Qwen/Qwen2.5-72B-Instruct-GPTQ-Int8', '@cf/meta/llama-2-7b-chat-int8', 'meta-llama/llama-3.1-8b-instruct-bf16',
    'moonshotai/kimi-k2-instruct', 'gpt-4o', 'qwen/qwen3-30b-a3b-fp8', 'claude-sonnet-4-5', 'gpt-4.1-mini']) {
    assert.equal(lowBitListing(id), null, id);
    assert.equal(lowBitWords(id, 'bf16'), '', id);
  }
});
