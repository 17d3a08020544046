// The reviewed peer-fabric table: accelerators joined GPU to GPU by a link other than NVLink (AMD Infinity Fabric).
import { z } from 'zod';
import { fact, type Hardware, type Source } from '../schema/index.ts';
import { tableUrl } from '../sources/curated.ts';
import { applyPerAccelerator, loadAcceleratorTable } from './accelerator-table.ts';
import type { IngestIssue } from '../sources/types.ts';
import type { HardwareConfig } from './hardware.ts';

const FABRIC_FILE = 'data/curated/accelerator-peer-fabric.csv';
const FABRIC_SOURCE_ID = 'accelerator-peer-fabric';

/**
 * The NVLink table says `none` for every AMD part (NVLink is NVIDIA's), which is true and says nothing of AMD's own
 * GPU-to-GPU link: Instinct modules reach each other over Infinity Fabric (XGMI), as NVLink switch boards do over
 * NVLink, so vLLM and SGLang run them tensor parallel. This table states that per accelerator, with where it was read.
 */
export const ACCELERATOR_PEER_FABRIC_SOURCE: Source = {
  id: FABRIC_SOURCE_ID,
  name: 'Reviewed table: GPU-to-GPU links other than NVLink (AMD Infinity Fabric)',
  url: tableUrl(FABRIC_FILE),
  licence: 'facts; each row cites where it was read (AMD\'s pages for MI250 and MI300X, a secondary source for MI325X)',
  kind: 'curated',
  retrieved: '2026-11-26',
  covers: 'peer_fabric of the catalogued AMD Instinct accelerators',
  counts_for_data_as_of: false,
};

const FabricRow = z.object({
  accelerator_key: z.string().min(1, 'an accelerator key of data/curated/hardware-configs.csv'),
  fabric: z.enum(['infinity-fabric'], 'infinity-fabric'),
  source_url: z.url(),
  read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'the day the page was read, YYYY-MM-DD'),
  note: z.string().min(1, 'what the page says of the link'),
});
export type FabricRow = z.infer<typeof FabricRow>;

export async function loadAcceleratorPeerFabric(file: string): Promise<{ fabric: Map<string, FabricRow>; issues: IngestIssue[] }> {
  const { rows, issues } = await loadAcceleratorTable(FabricRow, file, { source: FABRIC_SOURCE_ID, file: FABRIC_FILE });
  return { fabric: rows, issues };
}

/** Each configuration's peer fabric from the table, and an issue for every key no configuration names. */
export function withPeerFabric(
  hardware: Hardware[], configs: readonly HardwareConfig[], fabric: ReadonlyMap<string, FabricRow>,
): IngestIssue[] {
  return applyPerAccelerator(hardware, configs, fabric, { source: FABRIC_SOURCE_ID, file: FABRIC_FILE }, (h, row) => {
    h.peer_fabric = fact(row.fabric, row.read_on, FABRIC_SOURCE_ID, { note: `${row.note}; evidence: ${row.source_url}` });
  });
}
