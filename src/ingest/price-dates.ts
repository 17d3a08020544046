// When a source last set a listing's price: the date its own history records, for the precedence of price readings.
import type { CatalogueChange, OfferObservation } from '../sources/types.ts';

/**
 * A snapshot's date says when a source was read, not when its price was last looked at: LiteLLM's 2026-07-24 file
 * still held grok-4.20's launch price of 2/6 after models.dev changed it to 1.25/2.5 on 2026-05-20 and genai-prices
 * checked 1.25/2.5 on 2026-06-09. For a source with a field history (models.dev, LiteLLM), a reading's evidence date
 * is the day the history last set that listing's price (a price change, or the listing's addition); a listing the
 * history never touched dates from before the history began, so its first day is used. Where the source's scheduled
 * sync run of that provider committed after that day and left the listing in place, the last such run dates it (a
 * run prunes what the provider's API dropped and rewrites what changed: what it left alone it read again). Other
 * readings keep their own date (genai-prices' history or `prices_checked`, per price: priceAsOf).
 */
export type EvidenceDate = (o: OfferObservation, field: string) => string;

/**
 * The date a reading speaks for one price: the day its source last set or checked that price where the adapter
 * knows it (genai-prices' history, src/sources/genai-prices-dates.ts), else the reading's own date.
 */
export function priceAsOf(o: OfferObservation, field: string): string {
  return o.price_dates?.[field as keyof NonNullable<OfferObservation['price_dates']>]?.as_of ?? o.as_of;
}

const norm = (provider: string | undefined, id: string) => {
  const lower = id.toLowerCase();
  return provider && lower.startsWith(`${provider.toLowerCase()}/`) ? lower.slice(provider.length + 1) : lower;
};

/** Sources whose snapshot date is not a check of each price: their history dates the reading. */
const DATED_BY_HISTORY: ReadonlySet<string> = new Set(['models-dev', 'litellm']);

/**
 * models.dev's scheduled sync runner: one commit per run and provider, "chore(sync): update OpenRouter model catalog"
 * (1,112 file changes at OpenRouter from 2026-05-21 to 2026-06-30, near daily), and before them one multi-provider
 * "chore(sync): update aggregator model catalogs" of 2026-05-20 (SYNC_RUN's `catalogs?` matches both, so OpenRouter's
 * runs start 2026-05-20, as docs/data.md says), writing the provider's API listing
 * into its files. A run commits only the files that changed, so a listing it leaves alone still read the same price.
 */
const SYNC_RUN = /^chore\(sync\): update .+ model catalogs?$/i;
const PRICE_FIELDS: ReadonlySet<string> = new Set(['input', 'output', 'cache_read', 'cache_write']);

/** The day a reading's source set its price, where its own history shows it; undefined where it does not. */
export type SetDate = (o: OfferObservation, field: string) => string | undefined;

/**
 * Per listing and price, the days the history set it (a change of that field, or the listing's addition), and the
 * day each history begins: one index for both dates a reading has (docs/data.md, "A price's two dates").
 */
function historyIndex(changes: readonly CatalogueChange[]) {
  const sets = new Map<string, string[]>();
  // The same by the listing's id as the adapter reads it from the source's key (LiteLLM's `vertex_ai/claude-opus-4-5`
  // is google-vertex's `claude-opus-4-5`; its prefix is not the provider's id, so `norm` leaves it whole).
  const ids = new Map<string, string[]>();
  const first = new Map<string, string>();
  // Per source and provider, the days a sync run committed, whether a run ever removed a listing the API dropped and
  // whether one ever changed a price (a run of an API that gives no prices, such as Google's, re-reads none).
  const runs = new Map<string, string[]>();
  const pruned = new Set<string>();
  const priced = new Set<string>();
  for (const c of changes) {
    if (!DATED_BY_HISTORY.has(c.source)) continue;
    if (!first.has(c.source) || c.date < first.get(c.source)!) first.set(c.source, c.date);
    if (c.provider !== undefined && SYNC_RUN.test(c.subject ?? '')) {
      const at = `${c.source}|${c.provider}`;
      runs.set(at, [...(runs.get(at) ?? []), c.date]);
      if (c.change === 'removed') pruned.add(at);
      if (c.change === 'changed' && PRICE_FIELDS.has(c.field)) priced.add(at);
    }
    const set = c.change === 'added' ? ['*'] : c.change === 'changed' ? [c.field] : [];
    for (const field of set) {
      const k = `${c.source}|${c.provider ?? ''}|${norm(c.provider, c.source_model_id)}|${field}`;
      sets.set(k, [...(sets.get(k) ?? []), c.date]);
      if (c.provider_model_id === undefined) continue;
      const byId = `${c.source}|${c.provider ?? ''}|${c.provider_model_id.toLowerCase()}|${field}`;
      ids.set(byId, [...(ids.get(byId) ?? []), c.date]);
    }
  }
  /**
   * The last day the history set the price; with `upTo`, the last on or before that day (the reading's own date: the
   * set that made the figure it read, where the history runs past the snapshot).
   */
  const lastSet = (o: OfferObservation, field: string, upTo = '9999-12-31', byId = false) => {
    const base = `${o.source}|${o.provider}|${norm(o.provider, o.provider_model_id)}|`;
    const id = `${o.source}|${o.provider}|${o.provider_model_id.toLowerCase()}|`;
    const days = [...(sets.get(base + field) ?? []), ...(sets.get(`${base}*`) ?? []),
      ...(byId ? [...(ids.get(id + field) ?? []), ...(ids.get(`${id}*`) ?? [])] : [])];
    return days.filter((d) => d <= upTo).sort().at(-1);
  };
  /**
   * The last sync run of the listing's provider after `after` and on or before the reading: only for a provider
   * whose runs have both removed a listing the API dropped (so a listing still in the snapshot was in the API at each
   * run) and changed a price (so a run reads prices): on the 2026 snapshots OpenRouter, Vercel, LLM Gateway, Venice.
   */
  const lastRun = (o: OfferObservation, after: string) => {
    const at = `${o.source}|${o.provider}`;
    if (!pruned.has(at) || !priced.has(at)) return undefined;
    return (runs.get(at) ?? []).filter((d) => d > after && d <= o.as_of).sort().at(-1);
  };
  return { first, lastSet, lastRun };
}

export function evidenceDates(changes: readonly CatalogueChange[]): EvidenceDate {
  const { first, lastSet, lastRun } = historyIndex(changes);
  return (o, field) => {
    const start = first.get(o.source);
    if (start === undefined) return priceAsOf(o, field);
    const set = lastSet(o, field) ?? start;
    // A sync run after the set that left the listing as it was read the same price again (docs/data.md, "A sync run
    // re-reads"): OpenRouter's Llama 3.2 1B, set 0.027/0.201 by 2026-05-18, still so after the run of 2026-06-30.
    const when = lastRun(o, set) ?? set;
    return when < o.as_of ? when : o.as_of;
  };
}

/**
 * The day the source set the price, by its own history: LiteLLM's field history and models.dev's git history (the
 * last change of the field, or the listing's addition, on or before the reading), genai-prices' history (its adapter
 * reads it: `price_dates.set_on`). Undefined where the history cannot place it: a LiteLLM or models.dev listing the
 * history never touched (set before the history began) and every source without a price history.
 */
export function setDates(changes: readonly CatalogueChange[]): SetDate {
  const { first, lastSet } = historyIndex(changes);
  return (o, field) => {
    if (!first.has(o.source)) return o.price_dates?.[field as keyof NonNullable<OfferObservation['price_dates']>]?.set_on;
    return lastSet(o, field, o.as_of, true);
  };
}
