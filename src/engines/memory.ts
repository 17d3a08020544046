// Memory and bandwidth model: weights, KV cache, overhead, usable memory, decode rate, and the facts they read.
import type { Architecture, Hardware, Model } from '../schema/index.ts';
import {
  DECODE_EFFICIENCY,
  GB,
  GIB,
  KV_CACHE_BYTES,
  KV_READ_EFFICIENCY,
  OVERHEAD_FIXED_GB_PER_DEVICE,
  type MoeComputeClass,
  type KvCacheType,
  type Quantization,
} from './constants.ts';
import { activeBitsOf, type ActiveBitsFacts } from './active-bits.ts';
import { citeFact } from './cite.ts';
import { UNKNOWN_WINDOW_INPUT } from './context-window.ts';
import { decodeSplit, prefillEfficiency } from './decode.ts';
import { batchDecodeRate } from './batch-decode.ts';
import { stepWeightsBytes, type MoeRouting } from './moe.ts';
import { heldParameters, publishedSizes, weightsFor, type PublishedSizes } from './gguf-sizes.ts';

/** Bytes of the weights: parameters x bits per weight / 8 (MoE: all experts are resident, so total parameters). */
export function weightsBytes(parameters: number, quantization: Quantization): number {
  return (parameters * quantization.bits_per_weight) / 8;
}

/**
 * Bytes of the weights one decode token reads: the active parameters at the width they are stored in. MXFP4 and Kimi's
 * INT4 keep only the routed experts at 4 bits, so a token of gpt-oss reads its attention and output head at 8.5 and one
 * of Kimi K2 Thinking its attention, shared expert and head at 16 (constants.ts `active_bits_per_weight`); every
 * other format reads its active parameters at the file's average.
 */
export function activeWeightsBytes(parameters: number, quantization: Quantization): number {
  return (parameters * (quantization.active_bits_per_weight?.value ?? quantization.bits_per_weight)) / 8;
}

/**
 * Words for an answer's basis where a token reads its active parameters wider than the format's average; else ''. With
 * the model's facts, its own split (active-bits.ts); without, the format's reference model's.
 */
export function activeBitsWords(quantization: Quantization, facts?: ActiveBitsFacts): string {
  const a = facts ? activeBitsOf(facts, quantization) : quantization.active_bits_per_weight;
  return a ? `a token reads its active parameters at ${a.value} bits, not the file's ${quantization.bits_per_weight}: ${a.basis}` : '';
}

/**
 * Architecture fields read defensively: the layers that keep a KV cache in a hybrid model (the others are
 * linear-attention or state-space layers with a fixed-size state), and the KV geometry of the global (full-attention)
 * layers where it differs from the sliding ones (Gemma 4 configs: num_global_key_value_heads, global_head_dim; the
 * schema names both). Read when present, never guessed.
 */
type ArchitectureExtras = { kv_layers?: number; global_kv_heads?: number; global_head_dim?: number };

/** The per-layer shape of a KV cache: how many layers of each kind, and the bytes one token costs in each. */
export type KvLayout = {
  /** Layers holding the whole context (full or global attention; MLA layers). */
  full_layers: number;
  /** Layers holding at most `window` tokens. */
  sliding_layers: number;
  window: number | null;
  /** Values cached per token in one full layer and one sliding layer (K and V together; MLA: the latent). */
  values_per_token_full: number;
  values_per_token_sliding: number;
  form: 'gqa' | 'mla' | 'sliding+global' | 'hybrid';
};

/** Layouts by architecture object: the dataset's records are frozen, so a layout is worked out once per model. */
const layouts = new WeakMap<Architecture, KvLayout>();

/** The cache layout per layer, from the architecture facts. */
export function kvLayout(a: Architecture): KvLayout {
  let l = layouts.get(a);
  if (!l) layouts.set(a, (l = Object.freeze(readKvLayout(a))));
  return l;
}

function readKvLayout(a: Architecture): KvLayout {
  const x = a as Architecture & ArchitectureExtras;
  // Hybrid models: only `kv_layers` layers keep a cache; clamp so a bad source cannot exceed the layer count.
  const cached = x.kv_layers !== undefined ? Math.min(Math.max(0, x.kv_layers), a.layers) : a.layers;
  const form: KvLayout['form'] = x.kv_layers !== undefined && cached < a.layers ? 'hybrid' : a.attention === 'sliding' ? 'sliding+global' : a.attention === 'mla' ? 'mla' : 'gqa';
  if (a.attention === 'mla' && a.kv_lora_rank !== undefined && a.rope_dim !== undefined) {
    const latent = a.kv_lora_rank + a.rope_dim;
    return { full_layers: cached, sliding_layers: 0, window: null, values_per_token_full: latent, values_per_token_sliding: 0, form };
  }
  const perLayer = 2 * a.kv_heads * a.head_dim;
  const global = 2 * (x.global_kv_heads ?? a.kv_heads) * (x.global_head_dim ?? a.head_dim);
  if (a.attention === 'sliding' && a.sliding_window !== undefined && a.sliding_layers !== undefined) {
    // Clamp: a source that lists more sliding layers than cached layers must not make the cache negative.
    const sliding = Math.min(a.sliding_layers, cached);
    return {
      full_layers: cached - sliding, sliding_layers: sliding, window: a.sliding_window,
      values_per_token_full: global, values_per_token_sliding: perLayer, form,
    };
  }
  return { full_layers: cached, sliding_layers: 0, window: null, values_per_token_full: perLayer, values_per_token_sliding: 0, form };
}

/**
 * Bytes the KV cache holds for `concurrency` sequences of `context` tokens each, computed per layer: full (GQA) and
 * global layers hold the whole context, sliding-window layers hold min(window, context), MLA layers hold one
 * compressed latent of kv_lora_rank + rope_dim values per token, and in a hybrid model only the `kv_layers` layers
 * hold a cache. `kv` is the cache element type (F16 by default; Q8_0 and Q4_0 as llama.cpp offers them).
 */
export function kvCacheBytes(architecture: Architecture, context: number, concurrency: number, kv: KvCacheType = 'f16'): number {
  return layoutKvBytes(kvLayout(architecture), context, concurrency, kv);
}

/** `kvCacheBytes` from a layout already read: a caller sizing one model at many contexts keeps its layout. */
export function layoutKvBytes(l: KvLayout, context: number, concurrency: number, kv: KvCacheType = 'f16'): number {
  const slidingTokens = l.window === null ? 0 : Math.min(context, l.window);
  const values = l.full_layers * l.values_per_token_full * context + l.sliding_layers * l.values_per_token_sliding * slidingTokens;
  return values * KV_CACHE_BYTES[kv] * concurrency;
}

/**
 * Runtime overhead: the compute buffers every accelerator holds (OVERHEAD_FIXED_GB_PER_DEVICE each), not a share of
 * the weights: a runtime allocates weights and KV cache at their exact size (see constants.ts for the evidence).
 */
export function overheadBytes(devices: number): number {
  return OVERHEAD_FIXED_GB_PER_DEVICE * GB * devices;
}

export type MemoryNeed = { weights: number; kv_cache: number; overhead: number; total: number };

export type MemoryInput = {
  parameters_total: number;
  architecture: Architecture;
  quantization: Quantization;
  context: number;
  concurrency: number;
  /** Accelerators the model is split across (each carries the overhead). */
  devices: number;
  /** KV cache element type (default F16). */
  kv?: KvCacheType;
  /** The model's published GGUF file sizes (ModelFacts.published): where one exists, it is the weights' size. */
  published?: PublishedSizes;
  /**
   * Copies of each sequence's cache the cards hold (mla-cache.ts: one a card for MLA under tensor parallelism, cards / KV
   * heads where a model has fewer KV heads than cards); 1 if left out.
   */
  kv_copies?: number;
};

/** Memory one model needs on one configuration, in bytes, broken down. */
export function memoryNeeded(input: MemoryInput): MemoryNeed {
  const held = heldParameters(input.parameters_total, input.architecture.mtp_parameters, input.quantization);
  const weights = weightsFor(held, input.quantization, input.published);
  const kv_cache = kvCacheBytes(input.architecture, input.context, input.concurrency, input.kv) * (input.kv_copies ?? 1);
  const overhead = overheadBytes(input.devices);
  return { weights, kv_cache, overhead, total: weights + kv_cache + overhead };
}

/**
 * Bytes usable for the model: memory_gb x usable_fraction. memory_gb is already the sum over the configuration's
 * accelerators; unified memory (Apple, DGX Spark, Strix Halo, CPU RAM) counts only the fraction the GPU may use.
 */
export function usableBytes(hardware: Hardware): number {
  // Memory chips come in binary sizes: the RTX 4090's "24 GB" is 24 GiB (25.77e9 bytes), an H100's 80 GB is 80 GiB,
  // a 128 GB Mac has 128 GiB. Epoch writes 24e9 bytes for the 4090, which would take 7% of every card away.
  return hardware.memory_gb.value * hardware.usable_fraction.value * GIB;
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
  if (decodeSplit(hardware) === 'tensor') {
    return (
      `weights and KV cache split across ${n} x ${hardware.accelerator} (tensor parallel over their GPU-to-GPU fabric): ` +
      `memory is the sum of the ${n} cards; decode reads their shares in parallel and pays two all-reduces per layer.`
    );
  }
  return (
    `weights and KV cache split across ${n} x ${hardware.accelerator} (by layer, over PCIe): memory is the sum of the ` +
    `${n} cards; batch-1 decode runs at one card's bandwidth, the cards taking turns on each token (llama.cpp's ` +
    `default split). A tensor-parallel runtime can be faster; the estimate does not assume it.`
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
  /** The format the publisher ships the weights in, when a source says (gpt-oss: mxfp4; DeepSeek-V3: fp8). */
  native_precision: string | null;
  derived_from: string[];
  /** Published GGUF file sizes by quantization (data/curated/gguf-file-sizes.csv); absent or empty when none. */
  published?: PublishedSizes;
};


/**
 * A model's facts do not depend on the request: they are read once per Model object (each belongs to one frozen
 * Dataset, so a reload brings new objects and the old entries go with the old dataset) and shared, frozen.
 */
const factsByModel = new WeakMap<Model, ModelFacts | { missing: string[] }>();

/** Read a model's memory facts, citing each (name = value (source, as_of)) for `derived_from`. Frozen: do not mutate. */
export function modelFacts(model: Model): ModelFacts | { missing: string[] } {
  let f = factsByModel.get(model);
  if (!f) {
    f = readModelFacts(model);
    Object.freeze('missing' in f ? f.missing : f.derived_from);
    factsByModel.set(model, Object.freeze(f));
  }
  return f;
}

function readModelFacts(model: Model): ModelFacts | { missing: string[] } {
  const missing: string[] = [];
  if (!model.parameters_total) missing.push('parameters_total');
  if (!model.architecture) missing.push('architecture');
  if (!model.parameters_total || !model.architecture) return { missing };
  const arch = model.architecture;
  const derived_from = [
    citeFact('parameters_total', model.parameters_total),
    model.parameters_active
      ? citeFact('parameters_active', model.parameters_active)
      : 'parameters_active: not in the dataset, parameters_total used (exact for a dense model; for a mixture of experts ' +
        'whose active count no source gives, decode speed is the dense lower bound)',
    citeFact('architecture', arch, `${arch.value.attention}, ${arch.value.layers} layers, ${arch.value.kv_heads} KV heads x ${arch.value.head_dim} (${arch.value.hf_repo})`),
  ];
  derived_from.push(model.context_window ? citeFact('context_window', model.context_window) : UNKNOWN_WINDOW_INPUT);
  if (model.native_precision) derived_from.push(citeFact('native_precision', model.native_precision));
  // Qwen3-Next's 1.650B and GLM-4.6's and 4.7's NextN layer: counted in the total, never held by llama.cpp.
  const mtp = arch.value.mtp_parameters;
  if (mtp !== undefined) {
    derived_from.push(`mtp_parameters = ${mtp} (${arch.source}, ${arch.as_of}): a multi-token-prediction module llama.cpp `
      + 'never holds, so the GGUF types\' weights count parameters_total less it (vLLM formats count the whole total)');
  }
  return {
    parameters_total: model.parameters_total.value,
    parameters_active: model.parameters_active?.value ?? model.parameters_total.value,
    architecture: arch.value,
    native_precision: model.native_precision?.value ?? null,
    derived_from,
    published: publishedSizes(model),
  };
}

/**
 * The sum a reader checks: the stated size is binary (an RTX 4090's 24 GB is 24 GiB), the answer's GB are 1e9 bytes,
 * so 24 x 0.95 reads 24.48 GB, not 22.8.
 */
export function usableMemorySum(hardware: Hardware): string {
  return `usable memory = ${hardware.memory_gb.value} GiB (vendors' memory sizes are binary) x ${hardware.usable_fraction.value} = `
    + `${toGb(usableBytes(hardware))} GB (1e9 bytes)`;
}

/**
 * The hardware facts a fit rests on, cited for `derived_from`: kept per configuration object, since they are its facts
 * only and every fit written out on it (models_for_hardware's page, recommend_model's picks shown) states them again.
 * A configuration read from a machine text is dropped with its reading (machine-cache.ts), and these with it. Callers
 * copy them into a list of their own (fitInputs), so the kept list is frozen.
 */
const keptHardwareInputs = new WeakMap<Hardware, readonly string[]>();
export function hardwareInputs(hardware: Hardware): readonly string[] {
  let kept = keptHardwareInputs.get(hardware);
  if (!kept) keptHardwareInputs.set(hardware, (kept = Object.freeze(hardwareInputsOf(hardware))));
  return kept;
}

function hardwareInputsOf(hardware: Hardware): string[] {
  return [
    citeFact(`${hardware.id}.memory_gb`, hardware.memory_gb),
    citeFact(`${hardware.id}.usable_fraction`, hardware.usable_fraction),
    usableMemorySum(hardware),
    hardware.bandwidth_gbs
      ? citeFact(`${hardware.id}.bandwidth_gbs`, hardware.bandwidth_gbs, `${hardware.bandwidth_gbs.value} per accelerator x ${hardware.count}`)
      : `${hardware.id}.bandwidth_gbs: unknown (a configuration built from a stated memory size): speed not estimated`,
    ...(hardware.compute_tflops ? [citeFact(`${hardware.id}.compute_tflops`, hardware.compute_tflops, `${hardware.compute_tflops.value} per accelerator x ${hardware.count}`)] : []),
  ];
}

/**
 * Decode tokens/s (all sequences together) when `batch` sequences share each step: every step reads the weights once
 * at `weights_efficiency` (DECODE_EFFICIENCY when left out: a serving runtime's) x `bandwidth` and each sequence's
 * KV cache at `kv_read_efficiency` x `bandwidth` (flash
 * attention streams the cache in long contiguous runs, nearer the peak than the many small matrices of a step; the
 * share is the runtime regime's: KV_READ_EFFICIENCY for llama.cpp's single stream, the default, and
 * SERVING_KV_READ_EFFICIENCY for vLLM's batched paged attention, each fitted on its own published rows), and
 * pays `step_latency_s` whatever it reads (the per-layer floor of src/engines/decode.ts; 0 when left out). MoE (`routing`,
 * moe.ts `moeRouting`): a step reads the shared part once and the distinct experts the batch's tokens route to (moe.ts
 * `stepWeightsBytes`); without `routing`, up to batch x active weights, never more than all of them (no overlap).
 * `flops` (optional, FLOP/s of the configuration) adds the compute roof: 2 FLOPs per active parameter per token.
 */
export function decodeTokensPerSecond(p: {
  total_weights: number;
  active_weights: number;
  kv_per_sequence: number;
  batch: number;
  bandwidth: number;
  step_latency_s?: number;
  flops?: number;
  active_parameters?: number;
  total_parameters?: number;
  /** Share of `bandwidth` the cache is read at: the runtime regime's (constants.ts); KV_READ_EFFICIENCY when left out. */
  kv_read_efficiency?: number;
  /** Share of `bandwidth` the weights are read at: the batch-1 backend's (decode.ts `decodeEfficiency`); DECODE_EFFICIENCY when left out. */
  weights_efficiency?: number;
  /** An MoE model's shared and routed shares (moe.ts `moeRouting`); undefined for a dense model. */
  routing?: MoeRouting;
  /**
   * A batch's step pays its read and its compute in turn (`batchDecodeRate`): an MoE model under vLLM, its
   * compute at its class's MoE share (`moePrefillClass`), as serving.ts reads it.
   */
  moe_step_pays_both?: { cls: MoeComputeClass | undefined };
}): number {
  const memoryBound = memoryBoundRate(
    p.total_weights, p.active_weights, p.kv_per_sequence, p.batch, p.bandwidth, p.step_latency_s, p.kv_read_efficiency, p.weights_efficiency,
    p.routing,
  );
  if (p.flops === undefined || p.active_parameters === undefined) return memoryBound;
  const cls = p.moe_step_pays_both?.cls;
  return batchDecodeRate(memoryBound, computeBoundTokensPerSecond(p.flops, p.active_parameters, p.total_parameters, cls), p.moe_step_pays_both !== undefined);
}

/**
 * decodeTokensPerSecond's memory-bound rate, its members given in turn: servingAt asks it once or twice for every
 * configuration an answer sizes, and an object of nine members (their numbers boxed) was made for each ask.
 */
export function memoryBoundRate(
  totalWeights: number, activeWeights: number, kvPerSequence: number, batch: number, bandwidth: number, stepLatencyS = 0,
  kvReadEfficiency = KV_READ_EFFICIENCY, weightsEfficiency = DECODE_EFFICIENCY, routing?: MoeRouting,
): number {
  const weightBytes = stepWeightsBytes(totalWeights, activeWeights, batch, routing);
  const stepSeconds = weightBytes / (weightsEfficiency * bandwidth) + (batch * kvPerSequence) / (kvReadEfficiency * bandwidth) + stepLatencyS;
  return batch / stepSeconds;
}

/**
 * Tokens/s compute allows: efficiency x FLOP/s / (2 x active parameters), the efficiency PREFILL_EFFICIENCY for a
 * dense model; for a mixture of experts (`totalParameters` above the active ones) the share of the tokens each expert
 * gets in llama.cpp's default ubatch when its `architecture` is given (a prompt: prefill-moe.ts), else the flat
 * MOE_PREFILL_EFFICIENCY (a batched decode step's compute). Prefill runs at this rate. `cls`, the class whose dense
 * factor `flops` carries (decode.ts `prefillFlops`), gives an MoE model its own class factor (MOE_PREFILL_CLASS_FACTOR);
 * without it an MoE model takes the dense one.
 */
export function computeBoundTokensPerSecond(
  flops: number, activeParameters: number, totalParameters = activeParameters, cls?: MoeComputeClass, architecture?: Architecture,
): number {
  return (prefillEfficiency(activeParameters, totalParameters, cls, architecture) * flops) / (2 * activeParameters);
}

/** FLOP/s of the configuration (dense FP16 per accelerator x count), or undefined when the dataset has no figure. */
export function aggregateFlops(hardware: Hardware): number | undefined {
  return hardware.compute_tflops ? hardware.compute_tflops.value * 1e12 * hardware.count : undefined;
}
