// Reviewed rows that give a model the output cap its developer's own API states, where catalogues give the window.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate, type Model, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';
import { DEVELOPER_MAX_OUTPUT_SOURCE_ID, servedUntilWords } from './max-output.ts';

export const DEVELOPER_MAX_OUTPUT_FILE = 'data/curated/developer-max-output.csv';

export const DEVELOPER_MAX_OUTPUT_SOURCE: Source = {
  id: DEVELOPER_MAX_OUTPUT_SOURCE_ID,
  name: 'Reviewed table: the output cap a developer\'s own API states for its model',
  url: tableUrl(DEVELOPER_MAX_OUTPUT_FILE),
  licence: 'facts; each row cites the developer\'s page it was read from, with the day it was read',
  kind: 'curated',
  retrieved: '2026-11-28',
  covers: 'models whose catalogue max_output is the weights\' window rather than the cap their developer\'s API states',
  counts_for_data_as_of: false,
};

const Row = z.object({
  model_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a canonical model id'),
  max_output: z.coerce.number().int().positive('the cap in tokens, as the page states it'),
  api_name: z.string().min(1, "the developer's API name the cap is stated for"),
  url: z.url({ error: 'the developer\'s page that states the cap' }),
  read_on: IsoDate,
  /** The last day the developer's API served the model under that name (blank: it still does). */
  served_until: z.union([z.literal(''), IsoDate]).optional().transform((v) => (v ? v : undefined)),
  reason: z.string().min(1, 'what the page says and which figure it replaces'),
}).strict();
export type DeveloperMaxOutput = z.infer<typeof Row>;

export function loadDeveloperMaxOutput(file: string): { rows: DeveloperMaxOutput[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: DEVELOPER_MAX_OUTPUT_SOURCE_ID,
    file: DEVELOPER_MAX_OUTPUT_FILE }, (r) => `${r.record.model_id ?? ''} (line ${r.line})`);
  return { rows: valid.map((v) => v.value), issues };
}

/**
 * docs/data.md, "Max output: the developer's API cap, not the weights' window". A catalogue may give a model's
 * max_output as its window (LiteLLM's deepseek/deepseek-v3.2: 163,840, config.json's max_position_embeddings) where
 * the developer's API caps output far lower (DeepSeek: 8K non-thinking, 64K thinking). A row gives the model the
 * developer's cap, dated by the day the page was read, or, where the API no longer serves the model (`served_until`),
 * by the last day it did, the cap being a fact of that period; the catalogue's figure stays in `conflicts`. A cap above the
 * model's window is impossible (max-output.ts) and a row naming no model is stale: both are reported, not applied.
 */
export function applyDeveloperMaxOutput(models: Model[], rows: readonly DeveloperMaxOutput[]): IngestIssue[] {
  const issues: IngestIssue[] = [];
  const byId = new Map(models.map((m) => [m.id, m]));
  const issue = (r: DeveloperMaxOutput, message: string) => issues.push({ source: DEVELOPER_MAX_OUTPUT_SOURCE_ID,
    file: DEVELOPER_MAX_OUTPUT_FILE, row: r.model_id, field: 'max_output', message });
  for (const r of rows) {
    const m = byId.get(r.model_id);
    if (!m) { issue(r, 'no model of this id: the row holds nothing (the model went or was renamed)'); continue; }
    const window = m.context_window?.value;
    if (window !== undefined && r.max_output > window) { issue(r, `cap ${r.max_output} exceeds the model's window ${window}: not used`); continue; }
    const before = m.max_output;
    const conflicts = [...(before && before.value !== r.max_output ? [{ value: before.value, as_of: before.as_of, source: before.source }] : []),
      ...(before?.conflicts ?? []).filter((c) => c.value !== r.max_output)];
    // A cap of an API that no longer serves the model is a fact of that period, dated by its last day; the reading's
    // day stays in the note. The note's head is what servedUntil (max-output.ts) reads.
    const head = r.served_until ? `${servedUntilWords(r.served_until)} (read ${r.read_on}); ` : '';
    m.max_output = { value: r.max_output, as_of: r.served_until ?? r.read_on, source: DEVELOPER_MAX_OUTPUT_SOURCE_ID,
      ...(conflicts.length ? { conflicts } : {}), note: `${head}${r.api_name}, ${r.url}: ${r.reason}` };
  }
  return issues;
}
