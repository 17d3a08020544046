import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture } from '../schema/index.ts';
import { attentionEfficiency, attentionFlopsPerPosition, promptAttentionFlops, promptAttentionSeconds } from './prefill-depth.ts';

// Qwen3-30B-A3B's config.json: 48 layers, 32 query heads, 4 KV heads, head_dim 128.
const qwen3: Architecture = { layers: 48, attention_heads: 32, kv_heads: 4, head_dim: 128, attention: 'gqa', hf_repo: 'Qwen/Qwen3-30B-A3B' };
// gpt-oss-120b's: 36 layers, 64 query heads of 64, half of them a 128-token window.
const gptOss: Architecture = {
  layers: 36, attention_heads: 64, kv_heads: 8, head_dim: 64, attention: 'sliding', sliding_window: 128, sliding_layers: 18,
  hf_repo: 'openai/gpt-oss-120b',
};
// Qwen3-Next: 48 layers of which 12 keep a KV cache (16 query heads of 256); the other 36 are Gated DeltaNet.
const next = {
  layers: 48, attention_heads: 16, kv_heads: 2, head_dim: 256, attention: 'hybrid', kv_layers: 12, hf_repo: 'Qwen/Qwen3-Next-80B-A3B-Instruct',
} as Architecture;

test('attention FLOPs a position: 4 x query heads x head dim in each layer that attends', () => {
  assert.equal(attentionFlopsPerPosition(qwen3).full, 4 * 48 * 32 * 128); // 786,432
  assert.deepEqual(attentionFlopsPerPosition(gptOss), { full: 4 * 18 * 64 * 64, sliding: 4 * 18 * 64 * 64, window: 128 });
  // Only the 12 attention layers of a hybrid model attend; its recurrent layers hold a fixed state.
  assert.equal(attentionFlopsPerPosition(next).full, 4 * 12 * 16 * 256);
});

test('a prompt attends quadratically in full layers and linearly past the window in sliding ones', () => {
  // 32,768 tokens: 786,432 x 32,768^2 / 2 = 4.222e14 FLOPs, four times the 16,384-token prompt's.
  assert.equal(promptAttentionFlops(qwen3, 32768), (786432 * 32768 * 32768) / 2);
  assert.equal(promptAttentionFlops(qwen3, 32768) / promptAttentionFlops(qwen3, 16384), 4);
  // gpt-oss's window layers: 128^2 / 2 + 128 x (1,000 - 128) positions attended, against 1,000^2 / 2 in full ones.
  const f = 294912;
  assert.equal(promptAttentionFlops(gptOss, 1000), f * 500000 + f * (8192 + 128 * 872));
});

test('the attention seconds run at the share of the configuration\'s FLOP/s the head width reaches', () => {
  // 4.222e14 FLOPs at 0.58 x 90e12 (a DGX Spark's 125 TFLOPS x the workstation class's 0.72; 128-wide heads): 8.088 s.
  assert.ok(Math.abs(promptAttentionSeconds(qwen3, 32768, 90e12) - 8.088) < 0.01);
  // gpt-oss's 64-wide heads at 0.27: 294,912 x 32,768^2 / 2 = 1.5833e14 FLOPs in the global layers (6.516 s) +
  // 294,912 x (128^2 / 2 + 128 x 32,640) = 1.2345e12 in the window layers (0.0508 s).
  assert.ok(Math.abs(promptAttentionSeconds(gptOss, 32768, 90e12) - 6.567) < 0.01);
});

test('the flash-attention share by head width: the DGX Spark depth runs, and the dense share where none was measured', () => {
  assert.equal(attentionEfficiency(64), 0.27);
  assert.equal(attentionEfficiency(128), 0.58);
  assert.equal(attentionEfficiency(256), 0.21);
  assert.equal(attentionEfficiency(96), 0.42);
  assert.equal(attentionEfficiency(128, 'mla'), 0.42);
});

test('MLA attends in the expanded form prefill runs: scores over head_dim + rope_dim, values over head_dim', () => {
  // DeepSeek-V3's config.json: 61 layers, 128 heads, qk_nope_head_dim 128, qk_rope_head_dim 64, v_head_dim 128,
  // kv_lora_rank 512: (2 x 192 + 2 x 128) x 128 heads x 61 layers = 4,997,120 FLOPs a position (4 x 128 would be 3,997,696).
  const v3 = {
    layers: 61, attention_heads: 128, kv_heads: 128, head_dim: 128, attention: 'mla', kv_lora_rank: 512, rope_dim: 64,
    hf_repo: 'deepseek-ai/DeepSeek-V3',
  } as Architecture;
  assert.equal(attentionFlopsPerPosition(v3).full, 4997120);
});
