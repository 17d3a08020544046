// models_for_hardware: which models run on one hardware configuration, with quantization, memory and speed.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_CONTEXT, QUANTIZATIONS } from '../engines/constants.ts';
import { UNKNOWN_WINDOW_MAX_CONTEXT, windowUnknownListReason } from '../engines/context-window.ts';
import { modelFacts } from '../engines/memory.ts';
import type { FitOptions } from '../engines/hardware-fit.ts';
import {
  describeRanked, fitCandidates, rankForHardware, type Excluded, type RankedFit, type RankedModel,
} from '../engines/hardware-rank.ts';
import { overallRating } from '../engines/ranking.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { contextParam, Cursor, Limit, Page, paginate } from './common.ts';
import { HardwareTextParam, HardwareUnderstood, HardwareView, resolveHardware, toHardwareView } from './list-hardware.ts';
import { kept, stitched } from './json-fragment.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { oneQuantizationChoice, QuantizationIdSchema, quantizationParams } from './quantization-params.ts';
import { ModelRef, RankedRating, toModelRef, toRankedRating } from './shapes.ts';

const MemoryReport = z
  .object({
    quantization: QuantizationIdSchema,
    weights_gb: z.number().describe('parameters_total x bits per weight / 8, GB (1e9 bytes); MoE: every expert resident.'),
    kv_cache_gb: z.number().describe('KV cache for every sequence at the full context, computed per layer (see kv_cache), GB.'),
    overhead_gb: z.number().describe('Runtime overhead: the compute buffers, 0.75 GB per accelerator, GB.'),
    total_gb: z.number().describe('weights + KV cache + overhead, GB.'),
    usable_gb: z.number().describe('Memory the configuration offers a model, GB.'),
    headroom_gb: z.number().describe('usable - total, GB.'),
    used_fraction: z.number().describe('total / usable.'),
  })
  .describe('Memory needed versus available at the chosen quantization (an estimate).');

const SpeedEstimate = z
  .object({
    estimate: z.literal(true).describe('Always true: a derived estimate, not a measurement.'),
    basis: z.string().describe('The formula in words.'),
    tokens_per_s: z.number().describe('Decode tokens/s of one sequence at batch 1.'),
    efficiency: z.number().describe('Share of peak memory bandwidth decoding achieves.'),
    aggregate_bandwidth_gbs: z.number().describe('Bandwidth of all accelerators together, GB/s.'),
    split: z
      .enum(['single', 'tensor', 'layer'])
      .describe('How the devices share a decode step: one device, tensor parallel (SXM/NVLink; PCIe cards at a concurrency above 1, as '
        + 'a server runs them and estimate_cost serves them), or by layer (PCIe cards at concurrency 1, as llama.cpp runs them).'),
    decode_bandwidth_gbs: z.number().describe('Bandwidth a decode step reads at, GB/s: the sum only under tensor parallelism.'),
    per_token_latency_ms: z
      .number()
      .describe('Milliseconds each token costs whatever it reads: layers x per-layer latency (+ all-reduces under tensor parallelism).'),
    active_parameters: z.number().describe('Parameters read per token (MoE: the routed experts; the total where the dataset gives no active count).'),
    active_weights_gb: z.number().describe('Bytes of active weights read per token, GB.'),
    kv_read_gb: z.number().describe('KV cache of one sequence read per token, GB.'),
    bytes_per_token_gb: z.number().describe('active_weights_gb + kv_read_gb.'),
    at_concurrency: z
      .object({
        concurrency: z.number().int().describe('Sequences decoded together.'),
        tokens_per_s_per_stream: z.number().describe('Decode tokens/s each sequence sees.'),
        tokens_per_s_total: z.number().describe('Decode tokens/s of all sequences together.'),
      })
      .describe('The same model at the requested concurrency: each step reads the weights once for all sequences.'),
    prefill_tokens_per_s: z.number().nullable().describe('Prompt processing tokens/s, compute-bound (prefill efficiency x dense FP16 FLOP/s / (2 x active parameters)); null when the dataset has no compute figure for the hardware.'),
    prefill_efficiency: z.number().describe('Share of dense FP16 compute prefill achieves (calibrated).'),
    time_to_first_token_s: z.number().nullable().describe('Seconds to process a prompt that fills `context`; null without a compute figure.'),
  })
  .describe('Decode and prefill speed (estimates, calibrated on published llama.cpp and vLLM measurements: docs/hardware-and-cost.md).');

const Alternative = z
  .object({
    quantization: QuantizationIdSchema,
    name: z.string(),
    bits_per_weight: z.number(),
    weights_gb: z.number().describe('Weights at this quantization, GB.'),
    total_gb: z.number().describe('Weights + KV cache + overhead, GB.'),
    memory_fit: z.enum(['comfortable', 'tight', 'no']),
    tokens_per_s: z.number().nullable().describe('Estimated decode tokens/s at batch 1; null when it does not fit.'),
  })
  .describe('One quantization considered, with its memory and speed.');

const KvCacheInfo = z
  .object({
    type: z.enum(['f16', 'q8_0', 'q4_0']).describe('Cache element type.'),
    bytes_per_value: z.number().describe('Bytes per cached value (F16 2; Q8_0 34/32; Q4_0 18/32).'),
    form: z.enum(['gqa', 'mla', 'sliding+global', 'hybrid']).describe('How the cache is computed per layer.'),
    full_layers: z.number().int().describe('Layers holding the whole context.'),
    sliding_layers: z.number().int().describe('Layers holding at most `window` tokens.'),
    window: z.number().int().nullable().describe('Sliding window, tokens; null without sliding layers.'),
  })
  .describe('The KV cache the memory figure rests on.');

const Entry = z
  .object({
    rank: z.number().int().describe('Place on this configuration: arena rating first (unrated last), then memory headroom.'),
    model: ModelRef,
    rating: RankedRating.nullable().describe('The rating the order uses: best variant on text_style_control overall where rated there, else text overall; null if unrated.'),
    fit: z.enum(['comfortable', 'tight']).describe('comfortable: total <= 85% of usable memory; tight: <= 100%.'),
    quantization: QuantizationIdSchema.describe(
      'The highest precision that fits comfortably, else the highest that fits tightly (up to 8.5 bits unless asked; the native ' +
        'format where the model ships one; GGUF types under llama.cpp, FP8/INT4 W4A16 on tensor-parallel machines).',
    ),
    quantization_rule: z.string().describe('How the quantization was chosen, in words.'),
    alternatives: z.array(Alternative).describe('Every quantization considered, highest precision first, with memory and speed.'),
    kv_cache: KvCacheInfo,
    quantization_name: z.string().describe('The name users know it by (e.g. Q4_K_M).'),
    bits_per_weight: z
      .number()
      .describe('Effective bits per weight of that quantization (llama.cpp measured; FP8/INT4 worked from their checkpoint formats).'),
    memory: MemoryReport,
    tokens_per_s: z.number().nullable().describe('Estimated decode tokens/s at batch 1 (see `speed`); null on a configuration built from a memory size, whose bandwidth is unknown.'),
    speed: SpeedEstimate.nullable().describe('null on a configuration built from a memory size (no bandwidth, no speed estimate).'),
    estimate: z.literal(true).describe('Every figure of the entry is derived by this service.'),
    derived_from: z.array(z.string()).describe('The facts (with source and date) and constants the figures come from.'),
  })
  .describe('A model that runs on the configuration.');
type Entry = z.infer<typeof Entry>;

const NotAssessable = z
  .object({
    count: z
      .number()
      .int()
      .describe(`Open-weights models the dataset lacks the facts for (a model without a context window: above ${UNKNOWN_WINDOW_MAX_CONTEXT} ` +
        'tokens).'),
    reason: z.string().describe('Why they are listed apart.'),
    models: z
      .array(z.object({ model_id: z.string(), missing: z.array(z.string()).describe('The facts no source gives for it.') }))
      .describe('Every such model, A to Z, with the facts it lacks.'),
  })
  .describe('Open-weights models that cannot be assessed: listed, never guessed.');

/**
 * The full ranking of one configuration at one context and concurrency; pages are slices of it. Only the order and
 * the arithmetic behind it are kept: a page writes out its own entries (`toEntry`), the rest are never built.
 */
type Ranking = {
  hardware: HardwareView;
  ranked: RankedFit[];
  not_assessable: z.infer<typeof NotAssessable>;
  does_not_fit: number;
  excluded: { closed_weights: number; open_weights_unknown: number; not_language_models: number };
  assumptions: string[];
  catalogue: Catalogue;
};

const NOT_ASSESSABLE_REASON =
  'the dataset has no parameter count or architecture facts (layers, KV heads, head dimension) for these models, and the service does not estimate them from names or similar models';

const quantizationName = new Map(QUANTIZATIONS.map((q) => [q.id, q.name]));

/** A model's reference and rating, the same at every context and on every configuration: kept as prepared text. */
type Heading = { model: Entry['model']; rating: Entry['rating'] };

function headingOf(ds: Dataset, c: Catalogue, id: string): Heading {
  let h = c.headings.get(id);
  if (!h) {
    const rated = overallRating(ds, id);
    h = { model: kept(toModelRef(ds, ds.modelById.get(id)!)), rating: rated ? kept(toRankedRating(rated.board, rated.entry)) : null };
    c.headings.set(id, h);
  }
  return h;
}

function toEntry(ds: Dataset, c: Catalogue, r: RankedModel): Entry {
  const { model, rating } = headingOf(ds, c, r.model_id);
  // The engine lists only fitting models, which always carry a quantization and a speed.
  const q = r.quantization!;
  // Written member by member: the model and its rating are copied as text, the figures of this ask serialized.
  return stitched({
    rank: r.rank,
    model,
    rating,
    fit: r.fit as 'comfortable' | 'tight',
    quantization: q,
    quantization_rule: r.quantization_rule,
    alternatives: r.by_quantization,
    kv_cache: r.kv_cache as Entry['kv_cache'],
    quantization_name: quantizationName.get(q) ?? q,
    bits_per_weight: r.bits_per_weight!,
    memory: r.memory,
    tokens_per_s: r.tokens_per_s ?? null,
    speed: r.speed ?? null,
    estimate: true,
    derived_from: r.derived_from,
  });
}

/**
 * What a ranking needs that no request changes, read once per dataset: the open-weights models the engine can
 * assess (their facts are there), the ones it cannot (listed, never guessed), the models left out, and the rating
 * each assessable model is ordered by. A cold ask (a new context) then assesses only those models.
 */
type Catalogue = {
  assessable: Model[];
  not_assessable: z.infer<typeof NotAssessable>;
  excluded: Excluded;
  ratings: Map<string, number | null>;
  /** Each shown model's reference and rating, made when a page first shows it (at most one per model). */
  headings: Map<string, Heading>;
};
const catalogues = new WeakMap<Dataset, Catalogue>();

function catalogueOf(ds: Dataset): Catalogue {
  let c = catalogues.get(ds);
  if (c) return c;
  // The same split as rankForHardware makes, once per dataset.
  const { candidates: open, excluded } = fitCandidates(ds.models);
  // Whether the engine can assess a model depends on the model's facts alone, not on the hardware or the ask.
  const assessable: Model[] = [];
  const lacking: Array<{ model_id: string; missing: string[] }> = [];
  for (const m of open) {
    const f = modelFacts(m);
    if ('missing' in f) lacking.push({ model_id: m.id, missing: [...f.missing] });
    else assessable.push(m);
  }
  lacking.sort((x, y) => (x.model_id < y.model_id ? -1 : 1));
  c = {
    assessable,
    // The same in every answer (10 KB): kept as prepared text.
    not_assessable: kept({
      count: lacking.length,
      reason: NOT_ASSESSABLE_REASON,
      models: lacking,
    }),
    excluded,
    ratings: new Map(assessable.map((m) => [m.id, overallRating(ds, m.id)?.entry.best.rating ?? null])),
    headings: new Map(),
  };
  catalogues.set(ds, c);
  return c;
}

/**
 * The models lacking facts, joined by those the ranking could not assess at this context: their facts are there but
 * their window is not, and the context is above what a fit is asserted at without one (context-window.ts).
 */
function withUnknownWindows(
  lacking: z.infer<typeof NotAssessable>,
  atContext: ReadonlyArray<{ model_id: string; missing: string[] }>,
  context: number,
): z.infer<typeof NotAssessable> {
  if (atContext.length === 0) return lacking;
  const models = [...lacking.models, ...atContext.map((m) => ({ model_id: m.model_id, missing: [...m.missing] }))];
  models.sort((x, y) => (x.model_id < y.model_id ? -1 : 1));
  const reason = `${lacking.reason}; ${windowUnknownListReason(context)}`;
  return { count: models.length, reason, models };
}

/** The configuration as answers show it: the same for every ask on it. */
const hardwareViews = new WeakMap<Hardware, HardwareView>();
function hardwareView(h: Hardware): HardwareView {
  let v = hardwareViews.get(h);
  if (!v) hardwareViews.set(h, (v = kept(toHardwareView(h))));
  return v;
}

function rank(ds: Dataset, hardware: Hardware, opts: FitOptions): Ranking {
  const c = catalogueOf(ds);
  const r = rankForHardware(c.assessable, hardware, opts, (id) => c.ratings.get(id), { candidates: c.assessable, excluded: c.excluded });
  return {
    hardware: hardwareView(hardware),
    ranked: r.ranked,
    not_assessable: withUnknownWindows(c.not_assessable, r.not_assessable, opts.context),
    does_not_fit: r.does_not_fit,
    excluded: c.excluded,
    // Kept with the ranking, so pages of one ask copy it as text.
    assumptions: kept(r.assumptions),
    catalogue: c,
  };
}

/**
 * Rankings built once per dataset: every configuration at the default context and concurrency (the common ask),
 * plus the most recent other (configuration, context, concurrency) asks, so that paging through one costs a slice.
 */
const rankings = new WeakMap<Dataset, { defaults: Map<string, Ranking>; recent: Map<string, Ranking> }>();
// A few: paging through one ask reads the same ranking; more kept would outlive young collections and be copied.
const RECENT_RANKINGS = 4;

function rankingFor(ds: Dataset, hardware: Hardware, opts: FitOptions): Ranking {
  let cache = rankings.get(ds);
  if (!cache) rankings.set(ds, (cache = { defaults: new Map(), recent: new Map() }));
  // Configurations built from the text (`3 x 3090`, `11 GB GPU`) go to the bounded map: callers choose them freely.
  const catalogued = ds.hardwareById.get(hardware.id) === hardware;
  const isDefault =
    catalogued && opts.context === DEFAULT_CONTEXT && opts.concurrency === DEFAULT_CONCURRENCY &&
    opts.min_bits_per_weight === undefined && opts.quantization === undefined && (opts.kv_cache ?? 'f16') === 'f16';
  const map = isDefault ? cache.defaults : cache.recent;
  const key = isDefault
    ? hardware.id
    : [hardware.id, opts.context, opts.concurrency, opts.min_bits_per_weight ?? '', opts.quantization ?? '', opts.kv_cache ?? 'f16'].join('\u0000');
  let hit = map.get(key);
  if (!hit) {
    hit = rank(ds, hardware, opts);
    // Bounded: callers choose context and concurrency freely, so only the latest few are kept (oldest out first).
    if (!isDefault && map.size >= RECENT_RANKINGS) map.delete(map.keys().next().value!);
    map.set(key, hit);
  }
  return hit;
}

export const RANKING_RULE =
  'Open-weights models that fit (comfortable or tight), best first: arena rating (best variant on text_style_control overall, else text overall; unrated last), then memory headroom, then id.';

export const models_for_hardware = defineOperation({
  name: 'models_for_hardware',
  title: 'Models that run on a hardware configuration',
  description:
    'List the open-weights language models that run on one hardware configuration (a GPU, a Mac, a server node), best first by arena rating, each with the best quantization that fits (up to Q8_0 unless `min_bits` or `quantization` asks for more; native MXFP4/FP8 where the model ships it) and every alternative with its memory and speed, memory needed versus available, estimated decode and prefill speed with their inputs, and a fit level (comfortable or tight). `kv_cache` (f16, q8_0, q4_0) sets the cache type. Models without the facts to assess are listed apart with what is missing, never guessed. Set `context` (tokens per sequence) and `concurrency` (sequences at once) for your workload. Name the hardware by id from list_hardware (GET /hardware), e.g. `rtx-4090`, `m4-max-128gb`, `h100-80gb-x8`, or as people say it (`4090`, `2x 3090`, `M3 Max 64GB`, `11 GB GPU`); the answer echoes how it was read, and ambiguous text is refused with the candidates.',
  path: '/hardware/{hardware_id}',
  input: z.object({
    hardware_id: HardwareTextParam,
    context: contextParam('Tokens each sequence holds in the KV cache (prompt + output), 512..1,048,576 (default 8192).'),
    concurrency: z
      .number()
      .int('concurrency must be a whole number from 1 to 256')
      .min(1, 'concurrency must be from 1 to 256')
      .max(256, 'concurrency must be from 1 to 256')
      .default(DEFAULT_CONCURRENCY)
      .describe('Sequences served at once, each with its own KV cache, 1..256 (default 1).'),
    ...quantizationParams,
    limit: Limit,
    cursor: Cursor,
  }).strict(),
  output: z.object({
    hardware: HardwareView.describe('The configuration, with its usable memory and the facts behind it.'),
    understood: HardwareUnderstood,
    context: z.number().int().describe('Tokens per sequence assessed.'),
    concurrency: z.number().int().describe('Sequences at once assessed.'),
    ranking_rule: z.string().describe('How `items` are ordered.'),
    items: z.array(Entry).describe('Models that run there, best first (one page).'),
    page: Page,
    does_not_fit: z.number().int().describe('Assessable open-weights models that fit at no quantization (or whose context window is below `context`).'),
    not_assessable: NotAssessable,
    excluded: z
      .object({
        closed_weights: z.number().int().describe('Models whose weights a source says are not published: they cannot run on your hardware.'),
        open_weights_unknown: z.number().int().describe('Models no source says are downloadable: not assessed.'),
        not_language_models: z
          .number()
          .int()
          .describe('Open-weights models that are not language models (speech, image, video, embedding, reranking): not ranked.'),
      })
      .describe('Models left out, counted.'),
    estimate: z.literal(true).describe('Memory, fit and speed are estimates derived by this service.'),
    assumptions: z.array(z.string()).describe('The model of memory, fit and speed every figure rests on.'),
  }),
  annotations: READ_ONLY,
  examples: [
    { title: 'What runs on an RTX 4090 (24 GB)', input: { hardware_id: 'rtx-4090' } },
    { title: 'A MacBook Pro M4 Max 128 GB at a 32k context', input: { hardware_id: 'm4-max-128gb', context: 32768, limit: 10 } },
    { title: 'An 8 x H100 node serving 16 sequences at once', input: { hardware_id: 'h100-80gb-x8', concurrency: 16 } },
    { title: 'One H100 with a Q8_0 KV cache and at least 8 bits per weight', input: { hardware_id: 'h100-80gb-x1', min_bits: 8, kv_cache: 'q8_0', limit: 5 } },
    { title: 'Two RTX 3090 as people say it', input: { hardware_id: '2x 3090' } },
  ],
  handler(ds, input) {
    oneQuantizationChoice(input);
    const { hardware, understood } = resolveHardware(ds, input.hardware_id, 'hardware_id');
    const opts: FitOptions = {
      context: input.context, concurrency: input.concurrency,
      min_bits_per_weight: input.min_bits, quantization: input.quantization, kv_cache: input.kv_cache,
    };
    const r = rankingFor(ds, hardware, opts);
    const { items: shown, page } = paginate(r.ranked, input.limit, input.cursor);
    const items = stitched(shown.map((x) => toEntry(ds, r.catalogue, describeRanked(x, hardware, opts))));
    return stitched({
      hardware: r.hardware,
      understood,
      context: input.context,
      concurrency: input.concurrency,
      ranking_rule: RANKING_RULE,
      items,
      page,
      does_not_fit: r.does_not_fit,
      not_assessable: r.not_assessable,
      excluded: r.excluded,
      estimate: true as const,
      assumptions: r.assumptions,
    });
  },
});
