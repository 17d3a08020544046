// How prompt processing slows as the prompt grows: each token attends to every earlier one in the full-attention layers.
import type { Architecture } from '../schema/index.ts';
import { PREFILL_EFFICIENCY } from './constants.ts';
import { kvLayout } from './memory.ts';

/**
 * Attention FLOPs one token adds per earlier token it attends to, in the layers that hold the whole context and in
 * those that hold a window: 4 x query heads x head dimension a layer (the scores Q.K and the weighted sum of V, two
 * FLOPs a multiply-add each). Query heads are `attention_heads`, else `hidden_size` / head_dim; a hybrid model counts
 * only its `kv_layers` (its recurrent layers attend to nothing), a sliding-window model its global layers at their own
 * head dimension. MLA (DeepSeek V3, Kimi K2) in the form prefill runs it (vLLM and SGLang expand the latent into heads
 * for a prompt): scores over head_dim + rope_dim (128 + 64 = 192) and values over head_dim (128), so 2 x 192 + 2 x 128
 * = 640 a head, not 4 x 128 = 512. Qwen3-30B-A3B: 4 x 48 x 32 x 128 = 786,432 FLOPs a position; gpt-oss-120b: 4 x 18 x 64 x 64 = 294,912 in its
 * global layers and as many in its 128-token window layers.
 */
export function attentionFlopsPerPosition(a: Architecture): { full: number; sliding: number; window: number | null } {
  const l = kvLayout(a);
  const heads = a.attention_heads ?? (a.hidden_size !== undefined ? a.hidden_size / a.head_dim : 0);
  const globalDim = a.global_head_dim ?? a.head_dim;
  const perHead = a.attention === 'mla' && a.rope_dim !== undefined ? 2 * (a.head_dim + a.rope_dim) + 2 * a.head_dim : 4 * globalDim;
  return {
    full: l.full_layers * heads * perHead,
    sliding: 4 * l.sliding_layers * heads * a.head_dim,
    window: l.window,
  };
}

/** The FLOPs a prompt of `tokens` tokens spends in its full layers and in its window layers. */
function promptAttentionParts(a: Architecture, tokens: number): { full: number; sliding: number } {
  const f = attentionFlopsPerPosition(a);
  const full = (f.full * tokens * tokens) / 2;
  if (f.sliding === 0 || f.window === null) return { full, sliding: 0 };
  const w = Math.min(tokens, f.window);
  return { full, sliding: f.sliding * ((w * w) / 2 + w * (tokens - w)) };
}

/**
 * FLOPs of attention a prompt of `tokens` tokens spends, summed over its positions: a token at position p attends to p
 * earlier ones in a full layer (tokens^2 / 2 in all) and to min(p, window) in a sliding one.
 */
export function promptAttentionFlops(a: Architecture, tokens: number): number {
  const p = promptAttentionParts(a, tokens);
  return p.full + p.sliding;
}

/**
 * Share of the configuration's prefill FLOP/s llama.cpp's flash-attention kernels reach, by head width. Fitted on the
 * DGX Spark depth rows of llama.cpp's benches/dgx-spark.md (commit 4c7e989, build 2f68ce7cf (6918)): each pp2048 run
 * at 8,192 and 32,768 tokens of depth, less the same model's measured pp2048 at depth 0, leaves the seconds its
 * attention adds; over the FLOPs above they imply 0.24, 0.28 (gpt-oss-20b), 0.26, 0.32 (gpt-oss-120b): 64-wide heads,
 * geometric middle 0.27; 0.77, 0.64 (Qwen3-Coder-30B-A3B), 0.49, 0.44 (Qwen2.5-Coder-7B): 128-wide, 0.58; 0.23, 0.19
 * (Gemma 3 4B): 256-wide, 0.21. A tile of 64-wide heads does half the multiply-adds of a 128-wide one for the same
 * softmax and the same passes over the mask; Gemma 3's 256-wide tiles hold fewer queries (2 a KV head against 7-8),
 * so the kernel reuses each key less. Widths with no run (80, 96, MLA's 192) keep the dense share, 0.42.
 */
export function attentionEfficiency(headDim: number, attention?: Architecture['attention']): number {
  if (attention === 'mla') return PREFILL_EFFICIENCY;
  if (headDim <= 64) return SHARE_64;
  if (headDim === 128) return SHARE_128;
  if (headDim >= 256) return SHARE_256;
  return PREFILL_EFFICIENCY;
}
const SHARE_64 = 0.27;
const SHARE_128 = 0.58;
const SHARE_256 = 0.21;

/** The shares in words, for the bases that state them (speed.ts, models_for_hardware's entries). */
export const ATTENTION_SHARE_WORDS =
  `${SHARE_64} at 64, ${SHARE_128} at 128, ${SHARE_256} at 256 and wider, else and for MLA ${PREFILL_EFFICIENCY}`;

/**
 * Seconds attention adds to processing a prompt of `tokens` tokens on `flops` FLOP/s (decode.ts `prefillFlops`, the
 * class's share of the rated compute), each kind of layer at its head width's share (attentionEfficiency). Before the
 * share went by width, one share, 0.42, left the ten depth rows at 0.71-1.04x of their measured rates (Qwen3-Coder
 * 0.71x at 32,768 tokens: its time to first token 1.4x slow).
 */
export function promptAttentionSeconds(a: Architecture, tokens: number, flops: number): number {
  const p = promptAttentionParts(a, tokens);
  const globalDim = a.global_head_dim ?? a.head_dim;
  return p.full / (attentionEfficiency(globalDim, a.attention) * flops) + p.sliding / (attentionEfficiency(a.head_dim) * flops);
}
