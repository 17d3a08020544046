// Reviewed table of per-(provider, developer) residency exceptions: where a product has several endpoint kinds.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { EuResidency, IsoDate, Sku, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from './curated.ts';
import type { Adapter, AdapterResult, IngestIssue, OfferResidencyRule, SourceRoots } from './types.ts';

export const OFFER_RESIDENCY_SOURCE_ID = 'offer-residency';
const FILE = 'offer-residency.csv';

const Slug = z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'a models.dev id');

/**
 * A provider's residency row says what the provider offers in general (Azure: EU Data Zones); a listing that pins
 * no zone in its id is served as the provider's default product for that model, which the provider's or the
 * developer's own page may say is global (Claude in Microsoft Foundry: Global Standard and US Data Zone only).
 * `developer` `*` covers every developer's models at the provider; `models` `*` every model of the developer,
 * else the canonical ids the page's rule covers, separated by spaces. `unknown` says the provider places each model in
 * its own regions (Amazon Bedrock, Google Vertex AI, Nebius): a listing of the same model in an EU region then decides (placeByEuListing).
 */
const Row = z.object({
  provider: Slug,
  developer: z.union([z.literal('*'), Slug]),
  models: z.union([z.literal('*'), z.string().regex(/^[a-z0-9][a-z0-9._-]*( [a-z0-9][a-z0-9._-]*)*$/, 'model ids separated by spaces')]),
  eu_resident: EuResidency,
  url: z.url({ error: 'the page the rule was read on' }),
  read_on: IsoDate,
  note: z.string().min(1, 'what the page says'),
  // The SKUs the page speaks for, separated by spaces (OpenAI's names the standard and batch endpoints); blank: every
  // SKU of the listings the rule covers. A column added after the rows: a row may stop before it.
  skus: z.string().optional().transform((t) => (t?.trim() ? t.trim().split(' ') : undefined)).pipe(z.array(Sku).optional()),
  // Who may have the EU processing, where the page opens it to some customers only (OpenAI: "Eligible organizations
  // can enable data residency"): said beside the residency, which stays the page's. A column added after `skus`.
  condition: z.string().optional().transform((t) => (t?.trim() ? t.trim() : undefined)),
});

export const offerResidency: Adapter = { id: OFFER_RESIDENCY_SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const { rules, issues } = translateOfferResidency(await readFile(path.join(roots.curated, FILE), 'utf8'));
  return { sources: [SOURCE], offer_residency: rules, issues };
}

const SOURCE: Source = {
  id: OFFER_RESIDENCY_SOURCE_ID,
  name: 'Reviewed table: residency of one developer\'s models at a provider, where the provider\'s product has several endpoint kinds',
  url: tableUrl(`data/curated/${FILE}`),
  licence: 'facts; each row cites the page it was read on, and the day',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'EU residency of listings that pin no zone, with who may have it where the page says (OpenAI: eligible organizations): Claude in Microsoft Foundry (Global and US Data Zone only), Azure Global '
    + 'Standard listings, Claude on Vertex AI global endpoints (Sonnet 4.5 and later); Amazon Bedrock, Google Vertex AI and Nebius '
    + 'listings, whose models each have their own regions (unknown unless a row or a listing of the model places it in an EU region)',
  counts_for_data_as_of: false,
};

/** Rows to rules; one rule per model id a row names (or one for `*`). Exported for the tests, which feed it CSV text. */
export function translateOfferResidency(text: string): { rules: OfferResidencyRule[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(text, { trailingOptional: true }), { source: OFFER_RESIDENCY_SOURCE_ID, file: `data/curated/${FILE}` },
    (r) => `${r.record.provider ?? ''}/${r.record.developer ?? ''} (line ${r.line})`);
  const rules = valid.map(({ value: v, row }): OfferResidencyRule => ({
    source: OFFER_RESIDENCY_SOURCE_ID,
    provider: v.provider,
    ...(v.developer === '*' ? {} : { developer: v.developer }),
    ...(v.models === '*' ? {} : { models: v.models.split(' ') }),
    eu_resident: v.eu_resident,
    url: v.url,
    as_of: v.read_on,
    note: v.note,
    ...(v.skus ? { skus: v.skus } : {}),
    ...(v.condition ? { condition: v.condition } : {}),
    row,
  }));
  return { rules, issues };
}
