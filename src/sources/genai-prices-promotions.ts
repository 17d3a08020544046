// Reviewed table of genai-prices listings priced at a promotion the listing's own comment says has ended.
import { z } from 'zod';
import { IsoDate } from '../schema/index.ts';
import { parseCsv, validateRows } from './curated.ts';
import { isPlainObject } from './catalogue-util.ts';
import type { IngestIssue } from './types.ts';

export const PROMOTIONS_FILE = 'price-promotions.csv';

/**
 * genai-prices (npm 0.1.8, 2026-09-23) lists GLM-5.3-Flash at Z.ai, Zhipu AI and OpenRouter at a 50% launch price whose
 * end its own comment gives ("Standard API rates reflect the 50% launch promotion ending at 24:00 on September 9, 2026
 * (UTC+8): list prices are $0.15 input, $0.03 cached input, and $0.50 output"), in a bundle published two weeks after
 * that end. A row names one listing, the day from which the list price holds (the first whole UTC day after the end),
 * the list prices the comment states (USD per 1M tokens), and `quote`, words of the listing's comment that state the
 * end: while the comment still says so, the listing's price becomes a dated list, the promotion until `list_from` and
 * the list price from it, read by the same rule as genai-prices' own `start_date` lists. So the offer serves the list
 * price dated `list_from`, and the change feed keeps the promotion as the price before it. A row whose quote the
 * comment no longer holds is reported and applies nothing (docs/data.md, "Promotions that have ended").
 */
const Price = z.coerce.number().positive();
const Row = z.object({
  source: z.enum(['genai-prices-npm', 'genai-prices']),
  provider: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "genai-prices' provider id"),
  model: z.string().min(1, "genai-prices' model id"),
  ends: z.string().min(1, 'the end of the promotion as the source states it, in UTC'),
  // Empty: the listing's own comment states the end. Otherwise who states it (Zhipu's comment gives only the length,
  // "two weeks"; the end is Z.ai's, for the same launch promotion), so no note credits the comment with it.
  ends_stated_by: z.string(),
  list_from: IsoDate,
  input: Price,
  cache_read: z.union([z.literal(''), Price]),
  output: Price,
  quote: z.string().min(10, "the words of the listing's comment that state the end and the list price"),
  url: z.url({ error: 'the page the comment cites for the listing' }),
  read_on: IsoDate,
  note: z.string().min(1, 'how the figures are read from the comment'),
}).strict();
export type Promotion = z.infer<typeof Row>;

export function translatePromotions(text: string): { rows: Promotion[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(text), { source: 'price-promotions', file: `data/curated/${PROMOTIONS_FILE}` },
    (r) => `${r.record.provider ?? ''}/${r.record.model ?? ''} (line ${r.line})`);
  return { rows: valid.map((v) => v.value), issues };
}

/** The key a row and a listing share. */
export const promotionKey = (source: string, provider: string, model: string): string => `${source}\u0000${provider}\u0000${model}`;

/**
 * The listing's prices with the promotion's end applied: `[{prices: promotion}, {constraint: {start_date}, prices: list}]`.
 * Undefined (and an issue) when the comment no longer states the end or the prices are not one plain block (a list
 * already dated by upstream is upstream's word, not overridden).
 */
export function endPromotion(prices: unknown, comment: string | undefined, row: Promotion, issues: IngestIssue[]): unknown[] | undefined {
  const where = { source: 'price-promotions', file: `data/curated/${PROMOTIONS_FILE}`, row: `${row.provider}/${row.model}` };
  if (!comment?.includes(row.quote)) {
    issues.push({ ...where, message: `the listing's comment no longer says "${row.quote}": the row applies nothing` });
    return undefined;
  }
  if (!isPlainObject(prices)) {
    issues.push({ ...where, message: 'the listing\'s prices are not one block: the row applies nothing' });
    return undefined;
  }
  const list: Record<string, unknown> = { ...prices, input_mtok: row.input, output_mtok: row.output };
  if (row.cache_read !== '') list.cache_read_mtok = row.cache_read;
  return [{ prices }, { constraint: { start_date: row.list_from, type: 'start_date' }, prices: list }];
}

/** The note each list price carries: when the promotion ended and what it was, so the date reads right. */
export function listPriceNote(row: Promotion, promotion: number | undefined, copyDate: string): string {
  const was = promotion === undefined ? '' : ` (${promotion} during it)`;
  const stated = row.ends_stated_by
    ? `as ${row.ends_stated_by} states; this listing's own comment gives no end ("${row.quote}")`
    : `as the listing's comment says ("${row.quote}")`;
  return `list price from ${row.list_from}: the promotion${was} ended ${row.ends}, ${stated}, though the source's copy `
    + `of ${copyDate} still prices the listing at the promotion. ${row.note}`;
}

/** Who states the promotion's end: the listing's comment, or the row's `ends_stated_by`. */
export const endStatedBy = (row: Promotion): string => row.ends_stated_by || "the listing's price comment";

/**
 * Why the change at the end is a real one: a promotion ending moves the price the provider charges; the source states
 * it (a dated end), it is no fix of the catalogue.
 */
export function promotionEndBasis(row: Promotion): string {
  return `a real change: the promotion ended ${row.ends}, as ${endStatedBy(row)} states, and the list price holds from `
    + `${row.list_from}; a price moving at a promotion's end, not a correction of the catalogue`;
}
