// Reviewed rows that hold one served price back: a figure a page shows is not the listing's per-token price.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Offer } from '../schema/index.ts';
import { IsoDate } from '../schema/index.ts';
import { parseCsv, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';
import { holdBack } from './doubtful-prices.ts';

export const HELD_PRICES_FILE = 'data/curated/held-prices.csv';

const Row = z.object({
  source: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'the source whose reading is held back (genai-prices-npm, litellm...)'),
  provider: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a models.dev provider id'),
  provider_model_id: z.string().min(1, "the provider's id for the listing"),
  field: z.enum(['input', 'output', 'cache_read', 'cache_write', 'tiers']),
  // 0 is a figure too: a speech recogniser's "output 0" beside a price per audio minute is that scheme's free output,
  // not a free per-token output, and goes with the input it belongs to (Scaleway's and NEAR AI's Whisper Large v3).
  value: z.coerce.number().nonnegative('the figure held back, per 1M tokens as the source gives it (tiers: the first tier\'s input)'),
  url: z.url({ error: 'the page that shows the figure is not the per-token price' }),
  read_on: IsoDate,
  reason: z.string().min(1, 'why the figure is not the listing\'s price'),
}).strict();
export type HeldPrice = z.infer<typeof Row>;

export function loadHeldPrices(file: string): { rows: HeldPrice[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: 'held-prices', file: HELD_PRICES_FILE },
    (r) => `${r.record.provider ?? ''}/${r.record.provider_model_id ?? ''} ${r.record.field ?? ''} (line ${r.line})`);
  return { rows: valid.map((v) => v.value), issues };
}

/**
 * docs/data.md, "Served prices held back as doubtful". Some figures are a price in another unit that no rule can tell
 * from a per-token price: genai-prices lists Google's `gemini-pro` (Gemini 1.0 Pro) at $0.125/$0.375 ("I can't find
 * anything so trusting these prices"), which is Vertex AI's price per 1M characters, not per 1M tokens. A row names
 * the source, the listing (provider and its id), the field and the figure served; while the offer serves exactly that
 * figure from that source, it is moved to the offer's `held_back` with the row's reason and page. No figure of ours
 * replaces it. A row holding back an input price takes the listing's long-context tiers from the same source with it. A
 * row that holds nothing back (the figure changed, the listing went) is reported, so it cannot go stale
 * unseen. Returns the issues: one per price held back, one per row that matched nothing. The offers change in place.
 */
export function holdBackReviewed(offers: Offer[], rows: readonly HeldPrice[]): IngestIssue[] {
  const issues: IngestIssue[] = [];
  for (const r of rows) {
    if (r.field === 'tiers') {
      issues.push(...setAsideReviewedTiers(offers, r));
      continue;
    }
    const field = r.field;
    const hits = offers.filter((o) => o.provider === r.provider && o.provider_model_id === r.provider_model_id
      && o.prices[field]?.source === r.source && o.prices[field]?.value === r.value);
    if (!hits.length) {
      issues.push({ source: 'held-prices', file: HELD_PRICES_FILE, row: `${r.provider}/${r.provider_model_id} ${r.field}`,
        message: `no offer serves ${r.source}'s ${r.field} ${r.value} for ${r.provider}/${r.provider_model_id}: the row holds nothing back` });
      continue;
    }
    for (const o of hits) {
      issues.push(holdBack(o, field, `${r.reason} (${r.url}, read ${r.read_on})`));
      // Long-context tiers price the same listing above a prompt size: a listing whose base input price is another
      // model's (gemini-pro-latest's LiteLLM listing, Gemini 2.5 Pro's $1.25 and its $2.50/$15 above 200k) has tiers
      // of that model too, so they go with it. The row's reason says so, with their figures.
      const tiers = o.prices.tiers;
      if (r.field === 'input' && tiers?.source === r.source) {
        delete o.prices.tiers;
        issues.push({ source: r.source, file: '(offers)', row: `${o.provider}/${o.provider_model_id}:${o.sku}`, field: 'tiers',
          message: `long-context tiers held back with the input price they extend: ${r.reason}` });
      }
    }
  }
  return issues;
}

/**
 * A row with field `tiers`: the listing's long-context tiers are another price than the base it serves (LLM Gateway's
 * MiMo-V2.5 at Xiaomi's cut $0.14/$0.28 beside the $0.80/$4.00 above 256k that Xiaomi's cut removed). The base stays;
 * the tiers move to `unpriced_tiers`, dated and sourced with the row's reason as their note, as tiers above a listing's
 * window do (unreachable-tiers.ts): kept, never priced, so a long prompt is priced at no tier from that source. The
 * row's value is the first tier's input price, so a tier the source changes is no longer matched and is reported.
 */
function setAsideReviewedTiers(offers: Offer[], r: HeldPrice): IngestIssue[] {
  const hits = offers.filter((o) => o.provider === r.provider && o.provider_model_id === r.provider_model_id
    && o.prices.tiers?.source === r.source && o.prices.tiers.value[0]?.input === r.value);
  if (!hits.length) {
    return [{ source: 'held-prices', file: HELD_PRICES_FILE, row: `${r.provider}/${r.provider_model_id} tiers`,
      message: `no offer serves ${r.source}'s tiers from input ${r.value} for ${r.provider}/${r.provider_model_id}: the row holds nothing back` }];
  }
  return hits.map((o) => {
    const tiers = o.prices.tiers!;
    const why = `not priced: ${r.reason} (${r.url}, read ${r.read_on})`;
    o.unpriced_tiers = { ...tiers, note: tiers.note ? `${tiers.note}; ${why}` : why };
    delete o.prices.tiers;
    return { source: r.source, file: '(offers)', row: `${o.provider}/${o.provider_model_id}:${o.sku}`, field: 'prices.tiers',
      message: `tier(s) above ${tiers.value.map((t) => t.above_tokens.toLocaleString('en-US')).join(', ')} tokens set aside, ${why}` };
  });
}
