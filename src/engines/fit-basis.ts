// The basis of a quantization choice: the candidates of an ask, each model's weights at them, their fit levels and the
// choice among them; fitBasis/choiceAt make that choice without an assessment's objects (the fit itself: hardware-fit.ts).
import { attentionUnsupported, usesSparseAttention } from './attention-support.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { COMFORTABLE_MAX_FRACTION, MIN_SELF_HOSTING_BITS, type KvCacheType, type Quantization, type QuantizationId } from './constants.ts';
import { kvCacheBytes, modelFacts, overheadBytes, usableBytes, type ModelFacts } from './memory.ts';
import { candidateQuantizations, type Candidates } from './quantization.ts';
import { ladderFor, type Figure, type Ladder } from './runtime.ts';
import { decodeSplit } from './decode.ts';
import { heldParameters, weightsFor } from './gguf-sizes.ts';
import { windowUnknownAt } from './context-window.ts';
import { kvCacheCopies } from './mla-cache.ts';
import type { Architecture } from '../schema/index.ts';

export type FitLevel = 'comfortable' | 'tight' | 'no';

export type FitOptions = {
  /** Tokens per sequence the KV cache must hold. */
  context: number;
  /** Sequences served at once (each holds its own KV cache). */
  concurrency: number;
  /** Consider only quantizations of at least this many bits per weight (self-hosting uses 4); above 8.5 lifts the Q8_0 cap. */
  min_bits_per_weight?: number;
  /** Exactly this quantization. */
  quantization?: QuantizationId;
  /** KV cache element type (default F16). */
  kv_cache?: KvCacheType;
  /**
   * The figure the fit is quoted beside, which sets the runtime and so the formats tried (runtime.ts): a batch-1 speed
   * (default) or a server's throughput (self-hosting cost).
   */
  figure?: Figure;
};

/** How a total sits in usable memory: comfortable up to COMFORTABLE_MAX_FRACTION, tight up to all of it. */
export function levelOf(total: number, usable: number): FitLevel {
  const used = total / usable;
  if (used <= COMFORTABLE_MAX_FRACTION) return 'comfortable';
  return used <= 1 ? 'tight' : 'no';
}

/**
 * The runtime's formats a fit tries (runtime.ts): the figure asked, else a batch-1 speed, except that PCIe cards
 * serving several sequences are quoted as a vLLM/SGLang server (speed-layout.ts) and so get that runtime's formats.
 */
export function fitLadder(hardware: Hardware, opts: Pick<FitOptions, 'concurrency' | 'figure'>): Ladder {
  const serving = opts.concurrency > 1 && decodeSplit(hardware) === 'layer';
  const figure = opts.figure ?? (serving ? 'serving' : 'batch');
  // Kept per configuration object and figure: a ranking asks for it for every model (some hundreds an ask), and a
  // vLLM ladder is a new object and key string each time it is made. A configuration is never changed once made.
  let kept = laddersOf.get(hardware);
  if (!kept) laddersOf.set(hardware, (kept = new Map()));
  let ladder = kept.get(figure);
  if (!ladder) kept.set(figure, (ladder = ladderFor(hardware, figure)));
  return ladder;
}
const laddersOf = new WeakMap<Hardware, Map<Figure, Ladder>>();

/**
 * Candidate lists by runtime ladder, then (native format, floor, quantization asked) found by a walk of the few kept
 * for the ladder: the same few for every model and request. No key string is made a lookup: a ranking asks for every
 * model of an ask (some hundreds), and the string made and hashed each time was a cold ask's garbage.
 */
const candidateCache = new Map<string, { native: string | null; min: number | undefined; q: string | undefined; c: Candidates }[]>();
const CANDIDATE_CACHE_MAX = 256;
let candidatesKept = 0;

export function candidatesFor(native: string | null, opts: FitOptions, hardware: Hardware): Candidates {
  return candidatesOn(native, opts, fitLadder(hardware, opts));
}

/** How a model of this native format is quantized on the configuration at this ask, in words (the candidates' rule). */
export function quantizationRuleFor(native: string | null, hardware: Hardware, opts: FitOptions): string {
  return candidatesFor(native, opts, hardware).rule;
}

export function candidatesOn(native: string | null, opts: FitOptions, ladder: Ladder): Candidates {
  const min = opts.min_bits_per_weight;
  const q = opts.quantization;
  let kept = candidateCache.get(ladder.key);
  if (kept) {
    for (let i = 0; i < kept.length; i++) {
      const e = kept[i];
      if (e.native === native && e.min === min && e.q === q) return e.c;
    }
  }
  const c = candidateQuantizations(native, opts, ladder);
  // Bounded: min_bits is any number the caller sends; past the bound every list is made again as it is asked for.
  if (candidatesKept >= CANDIDATE_CACHE_MAX) {
    candidateCache.clear();
    candidatesKept = 0;
    kept = undefined;
  }
  if (!kept) candidateCache.set(ladder.key, (kept = []));
  kept.push({ native, min, q, c });
  candidatesKept++;
  return c;
}

/**
 * The quantization to run, from those tried (highest precision first): a comfortable fit at 4 bits or more, else a
 * tight one at 4 bits or more, and only then below 4 bits. Headroom is worth a step between Q8_0 and Q4_K_M, not a
 * drop under 4 bits: llama.cpp's quantize table (Llama-3-8B) gives Q4_K_M +0.1754 perplexity and Q3_K_M +0.6569,
 * nearly four times the loss, against Q8_0's +0.0026. A longer context can only move the choice down this order.
 *
 * By index among the candidates (-1: none fits). Before that order: a native format that fits at all is kept, tight or
 * not (anything below it re-quantizes the publisher's weights and loses quality: gpt-oss-120b ships MXFP4 to fit one
 * 80 GB GPU).
 */
export function chooseIndex(list: readonly Quantization[], level: (i: number) => FitLevel): number {
  if (list.length > 0 && list[0].native !== undefined && level(0) !== 'no') return 0;
  // Written without closures: a ranking chooses for every model of the catalogue on every ask.
  for (let c = 0; c < CHOICE_ORDER.length; c++) {
    const [floor, want] = CHOICE_ORDER[c];
    for (let i = 0; i < list.length; i++) {
      if ((!floor || list[i].bits_per_weight >= MIN_SELF_HOSTING_BITS) && level(i) === want) return i;
    }
  }
  return -1;
}
const CHOICE_ORDER: ReadonlyArray<readonly [boolean, FitLevel]> = [
  [true, 'comfortable'], [true, 'tight'], [false, 'comfortable'], [false, 'tight'],
];

/** Levels of the candidates of one ranking call, reused: ranking a catalogue keeps no per-model objects. */
export const scratchLevels: FitLevel[] = [];
export const scratchLevel = (i: number): FitLevel => scratchLevels[i];

/**
 * A model's weights in bytes at each candidate of a list (`weightsFor`, in the list's order): they depend on the model
 * and the list alone, not on the context or the concurrency, so a ranking reads them instead of looking up published
 * file sizes again on every ask. Kept with the list (weakly: an evicted list takes them along) per model's facts
 * (frozen, one per Model object): bounded by the catalogue times the few lists in use.
 */
const weightsByList = new WeakMap<Candidates, WeakMap<ModelFacts, Float64Array>>();

export function weightsOn(c: Candidates, byFacts: WeakMap<ModelFacts, Float64Array>, facts: ModelFacts): Float64Array {
  let w = byFacts.get(facts);
  if (!w) {
    w = new Float64Array(c.list.length);
    const mtp = facts.architecture.mtp_parameters;
    for (let i = 0; i < c.list.length; i++) w[i] = weightsFor(heldParameters(facts.parameters_total, mtp, c.list[i]), c.list[i], facts.published);
    byFacts.set(facts, w);
  }
  return w;
}

export function weightsKeptWith(c: Candidates): WeakMap<ModelFacts, Float64Array> {
  let weights = weightsByList.get(c);
  if (!weights) weightsByList.set(c, (weights = new WeakMap()));
  return weights;
}

/**
 * What the choice of a fit reads that the context and KV type do not change: the candidates (by the model's native
 * format, the floor, the quantization asked, the runtime's ladder), each one's weights, the overhead and the usable
 * memory. Undefined when the model lacks the facts. Made once, it turns a fit at a new context into a few sums.
 */
export type FitBasis = {
  readonly list: readonly Quantization[];
  readonly weights: ArrayLike<number>;
  readonly overhead: number;
  readonly usable: number;
  /** Copies of each sequence's KV cache the cards hold under the fit's runtime (`fitKvCopies`). */
  readonly kv_copies: number;
};

/**
 * Copies of each sequence's KV cache a fit counts where the fit's runtime runs the cards tensor parallel: one a card
 * for an MLA model (vLLM and SGLang keep its latent whole on every rank), cards / KV heads for a model with fewer KV
 * heads than cards (each card keeps at least one: mla-cache.ts); else one.
 */
export function fitKvCopies(architecture: Architecture, hardware: Hardware, opts: Pick<FitOptions, 'concurrency' | 'figure'>): number {
  return hardware.count > 1 ? kvCacheCopies(architecture, hardware, fitLadder(hardware, opts).runtime) : 1;
}

export function fitBasis(model: Model, hardware: Hardware, opts: FitOptions): FitBasis | undefined {
  const facts = modelFacts(model);
  if ('missing' in facts) return undefined;
  // Not assessable, as assessFit says, where the runtime has no kernel for the model's attention (DSA on an A100).
  if (usesSparseAttention(model) && attentionUnsupported(model, hardware, fitLadder(hardware, opts).runtime)) return undefined;
  // The weights are the ranking's own, kept with the candidate list: one table of them, not two.
  const c = candidatesFor(facts.native_precision, opts, hardware);
  const weights = weightsOn(c, weightsKeptWith(c), facts);
  const kv_copies = fitKvCopies(facts.architecture, hardware, opts);
  return { list: c.list, weights, overhead: overheadBytes(hardware.count), usable: usableBytes(hardware), kv_copies };
}

/**
 * The quantization assessFit chooses and its level, from a basis made with the same options but for the context and KV
 * type: the same candidates, sums (in rankedHeadroom's order) and choice, without the assessment's objects. Undefined
 * when assessFit finds the model not assessable at the context; null when nothing fits or the context is over the window.
 */
export function choiceAt(basis: FitBasis, model: Model, opts: FitOptions): { q: Quantization; level: FitLevel } | null | undefined {
  const facts = modelFacts(model);
  if ('missing' in facts || windowUnknownAt(model, opts.context)) return undefined;
  const window = model.context_window?.value;
  if (window !== undefined && opts.context > window) return null;
  const kv = kvCacheBytes(facts.architecture, opts.context, opts.concurrency, opts.kv_cache) * basis.kv_copies;
  const { list, weights, overhead, usable } = basis;
  for (let i = 0; i < list.length; i++) scratchLevels[i] = levelOf(weights[i] + kv + overhead, usable);
  const k = chooseIndex(list, scratchLevel);
  return k < 0 ? null : { q: list[k], level: scratchLevels[k] };
}

/** assessFit's choice without its objects (fitBasis, then choiceAt). */
export function fitChoice(model: Model, hardware: Hardware, opts: FitOptions): { q: Quantization; level: FitLevel } | null | undefined {
  const basis = fitBasis(model, hardware, opts);
  return basis && choiceAt(basis, model, opts);
}
