// recommend_model's picks kept per dataset: a pool's (or a named machine's) answers at the first few contexts asked.
import type { Hardware } from '../schema/index.ts';
import type { HostingPick } from './recommend-hosting.ts';

/** The contexts kept per pool or configuration: the service asks at two (8,192 and the documents context). */
export const MAX_KEPT_CONTEXTS = 4;

/** Picks kept per pool and context: a pool's picks at a context, by model (and the ask's settings). */
export type KeptPicks = WeakMap<readonly Hardware[], Map<number, Map<string, HostingPick | null>>>;

/**
 * The picks kept for a pool at a context, or undefined past MAX_KEPT_CONTEXTS contexts: a caller may ask at any context,
 * and a pick kept per model at each would grow with every new one (about 170 models an ask); the service's own asks
 * use two (8,192 and the documents context), so the first contexts kept are those, and a pick at another context past
 * the bound is worked out again on each ask.
 */
export function keptAt(store: KeptPicks, pool: readonly Hardware[], context: number): Map<string, HostingPick | null> | undefined {
  let byContext = store.get(pool);
  if (!byContext) store.set(pool, (byContext = new Map()));
  let kept = byContext.get(context);
  if (!kept && byContext.size < MAX_KEPT_CONTEXTS) byContext.set(context, (kept = new Map()));
  return kept;
}

/** A pick kept for a pool at a context under `key` (the model and the ask's settings), worked out by `compute` once. */
export function keptPick(
  store: KeptPicks, pool: readonly Hardware[], context: number, key: string, compute: () => HostingPick | undefined,
): HostingPick | undefined {
  const cache = keptAt(store, pool, context);
  const hit = cache?.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const pick = compute();
  cache?.set(key, pick ?? null);
  return pick;
}
