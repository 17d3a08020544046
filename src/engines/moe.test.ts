// Which models the speed estimates cost as a mixture of experts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PREFILL_EFFICIENCY, MOE_PREFILL_EFFICIENCY } from './constants.ts';
import { prefillEfficiency } from './decode.ts';
import { isMixtureOfExperts, moeRouting, sharedParameters, stepWeightsBytes } from './moe.ts';

test('a dense model whose two counts differ by rounding is dense: phi-4, gemma-3-12b-it, gemma-3n-e4b-it', () => {
  // data/curated/architecture-overrides.csv phi-4 14,659,507,200 beside llmfit's microsoft/phi-4 "14B";
  // llmfit unsloth/gemma-3-12b-it 12,187,325,040 beside google/gemma-3-12b-it 12B; unsloth/gemma-3n-E4B-it 8,387,373,392
  // beside google/gemma-3n-E4B-it 8B. All three are dense transformers (their model cards name no experts).
  for (const [active, total] of [[14e9, 14_659_507_200], [12e9, 12_187_325_040], [8e9, 8_387_373_392]]) {
    assert.equal(isMixtureOfExperts(active, total), false, `${active} of ${total}`);
    assert.equal(prefillEfficiency(active, total), PREFILL_EFFICIENCY);
  }
});

test('real mixtures of experts stay MoE: Mixtral 8x7B, Qwen3-30B-A3B, gpt-oss-20b', () => {
  // Mistral: Mixtral 8x7B 12.9B active of 46.7B; Qwen: Qwen3-30B-A3B 3.3B of 30.5B; OpenAI: gpt-oss-20b 3.61B of 20.91B.
  for (const [active, total] of [[12.9e9, 46.7e9], [3.3e9, 30.5e9], [3.61e9, 20.91e9]]) {
    assert.equal(isMixtureOfExperts(active, total), true, `${active} of ${total}`);
    assert.equal(prefillEfficiency(active, total), MOE_PREFILL_EFFICIENCY);
  }
  assert.equal(isMixtureOfExperts(7e9, 7e9), false);
});

// openai/gpt-oss-120b config.json: 36 layers, hidden 2880, 64 heads, 8 KV heads, head_dim 64; the card: 116.83B total,
// 5.13B active, of which attention 0.96B (and the unembedding 0.58B); 128 experts, 4 a token.
const gptOss120b = { attention: 'sliding', attention_heads: 64, head_dim: 64, hf_repo: 'openai/gpt-oss-120b', hidden_size: 2880, kv_heads: 8,
  layers: 36, sliding_layers: 18, sliding_window: 128 } as const;

test('the shared part every token reads is the attention the geometry gives: gpt-oss-120b 0.96B as its card counts it', () => {
  // By hand: 36 x 2,880 x 64 x (2 x 64 + 2 x 8) = 36 x 2,880 x 64 x 144 = 955,514,880.
  assert.equal(sharedParameters(gptOss120b), 955_514_880);
  // MLA's low-rank projections are not this sum: no shared part is counted (the slow side).
  assert.equal(sharedParameters({ attention: 'mla', layers: 61, kv_heads: 128, head_dim: 128, hidden_size: 7168, attention_heads: 128,
    kv_lora_rank: 512, rope_dim: 64, hf_repo: 'deepseek-ai/DeepSeek-V3' }), 0);
  const r = moeRouting(5.13e9, 116.83e9, gptOss120b)!;
  // Routed share (5.13 - 0.9555) / (116.83 - 0.9555) = 0.03603, beside the card's 4 of 128 experts = 0.03125.
  assert.ok(Math.abs(r.routed_share - 0.03603) < 1e-4, `${r.routed_share}`);
  assert.equal(moeRouting(8e9, 8.03e9, gptOss120b), undefined, 'a dense model has no routing');
});

test('a batch reads the distinct experts it routes to: E x (1 - (1 - k/E)^B), the shared part once, never more than the file', () => {
  // 128 experts top-4, nothing shared, active bytes 1: all routed bytes 32. B = 8: (31/32)^8 = 0.775700, so
  // 32 x 0.224300 = 7.1776 bytes, beside 8 x 1 = 8 with no overlap.
  const routing = { shared_share: 0, routed_share: 4 / 128 };
  assert.ok(Math.abs(stepWeightsBytes(32, 1, 8, routing) - 7.1776) < 1e-3);
  // A quarter shared: 0.25 once + 0.75 x 32 x 0.224300 = 5.6332.
  assert.ok(Math.abs(stepWeightsBytes(32, 1, 8, { shared_share: 0.25, routed_share: 4 / 128 }) - 5.6332) < 1e-3);
  // One sequence reads exactly its active bytes; a very large batch reads every expert once, capped at the file.
  assert.equal(stepWeightsBytes(32, 1, 1, routing), 1);
  assert.equal(stepWeightsBytes(30, 1, 4096, routing), 30);
  // Dense: the weights once a step, as before (one sequence its active bytes).
  assert.equal(stepWeightsBytes(16, 16, 8), 16);
  assert.equal(stepWeightsBytes(16, 17, 1), 16);
});
