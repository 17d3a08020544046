// models_for_hardware: which models run on one hardware configuration, with quantization, memory and speed.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_CONTEXT } from '../engines/constants.ts';
import { windowUnknownListReason } from '../engines/context-window.ts';
import { fitKvBasis } from '../engines/kv-basis.ts';
import { resolveMachineText } from '../engines/machine-cache.ts';
import { modelFacts } from '../engines/memory.ts';
import type { FitOptions } from '../engines/hardware-fit.ts';
import { nearestTable, type NearestTable } from '../engines/hardware-nearest.ts';
import {
  fitCandidates, knownWindows, rankForHardware, type CandidateSplit, type Excluded, type RankedFit,
} from '../engines/hardware-rank.ts';
import { overallRating } from '../engines/ranking.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { contextParam, Cursor, Limit, Page, paginate } from './common.ts';
import { HardwareTextParam, HardwareUnderstood, HardwareView, resolveHardware, toHardwareView } from './list-hardware.ts';
import { kept, stitched, stitchedEach } from './json-fragment.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import {
  configurationSpeedLine, sharedQuantizationRule, toEntry, type Heading,
} from './models-for-hardware-entry.ts';
import { Entry, NotAssessable } from './models-for-hardware-shapes.ts';
import { Nearest, nearestOf } from './models-for-hardware-nearest.ts';
import { oneQuantizationChoice, quantizationParams } from './quantization-params.ts';
import {
  ExpertsInSystemRam, expertsInSystemRam, ramKindFromText, ramReadNote, systemRamFromText, systemRamParams,
} from './models-for-hardware-offload.ts';

/**
 * The full ranking of one configuration at one context and concurrency; pages are slices of it. Only the order and
 * the arithmetic behind it are kept: a page writes out its own entries (`toEntry`), the rest are never built.
 */
type Ranking = {
  hardware: HardwareView;
  ranked: RankedFit[];
  not_assessable: NotAssessable;
  does_not_fit: number;
  excluded: { closed_weights: number; open_weights_unknown: number; not_language_models: number };
  quantization_rule: string;
  assumptions: string[];
  catalogue: Catalogue;
};

const NOT_ASSESSABLE_REASON =
  'the dataset has no parameter count or architecture facts (layers, KV heads, head dimension) for these models, and the service does not estimate them from names or similar models';

/**
 * What a ranking needs that no request changes, read once per dataset: the open-weights models the engine can
 * assess (their facts are there), the ones it cannot (listed, never guessed), the models left out, and the rating
 * each assessable model is ordered by. A cold ask (a new context) then assesses only those models.
 */
type Catalogue = {
  assessable: Model[];
  /** Models lacking facts, whatever the ask. */
  lacking: ReadonlyArray<{ model_id: string; missing: string[] }>;
  /**
   * Those models, joined by the ones whose window is unknown when the context is above what a fit is asserted at
   * without one, A to Z: by the ids joined (no more than two keys in practice: none joined, or every such model). Kept.
   */
  lists: Map<string, Array<{ model_id: string; missing: string[] }>>;
  excluded: Excluded;
  ratings: Map<string, number | null>;
  /** Each shown model's reference and rating, made when a page first shows it (at most one per model). */
  headings: Map<string, Heading>;
  /** The assessable models with their known windows, as the ranking reads them: an ask skips those it is over. */
  split: CandidateSplit;
  /** What `nearest` reads of each assessable model that no ask changes (hardware-nearest.ts). */
  nearest: NearestTable;
};
/**
 * The pages warmed at start (warmInputs below): a greedy cover of every (model, quantization) pair the first page (100
 * entries) of any catalogued configuration shows at 8,192 tokens (the default) or at 512 (the shortest context, where
 * larger formats fit): 50 pages list all 1,073 pairs, each list in the order the cover took them (docs/performance.md, eighteenth round).
 */
const WARM_AT_DEFAULT = [
  'rtx-3090', 'mi250-x4', 'h100-80gb-x4', 'rtx-5090', 'a100-40gb-x1', 'm3-ultra-256gb', 'm4-pro-64gb', 'm3-pro-36gb',
  'rtx-3060-laptop', 'rtx-3050-8gb', 'mi250-x1', 'b200-x1', 'a100-80gb-x1', 'a100-80gb-x2', 'rx-7900-xt',
  'h100-80gb-x2', 'rtx-4060-ti-16gb', 'm1-8gb', 'rtx-3080-10gb', 'mi325x-x1', 'rtx-4090-x2', 'm2-max-96gb',
  'h200-x1', 'rtx-2080-ti', 'm3-max-48gb', 'strix-halo-385-32gb', 'cpu-ddr5-128gb',
];
const WARM_AT_512 = [
  'a100-80gb-x2', 'm3-ultra-512gb', 'm1-8gb', 'rtx-3050-8gb', 'rtx-3080-10gb', 'a100-80gb-x8', 'mi300x-x8',
  'm2-24gb', 'h200-nvl-x2', 'm1-16gb', 'mi250-x4', 'rtx-3060-laptop', 'rtx-5090-x2', 'rtx-3090', 'm4-max-128gb',
  'h100-80gb-x2', 'a100-40gb-x1', 'm3-pro-36gb', 'rtx-5090', 'rtx-4060-ti-16gb', 'a100-80gb-x4', 'rx-7900-xt',
  'm3-pro-18gb',
];

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
  const ratings = new Map(assessable.map((m) => [m.id, overallRating(ds, m.id)?.entry.best.rating ?? null]));
  // Ranked in an order close to every ask's (rating, then the smaller model, which has the more headroom, then id):
  // the ranking's sort, the same total order whatever it is given, then finds runs already in place. Most of its
  // comparisons were spent reordering the catalogue's own order.
  const rated = (m: Model) => ratings.get(m.id) ?? -Infinity;
  const size = (m: Model) => m.parameters_total?.value ?? 0;
  assessable.sort((x, y) => rated(y) - rated(x) || size(x) - size(y) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const split = { candidates: assessable, excluded, windows: knownWindows(assessable) };
  c = { assessable, lacking, lists: new Map(), excluded, ratings, headings: new Map(), split, nearest: nearestTable(assessable) };
  catalogues.set(ds, c);
  return c;
}

/**
 * The models lacking facts, joined by those the ranking could not assess at this context: their facts are there but
 * their window is not, and the context is above what a fit is asserted at without one (context-window.ts). The
 * lists are kept per catalogue (the same few sets of models on every ask), copied as text; the count and reason are the ask's.
 */
function notAssessable(c: Catalogue, atContext: ReadonlyArray<{ model_id: string; missing: string[] }>, context: number): NotAssessable {
  const key = atContext.map((m) => m.model_id).join(',');
  let models = c.lists.get(key);
  if (!models) {
    // The answer's reason says why a missing window keeps a model out at this context; each lists what it lacks.
    const joined = atContext.map(({ model_id, missing }) => ({ model_id, missing }));
    models = kept([...c.lacking, ...joined].sort((x, y) => (x.model_id < y.model_id ? -1 : 1)));
    c.lists.set(key, models);
  }
  const count = c.lacking.length + atContext.length;
  const reason = atContext.length === 0 ? NOT_ASSESSABLE_REASON : `${NOT_ASSESSABLE_REASON}; ${windowUnknownListReason(context)}`;
  return stitched({ count, reason, models });
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
  const r = rankForHardware(c.assessable, hardware, opts, (id) => c.ratings.get(id), c.split);
  const na = notAssessable(c, r.not_assessable, opts.context);
  const speedLine = configurationSpeedLine(hardware, opts.context, opts.concurrency);
  return {
    hardware: hardwareView(hardware),
    ranked: r.ranked,
    not_assessable: na,
    does_not_fit: r.does_not_fit,
    excluded: c.excluded,
    quantization_rule: sharedQuantizationRule(hardware, opts),
    // The speed method of this configuration is stated here once; each entry's speed basis names only what is
    // particular to its model. Kept with the ranking but not marked kept: a ranking is made per cold ask, and marked
    // kept (its text and projection then made and held beside it, weakly) it made young collections on the cold stream
    // promote some 0.4 MB more each (docs/performance.md, nineteenth round).
    assumptions: speedLine ? [...r.assumptions, speedLine] : r.assumptions,
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
    ...systemRamParams,
    limit: Limit,
    cursor: Cursor,
  }).strict(),
  output: z.object({
    hardware: HardwareView.describe(
      'The configuration, with its usable memory and the facts behind it (source and date each): stated once for every entry.',
    ),
    understood: HardwareUnderstood,
    context: z.number().int().describe('Tokens per sequence assessed.'),
    concurrency: z.number().int().describe('Sequences at once assessed.'),
    ranking_rule: z.string().describe('How `items` are ordered.'),
    kv_basis: z.string().describe('How a fit counts each sequence\'s KV cache (at its full `context`), and why estimate_cost, which '
      + 'batches sequences at their mean current length, may serve more at once on the same configuration.'),
    quantization_rule: z
      .string()
      .describe('How the quantization was chosen on this configuration, in words: each entry\'s `quantization_rule` too, but for a model that ships a native format, which states its own.'),
    items: z
      .array(Entry)
      .describe(
        'Models that run there, best first (one page). Each states what is particular to its model; what every entry shares ' +
          '(the configuration\'s facts, the quantization rule, the method) is stated once, in `hardware`, `quantization_rule` ' +
          'and `assumptions`.',
      ),
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
    assumptions: z
      .array(z.string())
      .describe('The model of memory, fit and speed every figure rests on, with the speed method on this configuration.'),
    nearest: Nearest.optional(),
    experts_in_system_ram: ExpertsInSystemRam.optional(),
  }),
  annotations: READ_ONLY,
  // Written as bytes: an entry's speed, memory and alternatives (mostly numbers) are not made text first, and the page
  // is not pieces of text encoded after (docs/performance.md, fifteenth round).
  writtenAsBytes: true,
  examples: [
    { title: 'What runs on an RTX 4090 (24 GB)', input: { hardware_id: 'rtx-4090' } },
    { title: 'A MacBook Pro M4 Max 128 GB at a 32k context', input: { hardware_id: 'm4-max-128gb', context: 32768, limit: 10 } },
    { title: 'An 8 x H100 node serving 16 sequences at once', input: { hardware_id: 'h100-80gb-x8', concurrency: 16 } },
    { title: 'One H100 with a Q8_0 KV cache and at least 8 bits per weight', input: { hardware_id: 'h100-80gb-x1', min_bits: 8, kv_cache: 'q8_0', limit: 5 } },
    { title: 'Two RTX 3090 as people say it', input: { hardware_id: '2x 3090' } },
    { title: 'A 2 GB machine, where no model fits at 8,192 tokens: the answer says what would', input: { hardware_id: '2GB RAM' } },
    { title: 'An RTX 4090 beside 64 GB of system RAM: MoE models with their experts in RAM too', input: { hardware_id: 'rtx-4090', system_ram_gb: 64, limit: 5 } },
  ],
  // Pages of up to 100 entries whose pages together list every (model, quantization) pair a first page shows at 8,192 or
  // 512 tokens (WARM_AT_DEFAULT, WARM_AT_512): each entry's kept parts (its reference, rating, KV cache form and
  // derivation, kept per dataset) and their partial projections are made at start, not by the first page a caller asks
  // on a large configuration (docs/performance.md, seventeenth and eighteenth rounds).
  warmInputs: [
    ...WARM_AT_DEFAULT.map((hardware_id) => ({ hardware_id, limit: 100 })),
    ...WARM_AT_512.map((hardware_id) => ({ hardware_id, context: 512, limit: 100 })),
  ],
  handler(ds, input) {
    oneQuantizationChoice(input);
    // The reading of the text is kept per dataset (a Map look-up on a catalogued id, as on a phrase asked again).
    const { hardware, understood } = resolveHardware(ds, input.hardware_id, 'hardware_id', resolveMachineText);
    const opts: FitOptions = {
      context: input.context, concurrency: input.concurrency,
      min_bits_per_weight: input.min_bits, quantization: input.quantization, kv_cache: input.kv_cache,
    };
    const r = rankingFor(ds, hardware, opts);
    const { items: shown, page } = paginate(r.ranked, input.limit, input.cursor);
    const rule = r.quantization_rule;
    // One mark for the page: each entry is written as stitched without a mark of its own (json-fragment.ts).
    const items = stitchedEach(shown.map((x) => toEntry(ds, r.catalogue.headings, x, hardware, opts, rule)));
    // System RAM, stated or said in the text (`4090 with 64GB RAM`): MoE models with their experts there (an ask that
    // states none is answered as before).
    const saidRam = input.system_ram_gb === undefined && !hardware.unified_memory ? systemRamFromText(input.hardware_id) : undefined;
    const ramGb = input.system_ram_gb ?? saidRam;
    const inRam = ramGb === undefined ? undefined : expertsInSystemRam(ds, r.catalogue.assessable, new Set(r.ranked.map((x) => x.model.id)),
      hardware, opts, ramGb, input.system_ram_bandwidth_gbs, input.system_ram_gb === undefined ? 'hardware_id' : 'system_ram_gb',
      ramKindFromText(input.hardware_id));
    const answer = stitched({
      hardware: r.hardware,
      understood: inRam && saidRam !== undefined ? { ...understood, interpretation: `${understood.interpretation}; ${ramReadNote(saidRam, inRam.not_applied)}` } : understood,
      context: input.context,
      concurrency: input.concurrency,
      ranking_rule: RANKING_RULE,
      kv_basis: fitKvBasis(input.context, input.concurrency),
      quantization_rule: rule,
      items,
      page,
      does_not_fit: r.does_not_fit,
      not_assessable: r.not_assessable,
      excluded: r.excluded,
      estimate: true as const,
      assumptions: r.assumptions,
    });
    // Only an ask at which nothing fits says what would: the common ask neither makes nor carries it.
    const out = r.ranked.length === 0 ? Object.assign(answer, { nearest: nearestOf(ds, r, r.catalogue.nearest, hardware, opts) }) : answer;
    return inRam ? Object.assign(out, { experts_in_system_ram: inRam }) : out;
  },
});
