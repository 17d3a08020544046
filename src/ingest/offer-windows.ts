// Reviewed rows that give a listing the window its provider publishes where a catalogue gives the weights' window.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate, type Offer, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

export const OFFER_WINDOWS_FILE = 'data/curated/offer-windows.csv';
export const OFFER_WINDOWS_SOURCE_ID = 'offer-windows';

export const OFFER_WINDOWS_SOURCE: Source = {
  id: OFFER_WINDOWS_SOURCE_ID,
  name: 'Reviewed table: the context window a provider publishes for its own listing',
  url: tableUrl(OFFER_WINDOWS_FILE),
  licence: 'facts; each row cites the provider\'s page it was read from, with the day it was read',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'listings whose catalogue window is the weights\' (config.json) rather than what the provider serves',
  counts_for_data_as_of: false,
};

const Row = z.object({
  provider: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a models.dev provider id'),
  provider_model_id: z.string().min(1, "the provider's id for the listing"),
  window: z.coerce.number().int().positive('the window in tokens, as the page states it'),
  url: z.url({ error: 'the provider\'s page that states the window' }),
  read_on: IsoDate,
  reason: z.string().min(1, 'what the page says and which figure it replaces'),
}).strict();
export type OfferWindow = z.infer<typeof Row>;

export function loadOfferWindows(file: string): { rows: OfferWindow[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: OFFER_WINDOWS_SOURCE_ID, file: OFFER_WINDOWS_FILE },
    (r) => `${r.record.provider ?? ''}/${r.record.provider_model_id ?? ''} (line ${r.line})`);
  return { rows: valid.map((v) => v.value), issues };
}

/**
 * docs/data.md, "An offer's window from its provider's page". A catalogue may give a provider's listing the weights'
 * window where the provider serves less: LiteLLM's deepseek/deepseek-v3.2 has 163,840 (config.json's
 * max_position_embeddings), while DeepSeek's pricing page gives its API 128K. A row names the listing (provider and its
 * id, any SKU) and the window its provider's page states; the listing's window becomes the row's, dated by the day the
 * page was read, and the catalogue's figure stays in `conflicts`. A row that matches no offer is reported, so it cannot
 * go stale unseen. Run before the tiers above a window are set aside (unreachable-tiers.ts): they read this window.
 */
export function applyOfferWindows(offers: Offer[], rows: readonly OfferWindow[]): IngestIssue[] {
  const issues: IngestIssue[] = [];
  for (const r of rows) {
    const hits = offers.filter((o) => o.provider === r.provider && o.provider_model_id.toLowerCase() === r.provider_model_id.toLowerCase());
    if (!hits.length) {
      issues.push({ source: OFFER_WINDOWS_SOURCE_ID, file: OFFER_WINDOWS_FILE, row: `${r.provider}/${r.provider_model_id}`,
        field: 'window', message: 'no offer of this listing: the row holds nothing (the listing went or was renamed)' });
      continue;
    }
    for (const o of hits) {
      const before = o.context_window;
      const conflicts = [...(before && before.value !== r.window ? [{ value: before.value, as_of: before.as_of, source: before.source }] : []),
        ...(before?.conflicts ?? []).filter((c) => c.value !== r.window)];
      o.context_window = { value: r.window, as_of: r.read_on, source: OFFER_WINDOWS_SOURCE_ID,
        ...(conflicts.length ? { conflicts } : {}), note: `${r.url}: ${r.reason}` };
    }
  }
  return issues;
}
