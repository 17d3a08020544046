// models.dev TOML records: the upstream shape (zod, field by field), base_model inheritance, translation to observations.
import { z } from 'zod';
import type { ModelStatus } from '../schema/index.ts';
import {
  IsoDate,
  Price,
  TokenCount,
  defined,
  regionOfSku,
  isPlainObject,
  issueAt,
  parseFields,
  type Where,
} from './catalogue-util.ts';
import { readBenchmarks } from './catalogue-models-dev-benchmarks.ts';
import type { IngestIssue, ModelObservation, OfferObservation } from './types.ts';

export const SOURCE_ID = 'models-dev';

/** models.dev writes dates as YYYY-MM-DD or, when only the month is known, YYYY-MM. */
const DateOrMonth = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'a date YYYY-MM-DD or YYYY-MM');

const Modalities = z.object({ input: z.array(z.string()), output: z.array(z.string()) });

/** The catalogue fields of a model file we read; others (reasoning_options, provider, ...) are ignored. */
const ModelFields = {
  name: z.string().min(1),
  family: z.string().min(1),
  release_date: DateOrMonth,
  knowledge: DateOrMonth,
  open_weights: z.boolean(),
  license: z.string().min(1),
  weights: z.array(z.looseObject({ url: z.url() })),
  links: z.array(z.looseObject({ url: z.url(), type: z.string().optional() })),
  limit: z.unknown(),
  modalities: Modalities,
  reasoning: z.boolean(),
  tool_call: z.union([z.boolean(), z.looseObject({ supported: z.boolean() })]),
  structured_output: z.boolean(),
  attachment: z.boolean(),
  status: z.enum(['alpha', 'beta', 'deprecated']),
  base_model: z.string().regex(/^[^/\s]+\/[^\s]+$/, 'a models/ id `<vendor>/<id>`'),
  base_model_omit: z.array(z.string()),
  cost: z.unknown(),
  /** Checked entry by entry in catalogue-models-dev-benchmarks.ts. */
  benchmarks: z.unknown(),
};

const LimitFields = { context: TokenCount, input: TokenCount, output: TokenCount };

/** The price block. Strict: an unknown key (`cached_input`, `image`) is reported rather than silently lost. */
const CostFields = {
  input: Price,
  output: Price,
  cache_read: Price,
  cache_write: Price,
  reasoning: Price,
  input_audio: Price,
  output_audio: Price,
  tiers: z.array(z.unknown()),
  context_over_200k: z.unknown(),
};

const TierFields = {
  tier: z.strictObject({ type: z.literal('context').optional(), size: z.number().int().positive() }),
  input: Price,
  output: Price,
  cache_read: Price,
  cache_write: Price,
  input_audio: Price,
  output_audio: Price,
  reasoning: Price,
};

const OverFields = { input: Price, output: Price, cache_read: Price, cache_write: Price, reasoning: Price };

export type ModelRecord = { [K in keyof typeof ModelFields]?: z.infer<(typeof ModelFields)[K]> };

/** Validate a parsed TOML table field by field; bad fields are issues and stay out. */
export function validateModel(raw: Record<string, unknown>, where: Where, issues: IngestIssue[]): ModelRecord {
  return parseFields(raw, ModelFields, where, issues) ?? {};
}

/** A models/ file reduced to its valid fields (limits included), so that files inheriting it do not repeat its issues. */
export function cleanBase(raw: Record<string, unknown>, where: Where, issues: IngestIssue[]): Record<string, unknown> {
  const rec: Record<string, unknown> = validateModel(raw, where, issues);
  if (rec.limit !== undefined) rec.limit = parseFields(rec.limit, LimitFields, where, issues, { prefix: 'limit.' });
  return defined(rec);
}

/**
 * base_model inheritance as models.dev builds its API: the provider file deep-merges over the models/ file
 * (tables merge, arrays and scalars replace), then `base_model_omit` paths are deleted.
 */
export function inheritBase(base: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  const merged = mergeDeep(structuredClone(base), own);
  const omit = Array.isArray(own.base_model_omit) ? own.base_model_omit : [];
  for (const dotted of omit) if (typeof dotted === 'string') deletePath(merged, dotted.split('.'));
  return merged;
}

function mergeDeep(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
  }
  return target;
}

function deletePath(obj: Record<string, unknown>, parts: string[]): void {
  const [head, ...rest] = parts;
  if (head === undefined || !Object.hasOwn(obj, head)) return;
  if (rest.length === 0) {
    delete obj[head];
    return;
  }
  const next = obj[head];
  if (!isPlainObject(next)) return;
  deletePath(next, rest);
  if (Object.keys(next).length === 0) delete obj[head];
}

/** What the catalogue says about a model, as a ModelObservation (0 limits mean "not known" in models.dev). */
export function toModelObservation(
  rec: ModelRecord,
  ids: { source_model_id: string; canonical_hint?: string; vendor_hint?: string; provider?: string },
  asOf: string,
  where: Where,
  issues: IngestIssue[],
): ModelObservation {
  const limit = rec.limit === undefined ? undefined : parseFields(rec.limit, LimitFields, where, issues, { prefix: 'limit.' });
  const toolCall = typeof rec.tool_call === 'object' ? rec.tool_call.supported : rec.tool_call;
  const modelCard = rec.links?.find((l) => l.type === 'model_card') ?? rec.links?.[0];
  return defined({
    source: SOURCE_ID,
    source_model_id: ids.source_model_id,
    canonical_hint: ids.canonical_hint,
    vendor_hint: ids.vendor_hint,
    provider: ids.provider,
    as_of: asOf,
    name: rec.name,
    family: rec.family,
    // A month-only release date is not a calendar date; we leave it out rather than invent a day.
    release_date: rec.release_date && IsoDate.safeParse(rec.release_date).success ? rec.release_date : undefined,
    status: rec.status as ModelStatus | undefined,
    open_weights: rec.open_weights,
    licence_text: rec.license,
    weights_url: rec.weights?.[0]?.url,
    context_window: limit?.context || undefined,
    max_output: limit?.output || undefined,
    modalities: rec.modalities,
    tool_calling: toolCall,
    reasoning: rec.reasoning,
    vision: rec.modalities ? rec.modalities.input.includes('image') : undefined,
    structured_output: rec.structured_output,
    knowledge_cutoff: rec.knowledge,
    // Benchmarks are the model's: read from its models/ file only, not again from every provider file inheriting it.
    benchmarks: ids.provider === undefined ? readBenchmarks(rec.benchmarks, asOf, where, issues) : undefined,
    url: modelCard?.url,
  });
}

/** The offer of one provider file: prices as given (USD per 1M tokens), long-context tiers, EU SKUs. */
export function toOfferObservation(
  rec: ModelRecord,
  ids: { provider: string; provider_model_id: string; canonical_hint?: string },
  asOf: string,
  where: Where,
  issues: IngestIssue[],
): OfferObservation {
  const cost = rec.cost === undefined ? undefined : parseFields(rec.cost, CostFields, where, issues, { prefix: 'cost.', strict: true });
  // The provider file's own limit (its listing's window); issues with it are reported once, by toModelObservation.
  const limit = rec.limit === undefined ? undefined : parseFields(rec.limit, LimitFields, where, [], { prefix: 'limit.' });
  return defined({
    source: SOURCE_ID,
    provider: ids.provider,
    provider_model_id: ids.provider_model_id,
    canonical_hint: ids.canonical_hint,
    region: regionOfSku(ids.provider_model_id),
    as_of: asOf,
    input: cost?.input,
    output: cost?.output,
    cache_read: cost?.cache_read,
    cache_write: cost?.cache_write,
    // A reasoning price equal to the output price says nothing more (OpenRouter's and Kilo's files repeat it).
    reasoning_output: cost?.reasoning !== undefined && cost.reasoning !== cost.output ? cost.reasoning : undefined,
    tiers: cost ? readTiers(cost.tiers, cost.context_over_200k, where, issues) : undefined,
    context_window: limit?.context || undefined,
    // The provider file's own tool_call (inherited from the model file where the provider file is silent, as models.dev
    // builds it): what that listing serves, which may differ from the model's (OpenRouter's Llama 3.2 1B says false).
    tool_calling: typeof rec.tool_call === 'object' ? rec.tool_call.supported : rec.tool_call,
    // A provider file's `status` is that provider's listing: `deprecated` there is the provider retiring it.
    status: rec.status as ModelStatus | undefined,
    file: where.file,
    row: where.row,
  });
}

type Tier = { above_tokens: number; input?: number; output?: number };

/** `[[cost.tiers]]` (context-size tiers), or the older `context_over_200k` table when no tiers are given. */
function readTiers(tiers: unknown[] | undefined, over200k: unknown, where: Where, issues: IngestIssue[]): Tier[] | undefined {
  const out: Tier[] = [];
  (tiers ?? []).forEach((raw, i) => {
    const t = parseFields(raw, TierFields, where, issues, { prefix: `cost.tiers[${i}].`, strict: true });
    if (!t) return;
    if (!t.tier) {
      if (!isPlainObject(raw) || !('tier' in raw)) issues.push(issueAt(where, 'a tier without `tier = { size }`: left out', `cost.tiers[${i}]`));
      return;
    }
    if (t.input === undefined && t.output === undefined) return;
    out.push(defined({ above_tokens: t.tier.size, input: t.input, output: t.output }));
  });
  if (out.length === 0 && over200k !== undefined) {
    const o = parseFields(over200k, OverFields, where, issues, { prefix: 'cost.context_over_200k.', strict: true });
    if (o && (o.input !== undefined || o.output !== undefined)) out.push(defined({ above_tokens: 200_000, input: o.input, output: o.output }));
  }
  out.sort((a, b) => a.above_tokens - b.above_tokens);
  return out.length > 0 ? out : undefined;
}
