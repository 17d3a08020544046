// Tests of the layout a speed estimate assumes at a concurrency: PCIe cards by layer for one sequence, tensor for many.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture, Hardware } from '../schema/index.ts';
import { QUANTIZATIONS } from './constants.ts';
import type { ModelFacts } from './memory.ts';
import { fitSplitNote, speedLayout } from './speed-layout.ts';
import { speedOf } from './speed.ts';

const f = <T>(value: T) => ({ value, as_of: '2026-11-25', source: 'test' });
const machine = (accelerator: string, count: number, bandwidth: number, tflops: number): Hardware => ({
  id: 'm', name: 'm', class: 'server', accelerator, count, unified_memory: false, memory_gb: f(48 * count), usable_fraction: f(0.95),
  bandwidth_gbs: f(bandwidth), compute_tflops: f(tflops),
});
const q4 = QUANTIZATIONS.find((q) => q.id === 'q4_k_m')!;

test('PCIe cards: split by layer at concurrency 1, tensor parallel (summed bandwidth and compute, 64 us a layer) above it', () => {
  const l40s = machine('NVIDIA L40S', 4, 864, 362.05);
  const one = speedLayout(l40s, 60, 1);
  assert.equal(one.layout.split, 'layer');
  assert.equal(one.layout.bandwidth, 864e9);
  // 60 layers x 45 us + 3 hand-offs x 0.21 ms = 3.33 ms.
  assert.ok(Math.abs(one.layout.step_latency_s - 3.33e-3) < 1e-12);
  // One card's compute at the workstation and data-centre share: 362.05e12 x 0.72.
  assert.ok(Math.abs(one.flops! - 362.05e12 * 0.72) < 1);
  assert.equal(one.serving, null);
  const many = speedLayout(l40s, 60, 2);
  assert.equal(many.layout.split, 'tensor');
  assert.equal(many.layout.bandwidth, 4 * 864e9);
  // 60 layers x (45 + 19) us = 3.84 ms, no hand-offs.
  assert.ok(Math.abs(many.layout.step_latency_s - 3.84e-3) < 1e-12);
  assert.ok(Math.abs(many.flops! - 4 * 362.05e12 * 0.72) < 1);
  assert.match(many.serving!, /4 PCIe cards in tensor parallel, as a server decoding 2 sequences runs them/);
  assert.match(many.serving!, /60 layers x 45 us and 19 us of all-reduces per layer/);
});

test('one device and a GPU-to-GPU fabric keep one layout at any concurrency', () => {
  // The SXM modules' fabric is a fact of the catalogue (accelerator-nvlink.csv: switch), not read from the name.
  const sxm: Hardware = { ...machine('NVIDIA H100 SXM5 80GB', 8, 3350, 989.4), nvlink: f('switch' as const) };
  for (const hw of [sxm, machine('NVIDIA L40S', 1, 864, 362.05)]) {
    const a = speedLayout(hw, 80, 1);
    const b = speedLayout(hw, 80, 64);
    assert.deepEqual(b.layout, a.layout);
    assert.equal(b.flops, a.flops);
    assert.equal(b.serving, null);
  }
});

test('the fit\'s split note says which layout the figures assume at the concurrency', () => {
  const l40s = machine('NVIDIA L40S', 4, 864, 362.05);
  assert.match(fitSplitNote(l40s, 1)!, /\(by layer, over PCIe\).*the estimate does not assume it/);
  assert.match(fitSplitNote(l40s, 8)!, /\(tensor parallel over PCIe, as a server decoding 8 sequences runs them/);
  assert.doesNotMatch(fitSplitNote(l40s, 8)!, /does not assume/);
  assert.equal(fitSplitNote(machine('NVIDIA L40S', 1, 864, 362.05), 8), null);
});

test('speedOf on 2 x RTX 3090 serving 8 sequences: the summed bandwidth, worked by hand', () => {
  // Llama 3 70B Q4_K_M: 70.55e9 x 4.89 / 8 = 43.124 GB of weights; KV at 512 tokens 2 x 80 x 8 x 128 x 512 x 2 =
  // 0.16777 GB a sequence. Concurrency 8, tensor parallel: 43.124 GB / (0.67 x 1,872 GB/s) = 34.382 ms + 8 x 0.16777
  // GB / (0.73 x 1,872 GB/s, the batched server's cache read, refitted on vLLM's memory budget: constants.ts) = 0.982 ms
  // + 80 x 64 us = 5.12 ms: 40.484 ms a step, 8 / 40.484 ms = 197.6 tokens/s (197.3 at the former 0.69), 24.7 a
  // sequence. Batch 1 on the same layout reads the cache at the single stream's 0.87:
  // 34.382 + 0.103 + 5.12 = 39.605 ms, 25.2 tokens/s: a server's, so its weights at a serving runtime's 0.67. Split by
  // layer at concurrency 1, llama.cpp CUDA: 43.124 GB / (0.81 x 936 GB/s) = 56.880 ms + 0.16777 GB / (0.82 x 936 GB/s)
  // = 0.219 ms + 80 x 45 us + 0.21 ms = 60.909 ms, 16.4 tokens/s.
  const arch: Architecture = { layers: 80, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/Meta-Llama-3-70B' };
  const facts: ModelFacts = {
    parameters_total: 70.55e9, parameters_active: 70.55e9, architecture: arch, native_precision: null, derived_from: [],
  };
  const hw = machine('NVIDIA GeForce RTX 3090', 2, 936, 142);
  const s = speedOf(facts, q4, hw, { context: 512, concurrency: 8 });
  assert.equal(s.split, 'tensor');
  assert.equal(s.decode_bandwidth_gbs, 1872);
  assert.equal(s.per_token_latency_ms, 5.12);
  assert.equal(s.at_concurrency.tokens_per_s_total, 197.6);
  assert.equal(s.at_concurrency.tokens_per_s_per_stream, 24.7);
  assert.equal(s.tokens_per_s, 25.2);
  assert.equal(speedOf(facts, q4, hw, { context: 512, concurrency: 1 }).tokens_per_s, 16.4);
});
