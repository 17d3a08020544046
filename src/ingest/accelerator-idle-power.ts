// The reviewed idle-power table: an accelerator's measured draw while it holds a loaded model and serves nothing.
import { z } from 'zod';
import { fact, type Hardware, type Source } from '../schema/index.ts';
import { tableUrl } from '../sources/curated.ts';
import { loadAcceleratorTable } from './accelerator-table.ts';
import type { IngestIssue } from '../sources/types.ts';
import type { HardwareConfig } from './hardware.ts';

const IDLE_FILE = 'data/curated/accelerator-idle-power.csv';
const IDLE_SOURCE_ID = 'accelerator-idle-power';

/**
 * What the figure is: the draw of one accelerator with a model in its memory and no request running, as nvidia-smi
 * or a watt meter reads it. A consumer card drops to P8 between requests (an RTX 4090 about 22 W of 450 W); a
 * data-centre card whose memory is in use stays in P0 or P2 (H100 140 W of 700 W, A40 90 W of 300 W), so one share
 * of board power fits neither.
 */
export const IDLE_BASIS = 'measured draw with a model loaded and no request running';

/**
 * On a unified-memory machine (an Apple Mac, a Strix Halo mini PC) the accelerator is the whole machine: its row is
 * the machine's idle draw at the wall, as the vendor publishes it (Apple: only Finder open, default power management)
 * or, where no figure is published, the stated assumption of the row's note. A GPU card's share of board power never
 * stands for a whole machine.
 */
export const MACHINE_IDLE_BASIS = 'the whole machine\'s idle draw at the wall (unified memory: the model is held in the same memory, no card or host apart)';

export const ACCELERATOR_IDLE_SOURCE: Source = {
  id: IDLE_SOURCE_ID,
  name: 'Reviewed table: accelerator draw with a model loaded and no request running',
  url: tableUrl(IDLE_FILE),
  licence: 'facts; each row cites the published reading it was taken from',
  kind: 'curated',
  retrieved: '2026-11-26',
  covers:
    'idle_power_w of the accelerators with a published reading, and of unified-memory machines (Apple, Strix Halo) the whole machine at the wall, ' +
    'published or a stated assumption: the running cost of owned hardware between requests',
  counts_for_data_as_of: false,
};

const IdleRow = z.object({
  accelerator_key: z.string().min(1, 'an accelerator key of data/curated/hardware-configs.csv'),
  idle_w: z.coerce.number().positive().finite(),
  source_url: z.url(),
  read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'the day the reading was taken or read, YYYY-MM-DD'),
  note: z.string().min(1, 'the reading as published: card, state, memory in use, board power'),
});
export type IdleRow = z.infer<typeof IdleRow>;

/** Load and validate the table; a bad or repeated row is an issue and stays out. */
export async function loadAcceleratorIdlePower(file: string): Promise<{ idle: Map<string, IdleRow>; issues: IngestIssue[] }> {
  const { rows, issues } = await loadAcceleratorTable(IdleRow, file, { source: IDLE_SOURCE_ID, file: IDLE_FILE });
  return { idle: rows, issues };
}

/**
 * Each configuration's idle draw per accelerator from the table (the first of its keys the table lists), and an
 * issue for every key of the table that no configuration names (a typo would leave a reading unused). A figure above
 * the configuration's board power is impossible and is an issue instead.
 */
export function withIdlePower(hardware: Hardware[], configs: readonly HardwareConfig[], idle: ReadonlyMap<string, IdleRow>): IngestIssue[] {
  const keysOf = new Map(configs.map((c) => [c.id, c.accelerator_key]));
  const issues: IngestIssue[] = [];
  for (const h of hardware) {
    const row = (keysOf.get(h.id) ?? []).map((k) => idle.get(k)).find((r) => r !== undefined);
    if (!row) continue;
    if (h.power_w && row.idle_w >= h.power_w.value) {
      issues.push({ source: IDLE_SOURCE_ID, file: IDLE_FILE, row: row.accelerator_key, field: 'idle_w',
        message: `${row.idle_w} W is not below ${h.id}'s board power ${h.power_w.value} W: not used` });
      continue;
    }
    const basis = h.unified_memory ? MACHINE_IDLE_BASIS : IDLE_BASIS;
    h.idle_power_w = fact(row.idle_w, row.read_on, IDLE_SOURCE_ID, { note: `${basis}; ${row.note}; evidence: ${row.source_url}` });
  }
  const used = new Set(configs.flatMap((c) => c.accelerator_key));
  for (const k of idle.keys()) {
    if (used.has(k)) continue;
    const message = 'no hardware configuration names this key';
    issues.push({ source: IDLE_SOURCE_ID, file: IDLE_FILE, row: k, field: 'accelerator_key', message });
  }
  return issues;
}
