// The config-window rule: a window read from config.json that the model's providers exceed is not the model's window.
import type { IngestIssue, ModelObservation } from '../sources/types.ts';

/** llmfit reads the window from config.json's `max_position_embeddings`; the reviewed tables are not second-guessed. */
const CONFIG_SOURCES: ReadonlySet<string> = new Set(['llmfit']);
/** Providers that must serve a longer window before the config's figure is set aside: one listing may be a typo. */
export const MIN_PROVIDERS_ABOVE = 2;

/**
 * A getter for `pick` that hides llmfit's window when at least MIN_PROVIDERS_ABOVE distinct providers serve the model
 * with a longer one. No provider can serve more context than the model reads, so such a figure is not the model's
 * window: a placeholder where the config names the field otherwise (Step-3's config.json has no
 * `max_position_embeddings`; llmfit wrote 4,096 where StepFun and its resellers serve 65,536), or the base the
 * config scales with rope (Hunyuan-A13B: 32,768 scaled to the card's 256K). The next source's value then wins, and
 * each rejection is an ingest issue naming the providers' figures.
 *
 * `ownApi` marks the developer's own API entries of an open-weights model (undefined otherwise): for open weights the
 * developer's API is one host among others, and a window that other providers exceed is that API's input limit, not
 * the weights' (DeepSeek's API takes 65,536 tokens of DeepSeek-V3, which its resellers serve at 128,000 to 163,840 and
 * whose config.json reads 163,840). It is set aside by the same test; the offer keeps its own window.
 */
export function configWindowWithin(modelId: string, observations: readonly ModelObservation[], issues: IngestIssue[],
  ownApi?: (o: ModelObservation) => boolean): (o: ModelObservation) => number | undefined {
  const judged = (o: ModelObservation) => CONFIG_SOURCES.has(o.source) || (ownApi?.(o) ?? false);
  const served = new Map<string, number>();
  for (const o of observations) {
    if (!o.provider || o.context_window === undefined || CONFIG_SOURCES.has(o.source)) continue;
    served.set(o.provider, Math.max(served.get(o.provider) ?? 0, o.context_window));
  }
  return (o) => {
    const v = o.context_window;
    if (v === undefined || !judged(o)) return v;
    // The developer's API does not outvote itself: only other providers count against its figure.
    const above = [...served].filter(([p, w]) => w > v && p !== o.provider).sort((a, b) => a[0].localeCompare(b[0]));
    // The developer's API yields only to most of the other hosts: some resellers list a later release under the
    // older name (kimi-k2 at 262,144, the 0905 window, where Moonshot's own 131,072 is the 0711 weights').
    const others = [...served.keys()].filter((p) => p !== o.provider).length;
    if (above.length < MIN_PROVIDERS_ABOVE || (!CONFIG_SOURCES.has(o.source) && above.length * 2 <= others)) return v;
    const what = CONFIG_SOURCES.has(o.source) ? 'from config.json' : `of ${o.provider}'s own API (an open-weights model: that offer's limit)`;
    issues.push({
      source: o.source,
      file: o.source,
      row: `${o.source_model_id} -> ${modelId}`,
      field: 'context_window',
      message: `context_window ${v} ${what} is below what ${above.length} providers serve `
        + `(${above.slice(0, 3).map(([p, w]) => `${p} ${w}`).join(', ')}): not used`,
    });
    return undefined;
  };
}

/**
 * The order in which a context window is believed: the reviewed tables, then the model's own config.json (read from
 * the developer's repo: facts from other repos are already left out), then catalogue and provider entries in their
 * usual order. A provider's entry is the window it serves, which may be shorter than the model's (Alibaba's
 * qwen3-next-80b-a3b-instruct: 131,072 where the config and card say 262,144) or longer than it (Poolside's
 * laguna-xs.2: 262,144 where config and card say 131,072). A config figure that providers exceed is still set aside
 * by configWindowWithin. Returns the tier `pick` ranks the candidate by (lower first).
 */
export function windowRank(p: { obs: ModelObservation; tier: number }): number {
  if (p.tier === 0) return 0;
  if (CONFIG_SOURCES.has(p.obs.source)) return 5;
  return 10 + p.tier;
}

/**
 * The chosen window with the note a reviewed row wrote beside it, when the fact is that row's (same source, day and
 * figure): DeepSeek-V3.1's 163,840 is the weights' config, where DeepSeek's card and API say 128K, and a reader of the
 * figure needs both. Any other fact is returned as it is.
 */
export function withWindowNote<F extends { value: number; source: string; as_of: string; note?: string }>(
  fact: F | undefined, observations: readonly ModelObservation[]): F | undefined {
  if (!fact) return fact;
  const from = observations.find((o) => o.context_window_note && o.source === fact.source && o.as_of === fact.as_of
    && o.context_window === fact.value);
  return from ? { ...fact, note: from.context_window_note } : fact;
}
