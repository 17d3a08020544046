// Reviewed table of prices read on a developer's own pricing page where no catalogue has the page's figure.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from './curated.ts';
import type { Adapter, AdapterResult, IngestIssue, OfferObservation, SourceRoots } from './types.ts';

export const DEVELOPER_PRICES_SOURCE_ID = 'developer-prices';
const FILE = 'developer-prices.csv';

/**
 * A catalogue sometimes lists a developer's listing at a figure the developer's page never gave (LiteLLM's
 * deepseek/deepseek-v3.2 at $0.40 output, added without a source URL, while DeepSeek's page gave $0.42). Each row is
 * one listing's standard price (USD per 1M tokens) as a page read on `read_on` states it for the day `as_of` (the
 * page's date), with the URL; it is a reading like any source's, dated by the page, and the offer's precedence
 * (src/ingest/precedence.ts) weighs it with the others. No row without a page that could be read.
 */
const Price = z.coerce.number().nonnegative();
const Row = z.object({
  provider: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a models.dev provider id'),
  model_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a canonical model id'),
  provider_model_id: z.string().min(1, "the provider's id for the listing"),
  input: Price,
  output: Price,
  cache_read: z.union([z.literal(''), Price]),
  as_of: IsoDate,
  url: z.url({ error: 'the page the price was read on' }),
  read_on: IsoDate,
  note: z.string().min(1, 'what the page says'),
  // The page's own words on the hours a price holds, where it is a price for part of the week (DeepSeek's off-peak):
  // shown beside the figure as a catalogue's time-of-day entries are (build-offers.ts), in place of theirs.
  time_of_day_note: z.string().optional().transform((t) => (t ? t : undefined)),
}).refine((r) => r.as_of <= r.read_on, { message: 'a page dated after the day it was read', path: ['as_of'] });

export const developerPrices: Adapter = { id: DEVELOPER_PRICES_SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const { offers, issues } = translateDeveloperPrices(await readFile(path.join(roots.curated, FILE), 'utf8'));
  return { sources: [SOURCE], offers, issues };
}

const SOURCE: Source = {
  id: DEVELOPER_PRICES_SOURCE_ID,
  name: "Reviewed table: prices read on a developer's pricing page that no catalogue gives",
  url: tableUrl(`data/curated/${FILE}`),
  licence: 'facts; each row cites the page it was read on, its date and the day it was read',
  kind: 'curated',
  retrieved: '2026-11-26',
  covers: "a developer's own listing price where the catalogues' figure is not the page's (DeepSeek V3.2: $0.28/$0.42), or a provider's "
    + "own page for its listing (Vertex AI's Mistral Small 3.1: $0.10/$0.30)",
  counts_for_data_as_of: false,
};

/** Rows to offer observations at the developer. Exported for the tests, which feed it CSV text. */
export function translateDeveloperPrices(text: string): { offers: OfferObservation[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(text), { source: DEVELOPER_PRICES_SOURCE_ID, file: `data/curated/${FILE}` },
    (r) => `${r.record.provider ?? ''}/${r.record.provider_model_id ?? ''} (line ${r.line})`);
  const offers = valid.map(({ value: v, row }): OfferObservation => ({
    source: DEVELOPER_PRICES_SOURCE_ID,
    provider: v.provider,
    provider_model_id: v.provider_model_id,
    canonical_hint: v.model_id,
    region: 'global',
    as_of: v.as_of,
    input: v.input,
    output: v.output,
    ...(v.cache_read === '' ? {} : { cache_read: v.cache_read }),
    ...(v.time_of_day_note ? { time_of_day_note: v.time_of_day_note } : {}),
    url: v.url,
    file: `data/curated/${FILE}`,
    row,
  }));
  return { offers, issues };
}
