// Reviewed table of model licences read on the developer's own page, for open models no listing gives a licence.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { firstRowPerKey, parseCsv, tableUrl, validateRows } from './curated.ts';
import type { Adapter, AdapterResult, IngestIssue, ModelObservation, SourceRoots } from './types.ts';

export const DEVELOPER_LICENCES_SOURCE_ID = 'developer-licences';
const FILE = 'developer-licences.csv';

/**
 * A model's licence comes from the leaderboards' labels and the catalogues; an open model no source labels has none
 * (Mistral 7B: its one label, LMArena's "Apache 2.0", names the arena's mistral-7b-instruct, which is v0.1 Instruct).
 * A row here is the developer's own page: the model's canonical id, the licence as the page names it (normalised
 * through data/curated/licences.csv), the page, the day read and the words quoted. It speaks first on the licence
 * (src/ingest/placed.ts); a leaderboard label that disagrees stays visible in the fact's conflicts.
 */
const Row = z.object({
  model_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a canonical model id'),
  licence: z.string().trim().min(1, 'the licence as the page names it'),
  url: z.url({ error: "the developer's page that names the licence" }).refine((u) => u.startsWith('https://'), 'an https URL'),
  read_on: IsoDate,
  quote: z.string().trim().min(1, 'the words of the page that name the licence'),
  note: z.string().optional(),
});

export const developerLicences: Adapter = { id: DEVELOPER_LICENCES_SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const { models, issues } = translateDeveloperLicences(await readFile(path.join(roots.curated, FILE), 'utf8'));
  return { sources: [SOURCE], models, issues };
}

const SOURCE: Source = {
  id: DEVELOPER_LICENCES_SOURCE_ID,
  name: "Reviewed table: model licences from the developer's own page",
  url: tableUrl(`data/curated/${FILE}`),
  licence: 'facts; each row cites the page it was read on, the day, and the words quoted',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: "the licence of open-weights models that no leaderboard or catalogue labels, read on the developer's model card, repository or announcement",
  counts_for_data_as_of: false,
};

/** Rows to observations of the model's licence. Exported for the tests, which feed it CSV text. */
export function translateDeveloperLicences(text: string): { models: ModelObservation[]; issues: IngestIssue[] } {
  const where = { source: DEVELOPER_LICENCES_SOURCE_ID, file: `data/curated/${FILE}` };
  const { valid, issues } = validateRows(Row, parseCsv(text), where, (r) => `${r.record.model_id ?? ''} (line ${r.line})`);
  const models: ModelObservation[] = [];
  // Two rows for one model would leave the newest to win silently: a second row is an issue and is not applied.
  for (const { value: v } of firstRowPerKey(valid, (x) => x.model_id, where, issues)) {
    models.push({
      source: DEVELOPER_LICENCES_SOURCE_ID,
      source_model_id: v.model_id,
      canonical_hint: v.model_id,
      as_of: v.read_on,
      url: v.url,
      licence_text: v.licence,
      licence_page: { url: v.url, quote: v.quote, read_on: v.read_on },
    });
  }
  return { models, issues };
}
