// deprecations-rss adapter: providers' own deprecation notices (deprecations.info) as dated model observations.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { zodIssues } from './curated.ts';
import { wordsEarliest } from './earliest-date.ts';
import type { Adapter, AdapterResult, IngestIssue, ModelObservation, SourceRoots } from './types.ts';

export const DEPRECATIONS_SOURCE_ID = 'deprecations-rss';
const FOLDER = 'deprecations-rss';
const FILE = 'deprecations.json';

/**
 * The upstream's provider names (its providers.json) -> models.dev provider ids (`ls providers/` of the
 * models.dev snapshot). Google Vertex's page is the partner-models page (Claude, Jamba on Vertex): the notice is
 * Vertex's, so it maps to `google-vertex`, not to the developer.
 */
export const NOTICE_PROVIDERS: Readonly<Record<string, string>> = {
  OpenAI: 'openai',
  Anthropic: 'anthropic',
  Google: 'google',
  'Google Vertex': 'google-vertex',
  'AWS Bedrock': 'amazon-bedrock',
  Cohere: 'cohere',
  Groq: 'groq',
  xAI: 'xai',
  Azure: 'azure',
};

/**
 * One notice as deprecations.json writes it. `announcement_date` is the day the scraper first saw the notice (it
 * equals `first_observed` in every row of the snapshot), not the provider's announcement; `shutdown_date` is ""
 * when the notice gives none; `replacement_models` is null when it names none.
 */
const Notice = z.object({
  provider: z.string().refine((p) => Object.hasOwn(NOTICE_PROVIDERS, p), { message: `one of: ${Object.keys(NOTICE_PROVIDERS).join(', ')}` }),
  model_id: z.string().trim().min(1, 'a notice needs a model id'),
  announcement_date: IsoDate,
  deprecation_date: IsoDate,
  shutdown_date: z.union([IsoDate, z.literal('')]),
  replacement_models: z.array(z.string()).nullable(),
  deprecation_context: z.string(),
  url: z.url({ error: 'the notice URL must be a URL' }),
  first_observed: IsoDate,
  last_observed: IsoDate,
});
type Notice = z.infer<typeof Notice>;

/** How the feed opens the context of a row it read from Google's deprecations table (not from its release notes). */
const GOOGLE_TABLE = 'Gemini deprecations table:';

/** A model id has no spaces; "Reusable prompts" or "Agent Builder" name a product feature, not a model. */
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/@-]*$/;

export const deprecationsRss: Adapter = { id: DEPRECATIONS_SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const text = await readFile(path.join(roots.sources, FOLDER, FILE), 'utf8');
  const { models, issues, retrieved } = translateNotices(JSON.parse(text) as unknown);
  return { sources: [sourceRow(retrieved)], models, issues };
}

function sourceRow(retrieved: string): Source {
  return {
    id: DEPRECATIONS_SOURCE_ID,
    name: 'AI Deprecations RSS (deprecations.info)',
    url: 'https://github.com/deprecations/deprecations-rss',
    licence: 'MIT',
    kind: 'index',
    retrieved,
    attribution: 'AI Deprecations RSS (https://deprecations.info), MIT licence',
    covers:
      'Deprecation and retirement notices scraped daily from the providers\' own pages (OpenAI, Anthropic, Google, ' +
      'Google Vertex, AWS Bedrock, Cohere, Groq, xAI, Azure): deprecation and shutdown dates and replacement models',
    counts_for_data_as_of: true,
  };
}

/**
 * Validate every notice and translate the valid ones. Exported for the tests, which feed it rows. `retrieved` is
 * the newest `last_observed`: the last day the scraper read the providers' pages.
 */
export function translateNotices(raw: unknown): { models: ModelObservation[]; issues: IngestIssue[]; retrieved: string } {
  const issues: IngestIssue[] = [];
  const models: ModelObservation[] = [];
  if (!Array.isArray(raw)) {
    issues.push({ source: DEPRECATIONS_SOURCE_ID, file: FILE, row: '(file)', message: 'expected a JSON array of notices' });
    return { models, issues, retrieved: '1970-01-01' };
  }
  let retrieved = '1970-01-01';
  raw.forEach((row, i) => {
    const name = rowName(row, i);
    const parsed = Notice.safeParse(row);
    if (!parsed.success) {
      issues.push(...zodIssues(DEPRECATIONS_SOURCE_ID, FILE, name, parsed.error));
      return;
    }
    const n = parsed.data;
    if (n.last_observed > retrieved) retrieved = n.last_observed;
    const obs = toObservation(n, { source: DEPRECATIONS_SOURCE_ID, file: FILE, row: name }, issues);
    if (obs) models.push(obs);
  });
  return { models, issues, retrieved };
}

/** `[12] OpenAI gpt-4`: the index in the array and what the row names, so an issue can be found by eye. */
function rowName(row: unknown, i: number): string {
  const r = (row ?? {}) as Record<string, unknown>;
  const what = [r.provider, r.model_id].filter((x) => typeof x === 'string').join(' ');
  return what ? `[${i}] ${what}` : `[${i}]`;
}

function toObservation(n: Notice, where: { source: string; file: string; row: string }, issues: IngestIssue[]): ModelObservation | undefined {
  if (!MODEL_ID.test(n.model_id)) {
    issues.push({ ...where, field: 'model_id', message: `"${n.model_id}" names a product feature, not a model: left out` });
    return undefined;
  }
  if (n.last_observed < n.first_observed) {
    issues.push({ ...where, field: 'last_observed', message: `last observed ${n.last_observed} before first observed ${n.first_observed}: left out` });
    return undefined;
  }
  const shutdown = n.shutdown_date === '' ? undefined : n.shutdown_date;
  let deprecation: string | undefined = n.deprecation_date;
  // A model cannot be deprecated after it was shut down: upstream filled such dates with the day it first saw the
  // notice (Groq's older notices). The impossible date is reported and left out; the shutdown date stands.
  if (shutdown !== undefined && deprecation > shutdown) {
    issues.push({ ...where, field: 'deprecation_date', message: `deprecation date ${deprecation} after shutdown date ${shutdown}: left out` });
    deprecation = undefined;
  }
  // Google's deprecations page (ai.google.dev/gemini-api/docs/deprecations) has no deprecation column: its table reads
  // 'Model | Release date | Shutdown date | Recommended replacement', and the feed fills the deprecation date with the
  // shutdown day (gemini-2.5-flash: both 2026-10-16). A deprecation date is the announcement, not the end of service:
  // such a copy is left out, and the shutdown day alone dates the row (its status is unchanged: it was that day).
  if (shutdown !== undefined && deprecation === shutdown && n.provider === 'Google' && n.deprecation_context.startsWith(GOOGLE_TABLE)) {
    deprecation = undefined;
  }
  // A retirement scheduled after the last day the page was read (Azure's lifecycle table lists every model with
  // its future retirement date) is not a deprecation yet: the dates are served, the status is not.
  const effective = deprecation ?? shutdown;
  const deprecated = effective !== undefined && effective <= n.last_observed;
  const replacement = n.replacement_models?.map((m) => m.trim()).find((m) => MODEL_ID.test(m));
  const obs: ModelObservation = {
    source: DEPRECATIONS_SOURCE_ID,
    source_model_id: n.model_id,
    provider: NOTICE_PROVIDERS[n.provider],
    // The last day the provider's page was read to say this: the newest day the notice is known to stand.
    as_of: n.last_observed,
    first_observed: n.first_observed,
    url: n.url,
  };
  if (deprecated) obs.status = 'deprecated';
  if (deprecation !== undefined) obs.deprecation_date = deprecation;
  // A notice that words its day as the earliest ("no earlier than October 16, 2026") gives a bound, not a shutdown.
  if (shutdown !== undefined && wordsEarliest(n.deprecation_context, shutdown)) obs.shutdown_not_before = shutdown;
  else if (shutdown !== undefined) obs.shutdown_date = shutdown;
  if (replacement !== undefined) obs.replacement = replacement;
  return obs;
}
