// A listing's price on a past day: each source's reading walked back through that source's own recorded moves.
import { tiersOfText, type TierRow } from '../sources/catalogue-tier-text.ts';
import type { CatalogueChange } from '../sources/types.ts';
import { correctionOf } from './build-changes.ts';
import { LAUNCH_FIX_DAYS } from './launch-corrections.ts';

export type PriceSide = 'input' | 'output';
/** One recorded move of a price: the day and the figure it replaced (null where the listing had none before). */
export type PriceMove = { date: string; old: number | null };
/** A source's recorded moves of one listing's price, oldest first (empty where its history never moved it). */
export type PriceHistory = (source: string, provider: string, providerModelId: string, side: PriceSide) => readonly PriceMove[];

/** The npm copy and the repository of genai-prices are one source with one history. */
const family = (source: string) => source.replace(/-npm$/, '');

const norm = (provider: string, id: string) => {
  const lower = id.toLowerCase();
  return lower.startsWith(`${provider.toLowerCase()}/`) ? lower.slice(provider.length + 1) : lower;
};
const listing = (source: string, provider: string, id: string) => `${family(source)}|${provider.toLowerCase()}|${norm(provider, id)}`;
const key = (source: string, provider: string, id: string, side: string) => `${listing(source, provider, id)}|${side}`;
const days = (a: string, b: string) => (Date.parse(`${a.slice(0, 10)}T00:00:00Z`) - Date.parse(`${b.slice(0, 10)}T00:00:00Z`)) / 86400000;

/**
 * The moves of input and output prices in the sources' field histories (models.dev, LiteLLM, genai-prices). A commit
 * whose subject says it fixed the catalogue (correctionOf: models.dev's "use the correct Gemini 3 Flash prices", which
 * set Google's listing from 0.15/0.6 to 0.5/3 on the day it was added) is no move: the figure it replaced was never
 * the price in force. Nor is a move within LAUNCH_FIX_DAYS of the listing's first appearance in the source: models.dev
 * added Anthropic's Claude Haiku 4.5 at 3/15 and set it to 1/1.25, then 1/5, the same day ("fix: haiku 4.5 cost",
 * "Update output cost in claude-haiku-4-5 model"), the source fixing its launch figures (launch-corrections.ts).
 */
export function priceHistory(changes: readonly CatalogueChange[]): PriceHistory {
  const moves = new Map<string, PriceMove[]>();
  for (const c of realMoves(changes, (f) => f === 'input' || f === 'output')) {
    const k = key(c.source, c.provider!, c.provider_model_id ?? c.source_model_id, c.field);
    const list = moves.get(k) ?? [];
    list.push({ date: c.date.slice(0, 10), old: typeof c.old === 'number' ? c.old : null });
    moves.set(k, list);
  }
  for (const list of moves.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return (source, provider, id, side) => moves.get(key(source, provider, id, side)) ?? [];
}

/** The rows of `fields` that moved a listing's figure in the world: priceHistory's guards (a fix, a launch fix). */
function realMoves(changes: readonly CatalogueChange[], fields: (field: string) => boolean): CatalogueChange[] {
  const added = new Map<string, string>();
  for (const c of changes) {
    if (c.change !== 'added' || !c.provider) continue;
    const k = listing(c.source, c.provider, c.provider_model_id ?? c.source_model_id);
    if (!added.has(k) || c.date < added.get(k)!) added.set(k, c.date);
  }
  return changes.filter((c) => {
    if (c.change !== 'changed' || !c.provider || !fields(c.field)) return false;
    if (c.subject && correctionOf(c.subject) === true) return false;
    const first = added.get(listing(c.source, c.provider, c.provider_model_id ?? c.source_model_id));
    return first === undefined || days(c.date, first) > LAUNCH_FIX_DAYS;
  });
}

/** One recorded move of a listing's long-context tiers: the day and the tiers it replaced (undefined: none). */
export type TierMove = { date: string; old: TierRow[] | undefined };
/** A source's recorded moves of one listing's tiers, oldest first (empty where the source keeps no history of them). */
export type TierHistory = (source: string, provider: string, providerModelId: string) => readonly TierMove[];

/**
 * The moves of long-context tiers in the sources' histories that record them (`tiers` rows: models.dev's
 * `cost.tiers` and `context_over_200k`, genai-prices' tiered prices; LiteLLM's field history follows no tier field),
 * with priceHistory's guards: a commit that says it fixed the catalogue, or a move within LAUNCH_FIX_DAYS of the
 * listing's first appearance, is no move.
 */
export function tierHistory(changes: readonly CatalogueChange[]): TierHistory {
  const moves = new Map<string, TierMove[]>();
  for (const c of realMoves(changes, (f) => f === 'tiers')) {
    const k = listing(c.source, c.provider!, c.provider_model_id ?? c.source_model_id);
    const list = moves.get(k) ?? [];
    list.push({ date: c.date.slice(0, 10), old: tiersOfText(typeof c.old === 'string' ? c.old : null) });
    moves.set(k, list);
  }
  // Stable: two rows of one day (a file's input and output tier set in one commit) keep their order.
  for (const list of moves.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return (source, provider, id) => moves.get(listing(source, provider, id)) ?? [];
}

/**
 * The tiers a source's reading gave on `day`: the reading's own, or, before each later move the source recorded, the
 * tiers that move replaced (a tier the developer dropped after the day was in force on it). A move from no tiers keeps
 * the later tiers, as figureOn keeps the earliest figure: the history says when the source started listing the tier
 * (models.dev's "experimental tiered cost structure" of 2025-11-14), not that the developer charged a flat price.
 */
export function tiersOn(tiers: readonly TierRow[] | undefined, moves: readonly TierMove[], day: string): readonly TierRow[] | undefined {
  let t = tiers;
  for (let k = moves.length - 1; k >= 0 && moves[k].date > day; k--) {
    if (moves[k].old !== undefined) t = moves[k].old;
  }
  return t;
}

/**
 * The figure a source's reading stood at on `day`: the reading's own, or, before each later move the source recorded,
 * the figure that move replaced. Before the source's first recorded price (a move from none) the earliest figure it
 * gives stands: the history says when the source started listing the price, not that the developer charged nothing.
 * A figure of 0 (a broken sync the history reverts) is no price: undefined.
 */
export function figureOn(value: number, moves: readonly PriceMove[], day: string): number | undefined {
  let v = value;
  for (let k = moves.length - 1; k >= 0 && moves[k].date > day; k--) {
    const old = moves[k].old;
    if (old !== null) v = old;
  }
  return v > 0 ? v : undefined;
}
