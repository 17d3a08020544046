// The MLA mixture-of-experts term: who pays it, where, and how much.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture } from '../schema/index.ts';
import { isMlaMoe, mlaTensorSeconds, mlaTensorWords } from './decode-mla.ts';

// DeepSeek-V3's config.json: 61 layers, MLA with kv_lora_rank 512 and rope 64; 37B of 671B active.
const mla: Architecture = { layers: 61, kv_heads: 128, head_dim: 128, attention: 'mla', kv_lora_rank: 512, rope_dim: 64, hf_repo: 'deepseek-ai/DeepSeek-V3' };
const deepseek = { architecture: mla, parameters_active: 37e9, parameters_total: 671e9 };
// gpt-oss-120b: GQA, 36 layers, 5.13B of 116.83B active.
const gqa: Architecture = { layers: 36, kv_heads: 8, head_dim: 64, attention: 'gqa', hf_repo: 'openai/gpt-oss-120b' };
const gptOss = { architecture: gqa, parameters_active: 5.13e9, parameters_total: 116.83e9 };

test('an MLA mixture of experts split tensor parallel pays 61 x 69 us a step; other layouts and GQA models pay none', () => {
  // By hand: TensorRT-LLM's DeepSeek-R1 on 8 x B200 at batch 1 without MTP, 111 tokens/s, is 9.009 ms a token; its
  // bytes take 0.866 ms, so a layer takes (9.009 - 0.866) / 61 = 133.5 us, 69 over the 45 + 19 us gpt-oss-120b's takes
  // on the same GPUs: 61 x 69 us = 4.209 ms a step.
  assert.ok(Math.abs(mlaTensorSeconds('tensor', deepseek) - 4.209e-3) < 1e-9);
  assert.equal(mlaTensorSeconds('layer', deepseek), 0);
  assert.equal(mlaTensorSeconds('single', deepseek), 0);
  assert.equal(mlaTensorSeconds('tensor', gptOss), 0);
  // A dense model with MLA (none in the catalogue) is not the layer the term is fitted on.
  assert.equal(isMlaMoe({ ...deepseek, parameters_active: 671e9 }), false);
  assert.equal(isMlaMoe(deepseek), true);
});

test('the words name the layers, the time and the run the term is fitted on', () => {
  const words = mlaTensorWords(61);
  assert.match(words, /^61 layers x 69 us of MLA mixture-of-experts layer time under tensor parallelism/);
  assert.match(words, /TensorRT-LLM's DeepSeek-R1 on 8 x B200 at batch 1 without speculative decoding, 111 tokens\/s/);
});
