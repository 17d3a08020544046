// models_for_hardware entries: each model's own facts and figures, the lines every entry shares stated once.
import type { Dataset } from '../dataset/dataset.ts';
import {
  DECODE_EFFICIENCY, KV_CACHE_BYTES, KV_READ_EFFICIENCY, MLA_MOE_TENSOR_LAYER_S, QUANTIZATIONS, SERVING_KV_READ_EFFICIENCY,
  type KvCacheType, type Quantization,
} from '../engines/constants.ts';
import { computeClass, decodeEfficiency, layoutBasis } from '../engines/decode.ts';
import { linearAttentionLayerSeconds, recurrentLayersWords } from '../engines/decode-hybrid.ts';
import { ATTENTION_SHARE_WORDS } from '../engines/prefill-depth.ts';
import { isMlaMoe, MLA_TERM_WHY } from '../engines/decode-mla.ts';
import { moeDispatchBasis, moeDispatchSeconds, moeDispatchWords } from '../engines/decode-moe.ts';
import {
  assessFit, memoryReport, modelFitInputs, quantizationRuleFor, type FitAssessment, type FitOptions,
} from '../engines/hardware-fit.ts';
import type { RankedFit } from '../engines/hardware-rank.ts';
import { fitKvCopies } from '../engines/fit-basis.ts';
import { activeBitsWords, hasBandwidth, kvLayout, toGb, type KvLayout, type ModelFacts } from '../engines/memory.ts';
import { isMixtureOfExperts } from '../engines/moe.ts';
import { batchOneTokensPerSecond, efficiencyWords, MOE_PREFILL_WORDS, PREFILL_RATE, speedOf } from '../engines/speed.ts';
import { speedLayout } from '../engines/speed-layout.ts';
import { overallRating } from '../engines/ranking.ts';
import type { Hardware } from '../schema/index.ts';
import { kept } from './json-fragment.ts';
import type { Entry } from './models-for-hardware-shapes.ts';
import { toModelRef, toRankedRating } from './shapes.ts';

const quantizationName = new Map(QUANTIZATIONS.map((q) => [q.id, q.name]));

/** A model's reference and rating, the same at every context and on every configuration: kept as prepared text. */
export type Heading = { model: Entry['model']; rating: Entry['rating'] };

function headingOf(ds: Dataset, headings: Map<string, Heading>, id: string): Heading {
  let h = headings.get(id);
  if (!h) {
    const rated = overallRating(ds, id);
    h = { model: kept(toModelRef(ds, ds.modelById.get(id)!)), rating: rated ? kept(toRankedRating(rated.board, rated.entry)) : null };
    headings.set(id, h);
  }
  return h;
}

/**
 * How a model without a native format is quantized at this ask: the answer's `quantization_rule`. An entry states its
 * own rule only where it differs (a model shipped in MXFP4 or FP8). The same text the engine gives each such model.
 */
export function sharedQuantizationRule(hardware: Hardware, opts: FitOptions): string {
  // The engine's kept candidate list for models without a native format: the rule is not worded again on every ask.
  return quantizationRuleFor(null, hardware, opts);
}

/**
 * The speed method on one configuration, for the answer's assumptions: what every entry's speed figures share (the
 * bandwidth read, the layout and its per-token floor, the prefill rate). Null without a bandwidth (no speed estimated).
 * The same words the engine's per-model `basis` uses, with each model's own counts named instead of stated.
 */
export function configurationSpeedLine(hardware: Hardware, context: number, concurrency: number): string | null {
  if (!hasBandwidth(hardware)) return null;
  // The layout's split and bandwidth do not depend on the layer count; its latency does, and the entry states it. PCIe
  // cards serving several sequences are quoted tensor parallel, as a server runs them (speed-layout.ts).
  const { layout, serving } = speedLayout(hardware, 1, concurrency, 'each model\'s');
  const prefill = hardware.compute_tflops
    ? `prefill compute-bound: speed.prefill_efficiency x ${layout.split === 'layer' ? 'one card\'s ' : ''}` +
      `${PREFILL_RATE[computeClass(hardware)]} / (2 x active parameters) (a mixture-of-experts model runs at a lower ` +
      `efficiency: ${MOE_PREFILL_WORDS}); time to first token = context / prefill tokens/s + the prompt's attention, ` +
      '4 x query heads x head dim FLOPs a full-attention layer per earlier token summed over the prompt, at the share ' +
      `llama.cpp's flash attention reaches for the head width (${ATTENTION_SHARE_WORDS}; fitted on DGX Spark runs) x the ` +
      'class\'s share of the same compute (a token deep in a long prompt is slower ' +
      'than one near its start)'
    : 'prefill not estimated: the dataset has no compute (TFLOPS) figure for this hardware';
  // The weights and the cache are read at their own efficiencies (constants.ts): the cache at the single stream's
  // KV_READ_EFFICIENCY for one sequence, at a batched server's SERVING_KV_READ_EFFICIENCY for several.
  const kvBatch = concurrency > 1 ? SERVING_KV_READ_EFFICIENCY : KV_READ_EFFICIENCY;
  const single = serving === null ? decodeEfficiency(hardware) : DECODE_EFFICIENCY;
  const weights = concurrency > 1
    ? `${DECODE_EFFICIENCY} (weights, a batched server's; ${single} for one sequence alone, speed.efficiency)`
    : `${single} (weights, speed.efficiency: ${efficiencyWords(hardware, serving)})`;
  const bandwidth =
    `${weights} and ${kvBatch} (KV cache${concurrency > 1 ? ', read by a batched server' : ''}) x ` +
    `${layout.split === 'tensor' ? 'the summed' : 'one card\'s'} memory bandwidth`;
  const dispatch = serving === null ? moeDispatchBasis(hardware, 'each model\'s', true) : null;
  const layoutWords = (serving ?? layoutBasis(hardware, layout, 'each model\'s')) +
    (dispatch === null ? '' : ` (a mixture-of-experts model, as its speed.basis says, ${dispatch.replace(/^plus /, 'adds ')})`) +
    ` (a hybrid model adds ${Number((linearAttentionLayerSeconds(hardware) * 1e3).toFixed(3))} ms a step per recurrent layer, the ` +
    'recurrent_layers its architecture line names (Gated DeltaNet, Mamba-2 or lightning attention, all at the rate ' +
    'fitted on Gated DeltaNet): their recurrent kernels)' +
    (hardware.count > 1
      ? ` (an MLA mixture of experts split tensor parallel adds ${MLA_MS} ms a step per layer, the MLA layers its speed ` +
        `basis names: ${MLA_TERM_WHY})`
      : '');
  // perToken(weights, cache, kv): the seconds of a step that reads those bytes, the cache at `kv`, in words.
  const perToken = (weights: string, cache: string, kv = KV_READ_EFFICIENCY, e = 'speed.efficiency') =>
    `(${weights} / (${e} x speed.decode_bandwidth_gbs) + ${cache} / (${kv} x ` +
    'speed.decode_bandwidth_gbs) + speed.per_token_latency_ms / 1000)';
  if (concurrency > 1) return concurrentSpeedLine(context, concurrency, bandwidth, layoutWords, perToken, prefill);
  return (
    `speed on this configuration: decode at batch 1 reads each model's active weights at its quantization + the KV cache ` +
    `of one sequence at ${context} tokens at ${bandwidth} (speed.decode_bandwidth_gbs), ${layoutWords}: tokens/s = 1 / ` +
    `${perToken('speed.active_weights_gb', 'speed.kv_read_gb')}; ${prefill}`
  );
}

/**
 * The speed line at a concurrency above 1. It leads with the figures that ask is about, each user's and the total
 * (speed.at_concurrency), in the layout a server runs at that batch; tokens_per_s stays one sequence decoding alone in
 * that same layout, and says so, since on PCIe cards it is no longer the llama.cpp batch-1 figure of concurrency 1.
 */
function concurrentSpeedLine(
  context: number, n: number, bandwidth: string, layoutWords: string,
  perToken: (weights: string, cache: string, kv?: number, e?: string) => string,
  prefill: string,
): string {
  return (
    `speed on this configuration at concurrency ${n}, ${n} sequences decoded together: speed.at_concurrency gives what each ` +
    `user sees (tokens_per_s_per_stream) and the total of the ${n} sequences (tokens_per_s_total); each decode step reads ` +
    `each model's weights at its quantization once for all ${n} sequences (a mixture-of-experts model: its attention ` +
    `projections, layers x hidden x head_dim x (2 x heads + 2 x KV heads) (none counted for multi-latent or hybrid attention), ` +
    `once, and of its routed experts the share ${n} ` +
    `tokens touch under uniform routing, 1 - (1 - p)^${n} with p = (active - shared) / (total - shared) parameters, at ` +
    `most all its weights) + the KV cache of each sequence at ${context} tokens, at ${bandwidth} ` +
    `(speed.decode_bandwidth_gbs), ${layoutWords}: tokens_per_s_total = ${n} / ` +
    `${perToken('step weight bytes', 'step cache bytes', SERVING_KV_READ_EFFICIENCY, String(DECODE_EFFICIENCY))}, ` +
    'at most the ' +
    `compute-bound rate (speed.prefill_tokens_per_s) where the compute is known (a mixture-of-experts model under vLLM pays ` +
    `its step's read and compute in turn, as estimate_cost's serving figure: 1 / (1 / that + 1 / the compute-bound rate)), ` +
    `and tokens_per_s_per_stream = ` +
    `tokens_per_s_total / ${n}; speed.tokens_per_s is one sequence decoding alone (batch 1) in the same layout, its cache ` +
    `read at ${KV_READ_EFFICIENCY} as a single stream: 1 / ` +
    `${perToken('speed.active_weights_gb', 'speed.kv_read_gb')}; ${prefill}`
  );
}

// The MLA layer term in milliseconds as the entries write it (69e-6 x 1e3 is 0.069000000000000001 in floating point).
const MLA_MS = Number((MLA_MOE_TENSOR_LAYER_S * 1e3).toFixed(3));

/**
 * The words of each model's speed basis, per model's facts, configuration and quantization: the same on every ask
 * there, so a page reuses them rather than joining them again for each entry; a kept string also reads its hash once
 * where the partial tier looks it up (partial-text.ts), where a joined one was flattened and hashed on every ask.
 * Bounded by the catalogue times the configurations asked and the quantizations; a configuration read from a
 * caller's text goes with its object.
 */
const speedBases = new WeakMap<ModelFacts, WeakMap<Hardware, Map<string, string>>>();

function speedBasisOf(a: FitAssessment, q: Quantization, quantizationName: string, hardware: Hardware): string {
  let byHardware = speedBases.get(a.facts);
  if (!byHardware) speedBases.set(a.facts, (byHardware = new WeakMap()));
  let byQ = byHardware.get(hardware);
  if (!byQ) byHardware.set(hardware, (byQ = new Map()));
  let words = byQ.get(q.id);
  if (words === undefined) byQ.set(q.id, (words = speedBasis(a.facts, q, quantizationName, hardware)));
  return words;
}

/** What is particular to one model's speed: the quantization it reads, its layers, its prefill efficiency. */
function speedBasis(facts: ModelFacts, q: Quantization, quantizationName: string, hardware: Hardware): string {
  const moe = isMixtureOfExperts(facts.parameters_active, facts.parameters_total);
  const prefill = !hardware.compute_tflops ? 'prefill not estimated' : moe ? 'mixture-of-experts prefill efficiency' : 'dense prefill efficiency';
  const bits = q.active_bits_per_weight ? `; ${activeBitsWords(q, facts)}` : '';
  // The Metal MoE term is stated with the model's own layer count; its method and measured error are in the assumptions.
  const dispatch = moeDispatchSeconds(hardware, facts.architecture.layers, facts.parameters_active, facts.parameters_total);
  const extra = dispatch === 0 ? '' : `; ${moeDispatchWords(facts.architecture.layers)}`;
  // A hybrid model's recurrent layers, each linearAttentionLayerSeconds a step on the card (decode-hybrid.ts), named by count.
  const linear = recurrentLayersWords(facts.architecture);
  const hybrid = linear === null ? '' : `; ${linear} x ${Number((linearAttentionLayerSeconds(hardware) * 1e3).toFixed(3))} ms`;
  // An MLA mixture of experts on several cards: its layer term wherever the entry's split is tensor (decode-mla.ts).
  const mla = hardware.count > 1 && isMlaMoe(facts)
    ? `; ${facts.architecture.layers} MLA mixture-of-experts layers x ${MLA_MS} ms when split tensor parallel`
    : '';
  return `${quantizationName} weights; ${facts.architecture.layers} layers; ${prefill}${bits}${extra}${hybrid}${mla}`;
}

/**
 * The parts of an entry no context or concurrency changes, kept as prepared text per model's facts (one per Model
 * object of a dataset): its KV cache form at each cache type, and its `derived_from` at each (quantization shown,
 * cache type). Bounded by the catalogue times the quantizations and the three cache types.
 */
const kvInfos = new WeakMap<KvLayout, Map<KvCacheType, Entry['kv_cache']>>();
/** By quantization shown, cache type and the copies of the cache a fit counts: nested, so no key is joined per entry. */
const derivations = new WeakMap<ModelFacts, Map<string, Map<KvCacheType, Map<number, string[]>>>>();

function kvInfoOf(layout: KvLayout, kvType: KvCacheType): Entry['kv_cache'] {
  let byType = kvInfos.get(layout);
  if (!byType) kvInfos.set(layout, (byType = new Map()));
  let k = byType.get(kvType);
  if (!k) {
    // describeFit's kv_cache, member for member.
    k = kept({
      type: kvType, bytes_per_value: KV_CACHE_BYTES[kvType], form: layout.form,
      full_layers: layout.full_layers, sliding_layers: layout.sliding_layers, window: layout.window,
    });
    byType.set(kvType, k);
  }
  return k;
}

function derivedFromOf(a: FitAssessment, opts: FitOptions, kvType: KvCacheType, hardware: Hardware): string[] {
  let byQ = derivations.get(a.facts);
  if (!byQ) derivations.set(a.facts, (byQ = new Map()));
  let byType = byQ.get(a.shown.q.id);
  if (!byType) byQ.set(a.shown.q.id, (byType = new Map()));
  let byCopies = byType.get(kvType);
  if (!byCopies) byType.set(kvType, (byCopies = new Map()));
  // The copies of an MLA cache a fit counts depend on the configuration (mla-cache.ts): part of the key.
  const copies = fitKvCopies(a.facts.architecture, hardware, opts);
  let d = byCopies.get(copies);
  // describeFit's derived_from with the model's own inputs ('own'): its facts, then its weights and KV cache.
  if (!d) byCopies.set(copies, (d = kept([...a.facts.derived_from, ...modelFitInputs(a, opts, hardware)])));
  return d;
}

/**
 * One ranked model written out: the engine's figures (describeFit's, member for member), with only the lines
 * particular to the model (its facts, its weights and KV cache; its quantization rule where it differs from the
 * answer's). What no context changes is copied as kept text; the memory, the alternatives and the speed are this ask's.
 */
export function toEntry(
  ds: Dataset, headings: Map<string, Heading>, r: RankedFit, hardware: Hardware, opts: FitOptions, sharedRule: string,
): Entry {
  const { model, rating } = headingOf(ds, headings, r.model.id);
  const a = assessFit(r.model, hardware, opts) as FitAssessment;
  // The engine lists only fitting models, which always carry a quantization (and are within their window).
  const chosen = a.chosen!;
  const q = chosen.q;
  const name = quantizationName.get(q.id) ?? q.id;
  const kvType = opts.kv_cache ?? 'f16';
  const bandwidth = hasBandwidth(hardware);
  const speed = bandwidth ? speedOf(a.facts, q, hardware, opts, speedBasisOf(a, q, name, hardware)) : null;
  const alternatives: Entry['alternatives'] = new Array(a.tried.length);
  for (let i = 0; i < a.tried.length; i++) {
    const t = a.tried[i];
    // The chosen format's batch-1 speed is the entry's own `speed.tokens_per_s`: speedOf decodes it with the same
    // facts, format, configuration and options as batchOneTokensPerSecond, so it is read, not decoded a second time.
    const own = t.q === q && speed !== null;
    alternatives[i] = {
      quantization: t.q.id,
      name: t.q.name,
      bits_per_weight: t.q.bits_per_weight,
      weights_gb: toGb(t.need.weights),
      total_gb: toGb(t.need.total),
      memory_fit: t.level,
      tokens_per_s: t.level === 'no' || !bandwidth ? null : own ? speed.tokens_per_s : batchOneTokensPerSecond(a.facts, t.q, hardware, opts),
    };
  }
  // Written member by member (the page marks its items array stitchedEach: one mark a page, not one an entry): the
  // model, its rating, its KV cache and its derivation copied as text, the figures of this ask serialized.
  return {
    rank: r.rank,
    model,
    rating,
    fit: chosen.level as 'comfortable' | 'tight',
    quantization: q.id,
    // Every entry keeps its rule (the API only grows); most are the answer's `quantization_rule`, said once there too.
    quantization_rule: a.rule ?? sharedRule,
    alternatives,
    kv_cache: kvInfoOf(kvLayout(a.facts.architecture), kvType),
    quantization_name: name,
    bits_per_weight: q.bits_per_weight,
    memory: memoryReport(a.shown.q, a.shown.need, a.usable),
    tokens_per_s: speed?.tokens_per_s ?? null,
    speed,
    estimate: true,
    derived_from: derivedFromOf(a, opts, kvType, hardware),
  };
}
