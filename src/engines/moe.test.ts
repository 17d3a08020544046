// Which models the speed estimates cost as a mixture of experts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PREFILL_EFFICIENCY, MOE_PREFILL_EFFICIENCY } from './constants.ts';
import { prefillEfficiency } from './decode.ts';
import { isMixtureOfExperts, moeRouting, routedExperts, sharedParameters, stepWeightsBytes } from './moe.ts';

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

test('without expert geometry the shared part is the attention sum: gpt-oss-120b 0.96B as its card counts its attention', () => {
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

test('with the expert geometry, p = top-k / experts and the shared part is the card\'s: gpt-oss-120b 1.55B, not 0.96B', () => {
  // config.json: 128 experts, 4 a token, each 2,880 wide. One expert across 36 layers: 36 x 3 x 2,880 x 2,880 =
  // 895,795,200; the card's MLP is 114.71B, and 128 x 895,795,200 = 114.66B.
  const a = { ...gptOss120b, experts: 128, experts_per_token: 4, moe_intermediate_size: 2880, vocab_size: 201088 };
  assert.deepEqual(routedExperts(a), { experts: 128, per_token: 4, parameters_per_expert: 895_795_200 });
  const r = moeRouting(5.13e9, 116.83e9, a)!;
  assert.equal(r.routed_share, 4 / 128);
  // Shared: 5.13B - 4 x 895,795,200 = 1,546,819,200, the card's attention 0.96B plus unembedding 0.58B (1.54B).
  assert.ok(Math.abs(r.shared_share * 5.13e9 - 1_546_819_200) < 1, `${r.shared_share * 5.13e9}`);
  // The step at 8 sequences, in parameters: 1.5468B + 114.6618B x (1 - (124/128)^8 = 0.224300) = 27.266B, where the
  // attention-only estimate read 0.9555B + (5.13 - 0.9555)B / 0.03603 x (1 - (1 - 0.03603)^8 = 0.254150) = 30.40B.
  assert.ok(Math.abs(stepWeightsBytes(116.83e9, 5.13e9, 8, r) / 1e9 - 27.266) < 0.01);
});

test('dense layers carry no experts: DeepSeek-V3 58 MoE layers of 61, 8 of 256 routed, 16.6B of its 37B shared', () => {
  // config.json: 61 layers (first_k_dense_replace 3), hidden 7,168, 256 routed experts 2,048 wide, 8 a token, 1 shared.
  const v3 = { attention: 'mla', layers: 61, kv_heads: 128, head_dim: 128, hidden_size: 7168, attention_heads: 128, kv_lora_rank: 512, rope_dim: 64,
    experts: 256, experts_per_token: 8, shared_experts: 1, moe_intermediate_size: 2048, dense_layers: 3, hf_repo: 'deepseek-ai/DeepSeek-V3' } as const;
  // One expert: 58 x 3 x 7,168 x 2,048 = 2,554,331,136; 256 of them 653.9B of the 671B.
  assert.equal(routedExperts(v3)!.parameters_per_expert, 2_554_331_136);
  const r = moeRouting(37e9, 671e9, v3)!;
  assert.equal(r.routed_share, 8 / 256);
  // 37B - 8 x 2,554,331,136 = 16,565,350,912: MLA, dense layers, the shared expert, embedding and head.
  assert.ok(Math.abs(r.shared_share * 37e9 - 16_565_350_912) < 1);
});

test('geometry that contradicts the counts is not used: the attention sum decides instead', () => {
  // Llama 4 Scout's shape (48 layers, hidden 5,120, experts 8,192 wide): one expert is 48 x 3 x 5,120 x 8,192 = 6.04B.
  const base = { attention: 'gqa', layers: 48, kv_heads: 8, head_dim: 128, hidden_size: 5120, attention_heads: 40, hf_repo: 'x/y' } as const;
  // 8 a token: 48.3B routed a token, above the 17B active.
  const tooMany = moeRouting(17e9, 109e9, { ...base, experts: 16, experts_per_token: 8, moe_intermediate_size: 8192 })!;
  // 1,024 experts: 6,185B of experts, above the 109B total / 0.9.
  const tooBig = moeRouting(17e9, 109e9, { ...base, experts: 1024, experts_per_token: 1, moe_intermediate_size: 8192 })!;
  const attentionOnly = moeRouting(17e9, 109e9, base)!;
  assert.deepEqual(tooMany, attentionOnly);
  assert.deepEqual(tooBig, attentionOnly);
});
