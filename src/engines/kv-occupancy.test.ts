// Tests of what a decoding sequence's paged KV cache holds on average: prompt + half the answer, blocks, windows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture } from '../schema/index.ts';
import { KV_BLOCK_TOKENS, meanKvCacheBytes, occupancy, sequenceCache } from './kv-occupancy.ts';
import { kvCacheBytes } from './memory.ts';

// Llama 3.1 8B's cache geometry (config.json): 32 layers, 8 KV heads x 128: 2 x 32 x 8 x 128 x 2 = 131,072 B a token.
const llama8b: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/Llama-3.1-8B' };

test('a request of 8,192 tokens at 75% input: 6,144 of prompt, 2,048 of answer, 7,168 held on average', () => {
  const o = occupancy(8192, 0.75);
  assert.deepEqual(o, { prompt_tokens: 6144, answer_tokens: 2048, mean_tokens: 7168, mean_tokens_held: 7175.5 });
  // vLLM's default block on CUDA; the last block of a sequence is on average (16 - 1) / 2 = 7.5 slots short of full.
  assert.equal(KV_BLOCK_TOKENS, 16);
  // A prompt with no answer holds the prompt; an answer with no prompt holds half of itself on average.
  assert.equal(occupancy(4096, 1).mean_tokens, 4096);
  assert.equal(occupancy(4096, 0).mean_tokens, 2048);
  // The H100 calibration rows' mean request: 1,021 of prompt and 2,048 of answer hold 1,021 + 1,024 = 2,045 tokens.
  assert.equal(occupancy(3069, 1021 / 3069).mean_tokens, 2045);
});

test('full-attention layers: the cache read per step is the cache at the mean length', () => {
  // 7,168 x 131,072 = 939,524,096 B, where the full 8,192 tokens are 1,073,741,824 B.
  assert.equal(meanKvCacheBytes(llama8b, 6144, 8192), 939_524_096);
  const c = sequenceCache(llama8b, occupancy(8192, 0.75));
  assert.equal(c.read, 939_524_096);
  assert.equal(c.held, 7175.5 * 131_072);
  // A span of one length is kvCacheBytes at that length, in every cache type.
  for (const kv of ['f16', 'q8_0', 'q4_0'] as const) assert.equal(meanKvCacheBytes(llama8b, 5000, 5000, kv), kvCacheBytes(llama8b, 5000, 1, kv));
});

test('sliding-window layers hold their mean of min(length, window), not the window at the mean length', () => {
  // 2 global and 8 sliding layers, window 1,024, 4,096 B per token a layer (2 x 8 x 128 x 2). Over lengths 512..2,560
  // a sliding layer holds L up to 1,024 and 1,024 after: ((1,024^2 - 512^2) / 2 + 1,024 x 1,536) / 2,048 = 960 on
  // average, where min(1,536, 1,024) = 1,024 at the mean length. Global layers hold the mean, 1,536.
  const swa: Architecture = { ...llama8b, attention: 'sliding', layers: 10, sliding_layers: 8, sliding_window: 1024 };
  assert.equal(meanKvCacheBytes(swa, 512, 2560), 4096 * (2 * 1536 + 8 * 960));
  // Wholly below the window, every layer holds the mean; wholly above it, the sliding layers hold the window.
  assert.equal(meanKvCacheBytes(swa, 100, 900), kvCacheBytes(swa, 500, 1));
  assert.equal(meanKvCacheBytes(swa, 2000, 6000), kvCacheBytes(swa, 4000, 1));
});

test('MLA caches one latent a token: the mean length times 61 x (512 + 64) x 2 bytes (DeepSeek V3)', () => {
  const mla: Architecture = { layers: 61, kv_heads: 128, head_dim: 128, attention: 'mla', kv_lora_rank: 512, rope_dim: 64, hf_repo: 'x' };
  assert.equal(meanKvCacheBytes(mla, 6144, 8192), 7168 * 61 * 576 * 2);
});
