// Self-hosted cost of a volume on one configuration: prefill and decode hours, rented by the hour or bought and run.
import type { Hardware, Model } from '../schema/index.ts';
import {
  DECODE_EFFICIENCY,
  DEFAULT_AMORTIZATION_MONTHS,
  DEFAULT_MAX_SEQUENCES,
  DEFAULT_POWER_USD_PER_KWH,
  DEFAULT_UTILIZATION,
  HOURS_PER_MONTH,
  KV_READ_EFFICIENCY,
  SERVING_KV_READ_EFFICIENCY,
  type KvCacheType,
  type QuantizationId,
} from './constants.ts';
import { servingSplitBasis } from './decode.ts';
import { mlaTensorWords } from './decode-mla.ts';
import { runtimeFor, servingRuntimeBasis } from './runtime.ts';
import type { FitLevel } from './hardware-fit.ts';
import { roundTo, type ModelFacts } from './memory.ts';
import { quantizationById } from './quantization.ts';
import { MOE_STEP_BASIS, singleStreamEfficiency, type Serving } from './serving.ts';
import { usd } from './money.ts';
import { fitInputsOf, size, type Sized } from './self-hosted-sizing.ts';
import { vllmMxfp4Basis } from './vllm-mxfp4.ts';
import { vllmDensePromptBasis } from './vllm-dense-prefill.ts';
import { costContext } from './context-cap.ts';
import { vllmBudgetBasis } from './vllm-memory.ts';

export { size, type Sized, type Sizing } from './self-hosted-sizing.ts';
export { costContext } from './context-cap.ts';

export type CostOptions = {
  /** Monthly volume, millions of tokens (input + output). */
  tokens_millions: number;
  /** Share of the volume that is input (prompt) tokens, 0..1. */
  input_share: number;
  /** Restrict self-hosting to this configuration. */
  hardware_id?: string;
  /** Tokens of one request, prompt and answer (default 8192): the length a sequence's KV cache reaches at its end. */
  context?: number;
  /** Share of rented or owned hours spent serving at the estimated throughput (default 0.5). */
  utilization?: number;
  /** Most sequences decoded at once (default 256, vLLM's max_num_seqs). */
  concurrency?: number;
  /** Quantization floor (default 4 bits for self-hosting); above 8.5 lifts the Q8_0 cap. */
  min_bits_per_weight?: number;
  /** Exactly this quantization. */
  quantization?: QuantizationId;
  kv_cache?: KvCacheType;
  /** Months a purchase is spread over (default 36). */
  amortization_months?: number;
  /** Electricity, USD per kWh (default 0.15). */
  power_usd_per_kwh?: number;
  /**
   * The data's date: an API offer whose price its source set more than six months before it, confirmed by no other
   * source, is weighed only for want of a current or confirmed one (api-cost.ts). Not given: every price is weighed.
   */
  data_as_of?: string;
};

/** The settings a cost rests on, defaults filled in. */
export type CostSettings = {
  context: number;
  utilization: number;
  max_sequences: number;
  amortization_months: number;
  power_usd_per_kwh: number;
};

export function costSettings(model: Model, opts: CostOptions): CostSettings {
  return {
    context: costContext(model, opts),
    utilization: opts.utilization ?? DEFAULT_UTILIZATION,
    max_sequences: opts.concurrency ?? DEFAULT_MAX_SEQUENCES,
    amortization_months: opts.amortization_months ?? DEFAULT_AMORTIZATION_MONTHS,
    power_usd_per_kwh: opts.power_usd_per_kwh ?? DEFAULT_POWER_USD_PER_KWH,
  };
}

/** Prefill or decode share of the volume: its rate, the hours it takes, and its cost per 1M tokens once paid for. */
export type PhaseCost = {
  /** Tokens/s of this phase; prefill null when the hardware's compute is not in the dataset (then counted at the decode rate). */
  tokens_per_s: number | null;
  tokens_millions: number;
  hours: number;
  /** Machine cost of 1M tokens of this phase at full use of the paid hours (rented: hourly price; owned: monthly cost / 730 h). */
  usd_per_mtok: number;
};

export type ServingReport = {
  context: number;
  max_sequences: number;
  batch: number;
  /** Tokens a decoding sequence's paged KV cache holds on average: prompt + half the answer (kv-occupancy.ts). */
  mean_sequence_tokens: number;
  split: Serving['split'];
  bound: Serving['bound'];
  prefill_tokens_per_s: number | null;
  decode_tokens_per_s: number;
  /** Tokens/s of the volume at its input share. */
  tokens_per_s: number;
};

export type Base = {
  hardware_id: string;
  hardware_name: string;
  quantization: QuantizationId;
  bits_per_weight: number;
  fit: FitLevel;
  serving: ServingReport;
  /** Sequences decoded together (serving.batch). */
  batch: number;
  /** Tokens/s of the volume (serving.tokens_per_s). */
  throughput_tokens_per_s: number;
  utilization: number;
  /** What one machine serves in a month at this throughput and utilization. */
  capacity_tokens_millions_per_month: number;
  prefill: PhaseCost;
  decode: PhaseCost;
  hours_needed: number;
  machines: number;
  monthly_usd: number;
  /** Cost of one more million tokens once the first machine-month is paid. */
  marginal_usd_per_mtok: number;
  estimate: true;
  derived_from: string[];
};

/** Rented by the hour. */
export type SelfHostedOption = Base & {
  /** `note`: the rental fact's own note (what its date means: SkyPilot's catalogue read on that day), where it has one. */
  rental: { provider: string; instance_type: string; usd_per_hour: number; source: string; as_of: string; note?: string };
  /** max(hours needed, 730): at least one machine is rented for the month. */
  billed_hours: number;
  /** Whole machines for the whole month, for those who rent them that way. */
  dedicated_monthly_usd: number;
};

export type Skip = 'no_rental_price' | 'no_purchase_price' | 'does_not_fit';

/** One phase's figures as written out (a module function, not a closure per option). */
function phase(rate: number | null, effective: number, tokens: number, hours: number, hourlyCost: number): PhaseCost {
  return {
    tokens_per_s: rate === null ? null : roundTo(rate, 1),
    tokens_millions: roundTo(tokens, 6),
    hours: roundTo(hours, 2),
    usd_per_mtok: usd(hourlyCost / ((effective * 3600) / 1e6)),
  };
}

export function base(hardware: Hardware, sized: Sized, opts: CostOptions, s: CostSettings, hourlyCost: number): Omit<Base, 'monthly_usd' | 'marginal_usd_per_mtok' | 'derived_from' | 'machines'> {
  const { serving, phases } = sized;
  const q = quantizationById(sized.quantization);
  const prefillRate = serving.prefill_tokens_per_s ?? serving.decode_tokens_per_s;
  const volume = opts.tokens_millions;
  return {
    hardware_id: hardware.id,
    hardware_name: hardware.name,
    quantization: q.id,
    bits_per_weight: q.bits_per_weight,
    fit: sized.level,
    serving: servingReport(sized, s),
    batch: serving.batch,
    throughput_tokens_per_s: roundTo(serving.tokens_per_s, 1),
    utilization: s.utilization,
    capacity_tokens_millions_per_month: roundTo(phases.mtokPerHour * HOURS_PER_MONTH, 2),
    prefill: phase(serving.prefill_tokens_per_s, prefillRate, volume * opts.input_share, phases.prefillHours, hourlyCost),
    decode: phase(
      serving.decode_tokens_per_s, serving.decode_tokens_per_s, volume * (1 - opts.input_share), phases.decodeHours, hourlyCost,
    ),
    hours_needed: roundTo(phases.hours, 2),
    estimate: true,
  };
}

/**
 * The serving figures as written out. They depend on the sizing alone (a sizing is made for one context and batch
 * limit), so they are made once per sizing and shared by every answer that lists it (read only, like the lines below).
 */
function servingReport(sized: Sized, s: CostSettings): ServingReport {
  const serving = sized.serving;
  return sized.kept.report ??= {
    context: s.context,
    max_sequences: s.max_sequences,
    batch: serving.batch,
    mean_sequence_tokens: roundTo(serving.mean_sequence_tokens, 1),
    split: serving.split,
    bound: serving.bound,
    prefill_tokens_per_s: serving.prefill_tokens_per_s === null ? null : roundTo(serving.prefill_tokens_per_s, 0),
    decode_tokens_per_s: roundTo(serving.decode_tokens_per_s, 1),
    tokens_per_s: roundTo(serving.tokens_per_s, 1),
  };
}

/**
 * Where one sequence decodes alone as a single stream (serving.ts `singleStreamEfficiency`), the shares it is read at:
 * the batch-1 figure models_for_hardware quotes for the device, so the two answers differ only by format and cache length.
 */
function singleStreamBasis(hardware: Hardware, batch: number): string | null {
  const e = batch === 1 ? singleStreamEfficiency(hardware) : undefined;
  if (e === undefined) return null;
  // On one data-centre accelerator the server's formats are vLLM's and the batch-1 figure's llama.cpp's (runtime.ts).
  const formats = runtimeFor(hardware, 'batch') === runtimeFor(hardware, 'serving')
    ? ''
    : '; models_for_hardware quotes llama.cpp\'s GGUF types here, so its figure differs from this one by the format ' +
      'and by holding the whole context, not by the runtime\'s share';
  return (
    `one sequence at a time decodes as a single stream: weights read at ${e} x memory bandwidth and the cache at ` +
    `${KV_READ_EFFICIENCY}, the batch-1 shares models_for_hardware quotes for ${hardware.id} (a batch reads at ` +
    `${DECODE_EFFICIENCY} and ${SERVING_KV_READ_EFFICIENCY})${formats}`
  );
}

/** What an option's serving figures rest on, in words: per sizing and utilization, kept with the sizing for the last one. */
export function servingInputs(hardware: Hardware, sized: Sized, s: CostSettings): readonly string[] {
  const k = sized.kept;
  if (k.lines?.utilization === s.utilization) return k.lines.lines;
  const v = sized.serving;
  const lines = [
    ...fitInputsOf(sized.kept),
    `serving: continuous batching of up to ${s.max_sequences} sequences of ${s.context} tokens, each holding ` +
      `${roundTo(v.mean_sequence_tokens, 0)} on average (prompt + half the answer); ${v.batch} fit in memory (${v.bound} bound); ` +
      (v.prefill_tokens_per_s === null
        ? `prefill counted at the decode rate: no compute figure for ${hardware.id}`
        : `prefill compute-bound at ${roundTo(v.prefill_tokens_per_s, 0)} tokens/s`),
    ...[vllmBudgetBasis(hardware), vllmMxfp4Basis(hardware, sized.quantization), servingSplitBasis(hardware)].filter((x) => x !== null),
    ...(v.vllm_dense_prompt === undefined ? [] : [vllmDensePromptBasis(v.vllm_dense_prompt)]),
    ...[singleStreamBasis(hardware, v.batch)].filter((x) => x !== null),
    ...(v.moe_step_pays_both ? [MOE_STEP_BASIS] : []),
    ...(v.mla_tensor_layers === undefined ? [] : [`decode: each step adds ${mlaTensorWords(v.mla_tensor_layers)}`]),
    servingRuntimeBasis(hardware),
    `utilization = ${s.utilization}`,
  ];
  k.lines = { utilization: s.utilization, lines };
  return lines;
}

/**
 * A rented configuration's figures before anything is written out: what the order, the break-even and the curve
 * read. Every configuration that fits is costed; only the ones an answer lists are described (`describeRented`).
 */
export type RentedFigures = Figures & {
  rental: { usd_per_hour: number };
  billed_hours: number;
};

/** A configuration's cost figures before rounding for the wire (owned: its fixed month and capacity too). */
export type Unrounded = { marginal_usd_per_mtok: number; fixed_per_machine_usd?: number; capacity_tokens_millions_per_month?: number };

/** What every costed configuration's figures hold, rented or owned: the order and the break-even read these. */
export type Figures = {
  hardware_id: string;
  hardware: Hardware;
  sized: Sized;
  utilization: number;
  machines: number;
  monthly_usd: number;
  marginal_usd_per_mtok: number;
  /** The same figures unrounded: the break-even and the curve cost volumes from these, as `monthly_usd` is worked. */
  unrounded: Unrounded;
};

/**
 * A rented configuration's figures that no volume changes (its price, its marginal cost per 1M tokens), kept with the
 * sizing at the last utilization asked, as a bought one's terms are (owned-cost.ts): a sizing kept at the default
 * settings is costed again on every later ask, which then makes one object per configuration instead of three.
 */
export type RentedTerms = Readonly<{ utilization: number; rental: Readonly<{ usd_per_hour: number }>; marginal_usd_per_mtok: number; unrounded: Unrounded }>;

function rentedTerms(price: number, sized: Sized, s: CostSettings): RentedTerms {
  const k = sized.kept;
  const kept = k.rentedTerms;
  if (kept !== undefined && kept.utilization === s.utilization) return kept;
  const marginal = price / sized.phases.mtokPerHour;
  const t: RentedTerms = Object.freeze({
    utilization: s.utilization, rental: Object.freeze({ usd_per_hour: price }), marginal_usd_per_mtok: usd(marginal),
    unrounded: Object.freeze({ marginal_usd_per_mtok: marginal }),
  });
  k.rentedTerms = t;
  return t;
}

/** One rented configuration at one volume: the kept terms, read through getters, and what the volume makes of them. */
class RentedAt implements RentedFigures {
  constructor(
    readonly hardware: Hardware, readonly sized: Sized, readonly terms: RentedTerms, readonly billed_hours: number, readonly machines: number,
    readonly monthly_usd: number,
  ) {}

  get hardware_id(): string { return this.hardware.id; }
  get utilization(): number { return this.terms.utilization; }
  get rental(): { usd_per_hour: number } { return this.terms.rental; }
  get marginal_usd_per_mtok(): number { return this.terms.marginal_usd_per_mtok; }
  get unrounded(): Unrounded { return this.terms.unrounded; }
}

/** The figures of one rented configuration, or why it is skipped. */
export function rentedFigures(model: Model, facts: ModelFacts, hardware: Hardware, opts: CostOptions, s: CostSettings): RentedFigures | Skip {
  const rental = hardware.rental;
  if (!rental) return 'no_rental_price';
  const sized = size(model, facts, hardware, opts, s);
  if (sized === 'does_not_fit') return sized;
  const price = rental.value.usd_per_hour;
  const hours = sized.phases.hours;
  const billed = Math.max(hours, HOURS_PER_MONTH);
  return new RentedAt(hardware, sized, rentedTerms(price, sized, s), billed, Math.max(1, Math.ceil(hours / HOURS_PER_MONTH)), usd(billed * price));
}

/** A rented configuration's rental as written out. */
export function rentalOf(f: RentedFigures): SelfHostedOption['rental'] {
  const rental = f.hardware.rental!;
  const rented: SelfHostedOption['rental'] = {
    provider: rental.value.provider, instance_type: rental.value.instance_type, usd_per_hour: f.rental.usd_per_hour, source: rental.source,
    as_of: rental.as_of,
  };
  // What the rental's date means (the day the catalogue was read), as list_hardware shows it.
  if (rental.note) rented.note = rental.note;
  return rented;
}

/** A rented configuration written out, from its figures. */
export function describeRented(f: RentedFigures, opts: CostOptions, s: CostSettings): SelfHostedOption {
  const { hardware, sized } = f;
  const price = f.rental.usd_per_hour;
  // Assigned onto base()'s object, not spread into a new one: in Node 20 (V8 11.3) a spread followed by more members
  // cost 40 to 60 us per option (a map transition made per object), the same keys in the same order.
  return Object.assign(base(hardware, sized, opts, s, price), {
    rental: rentalOf(f),
    billed_hours: roundTo(f.billed_hours, 2),
    machines: f.machines,
    monthly_usd: f.monthly_usd,
    dedicated_monthly_usd: usd(f.machines * HOURS_PER_MONTH * price),
    marginal_usd_per_mtok: f.marginal_usd_per_mtok,
    // The model's own facts are cited once, on self_hosting; each option cites what is particular to it.
    derived_from: rentedDerivedFrom(hardware, sized, s) as string[],
  });
}

/**
 * A rented option's derivation: the serving words and the rental's line, which no volume changes (the price is the
 * configuration's own), so made once per sizing and utilization and shared, read only, by every answer listing it.
 */
export function rentedDerivedFrom(hardware: Hardware, sized: Sized, s: CostSettings): readonly string[] {
  const k = sized.kept;
  const inputs = servingInputs(hardware, sized, s);
  if (k.rented?.inputs === inputs) return k.rented.lines;
  const rental = hardware.rental!;
  const lines = Object.freeze([
    ...inputs,
    `${hardware.id}.rental = ${rental.value.usd_per_hour} USD/h, ${rental.value.provider} ${rental.value.instance_type} (${rental.source}, ${rental.as_of})`,
  ]);
  k.rented = { inputs, lines };
  return lines;
}

/** Self-hosting on one rented configuration, or why it is skipped. */
export function rentedOption(model: Model, facts: ModelFacts, hardware: Hardware, opts: CostOptions, s: CostSettings): SelfHostedOption | Skip {
  const f = rentedFigures(model, facts, hardware, opts, s);
  return typeof f === 'string' ? f : describeRented(f, opts, s);
}
