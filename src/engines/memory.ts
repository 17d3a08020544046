// Memory and bandwidth model: weights, KV cache, overhead, usable memory, decode rate, and the facts they read.
import type { Architecture, Fact, Hardware, Model } from '../schema/index.ts';
import {
  DECODE_EFFICIENCY,
  GB,
  KV_BYTES_PER_VALUE,
  OVERHEAD_FIXED_GB_PER_DEVICE,
  OVERHEAD_FRACTION,
  type Quantization,
} from './constants.ts';

/** Bytes of the weights: parameters x bits per weight / 8 (MoE: all experts are resident, so total parameters). */
export function weightsBytes(parameters: number, quantization: Quantization): number {
  return (parameters * quantization.bits_per_weight) / 8;
}

/**
 * Bytes the KV cache holds for `concurrency` sequences of `context` tokens each.
 * Full/GQA: 2 (K and V) x kv_heads x head_dim per layer per token. MLA caches one compressed latent of
 * kv_lora_rank + rope_dim values per layer per token instead. Sliding-window layers hold at most the window.
 */
export function kvCacheBytes(architecture: Architecture, context: number, concurrency: number): number {
  const a = architecture;
  const perLayerPerToken =
    a.attention === 'mla' && a.kv_lora_rank !== undefined && a.rope_dim !== undefined
      ? (a.kv_lora_rank + a.rope_dim) * KV_BYTES_PER_VALUE
      : 2 * a.kv_heads * a.head_dim * KV_BYTES_PER_VALUE;
  let tokenLayers = a.layers * context;
  if (a.attention === 'sliding' && a.sliding_window !== undefined && a.sliding_layers !== undefined) {
    // Clamp: a source that lists more sliding layers than layers must not make the cache negative.
    const sliding = Math.min(a.sliding_layers, a.layers);
    tokenLayers = (a.layers - sliding) * context + sliding * Math.min(context, a.sliding_window);
  }
  return perLayerPerToken * tokenLayers * concurrency;
}

/** Runtime overhead: a share of weights + KV (activations, buffers) plus a fixed amount per accelerator. */
export function overheadBytes(weightsAndKv: number, devices: number): number {
  return OVERHEAD_FRACTION * weightsAndKv + OVERHEAD_FIXED_GB_PER_DEVICE * GB * devices;
}

export type MemoryNeed = { weights: number; kv_cache: number; overhead: number; total: number };

export type MemoryInput = {
  parameters_total: number;
  architecture: Architecture;
  quantization: Quantization;
  context: number;
  concurrency: number;
  /** Accelerators the model is split across (each carries the fixed overhead). */
  devices: number;
};

/** Memory one model needs on one configuration, in bytes, broken down. */
export function memoryNeeded(input: MemoryInput): MemoryNeed {
  const weights = weightsBytes(input.parameters_total, input.quantization);
  const kv_cache = kvCacheBytes(input.architecture, input.context, input.concurrency);
  const overhead = overheadBytes(weights + kv_cache, input.devices);
  return { weights, kv_cache, overhead, total: weights + kv_cache + overhead };
}

/**
 * Bytes usable for the model: memory_gb x usable_fraction. memory_gb is already the sum over the configuration's
 * accelerators; unified memory (Apple, DGX Spark, Strix Halo, CPU RAM) counts only the fraction the GPU may use.
 */
export function usableBytes(hardware: Hardware): number {
  return hardware.memory_gb.value * hardware.usable_fraction.value * GB;
}

/**
 * Bytes per second all accelerators read together: per-card bandwidth x count (tensor parallelism). Only an ad-hoc
 * configuration (a bare memory size) lacks a bandwidth; callers check `hasBandwidth` first and estimate no speed.
 */
export function aggregateBandwidth(hardware: Hardware): number {
  if (!hardware.bandwidth_gbs) throw new RangeError(`${hardware.id} has no memory bandwidth: its speed is not estimated`);
  return hardware.bandwidth_gbs.value * hardware.count * GB;
}

/** Whether speed can be estimated: false only for an ad-hoc configuration built from a memory size. */
export function hasBandwidth(hardware: Hardware): boolean {
  return hardware.bandwidth_gbs !== undefined;
}

/** How a multi-accelerator configuration holds the model, or null for a single device. */
export function splitNote(hardware: Hardware): string | null {
  if (hardware.count <= 1) return null;
  const n = hardware.count;
  return (
    `weights and KV cache split across ${n} x ${hardware.accelerator} (tensor parallel): memory is the sum of the ` +
    `${n} cards; decode speed assumes all ${n} read their share in parallel. With a layer (pipeline) split instead, ` +
    `batch-1 decode runs at about one card's bandwidth, ${n} times slower.`
  );
}

/** Round for the wire; decisions are always taken on unrounded figures. */
export function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Bytes to GB (1e9), two decimals. */
export function toGb(bytes: number): number {
  return roundTo(bytes / GB, 2);
}

/** The facts the memory model needs, or the names of those the dataset lacks (never guessed). */
export type ModelFacts = {
  parameters_total: number;
  /** Falls back to the total when the dataset gives no active count (exact for dense models, slow side for MoE). */
  parameters_active: number;
  architecture: Architecture;
  derived_from: string[];
};

const cite = (name: string, f: Fact<unknown>, shown: unknown = f.value) => `${name} = ${String(shown)} (${f.source}, ${f.as_of})`;

/** Read a model's memory facts, citing each (name = value (source, as_of)) for `derived_from`. */
export function modelFacts(model: Model): ModelFacts | { missing: string[] } {
  const missing: string[] = [];
  if (!model.parameters_total) missing.push('parameters_total');
  if (!model.architecture) missing.push('architecture');
  if (!model.parameters_total || !model.architecture) return { missing };
  const arch = model.architecture;
  const derived_from = [
    cite('parameters_total', model.parameters_total),
    model.parameters_active
      ? cite('parameters_active', model.parameters_active)
      : 'parameters_active: not in the dataset, parameters_total used (exact for a dense model)',
    cite('architecture', arch, `${arch.value.attention}, ${arch.value.layers} layers, ${arch.value.kv_heads} KV heads x ${arch.value.head_dim} (${arch.value.hf_repo})`),
  ];
  if (model.context_window) derived_from.push(cite('context_window', model.context_window));
  return {
    parameters_total: model.parameters_total.value,
    parameters_active: model.parameters_active?.value ?? model.parameters_total.value,
    architecture: arch.value,
    derived_from,
  };
}

/** The hardware facts a fit rests on, cited for `derived_from`. */
export function hardwareInputs(hardware: Hardware): string[] {
  return [
    cite(`${hardware.id}.memory_gb`, hardware.memory_gb),
    cite(`${hardware.id}.usable_fraction`, hardware.usable_fraction),
    hardware.bandwidth_gbs
      ? cite(`${hardware.id}.bandwidth_gbs`, hardware.bandwidth_gbs, `${hardware.bandwidth_gbs.value} per accelerator x ${hardware.count}`)
      : `${hardware.id}.bandwidth_gbs: unknown (a configuration built from a stated memory size): speed not estimated`,
  ];
}

/**
 * Decode tokens/s (all sequences together) when `batch` sequences share each step: memory-bandwidth bound, every
 * step reads the weights once and each sequence's KV cache. MoE: each sequence may route to other experts, so a
 * step reads up to batch x active weights, never more than all of them (no expert overlap assumed: the slow side).
 */
export function decodeTokensPerSecond(p: {
  total_weights: number;
  active_weights: number;
  kv_per_sequence: number;
  batch: number;
  bandwidth: number;
}): number {
  const bytesPerStep = Math.min(p.total_weights, p.active_weights * p.batch) + p.batch * p.kv_per_sequence;
  return (p.batch * DECODE_EFFICIENCY * p.bandwidth) / bytesPerStep;
}

export type HardwareSummary = {
  id: string;
  name: string;
  accelerator: string;
  count: number;
  unified_memory: boolean;
  memory_gb: number;
  usable_fraction: number;
  usable_gb: number;
  /** null for an ad-hoc configuration (a bare memory size). */
  bandwidth_gbs: number | null;
  aggregate_bandwidth_gbs: number | null;
  split: string | null;
};

/** The configuration as a fit response shows it: memory, usable share, bandwidth, and how a split works. */
export function hardwareSummary(hardware: Hardware): HardwareSummary {
  return {
    id: hardware.id,
    name: hardware.name,
    accelerator: hardware.accelerator,
    count: hardware.count,
    unified_memory: hardware.unified_memory,
    memory_gb: hardware.memory_gb.value,
    usable_fraction: hardware.usable_fraction.value,
    usable_gb: toGb(usableBytes(hardware)),
    bandwidth_gbs: hardware.bandwidth_gbs?.value ?? null,
    aggregate_bandwidth_gbs: hasBandwidth(hardware) ? roundTo(aggregateBandwidth(hardware) / GB, 1) : null,
    split: splitNote(hardware),
  };
}

