// A long prompt's attention in the serving throughput: FlashAttention-3's published causal rates on Hopper.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture, Hardware } from '../schema/index.ts';
import { QUANTIZATIONS } from './constants.ts';
import { hopperAttentionShare, promptRate, servingAttentionFlops } from './serving-attention.ts';
import { servingThroughput } from './serving.ts';

const f = <T>(value: T) => ({ value, as_of: '2026-11-28', source: 'test' });

// One H100 SXM: 3,350 GB/s, 989.4 TFLOPS dense BF16 (NVIDIA's datasheet).
const h100: Hardware = {
  id: 'h100-80gb-x1', name: 'One H100 SXM', class: 'server', accelerator: 'NVIDIA H100 SXM5 80GB', count: 1, unified_memory: false,
  memory_gb: f(80), usable_fraction: f(0.95), bandwidth_gbs: f(3350), compute_tflops: f(989.4),
};
const h100x4: Hardware = { ...h100, id: 'h100-80gb-x4', count: 4, memory_gb: f(320) };
// An A100 SXM (312 TFLOPS): vLLM runs FlashAttention-2 there, whose figures are not carried.
const a100: Hardware = { ...h100, id: 'a100', accelerator: 'NVIDIA A100 SXM4 80GB', bandwidth_gbs: f(2039), compute_tflops: f(312) };
// One RTX 4090: llama.cpp's server, whose depth shares are prefill-depth.ts's, not a data-centre kernel's.
const rtx4090: Hardware = {
  ...h100, id: 'rtx-4090', class: 'desktop', accelerator: 'NVIDIA GeForce RTX 4090', memory_gb: f(24), bandwidth_gbs: f(1008),
  compute_tflops: f(330.3),
};

// Qwen3-30B-A3B's config.json: 48 layers, 32 query heads, 4 KV heads of 128.
const qwen3: Architecture = { layers: 48, attention_heads: 32, kv_heads: 4, head_dim: 128, attention: 'gqa', hf_repo: 'Qwen/Qwen3-30B-A3B' };

test('the share by head width: FlashAttention-3 causal forward at 16k on an H100 SXM over its 989.4 dense TFLOPS', () => {
  // arXiv 2407.08608, Figure 5, causal panels at sequence length 16k: 473 (64), 616 (128), 642 (256) TFLOPS.
  assert.ok(Math.abs(hopperAttentionShare(64)! - 0.4781) < 1e-4);
  assert.ok(Math.abs(hopperAttentionShare(128)! - 0.6226) < 1e-4);
  assert.ok(Math.abs(hopperAttentionShare(256)! - 0.6489) < 1e-4);
  // No panel measures 96 or 512.
  assert.equal(hopperAttentionShare(96), undefined);
  assert.equal(hopperAttentionShare(512), undefined);
});

test('vLLM on Hopper gets the figure, every card\'s; other configurations and widths keep the compute-bound rate', () => {
  // 616 / 989.4 x 989.4e12 = 616e12 FLOP/s a card.
  assert.ok(Math.abs(servingAttentionFlops(h100, qwen3)! - 616e12) < 1e9);
  assert.ok(Math.abs(servingAttentionFlops(h100x4, qwen3)! - 4 * 616e12) < 4e9);
  assert.equal(servingAttentionFlops(a100, qwen3), undefined);
  assert.equal(servingAttentionFlops(rtx4090, qwen3), undefined);
  assert.equal(servingAttentionFlops(h100, { ...qwen3, attention: 'mla', kv_lora_rank: 512, rope_dim: 64 } as Architecture), undefined);
  // Gemma 4's 512-wide global layers: no figure, so no term for the model, not one for half of it.
  const gemma4 = {
    layers: 60, attention_heads: 32, kv_heads: 16, head_dim: 256, global_head_dim: 512, attention: 'sliding', sliding_window: 1024,
    sliding_layers: 50, hf_repo: 'google/gemma-4',
  } as Architecture;
  assert.equal(servingAttentionFlops(h100, gemma4), undefined);
});

test('a prompt\'s rate: its matrix products at the compute-bound rate plus its attention seconds', () => {
  // Qwen3-30B-A3B on one H100, 20,508 tokens/s compute-bound; 4 x 48 x 32 x 128 = 786,432 FLOPs a position.
  // 98,304 tokens: 4.793 s + 786,432 x 98,304^2 / 2 = 3.800e15 FLOPs / 616e12 = 6.169 s: 98,304 / 10.962 s = 8,968.
  assert.ok(Math.abs(promptRate(qwen3, 98304, 20508, 616e12) - 8968) < 2);
  // 3,072 tokens: 0.14980 s + 3.711e12 / 616e12 = 0.00602 s: 19,715 tokens/s, 0.96x.
  assert.ok(Math.abs(promptRate(qwen3, 3072, 20508, 616e12) - 19715) < 2);
  // No figure: the rate as it was.
  assert.equal(promptRate(qwen3, 98304, 20508, undefined), 20508);
});

test('servingThroughput on one H100: a request\'s prompt (context x input share) takes its attention on top', () => {
  // Qwen3-8B (8,190,735,360 parameters; 36 layers, 32 query heads, 8 KV heads of 128) in FP8 W8A8: 0.42 x 0.72 x
  // 989.4e12 / (2 x 8.19e9) = 18,264 tokens/s compute-bound (serving.test.ts). 8,192-token requests at half input: a
  // 4,096-token prompt, 0.22427 s + 4 x 36 x 32 x 128 = 589,824 FLOPs a position x 4,096^2 / 2 = 4.948e12 FLOPs /
  // 616e12 = 0.00803 s: 4,096 / 0.23230 s = 17,633 tokens/s. At 32,768-token requests, 16,384 of prompt: 0.89707 s +
  // 7.917e13 / 616e12 = 0.12852 s: 15,975.
  const arch: Architecture = { layers: 36, attention_heads: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'Qwen/Qwen3-8B' };
  const facts = { parameters_total: 8_190_735_360, parameters_active: 8_190_735_360, architecture: arch, native_precision: null, derived_from: [] };
  const fp8 = QUANTIZATIONS.find((q) => q.id === 'fp8_w8a8')!;
  const at = (hardware: Hardware, context: number) =>
    servingThroughput({ facts, quantization: fp8, hardware, context, input_share: 0.5, max_sequences: 256 }).prefill_tokens_per_s!;
  assert.ok(Math.abs(at(h100, 8192) - 17633) / 17633 < 0.002, `${at(h100, 8192)}`);
  assert.ok(Math.abs(at(h100, 32768) - 15975) / 15975 < 0.002, `${at(h100, 32768)}`);
  // On an A100 the prompt keeps the compute-bound rate at any length, at vLLM's own share for a dense model on the A100
  // SXM (vllm-dense-prefill.ts, fitted on GPUStack's Qwen3-14B runs; the long runs are in that fit, so no attention term
  // on top): 0.53 x 312e12 / (2 x 8,190,735,360) = 1.6536e14 / 1.63815e10 = 10,094 (5,760 at llama.cpp's class share,
  // 0.3024, before).
  assert.ok(Math.abs(at(a100, 32768) - 10094) / 10094 < 0.002, `${at(a100, 32768)}`);
  assert.equal(at(a100, 32768), at(a100, 8192));
});
