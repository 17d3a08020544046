import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture } from '../schema/index.ts';
import {
  linearAttentionBasis, linearAttentionLayerSeconds, linearAttentionLayers, linearAttentionStepSeconds, recurrentLayersWords,
} from './decode-hybrid.ts';

// The accelerators by the names the catalogue gives them (data/dataset/hardware.json).
const rtx5090 = { accelerator: 'NVIDIA GeForce RTX 5090' };
const rtx3090 = { accelerator: 'NVIDIA GeForce RTX 3090' };

// Qwen3-Next's config.json: 12 x (3 Gated DeltaNet + 1 gated attention) = 48 layers, 12 keeping a KV cache.
const next: Architecture = {
  layers: 48, kv_heads: 2, head_dim: 256, attention: 'hybrid', kv_layers: 12, recurrent_layers: 36, recurrent_kind: 'gated-deltanet',
  hf_repo: 'Qwen/Qwen3-Next-80B-A3B-Instruct',
};
// NVIDIA-Nemotron-3-Nano-30B-A3B config.json hybrid_override_pattern MEMEM*EMEMEM*...: 52 layers, 23 M (Mamba-2),
// 23 E (MoE feed-forward) and 6 * (attention): only the 23 M carry a recurrent state.
const nano: Architecture = {
  layers: 52, kv_heads: 2, head_dim: 128, attention: 'hybrid', kv_layers: 6, recurrent_layers: 23, recurrent_kind: 'mamba2',
  hf_repo: 'unsloth/Nemotron-3-Nano-30B-A3B',
};
// Llama-3.3-Nemotron-Super-49B config.json block_configs: 31 of 80 blocks have attention no_op (no attention, no state).
const superNas: Architecture = {
  layers: 80, kv_heads: 8, head_dim: 128, attention: 'hybrid', kv_layers: 49, recurrent_layers: 0, hf_repo: 'nvidia/Llama-3_3-Nemotron-Super-49B-v1',
};
const dense: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/Llama-3.1-8B' };

test('only a hybrid model\'s recurrent layers pay the term: 36 of Qwen3-Next\'s 48, none of a dense model\'s', () => {
  assert.equal(linearAttentionLayers(next), 36);
  assert.equal(linearAttentionLayers(dense), 0);
  // 36 x 61 us = 2.196 ms a step (fitted in constants.ts on the published runs of April 2026 builds; 0.18 ms a layer,
  // 6.48 ms, before the fused Gated DeltaNet op's builds were tabled).
  assert.ok(Math.abs(linearAttentionStepSeconds(next, rtx5090) - 2.196e-3) < 1e-9);
  assert.equal(linearAttentionStepSeconds(dense, rtx5090), 0);
  assert.equal(linearAttentionBasis(dense, rtx5090), null);
  assert.match(linearAttentionBasis(next, rtx5090)!, /36 linear-attention \(Gated DeltaNet\) layers x 0\.061 ms/);
});

test('Nemotron-3-Nano pays for its 23 Mamba-2 layers, not for its 23 MoE blocks; the basis names the kind and the borrowed rate', () => {
  assert.equal(linearAttentionLayers(nano), 23);
  // 23 x 61 us = 1.403 ms, not the 46 x 61 us = 2.806 ms of layers - kv_layers.
  assert.ok(Math.abs(linearAttentionStepSeconds(nano, rtx5090) - 1.403e-3) < 1e-9);
  assert.equal(recurrentLayersWords(nano), '23 Mamba-2 state-space layers');
  assert.match(linearAttentionBasis(nano, rtx5090)!, /23 Mamba-2 state-space layers x 0\.061 ms/);
  assert.match(linearAttentionBasis(nano, rtx5090)!, /Gated DeltaNet's rate taken for Mamba-2/);
  assert.doesNotMatch(linearAttentionBasis(nano, rtx5090)!, /linear-attention \(Gated DeltaNet\) layers/);
});

test('a NAS-pruned Nemotron\'s no-op blocks hold neither attention nor state: no term', () => {
  assert.equal(linearAttentionLayers(superNas), 0);
  assert.equal(linearAttentionBasis(superNas, rtx5090), null);
  // A hybrid row that writes no count is charged nothing rather than layers - kv_layers.
  const { recurrent_layers: _drop, recurrent_kind: _kind, ...unwritten } = next;
  assert.equal(linearAttentionLayers(unwritten as Architecture), 0);
});

test('an Ampere card pays 113 us a recurrent layer, every other accelerator 61 us', () => {
  // Two June 2026 RTX 3090 runs imply 123 and 105 us a layer (constants-step.ts AMPERE_LINEAR_ATTENTION_LAYER_S), whose
  // minimax is 113 us; the RTX 5090 and DGX Spark runs 54 and 88 us. Qwen3-Next on an RTX 3090: 36 x 113 us = 4.068 ms a
  // step (2.196 ms at 61 us).
  assert.ok(Math.abs(linearAttentionStepSeconds(next, rtx3090) - 4.068e-3) < 1e-9);
  assert.match(linearAttentionBasis(next, rtx3090)!, /36 linear-attention \(Gated DeltaNet\) layers x 0\.113 ms/);
  // Every Ampere part the catalogue names: GeForce RTX 30 (desktop and laptop), A100, A10/A10G, A40, RTX A-series.
  for (const a of ['NVIDIA GeForce RTX 3090 Ti', 'NVIDIA GeForce RTX 3060 Laptop GPU 6GB', 'NVIDIA A100 SXM4 80 GB', 'NVIDIA A10 PCIe',
    'NVIDIA A10G', 'NVIDIA A40 PCIe', 'NVIDIA RTX A6000']) assert.equal(linearAttentionLayerSeconds({ accelerator: a }), 113e-6, a);
  // Not Ada (its one figure found is untabled), Turing, Hopper, Blackwell, Apple or AMD: the fitted 61 us.
  for (const a of ['NVIDIA GeForce RTX 4090', 'NVIDIA RTX 6000 Ada Generation', 'NVIDIA L40S', 'NVIDIA Tesla T4', 'NVIDIA H100 SXM5 80GB',
    'NVIDIA B200', 'NVIDIA DGX Spark (GB10)', 'NVIDIA RTX PRO 6000 Blackwell Workstation Edition', 'Apple M3 Ultra (80-core GPU)',
    'AMD Ryzen AI Max+ 395 (Radeon 8060S)']) assert.equal(linearAttentionLayerSeconds({ accelerator: a }), 61e-6, a);
});
