// Reading helpers shared by the LMArena adapters: streamed CSV rows, issues from zod errors, one model per name.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { parse, type Parser } from 'csv-parse';
import type { z } from 'zod';
import type { Source } from '../schema/index.ts';
import type { AdapterResult, IngestIssue, ModelObservation } from './types.ts';

/** One CSV record keyed by header, or the parse error that made csv-parse skip it; rows count from 1 after the header. */
export type CsvRow = { row: number; record: Record<string, string>; error?: undefined } | { row: number; record?: undefined; error: string };

/** A malformed record csv-parse skipped (a stray quote), in stream order with the good ones. */
export type CsvSkip = { error: string };

/**
 * Stream a CSV (gunzipped when it ends in `.gz`) as arrays of cells, the header first. A malformed record is
 * skipped and yields its error in its place, so that one bad line costs one row, not the rest of the file.
 */
export async function* csvArrays(file: string): AsyncGenerator<string[] | CsvSkip> {
  const input = createReadStream(file);
  let lastLine: number | undefined;
  const parser: Parser = parse({
    skip_empty_lines: true,
    relax_column_count: true,
    bom: true,
    skip_records_with_error: true,
    // Called inside the parser's transform, so the marker lands exactly where the record would have. One
    // record can raise several errors (each quote in `say "hi"`): only its first is passed on.
    on_skip: (err) => {
      const line = (err as { lines?: number } | undefined)?.lines;
      if (line === undefined || line !== lastLine) parser.push({ error: err?.message ?? 'malformed CSV record' } satisfies CsvSkip);
      lastLine = line;
      return undefined;
    },
  });
  const gunzip = file.endsWith('.gz') ? createGunzip() : undefined;
  const stream = gunzip ? input.pipe(gunzip).pipe(parser) : input.pipe(parser);
  // pipe() does not forward errors: a read or gunzip failure must end the parser, or the loop would wait forever.
  for (const upstream of [input, gunzip]) upstream?.on('error', (e: Error) => parser.destroy(e));
  try {
    yield* stream as AsyncIterable<string[] | CsvSkip>;
  } catch (e) {
    // A truncated archive or unreadable file: what was read stands, the rest is reported, not thrown.
    yield { error: `the rest of the file could not be read: ${(e as Error).message}` };
  }
}

/**
 * Stream a CSV as header-keyed records, so that hundreds of thousands of rows never sit in memory as text.
 * Records are keyed here rather than by csv-parse's `columns` and numbered by counting rather than with its
 * per-record `info`: together that halves the parse of the 164k-row arena-catalog history. A short row lacks
 * the keys of its missing cells, which the row schemas then report.
 */
export async function* csvRows(file: string): AsyncGenerator<CsvRow> {
  let header: string[] | undefined;
  let row = 0;
  for await (const cells of csvArrays(file)) {
    if (!Array.isArray(cells)) {
      row += 1;
      yield { row, error: cells.error };
      continue;
    }
    if (header === undefined) {
      header = cells.map((h) => h.trim());
      continue;
    }
    row += 1;
    const record: Record<string, string> = {};
    const n = Math.min(header.length, cells.length);
    for (let i = 0; i < n; i++) record[header[i]] = cells[i];
    yield { row, record };
  }
}

/** The issue for a record csv-parse could not read. */
export function csvIssue(source: string, file: string, row: number, error: string): IngestIssue {
  return { source, file, row: `row ${row}`, message: `unreadable CSV record: ${error}` };
}

/** An issue for the first problem zod found in a row, naming the field it sits in. */
/** An adapter's answer when its snapshot is absent: no data, and one issue naming what is missing. */
export function snapshotMissing(source: string, file: string, kind: 'folder' | 'file'): AdapterResult {
  return { sources: [], issues: [{ source, file, row: `(${kind})`, message: `snapshot ${kind} not found` }] };
}

/** A whole JSON file, or undefined with an issue naming it when it is not JSON. */
export function readJsonFile(source: string, file: string, rel: string, issues: IngestIssue[]): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    issues.push({ source, file: rel, row: '(file)', message: `not valid JSON: ${(e as Error).message}` });
    return undefined;
  }
}

export function zodIssue(source: string, file: string, row: string, error: z.ZodError): IngestIssue {
  const first = error.issues[0];
  const field = first && first.path.length > 0 ? first.path.join('.') : undefined;
  return { source, file, row, ...(field ? { field } : {}), message: first?.message ?? 'invalid row' };
}

/** The first YYYY-MM-DD in a snapshot's provenance note (`SOURCE.txt`), the date the snapshot was taken. */
export function snapshotDate(dir: string, names: string[]): string | undefined {
  for (const name of names) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    const m = /\b(\d{4}-\d{2}-\d{2})(?:T|\b)/.exec(readFileSync(file, 'utf8'));
    if (m) return m[1];
  }
  return undefined;
}

/** The sources-table row every LMArena adapter describes itself with (the data is LMArena's). */
export function lmarenaSource(row: Pick<Source, 'id' | 'name' | 'url' | 'licence' | 'retrieved' | 'covers'>): Source {
  return { ...row, kind: 'benchmark', attribution: 'LMArena', counts_for_data_as_of: true };
}

/**
 * One ModelObservation per distinct model name: the newest row wins (ties: the first seen), because a
 * leaderboard's later versions correct its organisation and licence columns.
 */
export class ModelCollector {
  private readonly byName = new Map<string, ModelObservation>();

  add(obs: ModelObservation): void {
    const seen = this.byName.get(obs.source_model_id);
    if (seen === undefined || obs.as_of > seen.as_of) this.byName.set(obs.source_model_id, obs);
  }

  values(): ModelObservation[] {
    return [...this.byName.values()];
  }
}

/** Drop undefined fields so observations compare and serialise cleanly. */
export function compact<T extends object>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}

/** The newest of a list of YYYY-MM-DD dates. */
export function newest(dates: Iterable<string>): string | undefined {
  let max: string | undefined;
  for (const d of dates) if (max === undefined || d > max) max = d;
  return max;
}
