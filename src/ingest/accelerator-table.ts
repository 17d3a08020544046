// A reviewed per-accelerator table (compute, idle power, NVLink): read, validated, one row per accelerator key.
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
