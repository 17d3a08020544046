// Self-hosting: the smallest catalogued configuration a model fits at 4 bits or more and its monthly cost, cached.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { DEFAULT_CONTEXT, DEFAULT_INPUT_SHARE, MIN_SELF_HOSTING_BITS, QUANTIZATIONS, type QuantizationId } from './constants.ts';
import { fitModel, fitsAtAll, type FitAssessed, type FitLevel, type FitOptions } from './hardware-fit.ts';
import { runtimeFor, type Figure } from './runtime.ts';
import { size } from './self-hosted-sizing.ts';
import { vllmBudgetApplies } from './vllm-memory.ts';
import { heldParameters, weightsFor } from './gguf-sizes.ts';
import { modelFacts, usableBytes } from './memory.ts';
import { ownedOption } from './owned-cost.ts';
import { costSettings, rentedOption, type CostOptions } from './self-hosted-cost.ts';

/**
 * A fit at 4 bits or more on one configuration, decided; its figures are written out on the first read of `fit`.
 * Ranking a catalogue asks only whether each model fits (`fitsAtAll`); the few a page shows are described.
 */
export class SelfFit {
  private described: FitAssessed | undefined;
  constructor(
    readonly model: Model,
    readonly hardware: Hardware,
    readonly context: number,
    /** The figure the fit is quoted for: a server's (the default, as costed) or a batch-1 speed on a machine owned. */
    readonly figure: Figure = 'serving',
  ) {}

  get fit(): FitAssessed {
    if (!this.described) {
      const r = fitModel(this.model, this.hardware, selfHostingOptions(this.context, this.figure));
      // Only made for a model whose facts were checked (fitsAtAll answered true or false, not null).
      if (!r.assessable) throw new Error(`${this.model.id}: a self-hosting fit was described for a model without facts`);
      this.described = r;
    }
    return this.described;
  }
}

export type SelfHostingFit =
  | { status: 'fits'; fit: FitAssessed; hardware: Hardware }
  | { status: 'no_fit'; largest: FitAssessed | undefined }
  | { status: 'not_assessable'; missing: string[] }
  | { status: 'closed' | 'weights_unknown' };

// Self-hosting is costed as a server (self-hosted-cost.ts), so its fit tries the formats of the serving runtime; a
// machine the caller owns is described at batch 1 instead, in the formats models_for_hardware uses for it (runtime.ts).
export const selfHostingOptions = (context: number, figure: Figure = 'serving'): FitOptions => ({
  context, concurrency: 1, min_bits_per_weight: MIN_SELF_HOSTING_BITS, figure,
});

/**
 * The model on one configuration at a context, at 4 bits or more: a SelfFit when it fits, null when it does not or
 * the model lacks the facts. Nothing is kept: the check is a few sums (`fitsAtAll`), so a caller's own machine or
 * context costs no memory, and the figures are written out only when read.
 */
export function selfFit(model: Model, hardware: Hardware, context = DEFAULT_CONTEXT, figure: Figure = 'serving'): SelfFit | null {
  return fitsAtAll(model, hardware, selfHostingOptions(context, figure)) === true ? new SelfFit(model, hardware, context, figure) : null;
}

/** The quantizations self-hosting counts: 4 bits per weight or more. */
const SELF_HOSTING_QUANTIZATIONS = QUANTIZATIONS.filter((q) => q.bits_per_weight >= MIN_SELF_HOSTING_BITS);

/**
 * The smallest catalogued configuration (least usable memory, then id) the model fits on at a context, at 4 bits
 * or more. Configurations too small for the weights alone are skipped before the fit engine runs.
 */
export function selfHostingFit(ds: Dataset, model: Model, pool: readonly Hardware[] = ds.hardware, context = DEFAULT_CONTEXT): SelfHostingFit {
  // Keyed by the pool array itself: callers pass the dataset's list or a pool cached per dataset (hardwarePool). A
  // caller of recommend_model may ask at any context: the first KEPT_FIT_CONTEXTS contexts are kept (the service's own
  // asks use two, 8,192 and the documents context), a fit at another is worked out on each ask, so this stays bounded.
  let perPool = poolFits.get(pool);
  if (!perPool) poolFits.set(pool, (perPool = new Map()));
  let atContext = perPool.get(context);
  if (!atContext && perPool.size < KEPT_FIT_CONTEXTS) perPool.set(context, (atContext = new Map()));
  let r = atContext?.get(model.id);
  if (!r) {
    r = computeSelfHostingFit(model, pool, context);
    atContext?.set(model.id, r);
  }
  return r;
}

/** The contexts whose fits are kept per pool. */
const KEPT_FIT_CONTEXTS = 4;
const poolFits = new WeakMap<readonly Hardware[], Map<number, Map<string, SelfHostingFit>>>();
const sortedPools = new WeakMap<readonly Hardware[], Hardware[]>();

/** A fit written out (a model with facts, checked first). */
function described(model: Model, hardware: Hardware, context: number): FitAssessed {
  return new SelfFit(model, hardware, context).fit;
}

function computeSelfHostingFit(model: Model, pool: readonly Hardware[], context: number): SelfHostingFit {
  const open = model.open_weights?.value;
  if (open === false) return { status: 'closed' };
  if (open !== true) return { status: 'weights_unknown' };
  if (!model.parameters_total || !model.architecture) {
    return { status: 'not_assessable', missing: [!model.parameters_total && 'parameters_total', !model.architecture && 'architecture'].filter(Boolean) as string[] };
  }
  // The least any quantization at 4 bits or more weighs, a published file counting as the weights' size (weightsFor):
  // a configuration with less usable memory cannot fit, whatever the fit engine chooses.
  const facts = modelFacts(model);
  const published = 'missing' in facts ? undefined : facts.published;
  const mtp = model.architecture.value.mtp_parameters;
  const minWeights = Math.min(...SELF_HOSTING_QUANTIZATIONS.map((q) => weightsFor(heldParameters(model.parameters_total!.value, mtp, q), q, published)));
  let sorted = sortedPools.get(pool);
  if (!sorted) sortedPools.set(pool, (sorted = [...pool].sort((a, b) => usableBytes(a) - usableBytes(b) || a.id.localeCompare(b.id))));
  let largest: Hardware | undefined;
  for (const h of sorted) {
    if (usableBytes(h) < minWeights) continue;
    const fits = fitsAtAll(model, h, selfHostingOptions(context));
    // Null with the facts present: the window is unknown above the context a fit is asserted at (context-window.ts).
    if (fits === null) return { status: 'not_assessable', missing: ['context_window'] };
    if (fits && serverStarts(model, h, context)) return { status: 'fits', fit: described(model, h, context), hardware: h };
    largest = h;
  }
  if (!largest && sorted.length) {
    largest = sorted[sorted.length - 1];
    if (fitsAtAll(model, largest, selfHostingOptions(context)) === null) return { status: 'no_fit', largest: undefined };
  }
  // The largest may be a configuration whose runtime cannot run the model's attention (attention-support.ts): no fit
  // to describe there.
  const last = largest && fitModel(model, largest, selfHostingOptions(context));
  return { status: 'no_fit', largest: last && last.assessable ? last : undefined };
}

/**
 * Whether the server self-hosting is costed as starts there: a vLLM server at its default budget (vllm-memory.ts: 0.9
 * of each card less its reserve) holds the weights of a format it serves and one sequence of the context, as
 * estimate_cost sizes it (self-hosted-sizing.ts `size`); llama.cpp's server keeps the fit's sums. Without it the fit
 * named a 16 GB T4 for Gemma 4 26B-A4B at INT4 W4A16 (16.09 of 16.32 GB usable) where vLLM's budget, 13.31 GB, is less
 * than the weights, and estimate_cost on the same card found no server that starts.
 */
function serverStarts(model: Model, h: Hardware, context: number): boolean {
  if (runtimeFor(h, 'serving') !== 'vllm' || !vllmBudgetApplies(h)) return true;
  const facts = modelFacts(model);
  if ('missing' in facts) return true;
  const opts: CostOptions = { tokens_millions: 1, input_share: DEFAULT_INPUT_SHARE, context };
  return size(model, facts, h, opts, costSettings(model, opts)) !== 'does_not_fit';
}

export type SmallestConfiguration = {
  hardware_id: string;
  hardware_name: string;
  quantization: QuantizationId;
  fit: FitLevel;
  /** Monthly cost of serving the volume there: rented when the dataset has a rental price, else owned; null without either price. */
  monthly_usd: number | null;
  pricing: 'rented' | 'owned' | null;
  /** The cost in words: configuration, price, what a month covers. */
  basis: string;
  estimate: true;
  derived_from: string[];
};

export type SmallestConfigurationOptions = {
  /** Tokens per sequence (default 8192). */
  context?: number;
  /** Configurations to choose from (default: every catalogued one); pass a stable array: fits are kept per array. */
  pool?: readonly Hardware[];
  /** Monthly volume, millions of tokens (default 0: the cost of keeping the configuration for a month). */
  tokens_millions?: number;
  input_share?: number;
};

/**
 * The smallest catalogued configuration a model needs (least usable memory it fits at 4 bits or more, as
 * selfHostingFit chooses it) and its monthly cost there: rented when the configuration has a rental price, else
 * owned (purchase amortised, power paid); null when the model fits none or is not open weights. Not kept: the volume
 * and share are any numbers a caller sends (the fit under it is kept per pool and context).
 */
export function smallestConfiguration(ds: Dataset, model: Model, opts: SmallestConfigurationOptions = {}): SmallestConfiguration | null {
  const pool = opts.pool ?? ds.hardware;
  return computeSmallest(ds, model, pool, opts.context ?? DEFAULT_CONTEXT, opts.tokens_millions ?? 0, opts.input_share ?? DEFAULT_INPUT_SHARE);
}

function computeSmallest(ds: Dataset, model: Model, pool: readonly Hardware[], context: number, volume: number, share: number): SmallestConfiguration | null {
  const r = selfHostingFit(ds, model, pool, context);
  if (r.status !== 'fits' || !r.fit.quantization) return null;
  const facts = modelFacts(model);
  if ('missing' in facts) return null;
  const opts: CostOptions = { tokens_millions: volume, input_share: share, context };
  const s = costSettings(model, opts);
  const h = r.hardware;
  const what = volume > 0 ? `${volume} million tokens a month` : 'one month of the configuration (no volume given)';
  const rented = rentedOption(model, facts, h, opts, s);
  const owned = typeof rented === 'string' ? ownedOption(model, facts, h, opts, s) : undefined;
  // The rest is assigned onto `common`, not spread with it: in Node 20 a spread followed by more members costs tens of us.
  const common = { hardware_id: h.id, hardware_name: h.name, quantization: r.fit.quantization, fit: r.fit.fit, estimate: true as const };
  if (typeof rented !== 'string') {
    return Object.assign(common, {
      monthly_usd: rented.monthly_usd, pricing: 'rented' as const,
      basis: `${what} on ${h.id} rented at ${rented.rental.usd_per_hour} USD/h (${rented.rental.provider}), at least one machine-month, ${rented.machines} machine(s)`,
      derived_from: [...facts.derived_from, ...rented.derived_from],
    });
  }
  if (owned !== undefined && typeof owned !== 'string') {
    return Object.assign(common, {
      monthly_usd: owned.monthly_usd, pricing: 'owned' as const,
      basis: `${what} on ${h.id} bought for ${owned.purchase.usd} USD over ${owned.purchase.amortization_months} months${owned.power ? ` plus ${owned.power.watts} W for the ${owned.power.active_hours} hours served and ${owned.power.idle_watts} W idle the other ${owned.power.idle_hours}, at ${owned.power.usd_per_kwh} USD/kWh` : ' (no power figure: electricity not counted)'}, ${owned.machines} machine(s)`,
      derived_from: [...facts.derived_from, ...owned.derived_from],
    });
  }
  return Object.assign(common, {
    monthly_usd: null, pricing: null,
    basis: `${h.id} has neither a rental nor a purchase price in the dataset: not costed`,
    derived_from: [...facts.derived_from, ...r.fit.derived_from.slice(facts.derived_from.length)],
  });
}
