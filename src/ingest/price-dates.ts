// When a source last set a listing's price: the date its own history records, for the precedence of price readings.
import type { CatalogueChange, OfferObservation } from '../sources/types.ts';

/**
 * A snapshot's date says when a source was read, not when its price was last looked at: LiteLLM's 2026-07-24 file
 * still held grok-4.20's launch price of 2/6 after models.dev changed it to 1.25/2.5 on 2026-05-20 and genai-prices
 * checked 1.25/2.5 on 2026-06-09. For a source with a field history (models.dev, LiteLLM), a reading's evidence date
 * is the day the history last set that listing's price (a price change, or the listing's addition); a listing the
 * history never touched dates from before the history began, so its first day is used. Other readings keep their
 * own date (genai-prices' history or `prices_checked`, per price: priceAsOf).
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

export function evidenceDates(changes: readonly CatalogueChange[]): EvidenceDate {
  const last = new Map<string, string>();
  const first = new Map<string, string>();
  for (const c of changes) {
    if (!DATED_BY_HISTORY.has(c.source)) continue;
    if (!first.has(c.source) || c.date < first.get(c.source)!) first.set(c.source, c.date);
    const set = c.change === 'added' ? ['*'] : c.change === 'changed' ? [c.field] : [];
    for (const field of set) {
      const k = `${c.source}|${c.provider ?? ''}|${norm(c.provider, c.source_model_id)}|${field}`;
      if ((last.get(k) ?? '') < c.date) last.set(k, c.date);
    }
  }
  return (o, field) => {
    const start = first.get(o.source);
    if (start === undefined) return priceAsOf(o, field);
    const base = `${o.source}|${o.provider}|${norm(o.provider, o.provider_model_id)}|`;
    const set = [last.get(base + field), last.get(`${base}*`)].filter((d): d is string => d !== undefined).sort().at(-1);
    const when = set ?? start;
    return when < o.as_of ? when : o.as_of;
  };
}
