// Reviewed rows naming a price in force that its provider calls promotional, with the list price it stands in for.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate, type ChangeEvent, type Offer } from '../schema/index.ts';
import { parseCsv, validateRows } from '../sources/curated.ts';
import { LIST_PRICE, PROMOTIONAL_PRICE } from '../sources/promotion-words.ts';
import type { IngestIssue } from '../sources/types.ts';

export const RUNNING_PROMOTIONS_FILE = 'data/curated/running-promotions.csv';
const SOURCE_ID = 'running-promotions';

const Usd = z.union([z.literal(''), z.coerce.number().nonnegative()]);
const Row = z.object({
  provider: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a provider id'),
  provider_model_id: z.string().min(1, "the provider's id for the listing"),
  sku: z.string().min(1, 'the SKU of the listing (standard, regional...)'),
  // Empty where no source dates the promotion's start.
  from: z.union([z.literal(''), IsoDate]),
  // As the provider words it ("at least through 2026-11-21"), or empty where no source gives an end.
  // No " (": the answers read the span back up to the first " (" (sources/promotion-words.ts).
  through: z.string().refine((t) => !t.includes(' ('), 'no " (" in the span: the answers read it back up to the first one'),
  input: Usd, output: Usd, cache_read: Usd, cache_write: Usd,
  list_input: Usd, list_output: Usd, list_cache_read: Usd, list_cache_write: Usd,
  stated_by: z.string().min(10, 'who calls the price promotional, in their words'),
  url: z.url({ error: 'the public page that quotes it' }),
  read_on: IsoDate,
  note: z.string().min(1, 'how the list price is read'),
}).strict();
export type RunningPromotion = z.infer<typeof Row>;

export function loadRunningPromotions(file: string): { rows: RunningPromotion[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: SOURCE_ID, file: RUNNING_PROMOTIONS_FILE },
    (r) => `${r.record.provider ?? ''}/${r.record.provider_model_id ?? ''} (line ${r.line})`);
  return { rows: valid.map((v) => v.value), issues };
}

const FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;
type Field = (typeof FIELDS)[number];
const listOf = (r: RunningPromotion, f: Field): number | '' => r[`list_${f}`];

/** The words every promotional price carries: what it is, since and until when, and the list price it stands in for. */
export function promotionNote(r: RunningPromotion, f: Field): string {
  const list = listOf(r, f);
  const since = r.from ? ` since ${r.from}` : '';
  const until = r.through ? `, ${r.through}` : ', no end stated';
  return `${PROMOTIONAL_PRICE}${since}${until} (${r.stated_by}, ${r.url})${LIST_PRICE}`
    + `${list === '' ? 'not stated' : `$${list}`} per 1M tokens. ${r.note}`;
}

/**
 * docs/data.md, "Promotions still running". A provider may cut a price for a while and call it a promotion (OpenAI's
 * GPT-5.6 Sol at $4/$20 from 2026-08-21, "available at least through November 21, 2026", list $5/$30): the sources
 * list the cut as the price, with no word that it is one. The price in force is still what a buyer pays, so it stays
 * served; each field a row names gets a note saying it is promotional, until when, and the list price; and the change
 * events that moved the listing to it on `from` say the same in `correction_note`. A row whose listing no longer has
 * the promotional price (the source moved on) applies nothing and is reported, so it cannot go stale unseen.
 */
export function applyRunningPromotions(offers: Offer[], changes: ChangeEvent[], rows: readonly RunningPromotion[]): IngestIssue[] {
  const issues: IngestIssue[] = [];
  for (const r of rows) {
    const where = { source: SOURCE_ID, file: RUNNING_PROMOTIONS_FILE, row: `${r.provider}/${r.provider_model_id} (${r.sku})` };
    const hits = offers.filter((o) => o.provider === r.provider && o.provider_model_id === r.provider_model_id && o.sku === r.sku);
    let applied = 0;
    for (const o of hits) {
      for (const f of FIELDS) {
        const price = o.prices[f];
        if (r[f] === '' || !price || price.value !== r[f]) continue;
        // The promotion's note is sentences; the note it goes before opens in lower case, as a clause: made a sentence.
        price.note = price.note ? `${promotionNote(r, f)} ${price.note[0].toUpperCase()}${price.note.slice(1)}` : promotionNote(r, f);
        applied++;
      }
    }
    if (!applied) {
      issues.push({ ...where, message: 'no offer of this listing at the promotional price: the row applies nothing' });
      continue;
    }
    if (!r.from) continue;
    for (const c of changes) {
      if (c.kind !== 'price' || c.provider !== r.provider || c.date !== r.from || !c.provider_model_ids?.includes(r.provider_model_id)) continue;
      const f = FIELDS.find((x) => x === c.field);
      if (!f || r[f] === '' || c.new !== r[f]) continue;
      c.correction = false;
      c.correction_note = `a real change to a promotional price: ${promotionNote(r, f)}`;
    }
  }
  return issues;
}
