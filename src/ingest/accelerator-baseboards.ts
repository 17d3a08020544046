// The reviewed table of accelerator modules sold only on a baseboard (NVIDIA's SXM parts on HGX boards, AMD's OAM parts
// on a Universal Baseboard): the counts a buyer can get them in. A configuration of another count (one H200 SXM, two
// B200) is a share of a machine: rentable by the GPU from a cloud, but no one sells it whole, so the owned basis never
// rests on it (src/engines/owned-cost-basis.ts). A module with no row is not restricted: cards are bought one by one.
import { z } from 'zod';
import { fact, type Hardware, type Source } from '../schema/index.ts';
import { tableUrl } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';
import { loadAcceleratorTable } from './accelerator-table.ts';
import type { HardwareConfig } from './hardware.ts';

const BASEBOARD_FILE = 'data/curated/accelerator-baseboards.csv';
export const BASEBOARD_SOURCE_ID = 'accelerator-baseboards';

export const BASEBOARD_SOURCE: Source = {
  id: BASEBOARD_SOURCE_ID,
  name: 'Reviewed table: accelerator modules sold only on a baseboard, and the counts a baseboard holds',
  url: tableUrl(BASEBOARD_FILE),
  licence: 'facts; each row quotes the page it was read on and the day',
  kind: 'curated',
  retrieved: '2026-11-28',
  covers: 'sold_in of the configurations of an SXM or OAM module: the accelerator counts one can buy whole',
  counts_for_data_as_of: false,
};

const BaseboardRow = z
  .object({
    accelerator_key: z.string().min(1, 'an accelerator key of data/curated/hardware-configs.csv'),
    /** The counts of modules a baseboard (and so a machine bought whole) holds, `;`-separated: `4;8`. */
    sold_in: z.string().transform((s, ctx) => {
      const counts = s.split(';').map((x) => Number(x.trim()));
      if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1)) {
        ctx.addIssue({ code: 'custom', message: 'whole numbers of modules, ;-separated' });
      }
      return [...new Set(counts)].sort((a, b) => a - b);
    }),
    platform: z.string().min(1, 'the boards or systems the module is sold on'),
    source_url: z.url({ protocol: /^https$/, error: 'an https URL' }),
    read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
    note: z.string().min(1, 'the words of the page that give the counts'),
  })
  .strict();
export type BaseboardRow = z.infer<typeof BaseboardRow>;

/** Load and validate the table; a bad row, or a key listed twice, is an issue and stays out. */
export async function loadBaseboards(file: string): Promise<{ rows: BaseboardRow[]; issues: IngestIssue[] }> {
  const { rows, issues } = await loadAcceleratorTable(BaseboardRow, file, { source: BASEBOARD_SOURCE_ID, file: BASEBOARD_FILE });
  return { rows: [...rows.values()], issues };
}

/**
 * `sold_in` on every configuration whose accelerator keys name a row's module, whatever its count: the counts it is
 * sold in whole, so a configuration of another count reads as a share of a machine. An issue for a key no
 * configuration names (a typo would leave the row unused).
 */
export function withBaseboards(hardware: Hardware[], configs: readonly HardwareConfig[], rows: readonly BaseboardRow[]): IngestIssue[] {
  const byId = new Map(hardware.map((h) => [h.id, h]));
  const used = new Set<string>();
  for (const c of configs) {
    const h = byId.get(c.id);
    const r = rows.find((x) => c.accelerator_key.includes(x.accelerator_key));
    if (!h || !r) continue;
    used.add(r.accelerator_key);
    h.sold_in = fact(r.sold_in, r.read_on, BASEBOARD_SOURCE_ID, { note: `${r.platform}: ${r.note}; evidence: ${r.source_url}` });
  }
  return rows.filter((r) => !used.has(r.accelerator_key)).map((r) => ({
    source: BASEBOARD_SOURCE_ID, file: BASEBOARD_FILE, row: r.accelerator_key, field: 'accelerator_key', message: 'no configuration names this key',
  }));
}
