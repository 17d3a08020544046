import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture } from '../schema/index.ts';
import { linearAttentionBasis, linearAttentionLayers, linearAttentionStepSeconds } from './decode-hybrid.ts';

// Qwen3-Next's config.json: 12 x (3 Gated DeltaNet + 1 gated attention) = 48 layers, 12 keeping a KV cache.
const next = { layers: 48, kv_heads: 2, head_dim: 256, attention: 'hybrid', kv_layers: 12, hf_repo: 'Qwen/Qwen3-Next-80B-A3B-Instruct' } as Architecture;
const dense: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/Llama-3.1-8B' };

test('only a hybrid model\'s recurrent layers pay the term: 36 of Qwen3-Next\'s 48, none of a dense model\'s', () => {
  assert.equal(linearAttentionLayers(next), 36);
  assert.equal(linearAttentionLayers(dense), 0);
  // 36 x 0.18 ms a step (fitted in constants.ts on the published runs).
  assert.ok(Math.abs(linearAttentionStepSeconds(next) - 6.48e-3) < 1e-9);
  assert.equal(linearAttentionStepSeconds(dense), 0);
  assert.equal(linearAttentionBasis(dense), null);
  assert.match(linearAttentionBasis(next)!, /36 linear-attention \(Gated DeltaNet\) layers x 0\.18 ms/);
});
