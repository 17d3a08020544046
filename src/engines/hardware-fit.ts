// Hardware fit: best quantization of one model on one configuration and its decode speed (ranking: hardware-rank.ts).
import type { Hardware, Model } from '../schema/index.ts';
import {
  KV_CACHE_BYTES,
  type KvCacheType,
  type Quantization,
  type QuantizationId,
} from './constants.ts';
import {
  hasBandwidth,
  kvCacheBytes,
  kvLayout,
  memoryNeeded,
  modelFacts,
  overheadBytes,
  roundTo,
  toGb,
  usableBytes,
  type MemoryNeed,
  type ModelFacts,
} from './memory.ts';
import { batchOneTokensPerSecond, speedOf, type SpeedEstimate } from './speed.ts';
import { fitSplitNote } from './speed-layout.ts';
import { windowUnknownAt, windowUnknownReason } from './context-window.ts';
import type { Candidates } from './quantization.ts';
import { attentionUnsupported, usesSparseAttention } from './attention-support.ts';
import {
  candidatesFor, candidatesOn, chooseIndex, fitKvCopies, fitLadder, levelOf, scratchLevel, scratchLevels, weightsKeptWith, weightsOn,
  type FitLevel, type FitOptions,
} from './fit-basis.ts';

export type { SpeedEstimate } from './speed.ts';

export type { FitLevel, FitOptions } from './fit-basis.ts';
export { fitLadder, quantizationRuleFor } from './fit-basis.ts';
export { FIT_ASSUMPTIONS, fitInputs, modelFitInputs } from './fit-inputs.ts';
import { fitInputs, modelFitInputs } from './fit-inputs.ts';

export type MemoryReport = {
  quantization: QuantizationId;
  weights_gb: number;
  kv_cache_gb: number;
  overhead_gb: number;
  total_gb: number;
  usable_gb: number;
  /** usable - total; negative when it does not fit. */
  headroom_gb: number;
  used_fraction: number;
};

export type QuantizationFit = {
  quantization: QuantizationId;
  name: string;
  bits_per_weight: number;
  weights_gb: number;
  total_gb: number;
  memory_fit: FitLevel;
  /** Estimated decode tokens/s at batch 1 at this quantization (null when it does not fit). */
  tokens_per_s: number | null;
};

export type FitAssessed = {
  model_id: string;
  hardware_id: string;
  assessable: true;
  context: number;
  concurrency: number;
  fit: FitLevel;
  /** Why the fit is `no`; null otherwise. */
  reason: string | null;
  /** The highest precision that fits comfortably, else the highest that fits tightly; null when none fits. */
  quantization: QuantizationId | null;
  /** How the quantization was chosen, in words. */
  quantization_rule: string;
  /** KV cache element type and the per-layer form it was computed for. */
  kv_cache: { type: KvCacheType; bytes_per_value: number; form: string; full_layers: number; sliding_layers: number; window: number | null };
  bits_per_weight: number | null;
  /** At the chosen quantization, or at the smallest one considered when none fits (to show the shortfall). */
  memory: MemoryReport;
  tokens_per_s: number | null;
  speed: SpeedEstimate | null;
  by_quantization: QuantizationFit[];
  split: string | null;
  estimate: true;
  derived_from: string[];
};

export type FitNotAssessable = {
  model_id: string;
  hardware_id: string;
  assessable: false;
  reason: string;
  missing: string[];
};

export type FitResult = FitAssessed | FitNotAssessable;

/** Memory needed versus available at one quantization, as the wire shows it. */
export function memoryReport(q: Quantization, need: MemoryNeed, usable: number): MemoryReport {
  return {
    quantization: q.id,
    weights_gb: toGb(need.weights),
    kv_cache_gb: toGb(need.kv_cache),
    overhead_gb: toGb(need.overhead),
    total_gb: toGb(need.total),
    usable_gb: toGb(usable),
    headroom_gb: toGb(usable - need.total),
    used_fraction: roundTo(need.total / usable, 3),
  };
}


/** One quantization tried: the memory it needs and how it fits. */
type Tried = { q: Quantization; need: MemoryNeed; level: FitLevel };

/**
 * The arithmetic of a fit, before any figure is written out: enough to decide the fit and to rank. Ranking a
 * configuration assesses every open-weights model but writes out only the ones a page shows (`describeFit`).
 */
export type FitAssessment = {
  model: Model;
  facts: ModelFacts;
  usable: number;
  rule: string;
  tried: Tried[];
  chosen: Tried | undefined;
  /** The chosen quantization, or the smallest tried when none fits (to show the shortfall). */
  shown: Tried;
  overWindow: boolean;
};

/** A model's headroom on the configuration of one ask: see `rankedHeadroom`. */
export type HeadroomOf = (model: Model) => number | null | undefined;

/**
 * `rankedHeadroom` for every model of one ask: what does not depend on the model (usable memory, overhead, the
 * runtime's ladder, the candidate list of each native format) is read once, and each model's weights at every
 * candidate are kept with the list.
 */
export function headroomRanker(hardware: Hardware, opts: FitOptions): HeadroomOf {
  const usable = usableBytes(hardware);
  const overhead = overheadBytes(hardware.count);
  const ladder = fitLadder(hardware, opts);
  // A few native formats (none, bf16, fp8, mxfp4...) across the catalogue: their lists, and the weights kept with each.
  const lists = new Map<string | null, { c: Candidates; weights: WeakMap<ModelFacts, Float64Array> }>();
  return (model) => {
    const facts = modelFacts(model);
    if ('missing' in facts || windowUnknownAt(model, opts.context)) return undefined;
    if (attentionUnsupported(model, hardware, ladder.runtime)) return undefined;
    let l = lists.get(facts.native_precision);
    if (!l) {
      const c = candidatesOn(facts.native_precision, opts, ladder);
      lists.set(facts.native_precision, (l = { c, weights: weightsKeptWith(c) }));
    }
    const copies = fitKvCopies(facts.architecture, hardware, opts);
    return headroomAt(model, facts, l.c.list, weightsOn(l.c, l.weights, facts), usable, overhead, copies, opts);
  };
}

/**
 * For ranking: the headroom in bytes at the quantization assessFit chooses, null when none fits (or the context is
 * over the window), undefined when the model lacks the facts (or its window is unknown above the context a fit is
 * asserted at: context-window.ts). The same sums and choice as assessFit, without the assessment's objects: a ranking
 * reads every model, and a page writes out twenty. A caller asking for many models at one ask takes `headroomRanker`.
 */
export function rankedHeadroom(model: Model, hardware: Hardware, opts: FitOptions): number | null | undefined {
  const facts = modelFacts(model);
  if ('missing' in facts || windowUnknownAt(model, opts.context)) return undefined;
  // No option here: the runtime cannot run the model's attention on this accelerator (assessFit gives the reason). Null
  // (does not fit), not undefined (facts missing): a search for the smallest configuration goes on to the next.
  if (usesSparseAttention(model) && attentionUnsupported(model, hardware, fitLadder(hardware, opts).runtime)) return null;
  const c = candidatesFor(facts.native_precision, opts, hardware);
  const weights = weightsOn(c, weightsKeptWith(c), facts);
  const copies = fitKvCopies(facts.architecture, hardware, opts);
  return headroomAt(model, facts, c.list, weights, usableBytes(hardware), overheadBytes(hardware.count), copies, opts);
}

/** Totals of the candidates of one ranking call, reused (the levels beside them: fit-basis.ts). */
const scratchTotals: number[] = [];

/** The headroom at the chosen candidate from the model's weights at each (`weightsOn`): assessFit's sums, in its order. */
function headroomAt(
  model: Model, facts: ModelFacts, list: readonly Quantization[], weights: Float64Array, usable: number, overhead: number,
  copies: number, opts: FitOptions,
): number | null {
  const window = model.context_window?.value;
  if (window !== undefined && opts.context > window) return null;
  // needAt's sum, in its order, with the KV cache and overhead (the same at every quantization) computed once: a
  // ranking reads every model at every candidate, and the MemoryInput and MemoryNeed objects were most of its garbage.
  const kv = kvCacheBytes(facts.architecture, opts.context, opts.concurrency, opts.kv_cache) * copies;
  for (let i = 0; i < list.length; i++) {
    scratchTotals[i] = weights[i] + kv + overhead;
    scratchLevels[i] = levelOf(scratchTotals[i], usable);
  }
  const k = chooseIndex(list, scratchLevel);
  return k < 0 ? null : usable - scratchTotals[k];
}

/** Memory one model needs at one quantization on a configuration: the one sum assessFit and fitsAtAll both read. */
function needAt(facts: ModelFacts, q: Quantization, hardware: Hardware, opts: FitOptions): MemoryNeed {
  return memoryNeeded({
    parameters_total: facts.parameters_total, architecture: facts.architecture, quantization: q, context: opts.context,
    concurrency: opts.concurrency, devices: hardware.count, kv: opts.kv_cache, published: facts.published,
    kv_copies: fitKvCopies(facts.architecture, hardware, opts),
  });
}

/** Decide the fit of one model on one configuration: every quantization tried, the one chosen. Pure arithmetic. */
export function assessFit(model: Model, hardware: Hardware, opts: FitOptions): FitAssessment | FitNotAssessable {
  const facts = modelFacts(model);
  if ('missing' in facts) {
    return {
      model_id: model.id,
      hardware_id: hardware.id,
      assessable: false,
      reason: `not assessable: the dataset has no ${facts.missing.join(' or ')} for this model, and the service does not guess them`,
      missing: [...facts.missing],
    };
  }
  // Above the context a fit is asserted at without a window, the answer says so rather than fit a context the model
  // may not read (gemma-1.1-2b-it reads 8,192; a fit at 32,768 would call it comfortable).
  if (windowUnknownAt(model, opts.context)) {
    const reason = windowUnknownReason(opts.context);
    return { model_id: model.id, hardware_id: hardware.id, assessable: false, reason, missing: ['context_window'] };
  }
  // The runtime quoted here has no kernel for the model's attention on this accelerator (DSA on an A100): no fit to give.
  const unsupported = usesSparseAttention(model) ? attentionUnsupported(model, hardware, fitLadder(hardware, opts).runtime) : undefined;
  if (unsupported) return { model_id: model.id, hardware_id: hardware.id, assessable: false, reason: unsupported, missing: [] };
  const usable = usableBytes(hardware);
  const candidates = candidatesFor(facts.native_precision, opts, hardware);
  const tried = candidates.list.map((q) => {
    const need = needAt(facts, q, hardware, opts);
    return { q, need, level: levelOf(need.total, usable) };
  });
  const window = model.context_window?.value;
  const overWindow = window !== undefined && opts.context > window;
  const chosen = overWindow ? undefined : tried[chooseIndex(candidates.list, (i) => tried[i].level)];
  return { model, facts, usable, rule: candidates.rule, tried, chosen, shown: chosen ?? tried[tried.length - 1], overWindow };
}

/**
 * Whether `assessFit` would choose a quantization (the fit is not `no`), decided without building the assessment:
 * the context within the window and some candidate's total within usable memory (the same sum, `needAt`, and the same
 * comparison, `levelOf`). Null when the model lacks the facts. Filters over the whole catalogue (is there
 * any way to run it here) ask this; only the models a page shows are assessed and written out.
 */
export function fitsAtAll(model: Model, hardware: Hardware, opts: FitOptions): boolean | null {
  const headroom = rankedHeadroom(model, hardware, opts);
  return headroom === undefined ? null : headroom !== null;
}

/** Fit of one model on one configuration at a context and concurrency. Pure; labels every figure an estimate. */
export function fitModel(model: Model, hardware: Hardware, opts: FitOptions): FitResult {
  const a = assessFit(model, hardware, opts);
  return 'facts' in a ? describeFit(a, hardware, opts) : a;
}

/** Every figure of an assessed fit, written out for the wire. */
export function describeFit(a: FitAssessment, hardware: Hardware, opts: FitOptions, inputs: 'all' | 'own' = 'all'): FitAssessed {
  const { model, facts, usable, tried, chosen, shown, overWindow } = a;
  const window = model.context_window?.value;
  const kvType = opts.kv_cache ?? 'f16';
  const layout = kvLayout(facts.architecture);
  let reason: string | null = null;
  if (overWindow) reason = `a context of ${opts.context} tokens exceeds the model's context window of ${window}`;
  else if (!chosen) {
    reason =
      `needs ${toGb(shown.need.total)} GB at ${shown.q.name}, the smallest quantization considered; ` +
      `${toGb(usable)} GB usable on ${hardware.name}`;
  }
  // An ad-hoc configuration (a bare memory size) has no bandwidth: its fit is assessed, its speed is not.
  const speed = chosen && hasBandwidth(hardware) ? speedOf(facts, chosen.q, hardware, opts) : null;
  return {
    model_id: model.id,
    hardware_id: hardware.id,
    assessable: true,
    context: opts.context,
    concurrency: opts.concurrency,
    fit: chosen ? chosen.level : 'no',
    reason,
    quantization: chosen?.q.id ?? null,
    quantization_rule: a.rule,
    kv_cache: {
      type: kvType, bytes_per_value: KV_CACHE_BYTES[kvType], form: layout.form,
      full_layers: layout.full_layers, sliding_layers: layout.sliding_layers, window: layout.window,
    },
    bits_per_weight: chosen?.q.bits_per_weight ?? null,
    memory: memoryReport(shown.q, shown.need, usable),
    tokens_per_s: speed?.tokens_per_s ?? null,
    speed,
    // The chosen format's batch-1 speed is `speed.tokens_per_s`: speedOf decodes it with the same facts, format,
    // configuration and options as batchOneTokensPerSecond, so it is read here rather than decoded a second time.
    by_quantization: tried.map((t) => ({
      quantization: t.q.id,
      name: t.q.name,
      bits_per_weight: t.q.bits_per_weight,
      weights_gb: toGb(t.need.weights),
      total_gb: toGb(t.need.total),
      memory_fit: overWindow ? 'no' : t.level,
      tokens_per_s: overWindow || t.level === 'no' || !hasBandwidth(hardware) ? null
        : speed !== null && t.q === chosen?.q ? speed.tokens_per_s : batchOneTokensPerSecond(facts, t.q, hardware, opts),
    })),
    split: fitSplitNote(hardware, opts.concurrency),
    estimate: true,
    // 'own': the model's facts and the sums particular to it; the caller states the configuration's and the constants once.
    derived_from: [...facts.derived_from, ...(inputs === 'own' ? modelFitInputs(a, opts, hardware) : fitInputs(a, hardware, opts, speed !== null))],
  };
}
