// The reviewed table of dated street prices of discrete cards (the RTX 5090 in mid-2026): a configuration of such a
// card is priced at the street price times its count, in place of the launch price, where the price's day is within
// the data's window (on or before the data date: build.ts fails the build on a later one). A card with no row keeps
// its launch price or MSRP, and that price's note says it is not today's market price.
import { z } from 'zod';
import { fact, IsoDate, type Hardware, type Source } from '../schema/index.ts';
import { tableUrl } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';
import { loadAcceleratorTable } from './accelerator-table.ts';
import type { HardwareConfig } from './hardware.ts';

const STREET_FILE = 'data/curated/card-street-prices.csv';
export const CARD_STREET_PRICES_SOURCE_ID = 'card-street-prices';

export const CARD_STREET_PRICES_SOURCE: Source = {
  id: CARD_STREET_PRICES_SOURCE_ID,
  name: 'Reviewed table: dated street prices of discrete graphics cards, as a dated page gives them',
  url: tableUrl(STREET_FILE),
  licence: 'facts; each row quotes the dated page it was read on and says what kind of price it is',
  kind: 'curated',
  retrieved: '2026-11-28',
  covers: 'purchase_price_usd of the configurations of a discrete card with a dated street price',
  counts_for_data_as_of: false,
};

/** The kinds of price a row may be; `street-new-lowest`: the lowest price of a new card the page gives. */
const BASES = ['street-new-lowest', 'street-new-typical', 'used'] as const;
const BASIS_WORDS: Record<(typeof BASES)[number], string> = {
  'street-new-lowest': 'street price, new, the lowest the page gives',
  'street-new-typical': 'street price, new, typical',
  used: 'used price',
};

const StreetRow = z
  .object({
    accelerator_key: z.string().min(1, 'an accelerator key of data/curated/hardware-configs.csv'),
    usd: z.coerce.number().positive('a price in USD'),
    /** The page's own day: the price is a fact of that day, not of the day the table was read. */
    price_date: IsoDate,
    basis: z.enum(BASES, { message: BASES.join(', ') }),
    source_url: z.url({ protocol: /^https$/, error: 'an https URL' }),
    read_on: IsoDate,
    quote: z.string().min(1, 'the words of the page that give the price'),
    note: z.string().min(1, 'how the day and the price were read'),
  })
  .strict();
export type StreetRow = z.infer<typeof StreetRow>;

/** Load and validate the table; a bad row, or a key listed twice, is an issue and stays out. */
export async function loadCardStreetPrices(file: string): Promise<{ rows: StreetRow[]; issues: IngestIssue[] }> {
  const { rows, issues } = await loadAcceleratorTable(StreetRow, file, { source: CARD_STREET_PRICES_SOURCE_ID, file: STREET_FILE });
  return { rows: [...rows.values()], issues };
}

/** Fails the build on a street price dated after the data date (known only once every source is read: build.ts). */
export function assertStreetPricesWithin(rows: readonly StreetRow[], dataAsOf: string): void {
  const late = rows.filter((r) => r.price_date > dataAsOf).map((r) => `${r.accelerator_key}: price_date ${r.price_date} is after the data date ${dataAsOf}`);
  if (late.length) throw new Error(`${STREET_FILE}: ${late.join('; ')}`);
}

/**
 * `purchase_price_usd` on every configuration whose accelerator keys name a row's card (one card, two, four): the
 * street price times the count, dated by the page, in place of the launch price, which the note keeps. A laptop GPU
 * is not a card one buys, and a unified-memory machine is priced whole (machine-prices.csv). An issue for a key no
 * configuration names (a typo would leave the row unused).
 */
export function withCardStreetPrices(hardware: Hardware[], configs: readonly HardwareConfig[], rows: readonly StreetRow[]): IngestIssue[] {
  const byId = new Map(hardware.map((h) => [h.id, h]));
  const used = new Set<string>();
  for (const c of configs) {
    const h = byId.get(c.id);
    const r = rows.find((x) => c.accelerator_key.includes(x.accelerator_key));
    if (!h || !r || h.class === 'laptop' || h.unified_memory || !h.count) continue;
    used.add(r.accelerator_key);
    const before = h.purchase_price_usd;
    const was = before ? `; launch price not used: ${before.value.toLocaleString('en-US')} USD (${before.source}, as of ${before.as_of})` : '';
    const times = h.count > 1 ? ` x ${h.count} cards` : '';
    h.purchase_price_usd = fact(r.usd * h.count, r.price_date, CARD_STREET_PRICES_SOURCE_ID, {
      note: `${BASIS_WORDS[r.basis]} of ${r.price_date}: ${r.usd.toLocaleString('en-US')} USD a card${times}, the cards only (the host `
        + `machine is not included); '${r.quote}'; ${r.note}; evidence: ${r.source_url} (read ${r.read_on})${was}`,
    });
  }
  return rows.filter((r) => !used.has(r.accelerator_key)).map((r) => ({
    source: CARD_STREET_PRICES_SOURCE_ID, file: STREET_FILE, row: r.accelerator_key, field: 'accelerator_key', message: 'no card configuration names this key',
  }));
}
