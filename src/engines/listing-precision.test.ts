// Tests of the 4-bit formats read from a listing's id: ids taken from the committed offers (data/dataset/offers.json).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fourBitListing, fourBitWords } from './listing-precision.ts';

test('a listing id naming a 4-bit format is read as that format', () => {
  assert.equal(fourBitListing('baseten/Kimi-K2-Instruct-FP4'), 'FP4');
  assert.equal(fourBitListing('nvidia/DeepSeek-V3.2-NVFP4'), 'NVFP4');
  assert.equal(fourBitListing('hf:nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4'), 'NVFP4');
  assert.equal(fourBitListing('workers-ai/@cf/meta/llama-3.1-8b-instruct-awq'), 'AWQ');
  assert.equal(fourBitWords('@cf/meta/llama-3-8b-instruct-awq'), '; its id names AWQ weights, 4 bits a weight: the model served quantized');
});

test('8-bit and full-precision ids, and a 4 inside a word, name nothing', () => {
  for (const id of ['zai-org/GLM-4.7-FP8', '@cf/meta/llama-2-7b-chat-int8', 'meta-llama/llama-3.1-8b-instruct-bf16',
    'moonshotai/kimi-k2-instruct', 'gpt-4o', 'qwen/qwen3-30b-a3b-fp8', 'claude-sonnet-4-5', 'gpt-4.1-mini']) {
    assert.equal(fourBitListing(id), null, id);
    assert.equal(fourBitWords(id), '', id);
  }
});
