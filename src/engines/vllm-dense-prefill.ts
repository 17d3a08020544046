// vLLM's prompt rate for a dense model on data-centre modules, against published vLLM runs: on an A100 SXM its own
// fitted share of the rating (llama.cpp's class share, 0.42 x 0.72 = 0.30, read the runs 0.48-0.69x); on an H100 SXM
// the class share, which the runs support (0.88-1.05x), kept.
import type { Hardware } from '../schema/index.ts';
import { isMixtureOfExperts } from './moe.ts';
import { runtimeFor } from './runtime.ts';

/**
 * Share of an A100's dense BF16 rating (312 TFLOPS, SXM or PCIe, 40 or 80 GB) at which vLLM processes a dense model's
 * prompt tokens, 2 FLOPs per active parameter a token. Fitted on GPUStack's baseline runs of `vllm serve Qwen/Qwen3-14B`
 * on one A100 SXM (gpustack/gpustack docs/performance-lab/qwen3-14b/a100.md at commit
 * 1f37f1b8bd79c6b424a0cb55c7abd08a5c2132dc: vLLM 0.11.0, BF16, `vllm bench serve` random prompts of 32,000 / 4,000 /
 * 2,000 tokens with 100 / 200 / 100 generated, every request sent at once): the value (0.01 steps) that minimises the
 * largest ratio error of `servingAt` over each run's mean request, as the serving rows are read: 0.53, the runs
 * 1.14x, 0.93x, 0.89x (0.68x, 0.58x, 0.53x at the class's 0.30). The 2,000-token run alone processed 998,175 prompt
 * tokens in 175.66 s, its decode in the same seconds: 998,175 x 2 x 14.77e9 / 175.66 / 312e12 = 0.54 of the rating at
 * the least. Held out, the same lab's Qwen3-32B runs (qwen3-32b/a100.md, "A single NVIDIA A100 SXM 80GB GPU") read
 * 1.09x, 0.76x, 0.74x (0.69x, 0.55x, 0.48x at 0.30). The share carries a long prompt's attention too: no attention term
 * is counted for a dense model on an A100 (serving-attention.ts covers Hopper), and the 32,000-token run is in the fit.
 * Unmeasured: the PCIe cards (300 W against the SXM module's 400 W, the same rating) and tensor parallelism (the share
 * x every card's rating, as the class share is taken).
 */
export const VLLM_A100_DENSE_PROMPT_SHARE = 0.53;

const HOPPER_SXM = /\bH(100|200)\b.*\bSXM/i;
const A100_SXM = /\bA100\b.*\bSXM/i;

/** The modules GPUStack's vLLM runs of a dense model measure: where the A100 share sizes, where the class share was checked. */
export type VllmDensePrompt = 'a100' | 'hopper';

/**
 * Which measured case a configuration's dense prompt is: a dense model (an MoE model's prompt keeps the flat MoE share,
 * and gpt-oss on an A100 its Marlin share, vllm-mxfp4.ts) served by vLLM on A100 SXM modules (the share above sizes its
 * prompt) or on H100/H200 SXM modules (the class share, checked on the same publisher's H100 runs), with a compute
 * figure; undefined elsewhere. Every format takes it, as every format takes the BF16 rate (FP8 W8A8 is quoted at the
 * FP16 rate too: docs/hardware-and-cost.md, "Prefill: the format computed in"); the runs are BF16.
 */
export function vllmDensePrompt(hardware: Hardware, activeParameters: number, totalParameters: number): VllmDensePrompt | undefined {
  if (!hardware.compute_tflops || isMixtureOfExperts(activeParameters, totalParameters)) return undefined;
  if (runtimeFor(hardware, 'serving') !== 'vllm') return undefined;
  if (A100_SXM.test(hardware.accelerator)) return 'a100';
  if (HOPPER_SXM.test(hardware.accelerator)) return 'hopper';
  return undefined;
}

/** Prompt tokens/s at the A100 share: share x every card's rating / (2 x active parameters). */
export function vllmA100DensePromptRate(hardware: Hardware, activeParameters: number): number {
  return (VLLM_A100_DENSE_PROMPT_SHARE * hardware.compute_tflops!.value * 1e12 * hardware.count) / (2 * activeParameters);
}

/** What the option's prompt rate rests on for that case, in words, naming the runtime and the runs. */
export function vllmDensePromptBasis(kind: VllmDensePrompt): string {
  return kind === 'a100'
    ? `prompts at ${VLLM_A100_DENSE_PROMPT_SHARE} of the A100's dense BF16 rating, vLLM's own share for a dense model, ` +
      'not llama.cpp\'s 0.30: fitted on GPUStack\'s published vLLM 0.11.0 runs of Qwen3-14B BF16 on one A100 SXM ' +
      '(2,000-32,000-token prompts, 0.89-1.14x), held out on the same lab\'s Qwen3-32B runs (0.74-1.09x of the measured ' +
      'throughput; 0.48-0.69x at 0.30); docs/hardware-and-cost.md, "Serving prompts on data-centre cards"'
    : 'prompts at the class share of the dense BF16 rating (0.30), checked against vLLM: GPUStack\'s published vLLM 0.11.0 ' +
      'runs of Qwen3-14B BF16 on one H100 SXM (2,000-32,000-token prompts) read 0.88-0.91x of their measured throughput ' +
      'and Qwen3-32B\'s 32,000-token run 1.05x, so vLLM reaches about the share llama.cpp was fitted at here; ' +
      'docs/hardware-and-cost.md, "Serving prompts on data-centre cards"';
}
