// The bytes of a bulk export, as a sequence of text chunks: NDJSON lines, CSV rows (csv-stringify), or the dataset.
import { stringify } from 'csv-stringify/sync';
import { attributionText, projectBody, type ProjectedSource } from '../../access/projection.ts';
import type { Dataset } from '../../dataset/dataset.ts';

export const EXPORT_TABLES = ['models', 'offers', 'ratings', 'hardware', 'changes'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];
export type ExportFormat = 'ndjson' | 'csv' | 'json';

/** Rows per chunk handed to the compressor: big enough to compress well, small enough to yield between. */
const ROWS_PER_CHUNK = 500;

/** Change events carry `as_of` (= date) as get_model_changes shows them, so the projection treats them as facts. */
function rowsOf(ds: Dataset, table: ExportTable): readonly object[] {
  if (table === 'changes') return ds.changes.map(({ id, date, ...rest }) => ({ id, date, as_of: date, ...rest }));
  return ds[table];
}

type Projected = { rows: readonly object[]; sources?: ProjectedSource[]; attribution?: string };

/** The tier's projection of a whole table (DESIGN.md section 9): partial rows lose per-fact provenance. */
export function projectTable(ds: Dataset, table: ExportTable, full: boolean, baseUrl: string): Projected {
  const rows = rowsOf(ds, table);
  if (full) return { rows };
  type Partial = { rows: object[]; sources: ProjectedSource[]; attribution: string };
  const p = projectBody({ rows }, { full: false, sources: ds.sourceById, baseUrl }) as Partial;
  return { rows: p.rows, sources: p.sources, attribution: p.attribution };
}

/** First NDJSON line: what the following lines are, how fresh, and (partial tiers) their sources and attribution. */
export function headerRecord(ds: Dataset, table: ExportTable, full: boolean, p: Projected, baseUrl: string): Record<string, unknown> {
  const h: Record<string, unknown> = {
    record: 'header', table, data_as_of: ds.meta.data_as_of, rows: p.rows.length, tier: full ? 'full' : 'partial',
    sources_url: `${baseUrl}/api/v1/sources`,
  };
  if (!full) Object.assign(h, { sources: p.sources, attribution: p.attribution, attribution_required: true });
  return h;
}

export function* ndjsonChunks(ds: Dataset, table: ExportTable, full: boolean, baseUrl: string): Generator<string> {
  const p = projectTable(ds, table, full, baseUrl);
  yield `${JSON.stringify(headerRecord(ds, table, full, p, baseUrl))}\n`;
  for (let i = 0; i < p.rows.length; i += ROWS_PER_CHUNK) {
    let s = '';
    for (const row of p.rows.slice(i, i + ROWS_PER_CHUNK)) s += `${JSON.stringify(row)}\n`;
    yield s;
  }
}

const isFact = (o: Record<string, unknown>): boolean => typeof o.as_of === 'string' && 'value' in o;

/**
 * One CSV row: nested objects become dotted column names; a fact `f` becomes `f`, `f_as_of` and (where the tier
 * shows it) `f_source`; a value that is an array or object is written as JSON in its cell; absent is empty.
 */
type Cell = string | number | boolean;

export function flatten(row: object, prefix = '', out: Record<string, Cell> = {}): Record<string, Cell> {
  for (const [k, v] of Object.entries(row)) {
    const name = prefix + k;
    if (v === null || v === undefined) continue;
    if (Array.isArray(v)) out[name] = JSON.stringify(v);
    else if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (isFact(o)) {
        const value = o.value;
        if (value !== null && value !== undefined) out[name] = typeof value === 'object' ? JSON.stringify(value) : (value as Cell);
        out[`${name}_as_of`] = o.as_of as string;
        if (typeof o.source === 'string') out[`${name}_source`] = o.source;
      } else flatten(o, `${name}.`, out);
    } else out[name] = v as string | number | boolean;
  }
  return out;
}

/** Identifying columns first (when present), then every other column in the order it first appears. */
const LEADING = ['id', 'model_id', 'provider', 'leaderboard', 'category', 'variant', 'date', 'kind', 'field', 'name', 'vendor'];

export function csvColumns(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) seen.add(k);
  // A fact's value, date and source stay side by side.
  const out: string[] = [];
  const add = (c: string) => {
    if (!seen.has(c)) return;
    seen.delete(c);
    out.push(c);
    add(`${c}_as_of`);
    add(`${c}_source`);
  };
  for (const c of LEADING) add(c);
  for (const c of [...seen]) add(c);
  return out;
}

export function* csvChunks(ds: Dataset, table: ExportTable, full: boolean, baseUrl: string): Generator<string> {
  const flat = projectTable(ds, table, full, baseUrl).rows.map((r) => flatten(r));
  const columns = csvColumns(flat);
  for (let i = 0; i < flat.length || i === 0; i += ROWS_PER_CHUNK) {
    // Booleans as true/false (csv-stringify's default writes 1 and empty).
    yield stringify(flat.slice(i, i + ROWS_PER_CHUNK), { header: i === 0, columns, cast: { boolean: (b) => String(b) } });
  }
}

function projectRows(ds: Dataset, rows: readonly object[], full: boolean, baseUrl: string): readonly object[] {
  return full ? rows : (projectBody({ rows }, { full: false, sources: ds.sourceById, baseUrl }) as { rows: object[] }).rows;
}

/** dataset.json: every table in one document, each projected for the tier, written a table (or a slice) at a time. */
export function* datasetChunks(ds: Dataset, full: boolean, baseUrl: string): Generator<string> {
  const tier = full ? 'full' : 'partial';
  const head: Record<string, unknown> = { data_as_of: ds.meta.data_as_of, meta: ds.meta, tier, sources: ds.sources };
  if (!full) Object.assign(head, { attribution: attributionText(baseUrl), attribution_required: true });
  const json = JSON.stringify(head);
  yield json.slice(0, -1);
  const tables = ['developers', 'providers', ...EXPORT_TABLES] as const;
  for (const t of tables) {
    const rows = t === 'developers' || t === 'providers' ? projectRows(ds, ds[t], full, baseUrl) : projectTable(ds, t, full, baseUrl).rows;
    yield `,${JSON.stringify(t)}:[`;
    for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
      yield (i ? ',' : '') + rows.slice(i, i + ROWS_PER_CHUNK).map((r) => JSON.stringify(r)).join(',');
    }
    yield ']';
  }
  yield '}';
}
