// The reviewed compute table: one accelerator's dense FP16 TFLOPS on one stated basis, preferred to any other source.
import { z } from 'zod';
import { fact, type Fact, type Source } from '../schema/index.ts';
import { tableUrl } from '../sources/curated.ts';
import { loadAcceleratorTable } from './accelerator-table.ts';
import type { IngestIssue } from '../sources/types.ts';

const COMPUTE_FILE = 'data/curated/accelerator-compute.csv';
const COMPUTE_SOURCE_ID = 'accelerator-compute';

/**
 * The basis every figure in the table is on, and what the speed engine's prefill efficiencies are calibrated against:
 * dense matrix throughput without sparsity, FP16 inputs with FP16 accumulation, the rate llama.cpp's prompt kernels run
 * at (ggml-cuda's cuBLAS path multiplies in FP16 with CUBLAS_COMPUTE_16F; its MMQ kernels use the INT8 tensor rate,
 * twice this one on every NVIDIA card since Turing). GeForce cards run FP32 accumulation at half this rate, which
 * llama.cpp does not ask for; workstation and data-centre cards run both at the same rate. Apple GPUs have no separate
 * matrix rate, so their FP32 rate, which FP16 matches.
 */
export const COMPUTE_BASIS = 'dense FP16 tensor TFLOPS with FP16 accumulate, no sparsity (Apple: the GPU FP32 = FP16 rate)';

export const ACCELERATOR_COMPUTE_SOURCE: Source = {
  id: COMPUTE_SOURCE_ID,
  name: 'Reviewed table: accelerator compute on one basis',
  url: tableUrl(COMPUTE_FILE),
  licence: 'facts; each row cites the vendor whitepaper, datasheet or announcement it was read from',
  kind: 'curated',
  retrieved: '2026-11-25',
  covers: `compute_tflops of consumer, workstation and Apple accelerators: ${COMPUTE_BASIS}`,
  counts_for_data_as_of: false,
};

const ComputeRow = z.object({
  accelerator_key: z.string().min(1, 'an accelerator key of data/curated/hardware-configs.csv'),
  compute_tflops: z.coerce.number().positive().finite(),
  source_url: z.url(),
  read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'the day the figure was read, YYYY-MM-DD'),
  note: z.string().min(1, 'what the source states and how the figure is read from it'),
});
export type ComputeRow = z.infer<typeof ComputeRow>;

/** Load and validate the table; a bad or repeated row is an issue and stays out. */
export async function loadAcceleratorCompute(file: string): Promise<{ compute: Map<string, ComputeRow>; issues: IngestIssue[] }> {
  const { rows, issues } = await loadAcceleratorTable(ComputeRow, file, { source: COMPUTE_SOURCE_ID, file: COMPUTE_FILE });
  return { compute: rows, issues };
}

/** The table's figure for the first of a configuration's accelerator keys it lists, as a cited fact. */
export function computeFact(keys: readonly string[], compute: ReadonlyMap<string, ComputeRow>): Fact<number> | undefined {
  const row = keys.map((k) => compute.get(k)).find((r) => r !== undefined);
  if (!row) return undefined;
  return fact(row.compute_tflops, row.read_on, COMPUTE_SOURCE_ID, { note: `${COMPUTE_BASIS}; ${row.note}; evidence: ${row.source_url}` });
}

/** Keys of the table no configuration names: a typo that would leave a figure unused. */
export function unusedComputeKeys(compute: ReadonlyMap<string, ComputeRow>, configKeys: Iterable<readonly string[]>): IngestIssue[] {
  const used = new Set<string>();
  for (const keys of configKeys) for (const k of keys) used.add(k);
  return [...compute.keys()]
    .filter((k) => !used.has(k))
    .map((k) => ({
      source: COMPUTE_SOURCE_ID, file: COMPUTE_FILE, row: k, field: 'accelerator_key', message: 'no hardware configuration names this key',
    }));
}
