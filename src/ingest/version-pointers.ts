// Loads the reviewed table of undated aliases and the dated snapshot each served, with the date its evidence shows it.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { IngestIssue } from '../sources/types.ts';
import type { VersionPointer } from './versions-apart.ts';

const IsoDay = z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional());

const Row = z.object({
  alias: z.string().min(1),
  snapshot: z.string().min(1),
  reason: z.string().regex(/https?:\/\//, 'every pointer row cites the developer\'s page'),
  /** When the page was read. Rows written before `evidence_on` existed hold their evidence's date here. */
  read_on: IsoDay,
  /** The newest day the row's evidence shows the alias serving the snapshot: the date of a fact the row makes. */
  evidence_on: IsoDay,
  /** The day the alias stopped serving the snapshot (the developer's switch, or the snapshot's shutdown): a row of history. */
  until: IsoDay,
}).strict();

/** The date a row's evidence speaks for (`evidence_on`; `read_on` in rows written before that column). */
export const evidenceDate = (p: VersionPointer): string | undefined => p.evidence_on ?? p.read_on;

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
    const data = Object.fromEntries(Object.entries(p.data).filter(([, v]) => v !== undefined)) as VersionPointer;
    // An alias may have several rows, one per target its developer dated; two rows of one alias need two dates.
    const k = `${data.alias.toLowerCase()}|${evidenceDate(data) ?? ''}`;
    if (seen.has(k)) { issues.push({ ...where, message: `duplicate row for ${data.alias.toLowerCase()} on ${evidenceDate(data) ?? 'no date'}` }); return; }
    if (data.until && evidenceDate(data) && data.until < evidenceDate(data)!) {
      issues.push({ ...where, field: 'until', message: `${data.alias}: until ${data.until} is before the evidence's date ${evidenceDate(data)}` });
      return;
    }
    seen.add(k);
    rows.push(data);
  });
  return { rows, issues };
}

/**
 * Each alias's current row and its history. The current row is the one with the newest evidence; it alone speaks for
 * what the alias serves (points_to, and the snapshot kept with the alias in versions-apart.ts), unless it has an
 * `until`: then the alias's target at the data date is unknown and no row is current. Older rows are history.
 */
export function currentPointers(rows: readonly VersionPointer[]): { current: VersionPointer[]; earlier: Map<string, VersionPointer[]> } {
  const byAlias = new Map<string, VersionPointer[]>();
  for (const p of rows) {
    const k = p.alias.toLowerCase();
    byAlias.set(k, [...(byAlias.get(k) ?? []), p]);
  }
  const current: VersionPointer[] = [];
  const earlier = new Map<string, VersionPointer[]>();
  for (const [alias, list] of byAlias) {
    // Newest evidence first; an undated row (a snapshot merged into its alias) sorts last and stays current when alone.
    const sorted = [...list].sort((a, b) => (evidenceDate(b) ?? '').localeCompare(evidenceDate(a) ?? ''));
    const [head, ...rest] = sorted;
    if (head.until) earlier.set(alias, sorted);
    else {
      current.push(head);
      if (rest.length) earlier.set(alias, rest);
    }
  }
  return { current, earlier };
}
