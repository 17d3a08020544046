// Reviewed table of price events a source page settles: a move the build's rules leave as a change, which the source's
// own fix or the history's own fields show was the catalogue correcting itself.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from './curated.ts';
import type { Adapter, AdapterResult, IngestIssue, PriceEventReview, SourceRoots } from './types.ts';

export const PRICE_EVENT_REVIEWS_SOURCE_ID = 'price-event-reviews';
const FILE = 'price-event-reviews.csv';

const Slug = z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'a source, provider or model id');
const Price = z.coerce.number().positive('a price above 0: a move to or from 0 has rules of its own');

/**
 * One row names one price event as the change feed records it (the source, the commit it cites, the provider, the
 * canonical model, the field and both values, per 1M tokens), the page that settles it, the words read there and the
 * verdict: the catalogue correcting itself, or a real move of the listed price.
 */
const Row = z.object({
  source: Slug,
  commit: z.string().regex(/^[0-9a-f]{7,40}$/, 'the commit the event cites'),
  provider: Slug,
  model_id: Slug,
  field: z.enum(['input', 'output', 'cache_read', 'cache_write']),
  old: Price,
  new: Price,
  url: z.url({ error: 'the page that settles the event' }),
  read_on: IsoDate,
  note: z.string().min(1, 'what the page says'),
  /**
   * `correction`: the catalogue correcting itself; `change`: the page shows a real move of the listed price, which stays a
   * change; `late`: the catalogue recording, late or ahead of time, a move the provider made and dated itself (`effective_on`,
   * from `effective_old` to `effective_new`, which is `new` when blank: an early record can carry a figure the provider rounded).
   */
  verdict: z.enum(['correction', 'change', 'late']),
  effective_on: z.union([z.literal('').transform(() => undefined), IsoDate]).optional(),
  effective_old: z.union([z.literal('').transform(() => undefined), Price]).optional(),
  effective_new: z.union([z.literal('').transform(() => undefined), Price]).optional(),
}).refine((r) => (r.verdict === 'late') === (r.effective_on !== undefined && r.effective_old !== undefined), {
  message: 'a late row gives the provider\'s own date and old price (effective_on, effective_old); other rows leave both blank',
  path: ['effective_on'],
}).refine((r) => r.verdict === 'late' || r.effective_new === undefined, {
  message: 'only a late row gives the provider\'s own new price (effective_new)', path: ['effective_new'],
});

export const priceEventReviews: Adapter = { id: PRICE_EVENT_REVIEWS_SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const { reviews, issues } = translatePriceEventReviews(await readFile(path.join(roots.curated, FILE), 'utf8'));
  return { sources: [SOURCE], price_event_reviews: reviews, issues };
}

const SOURCE: Source = {
  id: PRICE_EVENT_REVIEWS_SOURCE_ID,
  name: 'Reviewed table: price events a page shows to be a catalogue correcting itself, or a real move of the listed price',
  url: tableUrl(`data/curated/${FILE}`),
  licence: 'facts; each row cites the page it was read on, and the day',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'price moves of 3x or more that no rule settles: a source fixing a copied price (LiteLLM\'s SambaNova gpt-oss-120b), '
    + 'a listing file that held another model before the commit (its name field changed with the prices), a price written with no page '
    + 'that priced it, a regional price written with a slipped decimal; and moves a page shows to be real (a gateway following its endpoint)',
  counts_for_data_as_of: false,
};

/** Rows to reviews. Exported for the tests, which feed it CSV text. */
export function translatePriceEventReviews(text: string): { reviews: PriceEventReview[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(text), { source: PRICE_EVENT_REVIEWS_SOURCE_ID, file: `data/curated/${FILE}` },
    (r) => `${r.record.provider ?? ''}/${r.record.model_id ?? ''} ${r.record.field ?? ''} (line ${r.line})`);
  return {
    reviews: valid.map(({ value: { effective_on, effective_old, effective_new, ...v }, row }) => ({
      ...v, row, ...(effective_on !== undefined && effective_old !== undefined ? { effective_on, effective_old } : {}),
      ...(effective_new !== undefined ? { effective_new } : {}),
    })),
    issues,
  };
}
