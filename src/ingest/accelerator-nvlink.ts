// The reviewed NVLink table: whether an accelerator can be joined to others over NVLink, and how (bridge, switch, none).
import { z } from 'zod';
import { fact, type Hardware, type Source } from '../schema/index.ts';
import { tableUrl } from '../sources/curated.ts';
import { applyPerAccelerator, loadAcceleratorTable } from './accelerator-table.ts';
import type { IngestIssue } from '../sources/types.ts';
import type { HardwareConfig } from './hardware.ts';

const NVLINK_FILE = 'data/curated/accelerator-nvlink.csv';
const NVLINK_SOURCE_ID = 'accelerator-nvlink';

/**
 * What the value says: `bridge`, the card has an NVLink connector and two are joined by a bridge (RTX 3090, RTX A6000,
 * A100 PCIe, H100 PCIe/NVL); `switch`, an SXM module on a baseboard whose GPUs reach each other over NVLink (NVSwitch
 * on 8-GPU boards); `none`, no NVLink connector (every Ada and Blackwell GeForce card, the L40S): cards talk over PCIe.
 */
export const NVLINK_BASIS = 'NVLink connector as the vendor specifies the board';

/**
 * Most rows were read from a secondary source (a press article, a reseller's copy of the datasheet, a wiki mirror, a
 * blog): no vendor page for them was found among the snapshots. Those say so, rather than claim the vendor's word.
 */
export const NVLINK_SECONDARY_BASIS = 'NVLink connector as a secondary source (press, reseller, wiki mirror or blog) reports it, '
  + 'not read from the vendor\'s own page';

/** Hosts whose pages are the vendor's own specification. */
const VENDOR_HOST = /(^|\.)(nvidia|amd|intel)\.com$/;

/** The basis of a row: the vendor's own page, or a secondary source said as such. */
export function nvlinkBasis(sourceUrl: string): string {
  return VENDOR_HOST.test(new URL(sourceUrl).hostname) ? NVLINK_BASIS : NVLINK_SECONDARY_BASIS;
}

export const ACCELERATOR_NVLINK_SOURCE: Source = {
  id: NVLINK_SOURCE_ID,
  name: 'Reviewed table: NVLink on each accelerator (bridge, switch or none)',
  url: tableUrl(NVLINK_FILE),
  licence: 'facts; each row cites where it was read: the vendor\'s page for some, a secondary source for most',
  kind: 'curated',
  retrieved: '2026-11-26',
  covers: 'nvlink of the catalogued NVIDIA accelerators: whether "2x <card> NVLink" names a configuration that exists',
  counts_for_data_as_of: false,
};

const NvlinkRow = z.object({
  accelerator_key: z.string().min(1, 'an accelerator key of data/curated/hardware-configs.csv'),
  nvlink: z.enum(['bridge', 'switch', 'none'], 'bridge, switch or none'),
  source_url: z.url(),
  read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'the day the specification was read, YYYY-MM-DD'),
  note: z.string().min(1, 'what the specification says about NVLink'),
});
export type NvlinkRow = z.infer<typeof NvlinkRow>;

/** Load and validate the table; a bad or repeated row is an issue and stays out. */
export async function loadAcceleratorNvlink(file: string): Promise<{ nvlink: Map<string, NvlinkRow>; issues: IngestIssue[] }> {
  const { rows, issues } = await loadAcceleratorTable(NvlinkRow, file, { source: NVLINK_SOURCE_ID, file: NVLINK_FILE });
  return { nvlink: rows, issues };
}

/**
 * Each configuration's NVLink from the table (the first of its accelerator keys the table lists), and an issue for
 * every key of the table that no configuration names (a typo would leave a row unused).
 */
export function withNvlink(
  hardware: Hardware[], configs: readonly HardwareConfig[], nvlink: ReadonlyMap<string, NvlinkRow>,
): IngestIssue[] {
  return applyPerAccelerator(hardware, configs, nvlink, { source: NVLINK_SOURCE_ID, file: NVLINK_FILE }, (h, row) => {
    const note = `${nvlinkBasis(row.source_url)}; ${row.note}; evidence: ${row.source_url}`;
    h.nvlink = fact(row.nvlink, row.read_on, NVLINK_SOURCE_ID, { note });
  });
}
