// What a decoding sequence's paged KV cache holds and reads on average, over a request's answer.
import type { Architecture } from '../schema/index.ts';
import { KV_CACHE_BYTES, type KvCacheType } from './constants.ts';
import { kvLayout } from './memory.ts';

/**
 * Tokens per block of vLLM's paged KV cache on CUDA (`--block-size`, default 16; PagedAttention, Kwon et al.,
 * "Efficient Memory Management for Large Language Model Serving with PagedAttention", SOSP 2023, section 4). A block
 * is allocated when the one before it is full, so a sequence holds its current length rounded up to whole blocks.
 */
export const KV_BLOCK_TOKENS = 16;

/**
 * A request of `context` tokens in all, `input_share` of them prompt: the prompt's tokens, the answer's, and what the
 * sequence's cache holds while the answer is generated, averaged over its decode steps. At step t of an answer of O
 * tokens after a prompt of I the cache holds I + t tokens, so the steps read I + O/2 on average (not I + O, the
 * length it ends at); the blocks it holds carry on average half a block more, (16 - 1) / 2 = 7.5 empty slots.
 */
export type Occupancy = {
  prompt_tokens: number;
  answer_tokens: number;
  /** Tokens a decode step reads for the sequence, on average: prompt + answer / 2. */
  mean_tokens: number;
  /** Tokens of the blocks the sequence holds, on average: mean_tokens + (block - 1) / 2. */
  mean_tokens_held: number;
};

export function occupancy(context: number, input_share: number): Occupancy {
  const prompt_tokens = context * input_share;
  const answer_tokens = context - prompt_tokens;
  const mean_tokens = prompt_tokens + answer_tokens / 2;
  return { prompt_tokens, answer_tokens, mean_tokens, mean_tokens_held: mean_tokens + (KV_BLOCK_TOKENS - 1) / 2 };
}

/** The mean of min(L, window) for L spread evenly over [from, to]: what a sliding-window layer holds on average. */
function meanCapped(from: number, to: number, window: number): number {
  if (window >= to) return (from + to) / 2;
  if (window <= from || to === from) return Math.min(from, window);
  // Below the window the layer holds L (a ramp), above it the window (flat): the two areas over the span.
  return ((window * window - from * from) / 2 + window * (to - window)) / (to - from);
}

/**
 * Bytes one sequence's cache holds on average while its length grows evenly from `from` to `to` tokens: the full and
 * global layers at the mean length, sliding-window layers at their mean of min(length, window) (memory.ts
 * `kvCacheBytes` at a single length, averaged; equal to it when from = to).
 */
export function meanKvCacheBytes(architecture: Architecture, from: number, to: number, kv: KvCacheType = 'f16'): number {
  const l = kvLayout(architecture);
  const sliding = l.window === null ? 0 : meanCapped(from, to, l.window);
  const values = l.full_layers * l.values_per_token_full * ((from + to) / 2) + l.sliding_layers * l.values_per_token_sliding * sliding;
  return values * KV_CACHE_BYTES[kv];
}

/** Bytes of cache one decoding sequence reads per step and holds, on average over its answer (see `Occupancy`). */
export function sequenceCache(architecture: Architecture, o: Occupancy, kv?: KvCacheType): { read: number; held: number } {
  const slack = o.mean_tokens_held - o.mean_tokens;
  const end = o.prompt_tokens + o.answer_tokens;
  return {
    read: meanKvCacheBytes(architecture, o.prompt_tokens, end, kv),
    held: meanKvCacheBytes(architecture, o.prompt_tokens + slack, end + slack, kv),
  };
}
