// What each source means by an offer's `deprecated` when it gives no date: withdrawn, or still served with its retirement announced.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate, type Offer, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';
import { announcedUndatedNote, UNDATED_NOTE_HEADS } from './past-shutdowns.ts';

const FILE = 'data/curated/deprecation-readings.csv';
export const DEPRECATION_READINGS_SOURCE_ID = 'deprecation-readings';

export const DEPRECATION_READINGS_SOURCE: Source = {
  id: DEPRECATION_READINGS_SOURCE_ID,
  name: 'Reviewed table: what a source means by a listing\'s "deprecated" when it gives no shutdown date',
  url: tableUrl(FILE),
  licence: 'facts; each row cites the page it was read on, and the day',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'whether an undated deprecated status of a source (genai-prices, deprecations.info, models.dev, per provider where '
    + 'it differs) means the listing is withdrawn or still served with its retirement announced, and whether a new customer can still buy it',
  counts_for_data_as_of: false,
};

const Row = z.object({
  source: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a source id of data/dataset/sources.json'),
  /** A provider id, or '' for every provider the source lists. */
  provider: z.string().regex(/^(?:[a-z0-9][a-z0-9-]*)?$/, 'a provider id of the offers, or empty'),
  served: z.enum(['true', 'false']).transform((s) => s === 'true'),
  /**
   * Whether a new customer can still buy a listing so marked: false where the provider's word is "existing customers
   * only" (Vertex AI, Cohere, Azure), and for a withdrawn one.
   */
  new_customers: z.enum(['true', 'false']).transform((s) => s === 'true'),
  url: z.url({ error: 'the page the row was read on' }),
  read_on: IsoDate,
  note: z.string().min(20, 'what the page says'),
}).strict().refine((r) => r.served || !r.new_customers, { message: 'a withdrawn listing is sold to nobody: new_customers false' });

export type DeprecationReading = z.infer<typeof Row>;

export function loadDeprecationReadings(file: string): { rows: DeprecationReading[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: DEPRECATION_READINGS_SOURCE_ID, file: FILE },
    (r) => String(r.line));
  return { rows: valid.map((v) => v.value), issues };
}

/** The row that reads `source`'s word at `provider`: the provider's own row first, then the source's row for all. */
export function readingOf(rows: readonly DeprecationReading[], source: string, provider: string): DeprecationReading | undefined {
  return rows.find((r) => r.source === source && r.provider === provider) ?? rows.find((r) => r.source === source && r.provider === '');
}

/**
 * Notes, in place, each offer marked `deprecated` with no shutdown date by a source whose word means still served
 * (`served` true): its status takes `availability` `retirement_announced`, which the answers read as served with a
 * lifecycle note (past-shutdowns.ts `announcedUndatedNote`), or, where the provider's word means existing customers only
 * (`new_customers` false), `existing_customers_only`, which no answer picks for a buyer; its note says the same in words
 * (opening with ANNOUNCED_UNDATED or EXISTING_CUSTOMERS_ONLY). Code reads the member, never the note. A source whose word means
 * withdrawn (models.dev: "no longer served by the provider's public API"), or one with no row, leaves the offer as it
 * is: not served. Statuses the build derived (a shutdown date passed) are not a source's word and are left alone.
 * Returns the offers noted.
 */
export function noteAnnouncedDeprecations(offers: readonly Offer[], rows: readonly DeprecationReading[]): Offer[] {
  const noted: Offer[] = [];
  for (const o of offers) {
    const s = o.status;
    if (s?.value !== 'deprecated' || o.shutdown_date !== undefined || s.source === 'derived') continue;
    if (announcedUndatedNote(o)) continue;
    const row = readingOf(rows, s.source, o.provider);
    if (!row?.served) continue;
    const availability = row.new_customers ? 'retirement_announced' as const : 'existing_customers_only' as const;
    const why = `${UNDATED_NOTE_HEADS[availability]} (${s.source}'s "deprecated" at ${o.provider}, read by ${row.url})`;
    o.status = { ...s, note: s.note ? `${why}; ${s.note}` : why, availability };
    noted.push(o);
  }
  return noted;
}
