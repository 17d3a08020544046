// Developers who publish no weights of their API models: their models' unknown `open_weights` read as closed.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate, type Model, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

const FILE = 'data/curated/closed-developers.csv';
export const CLOSED_DEVELOPERS_SOURCE_ID = 'closed-developers';

export const CLOSED_DEVELOPERS_SOURCE: Source = {
  id: CLOSED_DEVELOPERS_SOURCE_ID,
  name: 'Reviewed table: developers that publish no weights of their API models, and the families they did publish',
  url: tableUrl(FILE),
  licence: 'facts; each row cites the page it was read on, and the day',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'whether a developer releases the weights of the models it serves on its API (Anthropic, OpenAI, Google, xAI), '
    + 'and the model families whose weights it did publish',
  counts_for_data_as_of: false,
};

const Row = z.object({
  developer: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a developer id of data/curated/developers.csv'),
  /** A pattern over canonical model ids: the families whose weights the developer did publish ('' for none). */
  published: z.string().refine((p) => { try { new RegExp(p); return true; } catch { return false; } }, 'a regular expression'),
  url: z.url({ error: 'the page the row was read on' }),
  read_on: IsoDate,
  note: z.string().min(20, 'what the page says'),
}).strict();

export type ClosedDeveloper = { developer: string; published?: RegExp; url: string; read_on: string; note: string };

export function loadClosedDevelopers(file: string): { rows: ClosedDeveloper[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: CLOSED_DEVELOPERS_SOURCE_ID, file: FILE },
    (r) => String(r.line));
  const rows = valid.map(({ value: { published, ...rest } }): ClosedDeveloper => ({
    ...rest, ...(published ? { published: new RegExp(published) } : {}),
  }));
  return { rows, issues };
}

/**
 * Sets `open_weights` false, citing the row, on each model of a listed developer whose weights no source tells: no
 * `open_weights`, no weights link, and not of a family the developer did publish (Gemma, gpt-oss, Grok-1). Such a
 * model is served on its developer's API only, so a reseller's listing forwards to that API and ends with it
 * (past-shutdowns.ts): OpenRouter's gpt-4.5-preview after OpenAI's 2025-07-14 shutdown. A source's own word, true or
 * false, is never overridden. Returns the ids set.
 */
export function closeUnknownWeights(models: Model[], rows: readonly ClosedDeveloper[]): string[] {
  const byDeveloper = new Map(rows.map((r) => [r.developer, r]));
  const set: string[] = [];
  for (const m of models) {
    const row = byDeveloper.get(m.vendor);
    if (!row || m.open_weights !== undefined || m.weights_url !== undefined || row.published?.test(m.id)) continue;
    m.open_weights = {
      value: false, as_of: row.read_on, source: CLOSED_DEVELOPERS_SOURCE_ID,
      note: `no source gives this model's weights, and ${m.vendor} publishes none of its API models' (${row.url})`,
    };
    set.push(m.id);
  }
  return set;
}
