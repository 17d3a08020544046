// recommend_model's picks kept per dataset: a pool's (or a named machine's) answers at the first few contexts asked.
import type { Hardware, Model } from '../schema/index.ts';
import type { HostingPick } from './recommend-hosting.ts';

/** The contexts kept per pool or configuration: the service asks at two (8,192 and the documents context). */
export const MAX_KEPT_CONTEXTS = 4;

/** Picks kept per pool and context: a pool's picks at a context, by the ask's settings, then by model. */
export type KeptPicks = WeakMap<readonly Hardware[], Map<number, Map<string, Map<Model, HostingPick | null>>>>;

/**
 * The picks kept for a pool at a context, or undefined past MAX_KEPT_CONTEXTS contexts: a caller may ask at any context,
 * and a pick kept per model at each would grow with every new one (about 170 models an ask); the service's own asks
 * use two (8,192 and the documents context), so the first contexts kept are those, and a pick at another context past
 * the bound is worked out again on each ask.
 */
export function keptAt(store: KeptPicks, pool: readonly Hardware[], context: number): Map<string, Map<Model, HostingPick | null>> | undefined {
  let byContext = store.get(pool);
  if (!byContext) store.set(pool, (byContext = new Map()));
  let kept = byContext.get(context);
  if (!kept && byContext.size < MAX_KEPT_CONTEXTS) byContext.set(context, (kept = new Map()));
  return kept;
}

/**
 * A pick kept for a pool at a context under `settings` (the ask's, a few values) and the model, worked out by `compute`
 * once. Keyed by the model object, not a string of its id: an ask looks up some hundreds of models, and a key string
 * made for each was a tenth of a cold ask's allocation (docs/performance.md).
 */
export function keptPick(
  store: KeptPicks, pool: readonly Hardware[], context: number, settings: string, m: Model, compute: () => HostingPick | undefined,
): HostingPick | undefined {
  const atContext = keptAt(store, pool, context);
  let cache = atContext?.get(settings);
  if (atContext && !cache) atContext.set(settings, (cache = new Map()));
  const hit = cache?.get(m);
  if (hit !== undefined) return hit ?? undefined;
  const pick = compute();
  cache?.set(m, pick ?? null);
  return pick;
}
