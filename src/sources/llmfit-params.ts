// Which of llmfit's parameter counts to believe: cross-checks against the repo name's size and the config's shape.
import type { LlmfitRow } from './llmfit.ts';
import { hasStandardKvCache, isPackedQuantization, looksMoe } from './llmfit-rules.ts';

/**
 * How far below the size its name states a count may fall: names round (Llama-2-7B has 6.74B, 3.7% below;
 * cyberagent/open-calm-3b 2.65B, 11.7% below, the furthest a correct count in the snapshot sits), while
 * llmfit's partial counts fall further (Mistral-7B-Instruct-v0.1: 6.04B, 13.7% below; Olmo-3.1-32B: 21%).
 */
export const BELOW_TAG = 0.12;
/**
 * A partial count is 60-90% of what repos of the same family and shape read (25.34/32.23, 6.04/7.24,
 * 2.92/3.82); a count below 60% of them is another model whose feed-forward size the snapshot does not give
 * (Mistral-Nemo 12.25B beside Mistral-Small 23.57B share layers, widths and vocabulary).
 */
export const PEER_BAND = [0.6, 0.9] as const;

/**
 * The size a repo name states, in parameters (`Olmo-3.1-32B-Instruct` -> 32e9, `stablelm-2-1_6b` -> 1.6e9).
 * Not an active-parameter tag (`-A3B`), an expert count (`8x7B`) or an effective size (`E4B`).
 */
export function sizeTag(name: string): number | undefined {
  const repo = name.slice(name.lastIndexOf('/') + 1);
  const m = /(?:^|[-_])(\d+(?:\.\d+|_\d(?=[bB]))?)[bB](?=$|[-_.])/.exec(repo);
  if (!m || /\dx$/i.test(repo.slice(0, m.index + 1))) return undefined;
  return Number(m[1].replace('_', '.')) * 1e9;
}

type Shape = Pick<LlmfitRow, 'architecture' | 'num_hidden_layers' | 'hidden_size' | 'num_attention_heads' | 'num_key_value_heads' | 'head_dim' | 'vocab_size'>;

/**
 * Repos of one family with the same transformer shape: config family without its vision suffix (`phi3_v` is
 * Phi-3 with an image encoder), layers, width, heads, KV heads, head dimension, vocabulary to the thousand.
 */
export function shapeKey(r: Shape): string | undefined {
  const parts = [r.num_hidden_layers, r.hidden_size, r.num_attention_heads, r.num_key_value_heads, r.head_dim, r.vocab_size];
  if (parts.some((p) => !p)) return undefined;
  const family = r.architecture.toLowerCase().replace(/[-_](?:v|vl|vision)$/, '');
  return [family, ...parts.slice(0, 5), Math.round(r.vocab_size! / 1000)].join('x');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * llmfit's parameters_raw is sometimes a partial count (Olmo-3.1-32B-Instruct: 25.34B where its -Think twin,
 * the same config, reads 32.23B; Mistral-7B-Instruct-v0.1 and openchat_3.5: 6.04B where v0.2 reads 7.24B;
 * Phi-3-mini-128k and Phi-3-vision-128k: 2.92B where Phi-3-mini-4k reads 3.82B). A count of a dense, unpacked
 * repo is not used when it falls more than BELOW_TAG below the size its name states, or within PEER_BAND of
 * the median of at least three repos of its family and shape. Counts above are kept: image encoders and
 * untied embeddings add parameters, and names round down (Llama-3.2-1B has 1.24B). Returns repo -> reason.
 */
export function untrustedCounts(rows: Iterable<LlmfitRow>): Map<string, string> {
  const dense = [...rows].filter((r) => !isPackedQuantization(r.name) && r.is_moe !== true && !looksMoe(r));
  const byShape = new Map<string, number[]>();
  for (const r of dense) {
    const k = shapeKey(r);
    if (k) byShape.set(k, [...(byShape.get(k) ?? []), r.parameters_raw]);
  }
  const out = new Map<string, string>();
  const b = (n: number) => `${(n / 1e9).toFixed(2)}B`;
  for (const r of dense) {
    const n = r.parameters_raw;
    const tag = sizeTag(r.name);
    const k = shapeKey(r);
    const peers = k ? byShape.get(k)! : [];
    // Hybrid and latent-attention families: the shape above does not describe their layers.
    const mid = peers.length >= 3 && hasStandardKvCache(r.architecture) ? median(peers) : undefined;
    if (tag !== undefined && n < tag * (1 - BELOW_TAG)) out.set(r.name, `${b(n)} is far below the ${b(tag)} its name states`);
    else if (mid !== undefined && n >= mid * PEER_BAND[0] && n < mid * PEER_BAND[1]) {
      out.set(r.name, `${b(n)} is far below the ${b(mid)} of the ${peers.length} repos of its family with its config's shape`);
    }
  }
  return out;
}
