// Reviewed rows naming a provider that bills in another currency than the USD its sources file its prices under.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Offer } from '../schema/index.ts';
import { IsoDate } from '../schema/index.ts';
import { CONVERTED_MARK } from '../sources/genai-prices-currency.ts';
import { parseCsv, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

export const BILLED_CURRENCIES_FILE = 'data/curated/billed-currencies.csv';

const Row = z.object({
  provider: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a models.dev provider id'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'the ISO 4217 code of the currency the provider bills in').refine((c) => c !== 'USD', 'a provider billing in USD needs no row'),
  url: z.url({ error: "the provider's page that prices in that currency" }),
  read_on: IsoDate,
  quote: z.string().min(1, 'the figure as the page writes it, currency sign included'),
  note: z.string().min(1, 'what the page and the sources say'),
}).strict();
export type BilledCurrency = z.infer<typeof Row>;

export function loadBilledCurrencies(file: string): { rows: BilledCurrency[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: 'billed-currencies', file: BILLED_CURRENCIES_FILE },
    (r) => `${r.record.provider ?? ''} (line ${r.line})`);
  return { rows: valid.map((v) => v.value), issues };
}

const PRICE_FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;

/** What each price of such a provider says beside its figure. */
export function billedCurrencyNote(r: BilledCurrency): string {
  return `the provider bills in ${r.currency} (its page: "${r.quote}", ${r.url}, read ${r.read_on}): this figure is its ${r.currency} `
    + `price, which the source files as USD unconverted; the dataset holds no dated ${r.currency}/USD rate, so it is not `
    + `converted: its cost in USD is that many ${r.currency} at the day's exchange rate`;
}

/**
 * docs/data.md, "Scaleway's prices are euros read as dollars". Scaleway bills its Generative APIs in euros, and
 * models.dev and LiteLLM file the euro figures in their USD fields: served as they are, every Scaleway price was read
 * as that many dollars with nothing said. No dated EUR/USD rate is in the dataset to convert them with (a
 * rate taken from memory would be a guess), so each price of the provider says so in its note, where the answers show
 * it; a price its source already converted (CONVERTED_MARK) says its own conversion instead. The offers change in place.
 * Returns one issue per row that matched no offer, so a row cannot go stale unseen.
 */
export function noteBilledCurrencies(offers: Offer[], rows: readonly BilledCurrency[]): IngestIssue[] {
  const issues: IngestIssue[] = [];
  for (const r of rows) {
    const said = billedCurrencyNote(r);
    let matched = 0;
    for (const o of offers) {
      if (o.provider !== r.provider) continue;
      matched++;
      for (const field of PRICE_FIELDS) {
        const f = o.prices[field];
        if (!f || f.note?.includes(CONVERTED_MARK)) continue;
        o.prices[field] = { ...f, note: f.note ? `${f.note}; ${said}` : said };
      }
    }
    if (!matched) issues.push({ source: 'billed-currencies', file: BILLED_CURRENCIES_FILE, row: r.provider, field: 'provider', message: `no offer of ${r.provider} in the build: the row notes nothing` });
  }
  return issues;
}
