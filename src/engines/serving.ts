// Serving throughput under continuous batching: prefill compute-bound, decode bandwidth-bound up to memory or compute.
import type { Architecture, Hardware } from '../schema/index.ts';
import { KV_READ_EFFICIENCY, SERVING_KV_READ_EFFICIENCY, type KvCacheType, type Quantization } from './constants.ts';
import { decodeEfficiency, moePrefillClass, servingFlops, servingLayout, type DecodeSplit } from './decode.ts';
import { mlaTensorSeconds } from './decode-mla.ts';
import { moeDispatchSeconds } from './decode-moe.ts';
import { moeRouting, type MoeRouting } from './moe.ts';
import { runtimeFor, servingComputeShare } from './runtime.ts';
import { promptRate, servingAttentionFlops } from './serving-attention.ts';
import { occupancy, sequenceCache, type Occupancy } from './kv-occupancy.ts';
import { batchDecodeRate } from './batch-decode.ts';
import {
  computeBoundTokensPerSecond,
  memoryBoundRate,
  overheadBytes,
  usableBytes,
  type ModelFacts,
} from './memory.ts';
import { activeBitsOf } from './active-bits.ts';
import { activeWeightsFor, heldParameters, weightsFor } from './gguf-sizes.ts';
import { kvCacheCopies } from './mla-cache.ts';
import { vllmBudgetApplies, vllmKvCacheBytes } from './vllm-memory.ts';
import { vllmA100AttentionFlops, vllmA100Mxfp4, vllmA100Mxfp4PromptRate, vllmChargedWeights } from './vllm-mxfp4.ts';
import { vllmA100DensePromptRate, vllmDensePrompt, type VllmDensePrompt } from './vllm-dense-prefill.ts';

export type ServingInput = {
  facts: ModelFacts;
  quantization: Quantization;
  hardware: Hardware;
  /** Tokens of one request, prompt and answer: the length a sequence's KV cache reaches when its answer ends. */
  context: number;
  /** Share of the volume that is prompt (prefill) tokens, 0..1: also each request's prompt share of `context`. */
  input_share: number;
  /** Most sequences decoded at once (the server's max_num_seqs). */
  max_sequences: number;
  kv_cache?: KvCacheType;
  /** Share of the bandwidth the cache is read at; SERVING_KV_READ_EFFICIENCY when left out (a fit varies it). */
  kv_read_efficiency?: number;
};

export type Serving = {
  /** Sequences decoded together: the most memory holds at their mean length (`mean_sequence_tokens`), at most `max_sequences`. */
  batch: number;
  /** Tokens a decoding sequence's cache holds on average: prompt + half the answer (kv-occupancy.ts). */
  mean_sequence_tokens: number;
  /** How the devices share a decode step (src/engines/decode.ts): the split sets the bandwidth and per-step latency. */
  split: DecodeSplit;
  /** What stops the batch growing or the decode rate rising. */
  bound: 'memory' | 'compute' | 'max_sequences';
  /**
   * Prompt tokens/s: compute-bound, plus the prompt's attention where a published kernel figure covers the
   * configuration (vLLM on Hopper: serving-attention.ts; gpt-oss under vLLM on an A100 at llama.cpp's share: vllm-mxfp4.ts);
   * null when the dataset has no compute figure for the hardware.
   */
  prefill_tokens_per_s: number | null;
  /** Output tokens/s of the whole batch. */
  decode_tokens_per_s: number;
  /** Volume tokens/s at the input share: 1 / (share / prefill + (1 - share) / decode). */
  tokens_per_s: number;
  /** Set where the decode rate sums the step's read and compute (`batchDecodeRate`): an MoE model under vLLM or SGLang. */
  moe_step_pays_both?: true;
  /** Layers of an MLA mixture of experts whose step pays decode-mla.ts's term (split tensor parallel); absent otherwise. */
  mla_tensor_layers?: number;
  /** A dense model under vLLM on a module GPUStack's runs measure (vllm-dense-prefill.ts); absent otherwise. */
  vllm_dense_prompt?: VllmDensePrompt;
};

/**
 * Bytes the serving runtime leaves for KV caches beside the weights (negative where none). vLLM or SGLang (runtime.ts):
 * what vLLM's own budget leaves, 0.9 of each card less the weights and a reserve a card of profiled activations,
 * non-torch memory and CUDA graphs, about 6 GiB on cards of 70 GiB or more, 2 on an A100 and on smaller cards
 * (vllm-memory.ts: the 6 is fitted on H100 logs, the 2 on A100 logs and the small cards' at the same batch default); the weights are what
 * vLLM loads where a log gives it (vllm-mxfp4.ts: gpt-oss's checkpoint); llama.cpp's server allocates the weights and the caches at their
 * size beside its compute buffers: usable memory less 0.75 GB a card less the weights.
 */
export function servingRoom(hardware: Hardware, weights: number): number {
  return runtimeFor(hardware, 'serving') === 'vllm' && vllmBudgetApplies(hardware)
    ? vllmKvCacheBytes(hardware, weights)
    : usableBytes(hardware) - overheadBytes(hardware.count) - weights;
}

/** Largest batch whose weights and KV caches fit in the serving runtime's room (0 when not even one sequence fits). */
export function memoryBatch(weights: number, kvPerSequence: number, hardware: Hardware): number {
  const room = servingRoom(hardware, weights);
  return room <= 0 ? 0 : Math.floor(room / kvPerSequence);
}

/**
 * What a configuration's serving throughput reads of a model at one quantization that no ask changes (the context,
 * the input share, the batch limit and the KV type do not enter): the weights, the memory left for KV caches, the
 * serving layout and the compute-bound rate. Made once per model, configuration and quantization where an engine
 * keeps it (self-hosted-sizing.ts); `servingAt` then works a throughput out in a few sums.
 */
export type ServingConstants = {
  readonly total_weights: number;
  readonly active_weights: number;
  /** Bytes left for KV caches (`servingRoom`, memoryBatch's room): vLLM's budget under vLLM/SGLang, else usable less overhead and weights. */
  readonly room: number;
  /**
   * Copies of each sequence's cache the cards hold (mla-cache.ts): the card count for MLA served tensor parallel, cards /
   * KV heads for a model with fewer KV heads than cards, else 1. Each card reads its own copy in a step: the read counts them.
   */
  readonly kv_copies: number;
  readonly split: DecodeSplit;
  readonly bandwidth: number;
  readonly step_latency_s: number;
  /** Tokens/s compute allows (Infinity without a compute figure: the decode rate is then memory's alone). */
  readonly compute_rate: number;
  readonly has_flops: boolean;
  /**
   * FLOP/s the serving runtime runs a prompt's attention at (serving-attention.ts: FlashAttention-3's share on Hopper);
   * undefined where no published figure covers the configuration and the model's head widths, whose prompts then keep
   * the compute-bound rate whatever their length.
   */
  readonly attention_flops?: number;
  /** An MoE model's shared and routed shares: a batch's step reads the shared part once (moe.ts); undefined when dense. */
  readonly routing?: MoeRouting;
  /**
   * A mixture-of-experts model served by vLLM or SGLang: a batch's step pays its weights' read and its compute one after
   * the other (`batchDecodeRate`). llama.cpp's batched MoE rows, already under the min (serving-moe.test.ts), keep it.
   */
  readonly moe_step_pays_both?: boolean;
  /** Layers paying the MLA mixture-of-experts term a step (decode-mla.ts); absent where none is paid. */
  readonly mla_tensor_layers?: number;
  /** A dense model under vLLM on an A100 (`compute_rate` at vLLM's share) or H100/H200 SXM module (vllm-dense-prefill.ts). */
  readonly vllm_dense_prompt?: VllmDensePrompt;
  /**
   * The share of the bandwidth one sequence alone streams the weights at (`singleStreamEfficiency`); undefined where a
   * lone sequence runs tensor parallel, as the batch does.
   */
  readonly single_stream_efficiency?: number;
};

/**
 * The share of the bandwidth one sequence decoding alone streams the weights at, where it is a single stream: on
 * llama.cpp's server (one desktop card, an Apple machine, a CPU: runtime.ts) and on one device of any kind, vLLM or
 * SGLang included, the batch-1 share of the device's backend (decode.ts `decodeEfficiency`: 0.81 CUDA, 0.61 Metal,
 * 0.67 elsewhere), the share models_for_hardware quotes for the same device. A lone sequence under vLLM on one GPU
 * is a batch-1 GEMV like llama.cpp's, not a batched step: vLLM 0.23.0 decodes Llama-3.1-8B-Instruct BF16 alone on
 * an A100 40GB at about 75 tokens/s (1,024 in / 128 out; johnmusgrave.com, "vLLM throughput-latency sweep on NVIDIA
 * A100"), 0.93x at this share against 0.79x at the batched server's 0.67 and 0.69 (docs/hardware-and-cost.md,
 * "One sequence on one data-centre GPU"). Undefined on several devices served tensor parallel (decode.ts
 * `servingLayout`), where one sequence pays the same all-reduces as the batch and keeps the serving runtime's share.
 */
export function singleStreamEfficiency(hardware: Hardware): number | undefined {
  const single = runtimeFor(hardware, 'serving') === 'llama.cpp' || hardware.count === 1;
  return single ? decodeEfficiency(hardware) : undefined;
}

export function servingConstants(facts: ModelFacts, q: Quantization, hardware: Hardware): ServingConstants {
  // The published file where there is one, as the fit sizes it (memory.ts `memoryNeeded`), so the batch fits what
  // models_for_hardware fits and the answer's reasoning states; the bytes a token reads are the same file's share.
  const held = heldParameters(facts.parameters_total, facts.architecture.mtp_parameters, q);
  const total_weights = weightsFor(held, q, facts.published);
  const layout = servingLayout(hardware, facts.architecture.layers);
  // Prompts and the batch's compute cap are matmuls: vLLM on a GeForce card runs them at the FP32-accumulate rate.
  const rated = servingFlops(hardware);
  const flops = rated === undefined ? undefined : rated * servingComputeShare(hardware, runtimeFor(hardware, 'serving'));
  const singleStream = singleStreamEfficiency(hardware);
  // gpt-oss on vLLM on an A100: the Marlin MoE path's measured prompt share, its long prompts' attention on top (vllm-mxfp4.ts).
  const a100Mxfp4 = vllmA100Mxfp4(hardware, q, facts.parameters_active, facts.parameters_total);
  // A dense model under vLLM on an A100 SXM module: vLLM's own measured prompt share (vllm-dense-prefill.ts).
  const dense = vllmDensePrompt(hardware, facts.parameters_active, facts.parameters_total);
  const routing = moeRouting(facts.parameters_active, facts.parameters_total, facts.architecture);
  const attention = flops === undefined
    ? undefined
    : a100Mxfp4 ? vllmA100AttentionFlops(facts.architecture, flops) : servingAttentionFlops(hardware, facts.architecture);
  return {
    total_weights,
    active_weights: activeWeightsFor(facts.parameters_active, held, q, facts.published, activeBitsOf(facts, q)?.value),
    // vLLM's budget is charged with what vLLM loads: gpt-oss's BF16 attention and head make it more than the fit's file.
    room: servingRoom(hardware, vllmChargedWeights(hardware, facts.architecture, q, total_weights)),
    kv_copies: kvCacheCopies(facts.architecture, hardware, runtimeFor(hardware, 'serving')),
    split: layout.split,
    bandwidth: layout.bandwidth,
    // A mixture-of-experts model on llama.cpp Metal (the runtime that serves a Mac) pays its expert dispatch once a step,
    // as models_for_hardware's figure does (speed.ts `modelLayout`), so the two quote one rate for one batch.
    step_latency_s: layout.step_latency_s
      + moeDispatchSeconds(hardware, facts.architecture.layers, facts.parameters_active, facts.parameters_total)
      // An MLA mixture of experts split tensor parallel runs more kernels a layer (decode-mla.ts), as speed.ts counts it.
      + mlaTensorSeconds(layout.split, facts),
    // The prompt rate models_for_hardware quotes (speed.ts prefillRate) for a dense model, but vLLM's own measured share
    // on an A100 SXM module (vllm-dense-prefill.ts: llama.cpp's 0.30 read vLLM's runs 0.48-0.69x). An MoE model's takes the flat
    // MoE share (decode.ts prefillEfficiency without an architecture): a serving runtime batches prompts up to its own
    // token budget, not llama.cpp's 512-token ubatch, which the tokens-an-expert rule (prefill-moe.ts) was fitted at.
    compute_rate: flops === undefined
      ? Infinity
      : a100Mxfp4
        ? vllmA100Mxfp4PromptRate(hardware, facts.parameters_active)
        : dense === 'a100'
          ? vllmA100DensePromptRate(hardware, facts.parameters_active)
          : computeBoundTokensPerSecond(flops, facts.parameters_active, facts.parameters_total, moePrefillClass(hardware)),
    has_flops: flops !== undefined,
    routing,
    ...(routing !== undefined && runtimeFor(hardware, 'serving') === 'vllm' ? { moe_step_pays_both: true } : {}),
    ...(mlaTensorSeconds(layout.split, facts) > 0 ? { mla_tensor_layers: facts.architecture.layers } : {}),
    ...(dense === undefined ? {} : { vllm_dense_prompt: dense }),
    ...(singleStream === undefined ? {} : { single_stream_efficiency: singleStream }),
    ...(attention === undefined ? {} : { attention_flops: attention }),
  };
}

/**
 * Throughput of one configuration serving a model, in steady state under continuous batching: requests arrive
 * staggered, so the sequences decoding together are spread over their answers, and each holds its current length in
 * vLLM's paged cache (kv-occupancy.ts), on average the prompt and half the answer. Decode: every step reads the
 * weights once (an MoE model's shared part once and the distinct experts the batch routes to: moe.ts) and every
 * sequence's cache at that mean length (the cache at SERVING_KV_READ_EFFICIENCY, fitted on
 * vLLM's published serving rows, not llama.cpp's single-stream KV_READ_EFFICIENCY), and pays the per-layer latency of the configuration's
 * serving layout (src/engines/decode.ts `servingLayout`: several cards run tensor parallel), so the batch multiplies
 * the rate until the blocks the sequences hold on average fill memory, `max_sequences` is reached or compute binds (a
 * mixture of experts under vLLM or SGLang pays its compute after its read instead: `batchDecodeRate`; 2
 * FLOPs per active parameter per token, at the prefill efficiency of a dense or MoE model on the accelerator's class:
 * decode.ts `servingFlops`; an MXFP4 MoE model under vLLM on an A100 at Marlin's measured share: vllm-mxfp4.ts; a dense
 * model under vLLM on an A100 SXM module at vLLM's measured share: vllm-dense-prefill.ts).
 * Prefill runs at the compute-bound rate, a request's prompt (`context` x the input share) taking its attention's
 * seconds on top where a published kernel figure covers the configuration (vLLM on Hopper, serving-attention.ts; that
 * A100 case at llama.cpp's share); where the dataset has no compute figure, prompt tokens are counted at the decode rate (the
 * slow side) and `prefill_tokens_per_s` is null.
 */
export function servingThroughput(p: ServingInput): Serving {
  return servingAt(servingConstants(p.facts, p.quantization, p.hardware), p.facts.architecture, p);
}

/** `batchDecodeRate`'s sum in words, for the basis of a serving option it applies to. */
export const MOE_STEP_BASIS =
  'decode: a mixture-of-experts step under vLLM or SGLang pays its weights\' read and its compute in turn, 1 / (1 / ' +
  'memory-bound rate + 1 / compute-bound rate), not the slower of the two: published vLLM runs of gpt-oss-120b at a ' +
  'steady 64-256 sequences read 1.12-1.17x of their measurement so (one MI300X), 1.29-1.55x at the slower; bursts of ' +
  'requests sent at once on 2-4 H100s still read 1.5-1.9x (docs/hardware-and-cost.md, "A mixture of experts at a large batch")';

// The rule is shared with decodeTokensPerSecond (models_for_hardware's concurrency figures): batch-decode.ts.
export { batchDecodeRate } from './batch-decode.ts';

/**
 * A sequence's occupancy and its cache's bytes, which depend on the model's architecture and the ask (context, input
 * share, KV type), not on the configuration: an estimate_cost ask sizes every configuration (some 84) with the same
 * ones, so the last ask's are kept and read again rather than made (two objects and four layout sums) per configuration.
 */
type SequenceAt = {
  architecture: Architecture; context: number; input_share: number; kv: KvCacheType | undefined;
  held: Occupancy; cache: { read: number; held: number };
};
let lastSequence: SequenceAt | undefined;
function sequenceAt(architecture: Architecture, context: number, input_share: number, kv: KvCacheType | undefined): SequenceAt {
  const l = lastSequence;
  if (l && l.architecture === architecture && l.context === context && l.input_share === input_share && l.kv === kv) return l;
  const held = occupancy(context, input_share);
  return (lastSequence = { architecture, context, input_share, kv, held, cache: sequenceCache(architecture, held, kv) });
}

/** servingThroughput from the constants of the model, configuration and quantization: what an ask changes. */
export function servingAt(
  c: ServingConstants, architecture: Architecture,
  p: Pick<ServingInput, 'context' | 'input_share' | 'max_sequences' | 'kv_cache' | 'kv_read_efficiency'>,
): Serving {
  const { held, cache } = sequenceAt(architecture, p.context, p.input_share, p.kv_cache);
  // memoryBatch's sums, from the room worked out once; a cache held on every card (MLA) or on several (KV heads fewer
  // than cards) fills the room that many times over, and a decode step reads every copy, each card its own in parallel.
  const byMemory = Math.max(1, c.room <= 0 ? 0 : Math.floor(c.room / (cache.held * c.kv_copies)));
  const batch = Math.min(byMemory, p.max_sequences);
  // One sequence on llama.cpp's server or alone on one device is a single stream, the figure models_for_hardware quotes:
  // the weights at its backend's share, the cache at the single stream's (a DGX Spark decodes gpt-oss-20b at 84.1
  // tokens/s, tg32; 63.8 at the batched server's 0.67 and 0.69, 76.0 at 0.81 and 0.82). A batch keeps the batched
  // server's shares.
  const single = batch === 1 && c.single_stream_efficiency !== undefined;
  // The share of the bandwidth the weights are read at: the single stream's where it applies, else the batched default.
  const memoryRate = memoryBoundRate(
    c.total_weights, c.active_weights, cache.read * c.kv_copies, batch, c.bandwidth, c.step_latency_s,
    p.kv_read_efficiency ?? (single ? KV_READ_EFFICIENCY : SERVING_KV_READ_EFFICIENCY), single ? c.single_stream_efficiency : undefined, c.routing,
  );
  // A server (llama.cpp's, or vLLM on one device) decodes a batch at least as fast as one sequence (llama-batched-bench on a DGX Spark, gpt-oss-120b
  // after 8,192-token prompts: 51.01 tokens/s at B=1, 54.13 at 2, 114.91 at 8): where the batched shares, with the
  // batch reading the shared weights once and the distinct experts its tokens route to, give less than the single stream,
  // the single stream's rate is the floor.
  const floor = !single && c.single_stream_efficiency !== undefined
    ? memoryBoundRate(
      c.total_weights, c.active_weights, cache.read * c.kv_copies, 1, c.bandwidth, c.step_latency_s, p.kv_read_efficiency ?? KV_READ_EFFICIENCY,
      c.single_stream_efficiency,
    )
    : 0;
  const computeRate = c.compute_rate;
  const decode = batchDecodeRate(Math.max(memoryRate, floor), computeRate, c.moe_step_pays_both === true);
  const bound = computeRate < memoryRate ? 'compute' : batch < p.max_sequences ? 'memory' : 'max_sequences';
  const prefill = c.has_flops ? promptRate(architecture, p.context * p.input_share, computeRate, c.attention_flops) : null;
  const share = p.input_share;
  const tokens_per_s = 1 / (share / (prefill ?? decode) + (1 - share) / decode);
  const out: Serving = {
    batch, mean_sequence_tokens: held.mean_tokens, split: c.split, bound, prefill_tokens_per_s: prefill, decode_tokens_per_s: decode,
    tokens_per_s,
  };
  // Added where they apply, in this order, rather than spread in: a spread (and its empty literal) is built at run time
  // on every configuration sized, and most configurations have neither.
  if (c.moe_step_pays_both === true && Number.isFinite(computeRate)) out.moe_step_pays_both = true;
  if (c.mla_tensor_layers !== undefined) out.mla_tensor_layers = c.mla_tensor_layers;
  if (c.vllm_dense_prompt !== undefined) out.vllm_dense_prompt = c.vllm_dense_prompt;
  return out;
}
