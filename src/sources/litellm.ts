// LiteLLM adapter: model_prices_and_context_window.json (per-token prices, limits, EU SKUs) and its field history.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Sku, Source } from '../schema/index.ts';
import { TEXT_MODES, providerModelId, readLitellmChanges } from './catalogue-litellm-changes.ts';

export { providerModelId };
import {
  IsoDate,
  Price,
  TokenCount,
  defined,
  regionOfSku,
  isPlainObject,
  issueAt,
  parseFields,
  perMillion,
  readHeadCommit,
  type Where,
} from './catalogue-util.ts';
import { FIRST_PARTY_PROVIDERS, toModelsDevProvider } from './provider-ids.ts';
import type { Adapter, AdapterResult, HeldListing, IngestIssue, ModelObservation, OfferObservation, SourceRoots } from './types.ts';

const SOURCE_ID = 'litellm';
const FOLDER = 'litellm-via-rocry';

const Tiered = z.looseObject({
  input_cost_per_token: Price.optional(),
  output_cost_per_token: Price.optional(),
  range: z.tuple([z.number().nonnegative(), z.number().positive()]),
});

/** The fields we read; LiteLLM has dozens more (batch, priority, flex, audio prices...) that the project does not carry. */
const EntryFields = {
  litellm_provider: z.string().min(1),
  mode: z.string(),
  input_cost_per_token: Price,
  output_cost_per_token: Price,
  cache_read_input_token_cost: Price,
  cache_creation_input_token_cost: Price,
  max_input_tokens: TokenCount,
  max_output_tokens: TokenCount,
  deprecation_date: IsoDate,
  supports_function_calling: z.boolean(),
  supports_vision: z.boolean(),
  supports_reasoning: z.boolean(),
  supports_response_schema: z.boolean(),
  supported_modalities: z.array(z.string()),
  supported_output_modalities: z.array(z.string()),
  source: z.url(),
  tiered_pricing: z.array(Tiered),
  // What EU-regional processing costs over the listing's price (OpenAI's data-residency uplift, 1.1): src/ingest/eu-uplift.ts.
  regional_processing_uplift_multiplier_eu: z.number().positive(),
  // The regions the listing is served in (Vertex AI's partner models: `["us-central1"]`, `["global"]`): its EU residency.
  supported_regions: z.array(z.string().min(1)),
};

/** `input_cost_per_token_above_200k_tokens` and kin (128k, 256k, 272k, 512k); `_priority` variants are another tier of service. */
const ABOVE = /^(input|output)_cost_per_token_above_(\d+)k_tokens$/;

export const litellm: Adapter = { id: SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const dir = path.join(roots.sources, FOLDER);
  const head = await readHeadCommit(dir);
  const names = (await readdir(dir)).sort();
  const snapshot = names.filter((n) => /^model_prices_and_context_window.*\.json$/.test(n)).at(-1);
  if (!snapshot) throw new Error(`${dir}: no model_prices_and_context_window*.json snapshot`);
  const issues: IngestIssue[] = [];
  const file = `${FOLDER}/${snapshot}`;
  const doc: unknown = JSON.parse(await readFile(path.join(dir, snapshot), 'utf8'));
  if (!isPlainObject(doc)) throw new Error(`${file}: expected an object keyed by model`);

  const models: ModelObservation[] = [];
  const offers: OfferObservation[] = [];
  const listed: Array<{ key: string; offer: OfferObservation }> = [];
  for (const key of Object.keys(doc).sort()) {
    const value = doc[key];
    // `sample_spec` documents the format; `last_updated` is the file's own timestamp.
    if (key === 'sample_spec' || key === 'last_updated') continue;
    const where: Where = { source: SOURCE_ID, file, row: key };
    if (!isPlainObject(value)) {
      issues.push(issueAt(where, 'expected an object of model facts'));
      continue;
    }
    if (typeof value.mode !== 'string' || !TEXT_MODES.has(value.mode)) continue;
    const translated = translate(key, value, head.date, where, issues);
    if (!translated) continue;
    models.push(translated.model);
    listed.push({ key, offer: translated.offer });
    offers.push(translated.offer, ...serviceTiers(value, translated.offer, where, issues));
  }

  const changesName = names.find((n) => /^litellm-field-changes-.*\.jsonl$/.test(n));
  const moved = new Set<string>();
  const changes = changesName
    ? await readLitellmChanges(path.join(dir, changesName), `${FOLDER}/${changesName}`, doc, issues, moved)
    : [];
  // Keys of the snapshot the log never adds nor removes were listed when it began and ever since (types.ts, HeldListing).
  const held_listings: HeldListing[] = changesName
    ? listed.filter(({ key }) => !moved.has(key)).map(({ key, offer }) => ({
      source: SOURCE_ID, provider: offer.provider, provider_model_id: offer.provider_model_id, source_model_id: key,
    }))
    : [];
  return { sources: [sourceRow(head.date)], models, offers, changes, held_listings, issues };
}

function sourceRow(retrieved: string): Source {
  return {
    id: SOURCE_ID,
    name: 'LiteLLM model prices and context windows',
    url: 'https://github.com/BerriAI/litellm',
    licence: 'MIT',
    kind: 'aggregator',
    retrieved,
    attribution: 'LiteLLM by BerriAI (https://github.com/BerriAI/litellm), MIT licence; hourly copies mirrored by https://github.com/RoCry/llm-api-price',
    covers: 'Per-token prices (converted to per 1M tokens), context and output limits, capabilities, deprecation dates and EU-regional SKUs per provider, with their field history',
    counts_for_data_as_of: true,
  };
}

/**
 * SHUTDOWN. LiteLLM's sample_spec calls `deprecation_date` the "date when the model becomes deprecated", but its
 * contributors enter the day the key stops serving: claude-3-7-sonnet-20250219 2026-02-19 and
 * claude-opus-4-1-20250805 2026-08-05 are the retirement days of Anthropic's notices (deprecated 2025-10-28 and
 * 2026-06-05), vertex_ai/claude-3-7-sonnet@20250219 2026-05-11 is Vertex's shutdown day, BerriAI/litellm#14205 set
 * claude-3-opus-20240229 to 2026-01-05 (its retirement day), and #29240 removed keys whose date had passed as models
 * "that no longer work". It is read as the listing's shutdown date, never as the developer's deprecation date; the
 * developer's own notice still wins over it (src/ingest/lifecycle-dates.ts).
 */
function translate(key: string, raw: Record<string, unknown>, asOf: string, where: Where, issues: IngestIssue[]) {
  const e = parseFields(raw, EntryFields, where, issues);
  if (!e) return undefined;
  if (!e.litellm_provider) {
    issues.push(issueAt(where, 'no litellm_provider: the offer has no provider', 'litellm_provider'));
    return undefined;
  }
  const provider = toModelsDevProvider('litellm', e.litellm_provider);
  const model = defined<ModelObservation>({
    source: SOURCE_ID,
    source_model_id: key,
    vendor_hint: FIRST_PARTY_PROVIDERS.has(provider) ? provider : undefined,
    provider,
    as_of: asOf,
    // LiteLLM's `deprecation_date` is the day it expects the key to stop working, that is a shutdown date (SHUTDOWN).
    shutdown_date: e.deprecation_date,
    context_window: e.max_input_tokens || undefined,
    max_output: e.max_output_tokens || undefined,
    modalities:
      e.supported_modalities && e.supported_output_modalities
        ? { input: e.supported_modalities, output: e.supported_output_modalities }
        : undefined,
    tool_calling: e.supports_function_calling,
    reasoning: e.supports_reasoning,
    vision: e.supports_vision,
    structured_output: e.supports_response_schema,
    url: e.source,
  });
  const ranges = e.tiered_pricing ?? [];
  const first = ranges.find((t) => t.range[0] === 0);
  const input = e.input_cost_per_token ?? first?.input_cost_per_token;
  const output = e.output_cost_per_token ?? first?.output_cost_per_token;
  const offer = defined<OfferObservation>({
    source: SOURCE_ID,
    provider,
    provider_model_id: providerModelId(key, e.litellm_provider),
    region: regionOfSku(key),
    as_of: asOf,
    input: input === undefined ? undefined : perMillion(input),
    output: output === undefined ? undefined : perMillion(output),
    cache_read: e.cache_read_input_token_cost === undefined ? undefined : perMillion(e.cache_read_input_token_cost),
    cache_write: e.cache_creation_input_token_cost === undefined ? undefined : perMillion(e.cache_creation_input_token_cost),
    tiers: readTiers(raw, ranges, where, issues),
    context_window: e.max_input_tokens || undefined,
    tool_calling: e.supports_function_calling,
    url: e.source,
    // LiteLLM's deprecation_date is per key, that is per provider listing, and a shutdown date (SHUTDOWN).
    shutdown_date: e.deprecation_date,
    eu_uplift: e.regional_processing_uplift_multiplier_eu,
    regions: e.supported_regions?.length ? e.supported_regions : undefined,
    file: where.file,
    row: where.row,
  });
  return { model, offer };
}

/** LiteLLM's service-tier price suffixes and the SKU each is: the batch API, flex processing, priority processing. */
const SERVICE_TIERS: ReadonlyArray<[string, Sku]> = [['batches', 'batch'], ['flex', 'flex'], ['priority', 'priority']];

/**
 * The same listing under another service tier (`input_cost_per_token_batches`, `_flex`, `_priority`): an offer
 * of its own SKU, so that a batch discount never stands for the listing's price. Long-context tier prices of
 * these SKUs are not carried.
 */
function serviceTiers(entry: Record<string, unknown>, base: OfferObservation, where: Where, issues: IngestIssue[]): OfferObservation[] {
  const out: OfferObservation[] = [];
  for (const [suffix, sku] of SERVICE_TIERS) {
    const read = (field: string) => {
      const v = entry[`${field}_${suffix}`];
      if (v === undefined || v === null) return undefined;
      const p = Price.safeParse(v);
      if (!p.success) issues.push(issueAt(where, 'a price must be a non-negative number', `${field}_${suffix}`));
      return p.success ? perMillion(p.data) : undefined;
    };
    const input = read('input_cost_per_token');
    const output = read('output_cost_per_token');
    if (input === undefined && output === undefined) continue;
    out.push(defined<OfferObservation>({
      source: base.source, provider: base.provider, provider_model_id: base.provider_model_id, region: base.region, as_of: base.as_of,
      sku, input, output, cache_read: read('cache_read_input_token_cost'), url: base.url, regions: base.regions,
      file: base.file, row: base.row,
    }));
  }
  return out;
}

type Tier = { above_tokens: number; input?: number; output?: number };

/** Long-context prices: `*_above_<N>k_tokens` fields (N x 1,000 tokens) and `tiered_pricing` ranges past the first. */
function readTiers(raw: Record<string, unknown>, ranges: Array<z.infer<typeof Tiered>>, where: Where, issues: IngestIssue[]): Tier[] | undefined {
  const byStart = new Map<number, Tier>();
  const at = (start: number) => byStart.get(start) ?? byStart.set(start, { above_tokens: start }).get(start)!;
  for (const [field, value] of Object.entries(raw)) {
    const m = ABOVE.exec(field);
    if (!m) continue;
    const price = Price.safeParse(value);
    if (!price.success) {
      issues.push(issueAt(where, 'a price must be a non-negative number', field));
      continue;
    }
    at(Number(m[2]) * 1000)[m[1] as 'input' | 'output'] = perMillion(price.data);
  }
  for (const t of ranges) {
    if (t.range[0] <= 0 || !Number.isInteger(t.range[0])) continue;
    const tier = at(t.range[0]);
    if (t.input_cost_per_token !== undefined) tier.input = perMillion(t.input_cost_per_token);
    if (t.output_cost_per_token !== undefined) tier.output = perMillion(t.output_cost_per_token);
  }
  const tiers = [...byStart.values()].filter((t) => t.input !== undefined || t.output !== undefined);
  tiers.sort((a, b) => a.above_tokens - b.above_tokens);
  return tiers.length > 0 ? tiers : undefined;
}
