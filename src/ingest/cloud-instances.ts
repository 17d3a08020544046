// The reviewed table of cloud instance types (AWS g5.xlarge, GCP a2-highgpu-1g, Azure Standard_ND96amsr_A100_v4) and
// the catalogued accelerator each carries, with its count, so that a machine text naming an instance reads as its GPUs.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { fact, type CloudInstance, type Hardware, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';
import type { HardwareConfig } from './hardware.ts';

const INSTANCES_FILE = 'data/curated/cloud-instances.csv';
const INSTANCES_SOURCE_ID = 'cloud-instances';

export const CLOUD_INSTANCES_SOURCE: Source = {
  id: INSTANCES_SOURCE_ID,
  name: 'Reviewed table: cloud instance types and the accelerators they carry',
  url: tableUrl(INSTANCES_FILE),
  licence: 'facts; each row cites where it was read (SkyPilot\'s catalogue, Apache-2.0, and Hugging Face\'s Azure page)',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'cloud_instances of single-accelerator configurations: the instance names a machine text may use',
  counts_for_data_as_of: false,
};

const InstanceRow = z
  .object({
    provider: z.enum(['aws', 'gcp', 'azure']),
    // The provider's own spelling (`g5.xlarge`, `Standard_ND96amsr_A100_v4`); matched without regard to case.
    instance_type: z.string().regex(/^[A-Za-z][A-Za-z0-9._-]*$/, 'an instance type as the provider spells it'),
    accelerator_key: z.string().min(1, 'an accelerator key of data/curated/hardware-configs.csv'),
    gpu_count: z.coerce.number().int().min(1).max(16),
    listed_as: z.string().min(1, 'the accelerator name the source gives'),
    source_url: z.url({ protocol: /^https$/, error: 'an https URL' }),
    read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'the day the source was read, YYYY-MM-DD'),
    note: z.string().min(1, 'what the source says of the instance'),
  })
  .strict();
export type InstanceRow = z.infer<typeof InstanceRow>;

/** Load and validate the table; a bad row, or an instance type listed twice, is an issue and stays out. */
export async function loadCloudInstances(file: string): Promise<{ rows: InstanceRow[]; issues: IngestIssue[] }> {
  const where = { source: INSTANCES_SOURCE_ID, file: INSTANCES_FILE };
  const { valid, issues } = validateRows(InstanceRow, parseCsv(await readFile(file, 'utf8')), where, (r) => r.record.instance_type || `line ${r.line}`);
  const seen = new Set<string>();
  const rows: InstanceRow[] = [];
  for (const { value, row } of valid) {
    const name = value.instance_type.toLowerCase();
    if (seen.has(name)) issues.push({ ...where, row, field: 'instance_type', message: 'repeated instance type; the first row is kept' });
    else rows.push(value);
    seen.add(name);
  }
  return { rows, issues };
}

/**
 * Each single-accelerator configuration's `cloud_instances`: the instances of the table whose accelerator key it
 * names, in the table's order, each with its count (a count above one is read as that many of this card, as `4x A10G`
 * is). Only the first single-card configuration of a key carries them, so one instance reads as one configuration.
 * An issue for a key no single-card configuration names (a typo would leave rows unused).
 */
export function withCloudInstances(hardware: Hardware[], configs: readonly HardwareConfig[], rows: readonly InstanceRow[]): IngestIssue[] {
  const byId = new Map(hardware.map((h) => [h.id, h]));
  const claimed = new Set<string>();
  for (const c of configs) {
    const h = byId.get(c.id);
    if (!h || h.count !== 1) continue;
    const mine = rows.filter((r) => c.accelerator_key.includes(r.accelerator_key) && !claimed.has(r.accelerator_key));
    if (mine.length === 0) continue;
    for (const r of mine) claimed.add(r.accelerator_key);
    const asOf = mine.map((r) => r.read_on).sort().at(-1)!;
    const value: CloudInstance[] = mine.map((r) => ({ provider: r.provider, instance_type: r.instance_type, count: r.gpu_count }));
    const sources = [...new Set(mine.map((r) => r.source_url))];
    h.cloud_instances = fact(value, asOf, INSTANCES_SOURCE_ID, { note: `the accelerator and its count as listed per instance; evidence: ${sources.join(', ')}` });
  }
  return rows.filter((r) => !claimed.has(r.accelerator_key)).map((r) => ({
    source: INSTANCES_SOURCE_ID, file: INSTANCES_FILE, row: r.instance_type, field: 'accelerator_key', message: 'no single-accelerator configuration names this key',
  }));
}
