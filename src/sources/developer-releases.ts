// Reviewed table of release dates read on the developer's own announcement, where the listings' dates are wrong.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { FactBound, IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from './curated.ts';
import type { Adapter, AdapterResult, IngestIssue, ModelObservation, SourceRoots } from './types.ts';

export const DEVELOPER_RELEASES_SOURCE_ID = 'developer-releases';
const FILE = 'developer-releases.csv';

/**
 * Catalogues fill a release date they do not know with a placeholder (alibaba-cn: every DeepSeek-R1 distill on
 * 2025-01-01) or copy another model's (models.dev: Magistral on 2025-03-17, three months before Mistral announced
 * it, with a knowledge cutoff of 2025-06). A row here is the developer's announcement of the release: the model's
 * canonical id, the day, the page, and the knowledge cutoff where the page states one (a row may give the cutoff
 * alone: Anthropic's models overview states each model's cutoffs, not every release day). It speaks first among the release
 * dates (src/ingest/release-date.ts) and the cutoffs; the listings that disagree stay visible in the fact's conflicts.
 * A row whose evidence dates the release only from one side (a commit's day, not a dated announcement) says which in
 * `bound`, carried into the served fact's `bound` (docs/data.md, "Bounded release dates").
 */
const Row = z.object({
  model_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a canonical model id'),
  // Empty only on a row that gives the cutoff alone: a page of the developer that states the cutoff but not the day.
  release_date: z.union([z.literal(''), IsoDate]),
  url: z.url({ error: "the developer's page that announces the release" }),
  read_on: IsoDate,
  note: z.string().min(1, 'what the page says'),
  // The knowledge cutoff the developer's page states, where it does (OpenAI's gpt-oss page: 'Jun 01, 2024', kept to the day as written).
  knowledge_cutoff: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'YYYY-MM or YYYY-MM-DD')]).optional()
    .transform((s) => (s ? s : undefined)),
  // Empty: the day is the release (a dated announcement, a dated record). `on_or_after`: the evidence shows the release
  // was not before the day (Hy3: a README saying 'Today, we are launching Hy3' first committed that day, in a
  // repository that may have been private then); `on_or_before`: the model was public by the day, maybe earlier.
  bound: z.union([z.literal(''), FactBound]).optional().transform((s) => (s ? s : undefined)),
}).refine((r) => r.release_date !== '' || r.knowledge_cutoff !== undefined, {
  path: ['release_date'], message: 'a release date, or a knowledge cutoff on a row that gives no date',
}).refine((r) => r.release_date !== '' || r.bound === undefined, {
  path: ['bound'], message: 'a bound of the release needs a release date',
});

export const developerReleases: Adapter = { id: DEVELOPER_RELEASES_SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const { models, issues } = translateDeveloperReleases(await readFile(path.join(roots.curated, FILE), 'utf8'));
  return { sources: [SOURCE], models, issues };
}

const SOURCE: Source = {
  id: DEVELOPER_RELEASES_SOURCE_ID,
  name: "Reviewed table: release dates from the developer's announcement",
  url: tableUrl(`data/curated/${FILE}`),
  licence: 'facts; each row cites the page it was read on, and the day',
  kind: 'curated',
  retrieved: '2026-11-30',
  covers: 'the day a developer released a model, where the catalogues give a placeholder or another model\'s date',
  counts_for_data_as_of: false,
};

/** Rows to observations of the model's release. Exported for the tests, which feed it CSV text. */
export function translateDeveloperReleases(text: string): { models: ModelObservation[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(text), { source: DEVELOPER_RELEASES_SOURCE_ID, file: `data/curated/${FILE}` },
    (r) => `${r.record.model_id ?? ''} (line ${r.line})`);
  const models = valid.map(({ value: v }): ModelObservation => ({
    source: DEVELOPER_RELEASES_SOURCE_ID,
    source_model_id: v.model_id,
    canonical_hint: v.model_id,
    as_of: v.read_on,
    url: v.url,
    ...(v.release_date ? { release_date: v.release_date } : {}),
    ...(v.release_date && v.bound ? { release_bound: v.bound } : {}),
    ...(v.knowledge_cutoff ? { knowledge_cutoff: v.knowledge_cutoff } : {}),
  }));
  return { models, issues };
}
