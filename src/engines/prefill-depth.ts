// How prompt processing slows as the prompt grows: each token attends to every earlier one in the full-attention layers.
import type { Architecture } from '../schema/index.ts';
import { PREFILL_EFFICIENCY } from './constants.ts';
import { kvLayout } from './memory.ts';

/**
 * Attention FLOPs one token adds per earlier token it attends to, in the layers that hold the whole context and in
 * those that hold a window: 4 x query heads x head dimension a layer (the scores Q.K and the weighted sum of V, two
 * FLOPs a multiply-add each). Query heads are `attention_heads`, else `hidden_size` / head_dim; a hybrid model counts
 * only its `kv_layers` (its recurrent layers attend to nothing), a sliding-window model its global layers at their own
 * head dimension. MLA is counted at head_dim (DeepSeek: 128, against 192 for its scores and 128 for its values).
 * Qwen3-30B-A3B: 4 x 48 x 32 x 128 = 786,432 FLOPs a position; gpt-oss-120b: 4 x 18 x 64 x 64 = 294,912 in its
 * global layers and as many in its 128-token window layers.
 */
export function attentionFlopsPerPosition(a: Architecture): { full: number; sliding: number; window: number | null } {
  const l = kvLayout(a);
  const heads = a.attention_heads ?? (a.hidden_size !== undefined ? a.hidden_size / a.head_dim : 0);
  const globalDim = (a as Architecture & { global_head_dim?: number }).global_head_dim ?? a.head_dim;
  return {
    full: 4 * l.full_layers * heads * globalDim,
    sliding: 4 * l.sliding_layers * heads * a.head_dim,
    window: l.window,
  };
}

/**
 * FLOPs of attention a prompt of `tokens` tokens spends, summed over its positions: a token at position p attends to p
 * earlier ones in a full layer (tokens^2 / 2 in all) and to min(p, window) in a sliding one.
 */
export function promptAttentionFlops(a: Architecture, tokens: number): number {
  const f = attentionFlopsPerPosition(a);
  const full = (f.full * tokens * tokens) / 2;
  if (f.sliding === 0 || f.window === null) return full;
  const w = Math.min(tokens, f.window);
  return full + f.sliding * ((w * w) / 2 + w * (tokens - w));
}

/**
 * Seconds attention adds to processing a prompt of `tokens` tokens on `flops` FLOP/s (decode.ts `prefillFlops`, the
 * class's share of the rated compute), at the dense prefill efficiency: llama.cpp's flash-attention kernels reach the
 * share its dense matrix products do. Fitted on the DGX Spark depth rows of llama.cpp's benches/dgx-spark.md (pp2048 at
 * depths 4,096 to 32,768 for five models): 0.42 minimises the largest ratio error of the rate at depth over them
 * (0.78-1.29x; the rows imply 0.10-0.68: gpt-oss's 64-wide heads and Gemma 3's 256-wide ones run slower, Qwen's
 * 128-wide faster).
 */
export function promptAttentionSeconds(a: Architecture, tokens: number, flops: number): number {
  return promptAttentionFlops(a, tokens) / (PREFILL_EFFICIENCY * flops);
}
