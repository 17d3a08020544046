// Loads the reviewed table of undated aliases and the dated snapshot each served at the dataset's date.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { IngestIssue } from '../sources/types.ts';
import type { VersionPointer } from './versions-apart.ts';

const Row = z.object({
  alias: z.string().min(1),
  snapshot: z.string().min(1),
  reason: z.string().regex(/https?:\/\//, 'every pointer row cites the developer\'s page'),
  /** When the developer's page was read: needed where the row makes a fact (a moving name pointing to another model). */
  read_on: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional()),
}).strict();

export function loadVersionPointers(file: string): { rows: VersionPointer[]; issues: IngestIssue[] } {
  const text = readFileSync(file, 'utf8');
  const records = parse(text, { columns: true, skip_empty_lines: true, trim: true, comment: '#', relax_column_count_less: true }) as Record<string, string>[];
  const rows: VersionPointer[] = [];
  const issues: IngestIssue[] = [];
  const seen = new Set<string>();
  records.forEach((r, i) => {
    const where = { source: 'version-pointers', file, row: String(i + 2) };
    const p = Row.safeParse(r);
    if (!p.success) {
      issues.push({ ...where, field: String(p.error.issues[0].path[0] ?? ''), message: p.error.issues[0].message });
      return;
    }
    const k = p.data.alias.toLowerCase();
    if (seen.has(k)) { issues.push({ ...where, message: `duplicate row for ${k}` }); return; }
    seen.add(k);
    rows.push(p.data);
  });
  return { rows, issues };
}
