// The reviewed licence table (data/curated/licences.csv): maps the licence text a source writes to one Licence.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { Licence } from '../schema/index.ts';

const COLUMNS = ['match', 'id', 'name', 'osi_approved', 'commercial_use', 'evidence_url', 'note', 'conditions'] as const;

/** `true` / `false`, or blank where the table does not establish it (never guessed). */
const TriState = z.enum(['true', 'false', ''], { error: 'true, false or blank' }).transform((s) => (s === '' ? null : s === 'true'));

/** One reviewed row: the text it matches, the licence it means, and the evidence for it. */
export const LicenceTableRow = z
  .object({
    match: z
      .string()
      .min(1, 'the matched text is required')
      .refine((s) => s === normaliseText(s), 'must be lowercase, trimmed, single-spaced'),
    id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'a lowercase SPDX id or slug'),
    name: z.string().trim().min(1, 'a name is required'),
    osi_approved: TriState,
    commercial_use: TriState,
    evidence_url: z.string().url('a URL').refine((u) => u.startsWith('https://'), 'an https URL'),
    /** The table's word on the licence and on its own review (what a label covers, what was not established). */
    note: z.string().optional().transform((s) => (s ? s : undefined)),
    /**
     * What the licence text itself requires of a user beyond the yes/no of commercial_use (a user-count threshold, a
     * use policy to pass on, an attribution or naming duty), blank where the text states none or was not reviewed.
     * Kept apart from `note`, which also describes the table (which leaderboard writes a label), not the licence.
     */
    conditions: z.string().optional().transform((s) => (s ? s : undefined)),
  })
  .strict();
export type LicenceRow = z.infer<typeof LicenceTableRow>;

/** Where a clause the conditions cite is stored (licence-clauses.csv): the clause, its origin at a commit, the day read. */
export type ClauseSource = { clause: string; url: string; read_on: string };

export type LicenceTable = {
  rows: LicenceRow[];
  byMatch: Map<string, LicenceRow>;
  /** By licence id, the stored clauses (licence-clauses.csv beside licences.csv); empty where that file is absent. */
  clausesById?: Map<string, ClauseSource[]>;
};

/** How texts are compared: case-insensitive, trimmed, inner whitespace collapsed. */
function normaliseText(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Load and check the table. A malformed row, a duplicate match, or one id described two ways stops the build with
 * the file, line and field: a reviewed table is either right or fixed, never half-read.
 */
export function loadLicenceTable(file: string): LicenceTable {
  const records = parse(readFileSync(file), { columns: true, skip_empty_lines: true, bom: true }) as Array<Record<string, string>>;
  const header = records.length > 0 ? Object.keys(records[0]) : [];
  if (records.length > 0 && header.join(',') !== COLUMNS.join(',')) {
    throw new Error(`${file}: columns must be ${COLUMNS.join(',')}; found ${header.join(',')}`);
  }
  const rows: LicenceRow[] = [];
  const byMatch = new Map<string, LicenceRow>();
  const byId = new Map<string, { line: number; licence: string }>();
  records.forEach((record, index) => {
    const line = index + 2;
    const parsed = LicenceTableRow.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${file} line ${line}, field "${issue?.path.join('.')}": ${issue?.message}`);
    }
    const row = parsed.data;
    if (byMatch.has(row.match)) throw new Error(`${file} line ${line}: "${row.match}" is matched twice`);
    // Several texts may name one licence; they must then say the same thing about it, conditions included.
    const licence = JSON.stringify([row.name, row.osi_approved, row.commercial_use, row.note ?? null, row.conditions ?? null]);
    const known = byId.get(row.id);
    if (known !== undefined && known.licence !== licence) {
      throw new Error(`${file} line ${line}: id "${row.id}" differs from line ${known.line} in name, osi_approved, commercial_use, note or conditions`);
    }
    if (known === undefined) byId.set(row.id, { line, licence });
    rows.push(row);
    byMatch.set(row.match, row);
  });
  return { rows, byMatch, clausesById: loadClauseSources(path.join(path.dirname(file), 'licence-clauses.csv')) };
}

/** The stored clauses' origins by licence id; their text is checked against the conditions by test/licence-clauses.test.ts. */
function loadClauseSources(file: string): Map<string, ClauseSource[]> {
  const out = new Map<string, ClauseSource[]>();
  if (!existsSync(file)) return out;
  const records = parse(readFileSync(file), { columns: true, skip_empty_lines: true, bom: true }) as Array<Record<string, string>>;
  for (const r of records) {
    const list = out.get(r.licence_id) ?? [];
    list.push({ clause: r.clause, url: r.url, read_on: r.read_on });
    out.set(r.licence_id, list);
  }
  return out;
}

/** The licence a source's text means, or undefined for text the table does not know (the caller reports it). */
export function normaliseLicence(table: LicenceTable, text: string): Licence | undefined {
  const row = table.byMatch.get(normaliseText(text));
  if (row === undefined) return undefined;
  const clauses = table.clausesById?.get(row.id);
  return { id: row.id, name: row.name, osi_approved: row.osi_approved, commercial_use: row.commercial_use,
    ...(row.conditions ? { conditions: row.conditions } : {}), ...(row.note ? { note: row.note } : {}),
    evidence_url: row.evidence_url, ...(clauses?.length ? { clause_sources: clauses } : {}) };
}
