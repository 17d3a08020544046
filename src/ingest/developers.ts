// Developer name resolution: the reviewed developers table and the lookup from any source's spelling to an id.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { Slug, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

const FILE = 'data/curated/developers.csv';
const SOURCE_ID = 'developer-table';
/** The day the developers table was last reviewed. */
export const DEVELOPER_TABLE_REVIEWED = '2026-11-27';

export const DEVELOPER_TABLE_SOURCE: Source = {
  id: SOURCE_ID,
  name: 'Reviewed table: model developers, their headquarters country and the names sources use for them',
  url: tableUrl(FILE),
  licence: 'facts; each country cites its evidence page',
  kind: 'curated',
  retrieved: DEVELOPER_TABLE_REVIEWED,
  covers: 'developer ids (models.dev vendor folders where one exists), headquarters country (ISO 3166 alpha-2), aliases',
  counts_for_data_as_of: false,
};

export type DeveloperRow = { id: string; name: string; country?: string; aliases: string[]; evidence_url?: string };

export type DeveloperTable = {
  rows: DeveloperRow[];
  /** Normalised name -> developer id. */
  keys: Map<string, string>;
  issues: IngestIssue[];
};

/** Case and punctuation do not distinguish developers: `AI21_Labs`, `AI21 Labs` and `ai21labs` are one key. */
export function normalizeName(name: string): string {
  return name.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '');
}

const Row = z
  .object({
    id: Slug,
    name: z.string().min(1),
    country: z.union([z.literal(''), z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 code, upper case')]),
    aliases: z.string(),
    evidence_url: z.union([z.literal(''), z.url()]),
  })
  .refine((r) => r.country === '' || r.evidence_url !== '', { path: ['evidence_url'], message: 'a country needs its evidence URL' });

/** Build the lookup; an alias claimed by two developers is an issue and keeps its first owner. */
export function buildDeveloperTable(rows: DeveloperRow[], issues: IngestIssue[] = []): DeveloperTable {
  const keys = new Map<string, string>();
  const kept: DeveloperRow[] = [];
  for (const row of rows) {
    if (kept.some((k) => k.id === row.id)) {
      issues.push({ source: SOURCE_ID, file: FILE, row: row.id, field: 'id', message: `duplicate id ${row.id}; the first row is kept` });
      continue;
    }
    kept.push(row);
    for (const name of [row.id, row.name, ...row.aliases]) {
      const key = normalizeName(name);
      if (key === '') continue;
      const owner = keys.get(key);
      if (owner === undefined) keys.set(key, row.id);
      else if (owner !== row.id) {
        issues.push({ source: SOURCE_ID, file: FILE, row: row.id, field: 'aliases', message: `${JSON.stringify(name)} already names ${owner}` });
      }
    }
  }
  return { rows: kept, keys, issues };
}

export async function loadDeveloperTable(file: string): Promise<DeveloperTable> {
  const parsed = parseCsv(await readFile(file, 'utf8'));
  const { valid, issues } = validateRows(Row, parsed, { source: SOURCE_ID, file: FILE }, (r) => r.record.id || `line ${r.line}`);
  const rows = valid.map(({ value: v }): DeveloperRow => ({
    id: v.id,
    name: v.name,
    ...(v.country ? { country: v.country } : {}),
    aliases: v.aliases.split(';').map((a) => a.trim()).filter((a) => a !== ''),
    ...(v.evidence_url ? { evidence_url: v.evidence_url } : {}),
  }));
  return buildDeveloperTable(rows, issues);
}

/** The developer id a source's name for it resolves to, or undefined when the table does not know the name. */
export function resolveDeveloper(table: DeveloperTable, name: string): string | undefined {
  const key = normalizeName(name);
  return key === '' ? undefined : table.keys.get(key);
}
