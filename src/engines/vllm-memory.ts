// The memory vLLM leaves for KV cache blocks on a configuration: its fraction of each card, less the weights and its reserve.
import type { Hardware } from '../schema/index.ts';
import { GIB, type Quantization } from './constants.ts';
import { runtimeFor } from './runtime.ts';

/**
 * The share of each card's total memory vLLM takes for itself (`gpu_memory_utilization`). 0.9: the default of
 * vllm/config/cache.py `CacheConfig` (vllm-project/vllm commit c1d86421174a87056edc90a41dc9942391509e84: "If
 * unspecified, will use the default value of 0.9"), the value of every startup log the reserve below is fitted on.
 * vLLM 0.21 raised the default to 0.92 while subtracting a profiled CUDA graph estimate from the budget too
 * (vllm-project/vllm pull request 38284, "Enable CUDAGraph memory profiling by default"; vllm/config/cache.py at
 * commit 002f10e0cfa1373a19a0d2756598a34b700d20e5), which its own log calls equivalent to 0.9129 of a 24 GiB RTX 3090
 * without the graph profile (noonghunna/club-3090 issue 127: "--gpu-memory-utilization=0.9200 is equivalent to
 * --gpu-memory-utilization=0.9129"): a few tenths of a GiB a card more than 0.9 leaves, inside the reserve's scatter.
 */
export const VLLM_GPU_MEMORY_UTILIZATION = 0.9;

/**
 * What vLLM keeps on each card beside the weights before its KV cache (GiB): the peak activation memory of its
 * profiling run, non-torch memory (CUDA context, NCCL buffers) and CUDA graphs. vllm/v1/worker/gpu_worker.py
 * `determine_available_memory` (vllm-project/vllm commit 0012cf691b7e69423244d2b1405f4b6832156e19) returns
 * `total_gpu_memory * gpu_memory_utilization - peak_memory`, the peak being the weights, the profiled activations and
 * the non-torch allocations. Fitted on llm-d's H100 startup logs (llm-d/llm-d-benchmark,
 * config_explorer/empirical-vllm-memory-results.md, commit 259334868c5075da530cc6c90b43fceb11b6e6a7; vLLM at
 * gpu_memory_utilization 0.9, max-model-len 16,000 unless said), as 0.9 x 80 GiB less "Model loading took" less
 * "Available KV cache memory": Qwen3-0.6B 72 - 1.12 - 64.45 = 6.43, Llama-3.1-8B 72 - 14.99 - 51.38 = 5.63,
 * Qwen3-32B 72 - 61.03 - 4.45 = 6.52, Llama-3.3-70B-Instruct-FP8-dynamic on two cards 72 - 33.88 - 32.0 = 6.12 (and
 * 72 - 67.72 + 1.44 = 5.72 on one, where it reported -1.44 and did not start), gpt-oss-20b 72 - 13.47 - 50.28 = 8.25
 * (7.38 GiB of MoE activations). The five dense runs' mean, 6.08, rounded: 6. It counts the card as 80 GiB, as the
 * dataset does, where torch reports 79.18 GiB (0.74 GiB of the 0.9 share): the nominal size is what the sums read.
 */
export const VLLM_RESERVE_GIB_PER_CARD = 6;

/**
 * The reserve on an A100 80GB (GiB a card). vLLM gives every A100 the small-card batch defaults, 2,048 batched tokens
 * (vllm/engine/arg_utils.py `EngineArgs` batch defaults, vllm-project/vllm commit
 * 99d7eb5d6a512cfcc5a2b104f24ebf2d6cda772b), a quarter of the H100's 8,192, so its profiled activation peak is
 * smaller. Two vLLM 0.19.0 startup logs on one A100 80GB (myoceane.fr, "[AI] vLLM 部署地端模型系統訊息記錄 A100",
 * https://myoceane.fr/index.php/ai-vllm-a100-gemma-4/, April 2026), as the budget less "Model loading took" less
 * "Available KV cache memory": google/gemma-4-26B-A4B at gpu_memory_utilization 0.9, eager, 0.9 x 80 - 48.5 - 21.5 =
 * 2.0; openai/gpt-oss-20b at 0.65, 0.65 x 80 - 13.72 - 36.56 = 1.72 (50.28 GiB of it at 0.65 needs a card of 77 GiB
 * or more: the 80 GB part). Their mean, 1.86, rounded: 2.
 */
export const VLLM_A100_RESERVE_GIB_PER_CARD = 2;

/**
 * The reserve on a card under 70 GiB (GiB a card). vLLM gives those cards, as it gives every A100, its small-card batch
 * defaults, 2,048 batched tokens (vllm/engine/arg_utils.py `EngineArgs` batch defaults, vllm-project/vllm commit
 * 99d7eb5d6a512cfcc5a2b104f24ebf2d6cda772b: 8,192 only on cards of 70 GiB or more that are not A100s), so its profiled
 * activation peak is the A100's, not the H100's. The small cards' logs read, as the budget less the weights loaded less
 * the cache: Llama-3.1-8B BF16 on an RTX 3090 (vllm-project/vllm issue 10517, V0 engine: 23.58 GiB, 14.99 loaded, 3.81
 * of cache at 0.9) 0.9 x 24 - 14.99 - 3.81 = 2.80 GiB; the same model on an A100 40GB, vLLM 0.15.1 eager
 * (ilseokoh/vllm-gce README.md, commit ede8ee4e36cf1ed10471b3ff38514159f71dfa58: 14.99 loaded, 19.28 of cache)
 * 0.9 x 40 - 14.99 - 19.28 = 1.73. Their mean, 2.27, rounded: 2, the A100 80GB's figure too. No log of a 16 GB card
 * (a T4) was read: the figure is the 24 and 40 GiB cards' carried to it, an assumption.
 */
export const VLLM_SMALL_CARD_RESERVE_GIB_PER_CARD = 2;

/** The card size (GiB) from which vLLM batches 8,192 tokens and keeps the H100-fitted reserve (A100s excepted). */
export const VLLM_LARGE_BATCH_MIN_CARD_GIB = 70;

/** GiB a card of the configuration (the catalogue's sizes are binary). */
const cardGib = (hardware: Hardware) => hardware.memory_gb.value / hardware.count;

/**
 * The reserve a card of the configuration keeps (GiB): the A100's where its logs give it, the small cards' under 70 GiB
 * (the same batch defaults), else the H100-fitted one.
 */
export function vllmReserveGib(hardware: Hardware): number {
  if (/\bA100\b/.test(hardware.accelerator)) return VLLM_A100_RESERVE_GIB_PER_CARD;
  return cardGib(hardware) < VLLM_LARGE_BATCH_MIN_CARD_GIB ? VLLM_SMALL_CARD_RESERVE_GIB_PER_CARD : VLLM_RESERVE_GIB_PER_CARD;
}

/**
 * Whether vLLM's budget, not the service's sums, sizes a vLLM server's cache on the configuration: every card with a
 * memory size. A server is started at vLLM's default budget whatever the card: on a 16 GB T4 the service's sums (usable
 * memory, 0.95 of the card, less 0.75 GB) held Gemma 4 26B-A4B's INT4 W4A16 weights (14.96 GB) and a sequence where
 * 0.9 x 16 GiB less 2 GiB, 13.31 GB, is less than the weights: vLLM would not start.
 */
export function vllmBudgetApplies(hardware: Hardware): boolean {
  return hardware.count > 0 && hardware.memory_gb.value > 0;
}

/**
 * Bytes vLLM leaves for KV cache on the configuration, summed over its cards: each card's 0.9 of its total memory,
 * less its reserve, less its share of the weights (tensor parallel: an even share a card). Negative where the weights
 * and reserve take more than vLLM's budget: vLLM then reports no available memory for the cache blocks and does not
 * start ("No available memory for the cache blocks", llm-d's one-card Llama-3.3-70B FP8 run).
 */
export function vllmKvCacheBytes(hardware: Hardware, weights: number): number {
  const budget = hardware.memory_gb.value * GIB * VLLM_GPU_MEMORY_UTILIZATION;
  return budget - hardware.count * vllmReserveGib(hardware) * GIB - weights;
}

/**
 * Why a configuration served by vLLM may fit no sequence, for the reason of an answer with no option: '' where no
 * configuration considered is served by vLLM or SGLang (runtime.ts).
 */
export function vllmTooSmallWords(context: number, configurations: readonly Hardware[]): string {
  if (!configurations.some((h) => runtimeFor(h, 'serving') === 'vllm' && vllmBudgetApplies(h))) return '';
  return `; a vLLM server takes ${VLLM_GPU_MEMORY_UTILIZATION} of each card's memory (its default gpu_memory_utilization) and ` +
    `keeps about ${VLLM_RESERVE_GIB_PER_CARD} GiB a card (${VLLM_SMALL_CARD_RESERVE_GIB_PER_CARD} on an A100 and on cards under ${VLLM_LARGE_BATCH_MIN_CARD_GIB} GiB) of activations, non-torch memory and CUDA graphs beside its share of ` +
    `the weights, and does not start where what is left, at every format it serves for the model there down to the ` +
    `narrowest, cannot hold one sequence of ${context} tokens (a deployer may ` +
    'raise gpu_memory_utilization: a published Kimi-K2-Thinking INT4 run on 8 x H100 starts at 0.95 with CUDA graphs ' +
    'off, jwt625/PlayGround 20251107_kimi_k2_thinking; not assumed here)';
}

/**
 * What a vLLM server's batch on the configuration is sized in, for an option's derivation: vLLM's budget where it
 * applies (the usable memory the fit states is not what its caches get), else null.
 */
export function vllmBudgetBasis(hardware: Hardware): string | null {
  if (runtimeFor(hardware, 'serving') !== 'vllm' || !vllmBudgetApplies(hardware)) return null;
  return `serving batch sized in vLLM's memory budget, not the usable memory above: ${VLLM_GPU_MEMORY_UTILIZATION} x ` +
    `${hardware.memory_gb.value} GiB (its default gpu_memory_utilization) less ${hardware.count} x ${vllmReserveGib(hardware)} ` +
    'GiB of profiled activations, non-torch memory and CUDA graphs, less the weights, is what its KV cache blocks hold';
}

/** One format's weights and what vLLM's budget leaves beside them (bytes, negative where nothing), for the words below. */
export type VllmRoomAt = { q: Quantization; weights: number; room: number };

/**
 * Why a vLLM option is served at a narrower format than the fit chose, for its derivation: the fit's format leaves
 * vLLM's budget no room for one sequence of the ask's context (vLLM would not start), and the next format the runtime
 * serves there does. A deployer who keeps vLLM's default budget quantizes further, as a deployer with a smaller card does.
 */
export function vllmStepDownWords(hardware: Hardware, context: number, from: VllmRoomAt, to: VllmRoomAt, sequence: number): string {
  const gib = (bytes: number) => (bytes / GIB).toFixed(2);
  const budget = `${VLLM_GPU_MEMORY_UTILIZATION} x ${hardware.memory_gb.value} GiB less ${hardware.count} x ${vllmReserveGib(hardware)} GiB`;
  return `served at ${to.q.name}, not ${from.q.name}: at ${from.q.name} the weights (${gib(from.weights)} GiB) leave vLLM's ` +
    `budget (${budget}) ${gib(from.room)} GiB for KV cache, less than one sequence of ${context} tokens needs ` +
    `(${gib(sequence)} GiB), and vLLM does not start at its default gpu_memory_utilization; ${to.q.name}, the next ` +
    `narrower format vLLM serves here, leaves ${gib(to.room)} GiB beside its ${gib(to.weights)} GiB of weights`;
}
