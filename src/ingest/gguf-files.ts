// The reviewed table of published GGUF file sizes: one row per model and quantization, attached to its model as facts.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { fact, GgufFile, IsoDate, type Model, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows, type CsvRow } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';
import { shareSameArchitectureSizes } from './gguf-files-same-architecture.ts';

export const GGUF_FILES_FILE = 'data/curated/gguf-file-sizes.csv';
export const GGUF_FILES_SOURCE_ID = 'gguf-file-sizes';

export const GGUF_FILES_SOURCE: Source = {
  id: GGUF_FILES_SOURCE_ID,
  name: 'Reviewed table: published GGUF file sizes per model and quantization',
  url: tableUrl(GGUF_FILES_FILE),
  licence: 'facts; each row cites the model card or file it was read from, with the day it was read',
  kind: 'curated',
  retrieved: '2026-11-26',
  covers: 'the size of the GGUF files people download (bartowski, TheBloke and the Qwen team on Hugging Face), which the fit uses',
  counts_for_data_as_of: false,
};

/**
 * A row. `size_gb` is the card's figure in GB (1e9 bytes: Hugging Face and llama.cpp's quantizers print decimal GB),
 * or the file's exact byte count divided by 1e9 where the row cites the file itself.
 */
const Row = z.object({
  model_id: z.string().min(1, 'a model id of the dataset'),
  quantization: GgufFile.shape.quantization,
  file: z.string().regex(/\.gguf$/, 'a .gguf file name'),
  size_gb: z.coerce.number().positive().finite(),
  source_url: z.url({ message: 'the model card or file the size was read from' }),
  read_on: IsoDate,
  note: z.string().min(1, 'how the size was read'),
});
export type GgufRow = z.infer<typeof Row>;

/** Load and validate the table; a bad row, or a second row for the same model and quantization, is an issue. */
export async function loadGgufFiles(file: string): Promise<{ rows: GgufRow[]; issues: IngestIssue[] }> {
  const where = { source: GGUF_FILES_SOURCE_ID, file: GGUF_FILES_FILE };
  const parsed = parseCsv(await readFile(file, 'utf8'));
  const name = (r: CsvRow) => `${r.record.model_id ?? ''} ${r.record.quantization ?? ''} (line ${r.line})`;
  const { valid, issues } = validateRows(Row, parsed, where, name);
  const seen = new Set<string>();
  const rows: GgufRow[] = [];
  for (const { value, row } of valid) {
    const key = `${value.model_id}\u0000${value.quantization}`;
    // One size per model and quantization: two publishers' files differ, and the fit must say which one it used.
    if (seen.has(key)) {
      issues.push({ ...where, row, field: 'quantization', message: 'a second row for this model and quantization; the first is kept' });
    } else {
      seen.add(key);
      rows.push(value);
    }
  }
  return { rows, issues };
}

/**
 * Attach each row to its model as a `gguf_files` fact (sorted by quantization for a stable file). A row naming a
 * model the dataset lacks is an issue, not a guess at another model. A model without rows whose parameter counts and
 * architecture row equal a model's with rows then takes that model's sizes, saying whose
 * (gguf-files-same-architecture.ts): the same tensors make the same file.
 */
export function attachGgufFiles(models: Model[], rows: readonly GgufRow[]): IngestIssue[] {
  const byId = new Map(models.map((m) => [m.id, m]));
  const issues: IngestIssue[] = [];
  for (const r of rows) {
    const model = byId.get(r.model_id);
    if (!model) {
      const row = `${r.model_id} ${r.quantization}`;
      issues.push({ source: GGUF_FILES_SOURCE_ID, file: GGUF_FILES_FILE, row, field: 'model_id', message: 'no model with this id' });
      continue;
    }
    const value = { quantization: r.quantization, file: r.file, size_gb: r.size_gb, url: r.source_url };
    (model.gguf_files ??= []).push(fact(value, r.read_on, GGUF_FILES_SOURCE_ID, { note: r.note }));
  }
  for (const m of models) m.gguf_files?.sort((a, b) => (a.value.quantization < b.value.quantization ? -1 : 1));
  shareSameArchitectureSizes(models);
  return issues;
}
