// A reviewed per-accelerator table (compute, idle power, NVLink, peer fabric): read, validated, applied per configuration.
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { parseCsv, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

/** Load and validate the table; a bad or repeated row is an issue and stays out (the first row of a key is kept). */
export async function loadAcceleratorTable<T extends { accelerator_key: string }>(
  schema: z.ZodType<T>, file: string, where: { source: string; file: string },
): Promise<{ rows: Map<string, T>; issues: IngestIssue[] }> {
  const parsed = parseCsv(await readFile(file, 'utf8'));
  const { valid, issues } = validateRows(schema, parsed, where, (r) => r.record.accelerator_key || `line ${r.line}`);
  const rows = new Map<string, T>();
  for (const { value, row } of valid) {
    if (!rows.has(value.accelerator_key)) rows.set(value.accelerator_key, value);
    else issues.push({ ...where, row, field: 'accelerator_key', message: 'repeated key; the first row is kept' });
  }
  return { rows, issues };
}

/**
 * Each configuration's row of a per-accelerator table (the first of its accelerator keys the table lists), handed to
 * `apply`; and an issue for every key of the table that no configuration names (a typo would leave a row unused).
 */
export function applyPerAccelerator<T, H extends { id: string }>(
  hardware: readonly H[], configs: readonly { id: string; accelerator_key: readonly string[] }[],
  table: ReadonlyMap<string, T>, where: { source: string; file: string }, apply: (h: H, row: T) => void,
): IngestIssue[] {
  const keysOf = new Map(configs.map((c) => [c.id, c.accelerator_key]));
  for (const h of hardware) {
    const row = (keysOf.get(h.id) ?? []).map((k) => table.get(k)).find((r) => r !== undefined);
    if (row !== undefined) apply(h, row);
  }
  const used = new Set(configs.flatMap((c) => c.accelerator_key));
  return [...table.keys()].filter((k) => !used.has(k)).map((k) => ({
    ...where, row: k, field: 'accelerator_key', message: 'no hardware configuration names this key',
  }));
}
