// Tests of the Architecture schema's named rules: each attention kind carries exactly the facts its cache needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Architecture, ARCHITECTURE_RULES } from './model.ts';

const gqa = { layers: 48, kv_heads: 2, head_dim: 256, attention: 'gqa', hf_repo: 'org/x' };
const broken = (a: unknown) => {
  const r = Architecture.safeParse(a);
  return r.success ? [] : r.error.issues.map((i) => (i as { params?: { rule?: string } }).params?.rule ?? i.message);
};

test('a hybrid architecture needs kv_layers, fewer than its layers (Qwen3-Next: 12 of 48)', () => {
  assert.deepEqual(broken({ ...gqa, attention: 'hybrid', kv_layers: 12 }), []);
  assert.deepEqual(broken({ ...gqa, attention: 'hybrid' }), ['hybrid_needs_kv_layers']);
  assert.deepEqual(broken({ ...gqa, attention: 'hybrid', kv_layers: 48 }), ['kv_layers_only_hybrid']);
  assert.deepEqual(broken({ ...gqa, kv_layers: 12 }), ['kv_layers_only_hybrid']);
});

test('MLA needs the latent and the rope key; the latent also fits a hybrid model whose global layers are MLA', () => {
  assert.deepEqual(broken({ ...gqa, attention: 'mla', kv_lora_rank: 512, rope_dim: 64 }), []);
  assert.deepEqual(broken({ ...gqa, attention: 'mla' }), ['mla_needs_latent']);
  assert.deepEqual(broken({ ...gqa, attention: 'hybrid', kv_layers: 12, kv_lora_rank: 512, rope_dim: 64 }), []);
  assert.deepEqual(broken({ ...gqa, kv_lora_rank: 512, rope_dim: 64 }), ['latent_only_with_mla_or_hybrid']);
  assert.deepEqual(broken({ ...gqa, attention: 'mla', kv_lora_rank: 512 }), ['mla_needs_latent', 'latent_comes_in_pairs']);
});

test('a sliding-window architecture needs its window and no more sliding layers than layers (gpt-oss-120b: 18 of 36)', () => {
  assert.deepEqual(broken({ ...gqa, layers: 36, attention: 'sliding', sliding_window: 128, sliding_layers: 18 }), []);
  assert.deepEqual(broken({ ...gqa, attention: 'sliding' }), ['sliding_needs_window']);
  assert.deepEqual(broken({ ...gqa, attention: 'sliding', sliding_window: 128, sliding_layers: 49 }), ['sliding_layers_within_layers']);
});

test('every rule has a unique name and unknown fields are refused', () => {
  const names = ARCHITECTURE_RULES.map((r) => r.name);
  assert.equal(new Set(names).size, names.length);
  // config.json's own spelling is not the schema's: `experts` is.
  assert.equal(Architecture.safeParse({ ...gqa, num_experts: 128 }).success, false);
});

test('MoE geometry: experts with experts_per_token, no more routed than exist, dense layers fewer than layers', () => {
  // DeepSeek-V3's config.json: 256 routed experts, 8 a token, 1 shared, 2,048 wide, the first 3 of 61 layers dense.
  const v3 = { ...gqa, layers: 61, experts: 256, experts_per_token: 8, shared_experts: 1, moe_intermediate_size: 2048, dense_layers: 3, vocab_size: 129280 };
  assert.deepEqual(broken(v3), []);
  assert.deepEqual(broken({ ...gqa, experts: 256 }), ['experts_come_in_pairs']);
  assert.deepEqual(broken({ ...gqa, experts: 8, experts_per_token: 9 }), ['experts_per_token_within_experts']);
  assert.deepEqual(broken({ ...gqa, moe_intermediate_size: 768 }), ['expert_geometry_needs_experts']);
  assert.deepEqual(broken({ ...v3, dense_layers: 61 }), ['dense_layers_within_layers']);
  // A dense model may state its vocabulary alone.
  assert.deepEqual(broken({ ...gqa, vocab_size: 151936 }), []);
});
