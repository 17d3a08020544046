// Reviewed table of model retirements that a developer announced on no page a deprecation feed scrapes, or for ids it does not name.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from './curated.ts';
import type { Adapter, AdapterResult, IngestIssue, ModelObservation, SourceRoots } from './types.ts';

export const DEVELOPER_NOTICES_SOURCE_ID = 'developer-notices';
const FILE = 'developer-notices.csv';

/**
 * deprecations.info scrapes nine providers' pages; DeepSeek is not one of them, and DeepSeek retires a model by
 * pointing its API names (`deepseek-chat`, `deepseek-reasoner`) at the next one, so no catalogue marks the old
 * listing: LiteLLM still priced `deepseek/deepseek-v3` at V3's $0.27/$1.10 in 2026-07, eleven months after V3.1
 * took its place. Mistral's retirements are on its model pages (docs.mistral.ai/models/<slug>, built from its public
 * platform-docs-public repository), which no feed scrapes either. Google's notices name a model by its API id or family
 * (`gemini-1.5-pro` among 'the following Gemini 1.5 models', the whole PaLM API), not the versioned or arena ids a
 * catalogue lists (`gemini-1.5-pro-001`, 'Gemini Pro (Dev API)'): a row gives such an id the date, saying when it is
 * the family's. Each row names the model a developer stopped serving (its canonical id), the days, the replacement
 * and the page read. A notice covers every base listing of that model at the provider (the retired model is gone
 * whatever name a catalogue lists it under), unless the row names one `listing`: a host that retires some builds of a
 * model and keeps others (Cloudflare retired `@cf/meta/llama-3.1-8b-instruct` and its `-awq` build on 2026-05-30 and
 * kept `-fp8-fast`) dates only the listing it names, as a deprecation page's notice does. A router's listing that
 * relays the developer's API (OpenRouter's and Vercel AI Gateway's Grok 2 after xAI's 2025-09-15 deactivation) gets a
 * row of its own naming that listing: the weights being open says nothing of where a relay sends its requests, so the
 * row's note gives the evidence that it goes to the developer.
 */
const Row = z.object({
  provider: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'a models.dev provider id (models.dev keeps lambda_ai with its underscore)'),
  model_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a canonical model id'),
  deprecation_date: z.union([IsoDate, z.literal('')]),
  // Empty: the provider announced the retirement and gave no day (Lambda's Inference API "winding down").
  shutdown_date: z.union([IsoDate, z.literal('')]),
  replacement: z.string(),
  url: z.url({ error: 'the page the notice was read on' }),
  read_on: IsoDate,
  note: z.string().min(1, 'what the page says'),
  // The provider's id of the one listing retired; empty: the whole model at the provider.
  listing: z.union([z.string().regex(/^\S+$/, "the provider's model id, as it lists it"), z.literal('')]).optional(),
  // `no_earlier_than`: the page gives shutdown_date as the earliest day, not a firm one (Vertex AI: 'they won't be
  // moved to an earlier date than what is listed'); empty or absent: the day itself.
  shutdown_bound: z.union([z.literal('no_earlier_than'), z.literal('')]).optional(),
  // `deprecated`: the page calls the model deprecated on the day it was read, before its shutdown day (Google's Gemini
  // API deprecations page of 2026-11-10: 'Both models are deprecated and no longer selectable in Google AI Studio').
  // Empty or absent: deprecated only once a date the row gives has come by read_on.
  status: z.union([z.literal('deprecated'), z.literal('')]).optional(),
}).refine((r) => r.deprecation_date !== '' || r.shutdown_date !== '', {
  message: 'a notice gives a deprecation date, a shutdown date or both', path: ['shutdown_date'],
}).refine((r) => r.deprecation_date === '' || r.shutdown_date === '' || r.deprecation_date <= r.shutdown_date, {
  message: 'a deprecation date after the shutdown date', path: ['deprecation_date'],
});

export const developerNotices: Adapter = { id: DEVELOPER_NOTICES_SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const { models, issues } = translateDeveloperNotices(await readFile(path.join(roots.curated, FILE), 'utf8'));
  return { sources: [SOURCE], models, issues };
}

const SOURCE: Source = {
  id: DEVELOPER_NOTICES_SOURCE_ID,
  name: 'Reviewed table: retirements developers announced outside the scraped deprecation pages',
  url: tableUrl(`data/curated/${FILE}`),
  licence: 'facts; each row cites the page it was read on, and the day',
  kind: 'curated',
  // The latest read_on of the table's rows.
  retrieved: '2026-11-30',
  covers: 'the day a developer stopped serving a model on its own API (DeepSeek: V3 and R1 on 2025-08-21, V3.2 on 2026-04-24, V4 Flash on 2026-09-10; '
    + "Mistral: the retired models on its docs.mistral.ai model pages; Google: the PaLM API, and Gemini ids its notices name by family), "
    + "or a host retired its listing (Azure's retirement tables, Cloudflare's changelog, Cerebras' deprecations page; a row may name "
    + "one listing), or a router's listing relays the developer's API (OpenRouter's and Vercel's Grok 2, ZenMux's and OrcaRouter's DeepSeek API names, Vercel's Devstral Small 2), and the replacement; Lambda's whole Inference API announced winding down (2026-05-29) with no day given",
  counts_for_data_as_of: false,
};

/** Rows to observations of the model at the provider. Exported for the tests, which feed it CSV text. */
export function translateDeveloperNotices(text: string): { models: ModelObservation[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(text, { trailingOptional: true }), { source: DEVELOPER_NOTICES_SOURCE_ID, file: `data/curated/${FILE}` },
    (r) => `${r.record.provider ?? ''}/${r.record.model_id ?? ''} (line ${r.line})`);
  const models = valid.map(({ value: v }): ModelObservation => {
    const effective = v.deprecation_date || v.shutdown_date;
    return {
      source: DEVELOPER_NOTICES_SOURCE_ID,
      source_model_id: v.listing || v.model_id,
      canonical_hint: v.model_id,
      provider: v.provider,
      notice_scope: v.listing ? 'listing' as const : 'model' as const,
      as_of: v.read_on,
      url: v.url,
      // Deprecated once the date has come by the day the page was read, as for deprecations.info's notices, or where
      // the page says so in words on that day.
      ...(effective <= v.read_on || v.status === 'deprecated' ? { status: 'deprecated' as const } : {}),
      ...(v.deprecation_date ? { deprecation_date: v.deprecation_date } : {}),
      // An earliest day is a bound, not a shutdown: kept apart so no rule reads it as the day service ends.
      ...(v.shutdown_date === '' ? {}
        : v.shutdown_bound === 'no_earlier_than' ? { shutdown_not_before: v.shutdown_date } : { shutdown_date: v.shutdown_date }),
      ...(v.replacement ? { replacement: v.replacement } : {}),
    };
  });
  return { models, issues };
}
