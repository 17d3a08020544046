// Speed of one model on one configuration at a quantization: decode (bandwidth-bound) and prefill (compute-bound).
import type { Hardware } from '../schema/index.ts';
import {
  DECODE_EFFICIENCY, GB, KV_READ_EFFICIENCY, SERVING_KV_READ_EFFICIENCY, type MoeComputeClass, type KvCacheType, type Quantization,
} from './constants.ts';
import {
  computeClass, decodeBackend, decodeEfficiency, effectivePrefillEfficiency, layoutBasis, moePrefillClass, type DecodeSplit,
} from './decode.ts';
import { linearAttentionBasis, linearAttentionStepSeconds } from './decode-hybrid.ts';
import { mlaTensorSeconds, mlaTensorWords } from './decode-mla.ts';
import { moeDispatchBasis, moeDispatchSeconds } from './decode-moe.ts';
import { ATTENTION_SHARE_WORDS, promptAttentionSeconds } from './prefill-depth.ts';
import { kvCacheCopies } from './mla-cache.ts';
import { speedLayout, type SpeedLayout } from './speed-layout.ts';
import { runtimeFor, servingComputeShare } from './runtime.ts';
import { isMixtureOfExperts, moeRouting, type MoeRouting } from './moe.ts';
import {
  activeBitsWords,
  aggregateBandwidth,
  computeBoundTokensPerSecond,
  decodeTokensPerSecond,
  kvCacheBytes,
  roundTo,
  toGb,
  type ModelFacts,
} from './memory.ts';
import { activeBitsOf } from './active-bits.ts';
import { activeWeightsFor, heldParameters, weightsFor } from './gguf-sizes.ts';

export type SpeedEstimate = {
  estimate: true;
  basis: string;
  /** Decode tokens/s of one sequence at batch 1. */
  tokens_per_s: number;
  efficiency: number;
  aggregate_bandwidth_gbs: number;
  /** How the devices share a decode step: one device, tensor parallel, or split by layer (one card at a time). */
  split: DecodeSplit;
  /** Bandwidth a decode step reads at, GB/s: one card's unless the devices run tensor parallel. */
  decode_bandwidth_gbs: number;
  /** Milliseconds every token costs whatever it reads: layers x per-layer latency (+ all-reduces when tensor parallel). */
  per_token_latency_ms: number;
  active_parameters: number;
  active_weights_gb: number;
  kv_read_gb: number;
  bytes_per_token_gb: number;
  /** The same model at the requested concurrency: weights read once per step for all sequences. */
  at_concurrency: { concurrency: number; tokens_per_s_per_stream: number; tokens_per_s_total: number };
  /** Prompt processing tokens/s (compute-bound); null when the dataset has no compute figure for the hardware. */
  prefill_tokens_per_s: number | null;
  prefill_efficiency: number;
  /**
   * Seconds to process a prompt filling the requested context, integrated over it: every token at the prefill rate plus
   * the attention to the tokens before it, which grows with its position (prefill-depth.ts); null without a compute figure.
   */
  time_to_first_token_s: number | null;
};

/** The rated compute each class's prefill share is of, in words (constants.ts `ComputeClass`). */
export const PREFILL_RATE = {
  geforce: 'dense FP16 tensor FLOP/s with FP16 accumulate (the rate llama.cpp\'s cuBLAS path runs; a GeForce card)',
  professional: 'dense FP16 tensor FLOP/s (a workstation or data-centre accelerator, which reaches less of its rated figure)',
  apple: 'the GPU\'s FP32 = FP16 FLOP/s (Apple silicon)',
} as const;

/** Speed options: the context each sequence holds, the sequences decoded together, the KV cache type. */
export type SpeedOptions = { context: number; concurrency: number; kv_cache?: KvCacheType };

/**
 * Decode tokens/s of one sequence at batch 1, as `speedOf` gives it (`tokens_per_s`), without the rest of the estimate:
 * a fit lists it for every quantization that fits, and writes the whole estimate for the chosen one only.
 */
export function batchOneTokensPerSecond(facts: ModelFacts, q: Quantization, hardware: Hardware, opts: SpeedOptions): number {
  const { layout, flops, serving } = modelLayout(facts, hardware, opts.concurrency);
  return roundTo(decodeAt(facts, q, opts, layout, flops, 1, batchOneEfficiency(hardware, serving), readCopies(facts, hardware, layout)), 1);
}

/**
 * Seconds to read a prompt filling `opts.context`, exactly as `speedOf` gives it (`time_to_first_token_s`: the prompt at
 * the starting rate plus its attention at depth), without the rest of the estimate; null without a compute figure.
 * Compute-bound, so the same at every quantization. A limit checked on this figure and a pick's figure must agree: a
 * check without the depth term passed models whose written-out pick then read over the limit.
 */
export function prefillSeconds(facts: ModelFacts, hardware: Hardware, opts: SpeedOptions): number | null {
  const s = timeToFirstTokenSeconds(facts, hardware, opts.context, opts.concurrency);
  return s === null ? null : roundTo(s, 2);
}

/**
 * The configuration's layout for the model: speed-layout.ts's, its per-token floor raised by the expert dispatch a
 * mixture-of-experts model pays on llama.cpp Metal (decode-moe.ts). Every step pays it once, at any batch: kernels
 * launched once a step (docs/hardware-and-cost.md, "At a batch: once a step"); serving.ts adds the same.
 */
function modelLayout(facts: ModelFacts, hardware: Hardware, concurrency: number): SpeedLayout {
  const made = speedLayout(hardware, facts.architecture.layers, concurrency);
  const extra = moeDispatchSeconds(hardware, facts.architecture.layers, facts.parameters_active, facts.parameters_total) +
    linearAttentionStepSeconds(facts.architecture, hardware) + mlaTensorSeconds(made.layout.split, facts);
  if (extra === 0) return made;
  return { ...made, layout: { ...made.layout, step_latency_s: made.layout.step_latency_s + extra } };
}

/**
 * Prompt tokens/s at the start of a prompt on `flops` FLOP/s: the compute-bound rate (memory.ts
 * `computeBoundTokensPerSecond`, calibrated on pp512 and pp2048 runs, whose short prompts it absorbs). A mixture of
 * experts under llama.cpp at the tokens each expert gets in its default ubatch (prefill-moe.ts); under a server's
 * layout (`serving`: vLLM or SGLang, which batch prompts to their own budget) at the flat MoE share, as estimate_cost's
 * serving figure (serving.ts). A hybrid model's recurrent layers add nothing here: the 2026 builds run its prompts at
 * that rate (docs/hardware-and-cost.md, "Hybrid linear-attention models").
 */
function prefillRate(facts: ModelFacts, flops: number, hardware: Hardware, serving: string | null): number {
  const architecture = serving === null ? facts.architecture : undefined;
  return computeBoundTokensPerSecond(flops, facts.parameters_active, facts.parameters_total, moePrefillClass(hardware), architecture);
}

/**
 * Seconds to process a prompt of `context` tokens at batch 1 on the configuration, as speedOf's
 * `time_to_first_token_s` gives it (unrounded), or null without a compute figure: context / the starting rate, plus the
 * attention each token pays to the ones before it (prefill-depth.ts). A caller that limits the wait for a long prompt
 * reads this, so the limit and the answer's figure agree.
 */
export function timeToFirstTokenSeconds(facts: ModelFacts, hardware: Hardware, context: number, concurrency = 1): number | null {
  const { flops, serving } = modelLayout(facts, hardware, concurrency);
  if (flops === undefined) return null;
  return context / prefillRate(facts, flops, hardware, serving) + promptAttentionSeconds(facts.architecture, context, flops);
}

/**
 * Share of the bandwidth one sequence streams the weights at: llama.cpp's on the configuration's backend
 * (decode.ts `decodeEfficiency`), or a serving runtime's DECODE_EFFICIENCY when the layout is a server's (`serving`).
 */
function batchOneEfficiency(hardware: Hardware, serving: string | null): number {
  return serving === null ? decodeEfficiency(hardware) : DECODE_EFFICIENCY;
}

/**
 * speedOf's decode rate at a batch: the same inputs, read the same way. One sequence reads its weights at `single`
 * (batchOneEfficiency) and its cache as llama.cpp's single stream does (KV_READ_EFFICIENCY); several, as the batched
 * server of estimate_cost's serving figures does (DECODE_EFFICIENCY, SERVING_KV_READ_EFFICIENCY), so
 * models_for_hardware at a concurrency quotes what estimate_cost serves at that batch.
 */
function decodeAt(
  facts: ModelFacts, q: Quantization, opts: SpeedOptions, layout: SpeedLayout['layout'], flops: number | undefined, batch: number,
  single: number, copies: number, vllmMoe?: { cls: MoeComputeClass | undefined },
): number {
  return decodeTokensPerSecond({
    total_weights: weightsFor(heldParameters(facts.parameters_total, facts.architecture.mtp_parameters, q), q, facts.published),
    active_weights: activeWeightsFor(
      facts.parameters_active, heldParameters(facts.parameters_total, facts.architecture.mtp_parameters, q), q, facts.published, activeBitsOf(facts, q)?.value,
    ),
    // Under tensor parallelism each card reads its own copy of a cache it holds more than once (mla-cache.ts).
    kv_per_sequence: kvCacheBytes(facts.architecture, opts.context, 1, opts.kv_cache) * copies,
    batch, bandwidth: layout.bandwidth, step_latency_s: layout.step_latency_s,
    flops, active_parameters: facts.parameters_active, total_parameters: facts.parameters_total,
    kv_read_efficiency: batch > 1 ? SERVING_KV_READ_EFFICIENCY : KV_READ_EFFICIENCY,
    weights_efficiency: batch > 1 ? DECODE_EFFICIENCY : single,
    routing: routingOf(facts),
    // A batch of an MoE model under vLLM pays its read and its compute in turn, as estimate_cost's serving figure does
    // (serving.ts `batchDecodeRate`); one sequence, llama.cpp's batch-1 figure, and a dense model keep the slower.
    // Left undefined rather than spread in: an object literal with a spread is built member by member at run time.
    moe_step_pays_both: batch > 1 ? vllmMoe : undefined,
  });
}

/**
 * A model's expert routing (moe.ts `moeRouting`), read from its facts alone: made once per facts object (one per model
 * of a dataset), not on every decode figure (a 100-entry page reads some 300; each made the routing's objects anew).
 */
const routings = new WeakMap<ModelFacts, MoeRouting | null>();
function routingOf(facts: ModelFacts): MoeRouting | undefined {
  let r = routings.get(facts);
  if (r === undefined) routings.set(facts, (r = moeRouting(facts.parameters_active, facts.parameters_total, facts.architecture) ?? null));
  return r ?? undefined;
}

/**
 * Copies of a sequence's cache the cards read in a decode step: several where the layout runs them tensor parallel, as
 * vLLM and SGLang do, and the model's cache is held more than once (an MLA latent on every card; fewer KV heads than
 * cards: mla-cache.ts); one under a single card or a layer split.
 */
function readCopies(facts: ModelFacts, hardware: Hardware, layout: SpeedLayout['layout']): number {
  return layout.split === 'tensor' ? kvCacheCopies(facts.architecture, hardware, 'vllm') : 1;
}

/** Why and where a mixture-of-experts prompt runs at a lower share, in words: an entry's basis and a page's line alike. */
export const MOE_PREFILL_WORDS = 'a prompt batch is scattered over the experts, so each multiplies small matrices; at llama.cpp\'s default ubatch '
  + 'of 512 tokens, where a larger -ub gives each expert more and reads faster: gpt-oss-120b on a DGX Spark measured 1,397 tokens/s at '
  + 'the default, 1,938 at -ub 2048; calibrated on llama.cpp MoE prompt-processing measurements';

/**
 * Decode speed at batch 1 and at the concurrency, and prefill where the hardware's compute is known. Pure. At a
 * concurrency above 1 several PCIe cards are taken as a server runs them, tensor parallel (speed-layout.ts), so the
 * figures are those estimate_cost's serving throughput reads for the same machine, model and batch. `basis`: the
 * caller's own words for the estimate's basis (an answer that states the method once), else the method in full.
 */
export function speedOf(facts: ModelFacts, q: Quantization, hardware: Hardware, opts: SpeedOptions, basis?: string): SpeedEstimate {
  // The weights the fit sizes (the published file where there is one) and a token's share of them (gguf-sizes.ts).
  // The weights llama.cpp holds: a GGUF type leaves a multi-token-prediction module out (gguf-sizes.ts heldParameters).
  const held = heldParameters(facts.parameters_total, facts.architecture.mtp_parameters, q);
  const active_weights = activeWeightsFor(facts.parameters_active, held, q, facts.published, activeBitsOf(facts, q)?.value);
  const kv_per_sequence = kvCacheBytes(facts.architecture, opts.context, 1, opts.kv_cache);
  const { layout, flops, serving } = modelLayout(facts, hardware, opts.concurrency);
  const active_parameters = facts.parameters_active;
  const total_parameters = facts.parameters_total;
  const single = batchOneEfficiency(hardware, serving);
  // decodeAt called directly, not through a closure made per call: a 100-entry page calls speedOf 100 times.
  const copies = readCopies(facts, hardware, layout);
  // An MoE model whose batch a server runs under vLLM (runtime.ts): its batch's step pays read and compute in turn.
  const vllmMoe = routingOf(facts) !== undefined && runtimeFor(hardware, 'serving') === 'vllm' ? { cls: moePrefillClass(hardware) } : undefined;
  const total = decodeAt(facts, q, opts, layout, flops, opts.concurrency, single, copies, vllmMoe);
  const prefill = flops === undefined ? null : prefillRate(facts, flops, hardware, serving);
  // The share of the rated compute reached: the class's efficiency (decode.ts `effectivePrefillEfficiency`).
  // A server's layout runs vLLM or SGLang: on a GeForce card at the FP32-accumulate rate (runtime.ts).
  const share = serving === null ? 1 : servingComputeShare(hardware, 'vllm');
  const promptArchitecture = serving === null ? facts.architecture : undefined;
  const prefill_efficiency = roundTo(effectivePrefillEfficiency(hardware, active_parameters, total_parameters, promptArchitecture) * share, 2);
  const moe = isMixtureOfExperts(active_parameters, total_parameters);
  return {
    estimate: true,
    basis: basis ?? speedBasis(q, opts, hardware, layout, serving, facts, prefill, prefill_efficiency, moe, single),
    tokens_per_s: roundTo(opts.concurrency === 1 ? total : decodeAt(facts, q, opts, layout, flops, 1, single, copies), 1),
    efficiency: single,
    aggregate_bandwidth_gbs: roundTo(aggregateBandwidth(hardware) / GB, 1),
    split: layout.split,
    decode_bandwidth_gbs: roundTo(layout.bandwidth / GB, 1),
    per_token_latency_ms: roundTo(layout.step_latency_s * 1e3, 3),
    active_parameters,
    active_weights_gb: toGb(active_weights),
    // The cache bytes a step reads for one sequence: each copy the cards hold, each card reading its own (readCopies).
    kv_read_gb: toGb(kv_per_sequence * copies),
    bytes_per_token_gb: toGb(active_weights + kv_per_sequence * copies),
    at_concurrency: {
      concurrency: opts.concurrency,
      tokens_per_s_per_stream: roundTo(total / opts.concurrency, 1),
      tokens_per_s_total: roundTo(total, 1),
    },
    prefill_tokens_per_s: prefill === null ? null : roundTo(prefill, 0),
    prefill_efficiency,
    time_to_first_token_s: prefill === null || flops === undefined
      ? null
      : roundTo(opts.context / prefill + promptAttentionSeconds(facts.architecture, opts.context, flops), 2),
  };
}

/** Whose share of the bandwidth the batch-1 weights are read at, in words. */
export function efficiencyWords(hardware: Hardware, serving: string | null): string {
  const backend = serving === null ? decodeBackend(hardware) : null;
  if (backend !== null) return `llama.cpp ${backend === 'cuda' ? 'CUDA' : 'Metal'}'s share, fitted on its scoreboard`;
  return 'the share of a runtime with no fitted row of its own: a serving runtime, llama.cpp on ROCm or Vulkan';
}

/** The method of a speed estimate in words: what `speedOf` states as its basis when the caller does not. */
function speedBasis(
  q: Quantization, opts: SpeedOptions, hardware: Hardware, layout: SpeedLayout['layout'], serving: string | null,
  facts: ModelFacts, prefill: number | null, prefill_efficiency: number, moe: boolean, single: number,
): string {
  const architecture = facts.architecture;
  const layers = architecture.layers;
  const dispatch = moeDispatchBasis(hardware, layers, moe);
  const hybrid = linearAttentionBasis(architecture, hardware);
  const mla = layout.split === 'tensor' && moe && architecture.attention === 'mla' ? mlaTensorWords(layers) : null;
  return (
    `decode at batch 1: active weights at ${q.name}${q.active_bits_per_weight ? ` (${activeBitsWords(q, facts)})` : ''} read at ${single} x (${efficiencyWords(hardware, serving)}) and ` +
    `the KV cache of one sequence at ` +
    `${opts.context} tokens at ${KV_READ_EFFICIENCY} x ${layout.split === 'tensor' ? 'the summed' : 'one card\'s'} memory bandwidth, ` +
    `${serving ?? layoutBasis(hardware, layout, layers)}` +
    `${dispatch === null ? '' : `, ${dispatch}`}${mla === null ? '' : `, plus ${mla}`}${hybrid === null ? '' : `, ${hybrid}`}; ` +
    (prefill === null
      ? 'prefill not estimated: the dataset has no compute (TFLOPS) figure for this hardware'
      : `prefill compute-bound: ${prefill_efficiency} x ${layout.split === 'layer' ? 'one card\'s ' : ''}` +
        `${PREFILL_RATE[computeClass(hardware)]} / (2 x active parameters)` +
        (moe
          ? ` (the mixture-of-experts efficiency: ${MOE_PREFILL_WORDS})`
          : '') +
        `; time to first token: the prompt at that rate (the rate at its start) plus its attention, 4 x heads x head dim ` +
        `FLOPs a full-attention layer per earlier token, at the share llama.cpp's flash attention reaches for the head ` +
        `width (${ATTENTION_SHARE_WORDS}), summed over the prompt (a token deep in a long ` +
        `prompt is slower than one near its start; fitted on llama.cpp's DGX Spark pp2048 runs at depths to 32,768; ` +
        `unfitted elsewhere: Qwen3.5-27B's prompts of 16,384-65,536 tokens on an RTX 4090 took 0.80-0.91x this time)`)
  );
}
