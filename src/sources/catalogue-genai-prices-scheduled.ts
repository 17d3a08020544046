// genai-prices dated price lists (`constraint.start_date`) as CatalogueChanges: one per price field a start date moves.
import { basePrice, readPrices } from './catalogue-genai-prices-shape.ts';
import { defined, isPlainObject, type Where } from './catalogue-util.ts';
import type { CatalogueChange, IngestIssue } from './types.ts';

export const PRICE_FIELDS = [
  ['input_mtok', 'input'],
  ['output_mtok', 'output'],
  ['cache_read_mtok', 'cache_read'],
  ['cache_write_mtok', 'cache_write'],
] as const;

export type ScheduledTarget = { source: string; provider: string; provider_model_id: string; source_model_id: string; version: string };

/** The day before an ISO date. */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);
}

/**
 * A price list such as `[{prices: A}, {constraint: {start_date: '2026-07-30'}, prices: B}]` says the price
 * was A until 2026-07-29 and B from 2026-07-30: a dated change that no git commit records (the entry is
 * usually added days before it takes effect, when the commit's own date still sees A). Each start date up
 * to `asOf` (the copy's date) is compared as "the day before" vs "that day", with the same rule the
 * offers use to pick the price in force, so time-of-day entries weigh in the same way. A start date after
 * `asOf` is an announcement, not yet a change, and is left out.
 */
export function scheduledPriceChanges(prices: unknown, asOf: string, t: ScheduledTarget, where: Where): CatalogueChange[] {
  if (!Array.isArray(prices)) return [];
  const starts = new Set<string>();
  for (const entry of prices) {
    const c = isPlainObject(entry) && isPlainObject(entry.constraint) ? entry.constraint.start_date : undefined;
    if (typeof c === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(c) && c <= asOf) starts.add(c);
  }
  const out: CatalogueChange[] = [];
  for (const date of [...starts].sort()) {
    // The list was validated when the offer was read; its issues are reported there, not twice.
    const scratch: IngestIssue[] = [];
    const before = readPrices(prices, dayBefore(date), where, scratch);
    const after = readPrices(prices, date, where, scratch);
    if (!before || !after || scratch.length > 0) continue;
    for (const [key, field] of PRICE_FIELDS) {
      const oldV = basePrice(before[key]) ?? null;
      const newV = basePrice(after[key]) ?? null;
      if (oldV === newV) continue;
      out.push(defined<CatalogueChange>({
        source: t.source,
        date,
        scheduled: true,
        subject: `scheduled price change from ${date} (start_date in ${t.version})`,
        change: 'changed',
        provider: t.provider,
        provider_model_id: t.provider_model_id,
        source_model_id: t.source_model_id,
        field,
        old: oldV,
        new: newV,
      }));
    }
  }
  return out;
}
