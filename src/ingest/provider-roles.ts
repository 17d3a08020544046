// Whether a provider runs the open weights it sells on its own servers (a host) or forwards each request to other
// providers that do (a router), each from the provider's own page, quoted. A buyer of an open-weights model at a
// host knows who serves it; at a router the host is the router's choice. A provider no page was read for has no row.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

const FILE = 'data/curated/provider-roles.csv';
export const PROVIDER_ROLES_SOURCE_ID = 'provider-roles';

export const PROVIDER_ROLES_SOURCE: Source = {
  id: PROVIDER_ROLES_SOURCE_ID,
  name: 'Reviewed table: providers that run the weights they sell (hosts) and providers that forward requests to others (routers)',
  url: tableUrl(FILE),
  licence: 'facts; each row quotes the provider\'s own page, with the day it was read',
  kind: 'curated',
  retrieved: '2026-11-29',
  covers: 'whether a provider serves an open-weights model on its own infrastructure (DeepInfra, Together AI, Fireworks AI, '
    + 'Scaleway, Cerebras, Novita, Cloudflare Workers AI, OVHcloud, STACKIT, Baseten, SiliconFlow, nscale) or routes each '
    + 'request to another provider that does (OpenRouter, Vercel AI Gateway, Hugging Face, NanoGPT, ZenMux, Kilo Gateway, Helicone, '
    + 'LLM Gateway, cortecs, OrcaRouter, AIHubMix, Requesty)',
  counts_for_data_as_of: false,
};

const Row = z.object({
  provider_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a provider id of the offers'),
  role: z.enum(['host', 'router']),
  url: z.url({ error: 'the provider\'s page the row was read on' }),
  read_on: IsoDate,
  quote: z.string().min(20, 'the page\'s own words'),
  note: z.string().min(20, 'what else the page says'),
}).strict();

export type ProviderRole = z.infer<typeof Row>;

export function loadProviderRoles(file: string): { rows: ProviderRole[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: PROVIDER_ROLES_SOURCE_ID, file: FILE },
    (r) => String(r.line));
  const seen = new Set<string>();
  const rows: ProviderRole[] = [];
  for (const v of valid) {
    // One role a provider: a second row would leave which one the answers say to the file's order.
    if (seen.has(v.value.provider_id)) {
      issues.push({ source: PROVIDER_ROLES_SOURCE_ID, file: FILE, row: v.row, field: 'provider_id',
        message: `${v.value.provider_id} has a row already: one role a provider` });
      continue;
    }
    seen.add(v.value.provider_id);
    rows.push(v.value);
  }
  return { rows, issues };
}
