// A listing's price on a past day: each source's reading walked back through that source's own recorded moves.
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
  const added = new Map<string, string>();
  for (const c of changes) {
    if (c.change !== 'added' || !c.provider) continue;
    const k = listing(c.source, c.provider, c.provider_model_id ?? c.source_model_id);
    if (!added.has(k) || c.date < added.get(k)!) added.set(k, c.date);
  }
  for (const c of changes) {
    if (c.change !== 'changed' || !c.provider || (c.field !== 'input' && c.field !== 'output')) continue;
    if (c.subject && correctionOf(c.subject) === true) continue;
    const first = added.get(listing(c.source, c.provider, c.provider_model_id ?? c.source_model_id));
    if (first !== undefined && days(c.date, first) <= LAUNCH_FIX_DAYS) continue;
    const k = key(c.source, c.provider, c.provider_model_id ?? c.source_model_id, c.field);
    const list = moves.get(k) ?? [];
    list.push({ date: c.date.slice(0, 10), old: typeof c.old === 'number' ? c.old : null });
    moves.set(k, list);
  }
  for (const list of moves.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return (source, provider, id, side) => moves.get(key(source, provider, id, side)) ?? [];
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
