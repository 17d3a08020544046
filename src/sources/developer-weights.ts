// Reviewed table of what a developer's own pages say of a model's weights, where the listings say otherwise or nothing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from './curated.ts';
import type { Adapter, AdapterResult, IngestIssue, ModelObservation, SourceRoots } from './types.ts';

export const DEVELOPER_WEIGHTS_SOURCE_ID = 'developer-weights';
const FILE = 'developer-weights.csv';

/**
 * models.dev's file for Meta's Llama API marks Llama 3.3 8B Instruct open and dates it 2024-12-06, yet Meta's Llama 3.3
 * card lists the 70B alone ("70B Instruct: December 6, 2024") and Meta's Llama 3.3 collection on Hugging Face holds one
 * model: the 8B is served on Meta's API only. A row here is that review: the model's canonical id, the pages read, and
 * the listings' date when it is another model's (`held_release_date`), which is then no release date of this model.
 * The row speaks before every listing on open weights (src/ingest/build-models.ts); the listings stay in `conflicts`.
 * A row may also record weights the developer does publish where no listing says so (`true`, with the repository its
 * own record links as `weights_url`): Mistral's records link Mistral-Large-Instruct-2407 (MRL) from the page of its
 * retired API model mistral-large-2407, which no catalogue marks open; without the row, Mistral retiring the API name
 * would retire the model, whose weights anyone can still run. A row may give the model's name as the record names it
 * (`name`): the row speaks first on the name too, since it is the developer's own record of that model. It may give the
 * context window the same record states (`context_window`) where every listing of the model gives another model's:
 * LiteLLM gives Magistral Medium 1.2 the 40,000 tokens of Magistral Medium 1.0 and 1.1 (set aside in
 * fact-set-asides.csv), and no other listing carries the dated name, so without the row the model has no window.
 * It may give the inputs and outputs the same card states (`input_modalities`, `output_modalities`, `;`-separated) and
 * whether the weights think before answering (`reasoning`), where the listings say otherwise: models.dev's files give
 * Gemma 3n E4B text input only, where Google's card says it handles "text, image, video, and audio input"; Alibaba's
 * hybrid API listing marks Qwen3-VL-235B-A22B reasoning, where Qwen publishes the weights as an Instruct edition beside
 * a "reasoning-enhanced Thinking" one, a model of its own.
 */
/** The modality words the catalogues use (models.dev's `[modalities]`), `;`-separated in a cell: empty is none given. */
const MODALITY = new Set(['text', 'image', 'video', 'audio', 'pdf']);
const Modalities = z.string().trim().optional().transform((s, ctx) => {
  if (!s) return undefined;
  const words = s.split(';').map((w) => w.trim());
  const bad = words.filter((w) => !MODALITY.has(w));
  if (bad.length) {
    ctx.addIssue({ code: 'custom', message: `modalities are ${[...MODALITY].join(', ')}, ';'-separated: ${JSON.stringify(s)}` });
    return z.NEVER;
  }
  return words;
});

const Row = z.object({
  model_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a canonical model id'),
  open_weights: z.enum(['false', 'true'], { error: 'false (not published) or true (published, with weights_url)' }),
  held_release_date: z.union([IsoDate, z.literal('')]),
  weights_url: z.union([z.url().regex(/^https:\/\/huggingface\.co\/[^/]+\/[^/]+$/, 'a Hugging Face repository'), z.literal('')]),
  url: z.url({ error: "the developer's page that lists what it publishes" }),
  read_on: IsoDate,
  note: z.string().min(1, 'what the pages say'),
  // The model's name as the same record gives it, where no listing names the model or a listing names another one
  // (genai-prices' "Mistral Medium 3 and 3.1" on Mistral Medium 3.1's entry; codestral-2405 named by no source at all).
  name: z.string().trim().optional().transform((s) => (s ? s : undefined)),
  // The window in tokens as the record states it ('128k' read as 128,000, as the developer's other listings count it).
  context_window: z.string().trim().optional().transform((s, ctx) => {
    if (!s) return undefined;
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) {
      ctx.addIssue({ code: 'custom', message: `a whole number of tokens: ${JSON.stringify(s)}` });
      return z.NEVER;
    }
    return n;
  }),
  input_modalities: Modalities,
  output_modalities: Modalities,
  reasoning: z.enum(['', 'true', 'false'], { error: 'true, false or empty' }).optional()
    .transform((s) => (s === 'true' ? true : s === 'false' ? false : undefined)),
}).refine((r) => (r.open_weights === 'true') === (r.weights_url !== ''), {
  message: 'published weights name their repository, and only they do', path: ['weights_url'],
}).refine((r) => (r.input_modalities === undefined) === (r.output_modalities === undefined), {
  message: 'a card that states its inputs states its outputs: both or neither', path: ['output_modalities'],
});

export const developerWeights: Adapter = { id: DEVELOPER_WEIGHTS_SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const { models, issues } = translateDeveloperWeights(await readFile(path.join(roots.curated, FILE), 'utf8'));
  return { sources: [SOURCE], models, issues };
}

const SOURCE: Source = {
  id: DEVELOPER_WEIGHTS_SOURCE_ID,
  name: "Reviewed table: models served only on the developer's API",
  url: tableUrl(`data/curated/${FILE}`),
  licence: 'facts; each row cites the pages it was read on, and the day',
  kind: 'curated',
  retrieved: '2026-11-26',
  covers: "models whose weights the developer does not publish, where a listing calls them open or copies another model's release date; "
    + 'and models whose published weights the developer links where no listing does',
  counts_for_data_as_of: false,
};

/** Rows to observations of the model's weights, published or not. Exported for the tests, which feed it CSV text. */
export function translateDeveloperWeights(text: string): { models: ModelObservation[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(text, { trailingOptional: true }), { source: DEVELOPER_WEIGHTS_SOURCE_ID, file: `data/curated/${FILE}` },
    (r) => `${r.record.model_id ?? ''} (line ${r.line})`);
  const models = valid.map(({ value: v }): ModelObservation => ({
    source: DEVELOPER_WEIGHTS_SOURCE_ID,
    source_model_id: v.model_id,
    canonical_hint: v.model_id,
    as_of: v.read_on,
    url: v.url,
    open_weights: v.open_weights === 'true',
    ...(v.weights_url ? { weights_url: v.weights_url } : {}),
    ...(v.held_release_date ? { held_release_date: v.held_release_date } : {}),
    ...(v.name ? { name: v.name } : {}),
    ...(v.context_window !== undefined ? { context_window: v.context_window } : {}),
    ...(v.input_modalities && v.output_modalities ? { modalities: { input: v.input_modalities, output: v.output_modalities } } : {}),
    ...(v.reasoning !== undefined ? { reasoning: v.reasoning } : {}),
  }));
  return { models, issues };
}
