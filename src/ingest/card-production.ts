// The reviewed table of graphics cards whose production ended (RTX 4090 and the other RTX 40 desktop cards above the
// RTX 4060) or that their maker stopped selling (the RTX 30 Founders Editions withdrawn from NVIDIA's store): each
// configuration of such a card carries `discontinued_on`, so an answer that offers it as a purchase says it is no
// longer made, or no longer sold by its maker (src/engines/discontinued.ts), and the owned cost basis prefers one on
// sale. A card with no row is not said to be on sale by the table:
// its field stays empty, as for any configuration nothing dates the end of.
import { z } from 'zod';
import { fact, WITHDRAWN_FROM_STORE, type Hardware, type Source } from '../schema/index.ts';
import { tableUrl } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';
import { loadAcceleratorTable } from './accelerator-table.ts';
import type { HardwareConfig } from './hardware.ts';

const PRODUCTION_FILE = 'data/curated/card-production.csv';
export const CARD_PRODUCTION_SOURCE_ID = 'card-production';

export const CARD_PRODUCTION_SOURCE: Source = {
  id: CARD_PRODUCTION_SOURCE_ID,
  name: 'Reviewed table: graphics cards whose production ended, as the maker announced it or a major outlet reported it',
  url: tableUrl(PRODUCTION_FILE),
  licence: 'facts; each row quotes the dated page it was read on and says whether the end was announced or reported',
  kind: 'curated',
  retrieved: '2026-11-28',
  covers: 'discontinued_on of the configurations of a discrete card no longer made',
  counts_for_data_as_of: false,
};

const ProductionRow = z
  .object({
    accelerator_key: z.string().min(1, 'an accelerator key of data/curated/hardware-configs.csv'),
    /** The month production ended, as the page dates it (a report gives no day). */
    ended_on: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'YYYY-MM or YYYY-MM-DD'),
    /**
     * announced: the maker said production ended; reported: a press report of the end the maker did not confirm;
     * withdrawn: the press reported the maker's own store stopped selling the card (no report of production's end):
     * the maker no longer sells it at the launch price it is costed at, which is what the cost basis needs to know.
     */
    basis: z.enum(['announced', 'reported', 'withdrawn'], { message: 'announced, reported or withdrawn' }),
    source_url: z.url({ protocol: /^https$/, error: 'an https URL' }),
    /** The page's own date; its month alone where the page's copy read gives no day (the fact is then as of read_on). */
    published_on: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'YYYY-MM-DD or YYYY-MM'),
    read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
    note: z.string().min(1, 'the words of the page that date the end'),
  })
  .strict();
export type ProductionRow = z.infer<typeof ProductionRow>;

/** The words each basis opens the fact's note with; discontinuedText (engines/discontinued.ts) reads the withdrawn one. */
export const PRODUCTION_BASIS: Record<ProductionRow['basis'], string> = {
  announced: 'end of production announced by the maker',
  reported: 'end of production reported by the press, not confirmed by the maker',
  withdrawn: WITHDRAWN_FROM_STORE,
};

/** Load and validate the table; a bad row, or a key listed twice, is an issue and stays out. */
export async function loadCardProduction(file: string): Promise<{ rows: ProductionRow[]; issues: IngestIssue[] }> {
  const { rows, issues } = await loadAcceleratorTable(ProductionRow, file, { source: CARD_PRODUCTION_SOURCE_ID, file: PRODUCTION_FILE });
  return { rows: [...rows.values()], issues };
}

/**
 * `discontinued_on` on every configuration whose accelerator keys name a row's card (one card, two, four), dated by
 * the page that reports the end. A laptop GPU is not a card one buys, and a configuration a machine price already marks
 * keeps that mark. An issue for a key no configuration names (a typo would leave the row unused).
 */
export function withCardProduction(hardware: Hardware[], configs: readonly HardwareConfig[], rows: readonly ProductionRow[]): IngestIssue[] {
  const byId = new Map(hardware.map((h) => [h.id, h]));
  const used = new Set<string>();
  for (const c of configs) {
    const h = byId.get(c.id);
    const r = rows.find((x) => c.accelerator_key.includes(x.accelerator_key));
    if (!h || !r || h.class === 'laptop' || h.unified_memory) continue;
    used.add(r.accelerator_key);
    if (h.discontinued_on) continue;
    const asOf = r.published_on.length === 10 ? r.published_on : r.read_on;
    h.discontinued_on = fact(r.ended_on, asOf, CARD_PRODUCTION_SOURCE_ID, { note: `${PRODUCTION_BASIS[r.basis]}: ${r.note}; evidence: ${r.source_url} (read ${r.read_on})` });
  }
  return rows.filter((r) => !used.has(r.accelerator_key)).map((r) => ({
    source: CARD_PRODUCTION_SOURCE_ID, file: PRODUCTION_FILE, row: r.accelerator_key, field: 'accelerator_key', message: 'no card configuration names this key',
  }));
}
