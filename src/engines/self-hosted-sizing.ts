// Sizing a model on a configuration for self-hosting cost: the quantization that fits, the serving throughput, the hours.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { DEFAULT_CONTEXT, DEFAULT_MAX_SEQUENCES, MIN_SELF_HOSTING_BITS, type Quantization, type QuantizationId } from './constants.ts';
import { fitInputs, type FitOptions } from './hardware-fit.ts';
import type { FitWords } from './fit-inputs.ts';
import { candidatesFor, choiceAt, fitBasis, fitKvCopies, levelOf, weightsKeptWith, weightsOn, type FitBasis, type FitLevel } from './fit-basis.ts';
import { hasBandwidth, kvCacheBytes, modelFacts, overheadBytes, usableBytes, type ModelFacts } from './memory.ts';
import type { Candidates } from './quantization.ts';
import { perDataset } from './per-dataset.ts';
import { servingAt, servingConstants, type Serving, type ServingConstants } from './serving.ts';
import { SizingCache, type SizingsByHardware } from './sizing-cache.ts';
import { costContext } from './context-cap.ts';
import { attentionUnsupported, usesSparseAttention } from './attention-support.ts';
import { runtimeFor } from './runtime.ts';
import { vllmBudgetApplies, vllmStepDownWords } from './vllm-memory.ts';
import type { CostOptions, CostSettings, RentedTerms, ServingReport } from './self-hosted-cost.ts';
import type { OwnedTerms } from './owned-cost.ts';

/** What sizing a configuration needs beyond the volume: the fit, what it rests on, and the serving throughput. */
export type Sizing = {
  level: 'comfortable' | 'tight';
  quantization: QuantizationId;
  serving: Serving;
  /** What an answer writes of this sizing that no volume changes, made when first listed (self-hosted-cost.ts). */
  kept: SizingKept;
};
/**
 * The serving figures as written out, the words they rest on at the last utilization asked, and a rented option's
 * whole derivation (those words and its rental line) made from them.
 */
export type SizingKept = {
  /** What the fit rests on, written in words (fitInputsOf) only for the configurations an answer lists. */
  fit: FitWordsKept;
  report?: ServingReport;
  lines?: { utilization: number; lines: readonly string[] };
  rented?: { inputs: readonly string[]; lines: readonly string[] };
  /** A rented configuration's price and marginal cost at the last utilization asked (self-hosted-cost.ts). */
  rentedTerms?: RentedTerms;
  /** A bought configuration's terms no volume changes, at the last utilization, electricity price and months asked (owned-cost.ts). */
  owned?: OwnedTerms;
};
/**
 * What a sizing's fit words are written from: the fit shown, which is the one served (the model's facts and the
 * quantization), on its configuration at the ask's options, and vLLM's step down where one was taken. Data, not a
 * closure: every configuration of an ask is sized and few are listed, and under tsx a closure made per configuration
 * also paid esbuild's `__name` (a property defined on each function: some 14 KB a call on a small model's new context).
 */
type FitWordsKept = FitWords & {
  hardware: Hardware; options: FitOptions; stepped: string | undefined; lines: readonly string[] | undefined;
};

/** A sizing's fit words, written once when first listed: a sizing kept at the default settings is listed again on later asks. */
export function fitInputsOf(kept: SizingKept): readonly string[] {
  const f = kept.fit;
  return (f.lines ??= Object.freeze([
    ...fitInputs(f, f.hardware, f.options, hasBandwidth(f.hardware)), ...(f.stepped === undefined ? [] : [f.stepped]),
  ]));
}

export type Sized = Sizing & { phases: { prefillHours: number; decodeHours: number; hours: number; mtokPerHour: number } };

/** Sizings kept between asks (sizing-cache.ts): a model's at the default settings, and the last 2 other asks'. */
const sizings = new SizingCache<Sizing>(2, (model) => costContext(model, {}), DEFAULT_MAX_SEQUENCES);

/**
 * What a model's sizing on one configuration reads that no ask at self-hosting's default options changes (4 bits or
 * more, no quantization asked, the serving runtime's formats): the fit basis (fit-basis.ts: the candidates, each
 * one's weights, the overhead, the usable memory) and, made on first use per candidate, the serving constants
 * (serving.ts: the weights, the room left for KV caches, the layout, the compute-bound rate). A new context, volume,
 * input share or batch limit is then a few sums per configuration.
 */
type ConfigBasis = { fit: FitBasis; serving: (ServingConstants | undefined)[] };

/**
 * Kept per model and configuration for the dataset's life, bounded by the catalogue (open models with facts x
 * configurations). Held weakly by the Model and Hardware objects, which go with their dataset.
 */
const configBases = new WeakMap<Model, WeakMap<Hardware, ConfigBasis | 'no_facts'>>();

/** The fit options a sizing reads (the serving runtime's formats: vLLM's on data-centre and multi-card machines). */
function fitOptions(opts: CostOptions, s: CostSettings): FitOptions & { min_bits_per_weight: number; figure: 'serving' } {
  return {
    context: s.context,
    concurrency: 1,
    min_bits_per_weight: Math.max(MIN_SELF_HOSTING_BITS, opts.min_bits_per_weight ?? 0),
    quantization: opts.quantization,
    kv_cache: opts.kv_cache,
    figure: 'serving',
  };
}

type SizingFit = ReturnType<typeof fitOptions>;
/** What servingAt reads of an ask: the same for every configuration it sizes. */
type ServingAsk = Parameters<typeof servingAt>[2];
/**
 * The last ask's fit options and serving input: an ask sizes every configuration with the same options and settings
 * objects (read, never changed, while an answer is made), so one object of each serves them all, and the sizings it
 * keeps share them.
 */
const lastFit: { opts: CostOptions | undefined; s: CostSettings | undefined; fit: SizingFit | undefined; serving: ServingAsk | undefined } = {
  opts: undefined, s: undefined, fit: undefined, serving: undefined,
};
function fitOptionsOf(opts: CostOptions, s: CostSettings): SizingFit {
  const l = lastFit;
  if (l.opts === opts && l.s === s) return l.fit!;
  const fit = fitOptions(opts, s);
  l.opts = opts;
  l.s = s;
  l.fit = fit;
  l.serving = { context: s.context, input_share: opts.input_share, max_sequences: s.max_sequences, kv_cache: opts.kv_cache };
  return fit;
}

/** A candidate's serving constants, kept with the configuration's basis where the ask's options allow (see ConfigBasis). */
function constantsOf(kept: ConfigBasis | undefined, facts: ModelFacts, basis: FitBasis, hardware: Hardware, i: number): ServingConstants {
  return kept ? (kept.serving[i] ??= servingConstants(facts, basis.list[i], hardware)) : servingConstants(facts, basis.list[i], hardware);
}

function keptBasis(model: Model, hardware: Hardware, opts: FitOptions): ConfigBasis | undefined {
  let perModel = configBases.get(model);
  if (!perModel) configBases.set(model, (perModel = new WeakMap()));
  let b = perModel.get(hardware);
  if (b === undefined) {
    const fit = fitBasis(model, hardware, opts);
    perModel.set(hardware, (b = fit ? { fit, serving: new Array(fit.list.length) } : 'no_facts'));
  }
  return b === 'no_facts' ? undefined : b;
}

/**
 * Every open model's bases on every configuration of the catalogue, made once per dataset (on the first cost asked,
 * which the server's start-up makes by running the examples): a model's first ask then costs what any new context
 * costs. About 250 open models with facts x 84 configurations.
 */
export const costBases = perDataset((ds: Dataset) => {
  // The bases do not depend on the context or the KV type: any context makes the same.
  const opts = fitOptions({ tokens_millions: 1, input_share: 0 }, { context: DEFAULT_CONTEXT } as CostSettings);
  const open: { model: Model; facts: ModelFacts }[] = [];
  for (const model of ds.models) {
    const facts = modelFacts(model);
    if (model.open_weights?.value === true && !('missing' in facts)) open.push({ model, facts });
  }
  let made = 0;
  for (const h of ds.hardware) {
    if (!hasBandwidth(h)) continue;
    // fitBasis's parts, the configuration's worked out once for every model: the candidates by native format (a
    // few), the overhead and the usable memory; each model's weights are kept with the candidate list (fit-basis.ts).
    const byNative = new Map<string | null, Candidates>();
    const overhead = overheadBytes(h.count);
    const usable = usableBytes(h);
    for (const { model, facts } of open) {
      let perModel = configBases.get(model);
      if (!perModel) configBases.set(model, (perModel = new WeakMap()));
      if (perModel.has(h)) continue;
      let c = byNative.get(facts.native_precision);
      if (!c) byNative.set(facts.native_precision, (c = candidatesFor(facts.native_precision, opts, h)));
      const fit: FitBasis = {
        list: c.list, weights: weightsOn(c, weightsKeptWith(c), facts), overhead, usable,
        kv_copies: fitKvCopies(facts.architecture, h, opts),
      };
      perModel.set(h, { fit, serving: new Array(fit.list.length) });
      made++;
    }
  }
  return made;
});

function sizing(model: Model, facts: ModelFacts, hardware: Hardware, opts: CostOptions, s: CostSettings): Sizing | 'does_not_fit' {
  // A configuration whose serving runtime has no kernel for the model's attention (DSA on an A100) is no option.
  if (usesSparseAttention(model) && attentionUnsupported(model, hardware, runtimeFor(hardware, 'serving'))) return 'does_not_fit';
  const fitOpts = fitOptionsOf(opts, s);
  const servingAsk = lastFit.serving!;
  // The choice alone (assessFit's decision without its objects, from what no context changes): every configuration is
  // sized on a new context or model, and only the few an answer lists are described.
  const kept = fitOpts.min_bits_per_weight === MIN_SELF_HOSTING_BITS && fitOpts.quantization === undefined
    ? keptBasis(model, hardware, fitOpts)
    : undefined;
  const basis = kept?.fit ?? fitBasis(model, hardware, fitOpts);
  const chosen = basis && choiceAt(basis, model, fitOpts);
  if (!basis || !chosen) return 'does_not_fit';
  let i = basis.list.indexOf(chosen.q);
  let constants = constantsOf(kept, facts, basis, hardware, i);
  let shown: { q: Quantization; level: FitLevel } = chosen;
  let stepped: string | undefined;
  // vLLM refuses to start where its cache blocks cannot hold one request of max_model_len tokens ("The model's max seq
  // len ... is larger than the maximum number of tokens that can be stored in KV cache"; "No available memory for the
  // cache blocks" where nothing is left), so a deployer serves the next narrower format vLLM runs there whose weights
  // leave room for one (vllm-memory.ts `vllmStepDownWords`): the candidates are the fit's own, narrowest last, none
  // below the ask's floor. Where none leaves room the configuration serves nothing at vLLM's default budget, as one
  // whose memory cannot hold one sequence does not fit. llama.cpp's server keeps the fit's sums.
  if (runtimeFor(hardware, 'serving') === 'vllm' && vllmBudgetApplies(hardware)) {
    const sequence = kvCacheBytes(facts.architecture, s.context, 1, opts.kv_cache) * constants.kv_copies;
    if (constants.room < sequence) {
      const from = { q: chosen.q, weights: constants.total_weights, room: constants.room };
      let j = i + 1;
      while (j < basis.list.length
        && (basis.list[j].bits_per_weight >= chosen.q.bits_per_weight || constantsOf(kept, facts, basis, hardware, j).room < sequence)) j++;
      if (j === basis.list.length) return 'does_not_fit';
      i = j;
      constants = constantsOf(kept, facts, basis, hardware, j);
      const fitKv = kvCacheBytes(facts.architecture, s.context, fitOpts.concurrency, opts.kv_cache) * basis.kv_copies;
      shown = { q: basis.list[j], level: levelOf(basis.weights[j] + fitKv + basis.overhead, basis.usable) };
      stepped = vllmStepDownWords(hardware, s.context, from, { q: shown.q, weights: constants.total_weights, room: constants.room }, sequence);
    }
  }
  const serving = servingAt(constants, facts.architecture, servingAsk);
  // vLLM's budget is narrower than the fit's usable memory, so a format that leaves it room fits the usable memory too.
  const level = shown.level as Sizing['level'];
  // Every member present from the start: one object shape for every sizing's kept parts.
  const parts: SizingKept = {
    fit: { facts, shown, hardware, options: fitOpts, stepped, lines: undefined },
    report: undefined, lines: undefined, rented: undefined, rentedTerms: undefined, owned: undefined,
  };
  return { level, quantization: shown.q.id, serving, kept: parts };
}

/**
 * The last configuration sized and its hours: an answer costs each configuration rented, then owned, with the same
 * options and settings objects (read, never changed, while an answer is made), so the second reads the first's hours.
 */
// One object whose members are replaced, not a new one per configuration sized (an ask sizes every configuration).
const lastSized: {
  model: Model | undefined; hardware: Hardware | undefined; opts: CostOptions | undefined; s: CostSettings | undefined;
  sized: Sized | 'does_not_fit';
} = { model: undefined, hardware: undefined, opts: undefined, s: undefined, sized: 'does_not_fit' };

/** Quantization, serving throughput and hours for one configuration, or why it does not fit. */
export function size(model: Model, facts: ModelFacts, hardware: Hardware, opts: CostOptions, s: CostSettings): Sized | 'does_not_fit' {
  const l = lastSized;
  if (l.hardware === hardware && l.model === model && l.opts === opts && l.s === s) return l.sized;
  const sized = sizeAfresh(model, facts, hardware, opts, s);
  l.model = model;
  l.hardware = hardware;
  l.opts = opts;
  l.s = s;
  l.sized = sized;
  return sized;
}

/** Millions of tokens an hour at `rate` tokens/s, busy `utilization` of the hour (a module function: this runs per configuration). */
const perHour = (rate: number, utilization: number): number => (rate * utilization * 3600) / 1e6;

function sizeAfresh(model: Model, facts: ModelFacts, hardware: Hardware, opts: CostOptions, s: CostSettings): Sized | 'does_not_fit' {
  const cache: SizingsByHardware<Sizing> = sizings.forAsk(model, s, opts);
  let sz = cache.get(hardware);
  if (sz === undefined) cache.set(hardware, (sz = sizing(model, facts, hardware, opts, s)));
  if (sz === 'does_not_fit') return sz;
  const serving = sz.serving;
  const prefillRate = serving.prefill_tokens_per_s ?? serving.decode_tokens_per_s;
  const u = s.utilization;
  const prefillHours = (opts.tokens_millions * opts.input_share) / perHour(prefillRate, u);
  const decodeHours = (opts.tokens_millions * (1 - opts.input_share)) / perHour(serving.decode_tokens_per_s, u);
  // Written field by field, not spread: one object shape for every sizing, made once per configuration an answer costs.
  const phases = { prefillHours, decodeHours, hours: prefillHours + decodeHours, mtokPerHour: perHour(serving.tokens_per_s, u) };
  return { level: sz.level, quantization: sz.quantization, serving, kept: sz.kept, phases };
}
