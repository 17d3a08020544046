// When genai-prices last set or checked each price of a listing, from its own history (docs/data.md, "Every fact is dated").
import { offerPrices, readPrices } from './catalogue-genai-prices-shape.ts';
import { isPlainObject, roundPrice, utcDate } from './catalogue-util.ts';
import { listingKey, type PriceRecord } from './genai-prices-copies.ts';
import type { OfferObservation } from './types.ts';

export const DATED_FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;
export type DatedField = (typeof DATED_FIELDS)[number];
/** Per price, the day the source last set or checked it, and, where its history cannot place it, why not. */
export type PriceDates = NonNullable<OfferObservation['price_dates']>;

/** What the snapshot says about one reading beside its figures. */
export type ReadingContext = {
  /** The day the reading's prices are resolved on (the copy's own date: a start_date list gives the price in force then). */
  day: string;
  /** The file's own `prices_checked` for the same figure, if any. */
  checked?: string;
  /** The date to fall back on and the words for it, where the history does not show when the figure was set. */
  fallback: { as_of: string; by: string };
};

/**
 * An npm bundle or a repository snapshot repeats a price without saying when it was last looked at: the bundle of
 * 2026-09-23 still lists OpenRouter's qwen3-235b-a22b-thinking-2507 at 0.1/0.1, the figures of genai-prices' one
 * OpenRouter sync (cee9e74c11, 2026-06-15), while models.dev read 0.1495/1.495 from the same API on 2026-06-30. Dating
 * the repeat by the bundle made the older reading win. So a price is dated by the last commit of genai-prices' own
 * history (`price-changes-from-git.jsonl`) that set or confirmed it (the listing's addition, or a change to any of
 * its prices, which writes the block anew; a commit rewriting the block with the same figures confirms nothing), or
 * by the file's `prices_checked` when that is later. A scheduled price (a `start_date` entry) takes effect on its
 * start date, not on the day it was written. Where the history does not hold the figure (set after its last record,
 * or in a provider file it never read), a copy's date stands and the note says so. Untouched listings are not taken
 * as re-read: the 2026-06-15 sync left 450 older OpenRouter listings alone, among them 01-ai/yi-large, which
 * models.dev's own sync of OpenRouter's API (2026-07-02) no longer lists.
 */
export function genaiPriceDates(records: readonly PriceRecord[]): {
  /** The last day the history records, `undefined` with no history. */
  until: string | undefined;
  datesOf: (provider: string, model: string, prices: Pick<OfferObservation, DatedField>, ctx: ReadingContext) => PriceDates;
} {
  const byListing = new Map<string, Array<PriceRecord & { day: string }>>();
  let until: string | undefined;
  for (const r of records) {
    const day = utcDate(r.date);
    if (!day) continue;
    if (!until || day > until) until = day;
    const key = listingKey(r.provider, r.model);
    byListing.set(key, [...(byListing.get(key) ?? []), { ...r, day }]);
  }
  for (const list of byListing.values()) list.sort((a, b) => a.day.localeCompare(b.day));
  const datesOf = (provider: string, model: string, prices: Pick<OfferObservation, DatedField>, ctx: ReadingContext): PriceDates => {
    const history = byListing.get(listingKey(provider, model)) ?? [];
    const out: PriceDates = {};
    for (const field of DATED_FIELDS) {
      const value = prices[field];
      if (value === undefined) continue;
      const set = setDate(history, field, ctx.day);
      const placed = set && set.value === roundPrice(value) ? set.date : undefined;
      // A check date speaks for the figure when the history placed it earlier, when the figure came after the history
      // (a check from before the history's end is of an earlier figure), or when there is no history.
      const checked = ctx.checked && (placed !== undefined || until === undefined || ctx.checked > until) ? ctx.checked : undefined;
      const when = [placed, checked].filter((d): d is string => d !== undefined).sort().at(-1);
      // `set_on`: the day the history set the figure, apart from a later check (docs/data.md, "A price's two dates").
      out[field] = when !== undefined
        ? { as_of: when, ...(placed !== undefined ? { set_on: placed } : {}) }
        : {
            as_of: ctx.fallback.as_of,
            note: `dated ${ctx.fallback.as_of} by ${ctx.fallback.by}: genai-prices' price history${until ? ` (to ${until})` : ''} does not show when it set this figure`,
          };
    }
    return out;
  };
  return { until, datesOf };
}

/**
 * The figure a listing's last history state gives `field` on `day`, and the day the history last set or confirmed
 * it: a commit that adds the listing or changes any of its prices writes the whole block anew (an OpenRouter sync
 * that moved deepseek-v3.2-exp's output 0.4 -> 0.41 read its input, 0.27, from the same API that day); a commit that
 * rewrites the block with the same figures (null fields dropped) confirms nothing.
 */
function setDate(history: ReadonlyArray<PriceRecord & { day: string }>, field: DatedField, day: string): { value: number; date: string } | undefined {
  let value: number | undefined;
  let date: string | undefined;
  let block = '';
  for (const r of history) {
    const all = r.change === 'removed' ? [] : DATED_FIELDS.map((f) => fieldOn(r.new, f, day));
    const v = all[DATED_FIELDS.indexOf(field)];
    const now = JSON.stringify(all);
    if (v === undefined) {
      value = undefined;
      date = undefined;
    } else if (r.change === 'added' || now !== block || date === undefined) {
      value = v;
      date = inForceFrom(r.new, field, day, r.day);
    }
    block = now;
  }
  return value === undefined || date === undefined ? undefined : { value, date };
}

/** The figure a price block (or a list of conditional blocks) gives `field` on `day`. */
function fieldOn(block: unknown, field: DatedField, day: string): number | undefined {
  const read = readPrices(block, day, { source: '', file: '', row: '' }, []);
  const v = read ? offerPrices(read)[field] : undefined;
  return v === undefined ? undefined : roundPrice(v);
}

/**
 * The day the figure a block gives on `day` took effect: the commit's day, or a later start date written in the
 * block (o3's 2/8 from 2025-06-10 was written on 2025-07-12: it dates from the commit).
 */
function inForceFrom(block: unknown, field: DatedField, day: string, committed: string): string {
  if (!Array.isArray(block)) return committed;
  const starts = block
    .map((e) => (isPlainObject(e) && isPlainObject(e.constraint) ? e.constraint.start_date : undefined))
    .filter((s): s is string => typeof s === 'string' && s > committed && s <= day)
    .sort()
    .reverse();
  const now = fieldOn(block, field, day);
  for (const s of starts) if (fieldOn(block, field, dayBefore(s)) !== now) return s;
  return committed;
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
