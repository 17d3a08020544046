// Listings that are not language models: the reviewed table the ingest reads so that they create no model.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate } from '../schema/index.ts';
import { firstRowPerKey, parseCsv, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

const FILE = 'data/curated/not-language-models.csv';
const SOURCE_ID = 'not-language-models';

/** Why an observation of such a model stays unmatched (the coverage report's `why`). */
export const NOT_A_LANGUAGE_MODEL_WHY = `not a language model (${FILE})`;

/**
 * The catalogue is of language models (DESIGN.md: "a read-only data service about AI language models"). NVIDIA's NIM
 * catalogue, which models.dev lists as a first-party provider, also serves driving perception, protein folding,
 * speech enhancement, video forensics and entity taggers, and models.dev files most of them as text in, text out with
 * the same placeholder limits (128,000 tokens in, 8,192 out): neither their modalities nor their names tell them
 * apart, so each is a reviewed row with the page that says what the model does. Generators prompted in language
 * (image, speech, video) and embedding or reranking models are not rows: docs/data.md, "What the catalogue holds".
 */
const Row = z.object({
  model_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'the canonical id the listing would create'),
  task: z.string().trim().min(10, 'what the model does instead of language'),
  url: z.url({ error: 'the page that says what the model does' }).refine((u) => u.startsWith('https://'), 'an https URL'),
  read_on: IsoDate,
  quote: z.string().trim().min(10, 'the words of the page'),
  note: z.string().optional(),
}).strict();

export type NotLanguageModel = z.infer<typeof Row>;

/** Rows from CSV text; a second row for an id is an issue and is not applied. Exported for the tests. */
export function parseNotLanguageModels(text: string): { rows: NotLanguageModel[]; issues: IngestIssue[] } {
  const where = { source: SOURCE_ID, file: FILE };
  const { valid, issues } = validateRows(Row, parseCsv(text), where, (r) => `${r.record.model_id ?? ''} (line ${r.line})`);
  const rows = firstRowPerKey(valid, (v) => v.model_id, where, issues).map((r) => r.value);
  return { rows, issues };
}

export function loadNotLanguageModels(file: string): { rows: NotLanguageModel[]; issues: IngestIssue[] } {
  return parseNotLanguageModels(readFileSync(file, 'utf8'));
}
