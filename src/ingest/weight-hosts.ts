// Providers that run the models they sell on their own servers, on their own schedules: a closed model's shutdown at
// its developer does not end their offers.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

const FILE = 'data/curated/weight-hosting-providers.csv';
export const WEIGHT_HOSTS_SOURCE_ID = 'weight-hosting-providers';

export const WEIGHT_HOSTS_SOURCE: Source = {
  id: WEIGHT_HOSTS_SOURCE_ID,
  name: 'Reviewed table: providers that host the models they sell themselves (a licensed deployment, not a relay of the developer\'s API)',
  url: tableUrl(FILE),
  licence: 'facts; each row cites the page it was read on, and the day',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'whether a provider runs a closed model on its own infrastructure (Azure OpenAI, Amazon Bedrock, Vertex AI), so its '
    + 'offers follow its own lifecycle notices rather than the developer\'s shutdown',
  counts_for_data_as_of: false,
};

const Row = z.object({
  provider_id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a provider id of the offers'),
  url: z.url({ error: 'the page the row was read on' }),
  read_on: IsoDate,
  note: z.string().min(20, 'what the page says'),
}).strict();

export type WeightHost = z.infer<typeof Row>;

export function loadWeightHosts(file: string): { rows: WeightHost[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: WEIGHT_HOSTS_SOURCE_ID, file: FILE },
    (r) => String(r.line));
  return { rows: valid.map((v) => v.value), issues };
}
