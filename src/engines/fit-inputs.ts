// The words a fit rests on: the hardware's facts, the weights and KV cache of the quantization shown, the constants,
// and the assumptions every fit states (hardware-fit.ts writes them beside its figures).
import type { Hardware } from '../schema/index.ts';
import { COMFORTABLE_MAX_FRACTION, KV_CACHE_BYTES, OVERHEAD_FIXED_GB_PER_DEVICE, type KvCacheType, type Quantization } from './constants.ts';
import { hardwareInputs, kvLayout, roundTo, type KvLayout, type ModelFacts } from './memory.ts';
import { DECODE_BASIS, PREFILL_BASIS } from './decode.ts';
import { moeDispatchBasis } from './decode-moe.ts';
import { isMixtureOfExperts } from './moe.ts';
import { weightsBasis } from './gguf-sizes.ts';
import { kvCopiesWords } from './mla-cache.ts';
import { UNKNOWN_WINDOW_RULE } from './context-window.ts';
import { fitKvCopies, type FitOptions } from './fit-basis.ts';

/** What the fit's words read: the model's facts and the quantization shown. */
export type FitWords = { facts: ModelFacts; shown: { q: Quantization } };

/** What a fit rests on beyond the model's own facts: the hardware's facts and the constants, in words. */
export function fitInputs(a: FitWords, hardware: Hardware, opts: FitOptions, speedEstimated: boolean): string[] {
  return [
    ...hardwareInputs(hardware),
    ...modelFitInputs(a, opts, hardware),
    OVERHEAD_INPUT,
    FIT_LEVELS_INPUT,
    ...(speedEstimated ? [SPEED_INPUT] : []),
    ...(speedEstimated ? dispatchInput(a.facts, hardware) : []),
  ];
}

// The inputs every fit states in the same words, made once: a template with constants is a new string each time it
// is evaluated, and every fit written out (recommend_model's picks shown, a models_for_hardware page) wrote them again.
const OVERHEAD_INPUT = `overhead = ${OVERHEAD_FIXED_GB_PER_DEVICE} GB per accelerator (compute buffers, from published llama.cpp logs)`;
const FIT_LEVELS_INPUT = `fit: comfortable <= ${COMFORTABLE_MAX_FRACTION * 100}% of usable memory, tight <= 100%`;
const SPEED_INPUT = `${DECODE_BASIS}; ${PREFILL_BASIS} (the service's method, calibrated on published llama.cpp and serving benchmarks)`;

/** A mixture-of-experts model on Metal: its expert dispatch and the error measured with it (decode-moe.ts), else nothing. */
function dispatchInput(facts: ModelFacts, hardware: Hardware): string[] {
  const moe = isMixtureOfExperts(facts.parameters_active, facts.parameters_total);
  const words = moeDispatchBasis(hardware, facts.architecture.layers, moe);
  return words === null ? [] : [`decode of this mixture-of-experts model: ${words.replace(/^plus /, '')}`];
}

/**
 * The inputs particular to one model's fit: the weights at the quantization shown and the KV cache it holds. An answer
 * listing many models on one configuration states the rest of `fitInputs` once (models_for_hardware).
 */
export function modelFitInputs(a: FitWords, opts: FitOptions, hardware?: Hardware): string[] {
  const kvType = opts.kv_cache ?? 'f16';
  const layout = kvLayout(a.facts.architecture);
  const copies = hardware ? kvCopiesWords(fitKvCopies(a.facts.architecture, hardware, opts), a.facts.architecture, hardware.count) : '';
  return [keptWeightsBasis(a.shown.q, a.facts.published), kvInput(kvType, layout), ...(copies ? [copies] : [])];
}

/**
 * The two sentences above, kept: each is the same words for a model's facts (kept per model, memory.ts modelFacts), a
 * quantization and a cache type, and a pick or page entry shown wrote them again on every ask. Keyed by the objects
 * they are read from (the model's published sizes, or none; the quantization, which a ladder built for a configuration
 * read from a machine text may hold; the architecture's kept layout), held weakly, so they go with them.
 */
const weightsBases = new WeakMap<object, WeakMap<Quantization, string>>();
const NO_PUBLISHED_SIZES = {};
function keptWeightsBasis(q: Quantization, published: ModelFacts['published']): string {
  const by = published ?? NO_PUBLISHED_SIZES;
  let kept = weightsBases.get(by);
  if (!kept) weightsBases.set(by, (kept = new WeakMap()));
  let text = kept.get(q);
  if (text === undefined) kept.set(q, (text = weightsBasis(q, published)));
  return text;
}

const kvInputs = new WeakMap<KvLayout, Map<KvCacheType, string>>();
function kvInput(kvType: KvCacheType, layout: KvLayout): string {
  let kept = kvInputs.get(layout);
  if (!kept) kvInputs.set(layout, (kept = new Map()));
  let text = kept.get(kvType);
  if (text === undefined) {
    text = `KV cache ${kvType.toUpperCase()} (${roundTo(KV_CACHE_BYTES[kvType], 4)} bytes per value), ${layout.form}: `
      + `${layout.full_layers} layers hold the context${layout.sliding_layers ? `, ${layout.sliding_layers} hold at most ${layout.window} tokens` : ''}`;
    kept.set(kvType, text);
  }
  return text;
}

/** The assumptions every fit result rests on, spelled out for the response. */
export const FIT_ASSUMPTIONS: readonly string[] = [
  'weights = the published GGUF file size where the dataset has one (data/curated/gguf-file-sizes.csv; a model without one ' +
    'takes that of a model with the same parameter counts and architecture), else parameters_total x ' +
    'bits per weight / 8 (llama.cpp measured bits per weight; native MXFP4/FP8 and vLLM FP8/INT4 from the checkpoint formats; ' +
    'MoE: all experts resident)',
  'quantization: the formats of the runtime the figure assumes: llama.cpp GGUF types on one device and on PCIe cards split by ' +
    'layer; vLLM/SGLang formats (FP8 where the accelerator runs it, INT4 AWQ/GPTQ W4A16, the native format; no K-quants) ' +
    'where the speed is tensor parallel (over NVLink or a GPU-to-GPU fabric, or PCIe cards serving more than one sequence); the highest precision that fits, up to 8.5 bits ' +
    'unless min_bits or quantization asks for more; a model shipped in FP8, MXFP4 or INT4 is offered that format and nothing ' +
    'wider; every alternative is listed with its memory and speed; estimate_cost, costing a server, takes the vLLM/SGLang ' +
    'formats on one data-centre accelerator too, and reads one sequence alone on one device at these batch-1 shares, so ' +
    'at concurrency 1 its speed differs from this one by the format and the cache length it holds only',
  'KV cache per layer for every sequence at the full context (F16 unless kv_cache says Q8_0 or Q4_0): full and global layers hold the context, ' +
    'sliding-window layers at most the window, MLA layers kv_lora_rank + rope_dim values (held whole on every card vLLM/SGLang run ' +
    'tensor parallel, so counted once a card), hybrid models only their KV layers',
  `overhead = ${OVERHEAD_FIXED_GB_PER_DEVICE} GB per accelerator for the runtime's compute buffers (published llama.cpp logs, ` +
    'flash attention on); the CUDA context is outside usable memory',
  `fit: comfortable when the total is at most ${COMFORTABLE_MAX_FRACTION * 100}% of usable memory, tight up to 100%; the highest precision that fits comfortably is chosen, else the highest that fits tightly`,
  UNKNOWN_WINDOW_RULE,
  `speed at batch 1, no CPU offload: ${DECODE_BASIS}; ${PREFILL_BASIS} where the hardware's compute is known; ` +
    'calibrated on published measurements (docs/hardware-and-cost.md)',
];


