// How vLLM runs an MXFP4 checkpoint (gpt-oss) where the card has no FP4 compute: the bytes it loads, and on an A100 the
// prompt rate of its Marlin MoE path, each from published vLLM runs.
import type { Architecture, Hardware } from '../schema/index.ts';
import { GIB, type Quantization } from './constants.ts';
import { isMixtureOfExperts } from './moe.ts';
import { attentionEfficiency } from './prefill-depth.ts';
import { runtimeFor } from './runtime.ts';
import { vllmBudgetApplies } from './vllm-memory.ts';

/**
 * GiB vLLM's startup log says one card's copy of the publisher's MXFP4 checkpoint takes ("Model loading took"), by
 * Hugging Face repository. vLLM loads the safetensors checkpoint, whose attention, router, embeddings and head are
 * BF16, not the GGUF file or the 4.47-bit flat figure the fit sizes (60.80 GiB for gpt-oss-120b, 11.27 for gpt-oss-20b's
 * 12.10 GB GGUF with its 8-bit attention and head), so vLLM's KV budget is that much smaller than the sums gave.
 * gpt-oss-120b: 64.38 GiB on one H100 under vLLM 0.14.1, Triton MoE backend (vllm-project/vllm issue 33155, "Model
 * loading took 64.38 GiB memory"); an earlier build that took the Marlin path on an H100 logged 65.97 (issue 23278,
 * "Model loading took 65.9651 GiB"), and did not start at its settings ("Available KV cache memory: -2.14 GiB").
 * gpt-oss-20b: 13.47 GiB on one H100 (llm-d/llm-d-benchmark config_explorer/empirical-vllm-memory-results.md, commit
 * 259334868c5075da530cc6c90b43fceb11b6e6a7, the log vllm-memory.ts's reserve is read from).
 */
export const VLLM_MXFP4_LOADED_GIB: ReadonlyMap<string, number> = new Map([
  ['openai/gpt-oss-120b', 64.38],
  ['openai/gpt-oss-20b', 13.47],
]);

/**
 * The weights vLLM's budget is charged with on the configuration (bytes, all cards): the logged loaded size where the
 * format is the model's native MXFP4, vLLM serves it within its budget (vllm-memory.ts) and a log
 * gives the size; else `weights`, the fit's figure. Tensor parallel splits the same bytes over the cards.
 */
export function vllmChargedWeights(hardware: Hardware, architecture: Architecture, q: Quantization, weights: number): number {
  if (q.native !== 'mxfp4' || runtimeFor(hardware, 'serving') !== 'vllm' || !vllmBudgetApplies(hardware)) return weights;
  const gib = VLLM_MXFP4_LOADED_GIB.get(architecture.hf_repo);
  return gib === undefined ? weights : Math.max(weights, gib * GIB);
}

/**
 * Share of an A100's dense BF16 rating (312 TFLOPS) vLLM processes an MXFP4 mixture-of-experts model's prompt tokens
 * at, 2 FLOPs per active parameter a token. An A100 has no FP4 compute, so vLLM runs the experts weight-only through
 * its Marlin kernel ("Weight-only FP4 compression will be used leveraging the Marlin kernel", vllm-project/vllm issue
 * 23278), which multiplies in BF16 with Ampere's mma instructions, the ones the A100's rating counts. Read from
 * GPUStack's baseline run of gpt-oss-120b on one A100 SXM 80GB (gpustack/gpustack docs/performance-lab/gpt-oss-120b/
 * a100.md at commit 1f37f1b8bd79c6b424a0cb55c7abd08a5c2132dc, "Baseline benchmark results", `# random 128 input`:
 * vLLM 0.11.0, `vllm serve openai/gpt-oss-120b --max-model-len 32768`, 1,000 requests of 128 prompt and 4 generated
 * tokens, "Total Token throughput (tok/s): 9353.12"): 9,353.12 x 2 x 5.13e9 / 312e12 = 0.3076, a floor, since the
 * run's seconds include its 4,000 decode steps' share and the queue's start and end; 0.31. One run sets it: the other
 * four A100 runs of the page check it (docs/hardware-and-cost.md, "gpt-oss on vLLM: GPUStack's runs"). The shared MoE
 * share for the class, 0.19 x 0.83 = 0.158 (constants.ts, fitted on llama.cpp's DGX Spark runs), read the run 0.51x;
 * the same page's H100 run of the same mix (17,059.15 tokens/s, vLLM 0.10.2) implies 0.177 of the H100's 989.4 TFLOPS,
 * 1.12x the class share, so Hopper keeps it: Marlin's Ampere instructions reach a smaller part of Hopper's rating.
 */
export const VLLM_A100_MXFP4_MOE_PREFILL_SHARE = 0.31;

const A100 = /\bA100\b/;

/**
 * Whether the A100 prompt share above sizes the configuration's prompt rate: an MXFP4 mixture of experts served by vLLM
 * on A100s.
 */
export function vllmA100Mxfp4(hardware: Hardware, q: Quantization, activeParameters: number, totalParameters: number): boolean {
  return q.native === 'mxfp4' && A100.test(hardware.accelerator) && runtimeFor(hardware, 'serving') === 'vllm' &&
    isMixtureOfExperts(activeParameters, totalParameters) && hardware.compute_tflops !== undefined;
}

/** Prompt tokens/s of that case: the share x every card's rating / (2 x active parameters). */
export function vllmA100Mxfp4PromptRate(hardware: Hardware, activeParameters: number): number {
  return (VLLM_A100_MXFP4_MOE_PREFILL_SHARE * hardware.compute_tflops!.value * 1e12 * hardware.count) / (2 * activeParameters);
}

/**
 * FLOP/s a long prompt's attention runs at in that case: the prompt share above is measured on 128-token prompts, where
 * attention is nothing, so a long prompt's attention is added at the share llama.cpp's flash-attention kernels reach at
 * the model's narrowest head width (prefill-depth.ts `attentionEfficiency`, 0.27 for gpt-oss's 64-wide heads) of the
 * FLOP/s `flops` (the class's share of the rating, as time to first token counts it). vLLM runs FlashAttention-2 on an
 * A100; no per-width figure of it was found, so this is llama.cpp's on a GB10, unmeasured here.
 */
export function vllmA100AttentionFlops(a: Architecture, flops: number): number {
  const widths = [a.global_head_dim ?? a.head_dim, a.head_dim];
  return Math.min(...widths.map((w) => attentionEfficiency(w, a.attention))) * flops;
}

/**
 * What an option's serving figures owe to vLLM's way with MXFP4, for its derivation; null where neither applies (another
 * format, another runtime). The quantization id stands for the model: the
 * dataset's MXFP4 checkpoints (gpt-oss) are all mixtures of experts.
 */
export function vllmMxfp4Basis(hardware: Hardware, quantization: string): string | null {
  if (quantization !== 'mxfp4' || runtimeFor(hardware, 'serving') !== 'vllm') return null;
  const words: string[] = [];
  if (vllmBudgetApplies(hardware)) {
    words.push("vLLM's budget is charged with the MXFP4 checkpoint as vLLM loads it, its attention, embeddings and head " +
      'in BF16 (startup logs: gpt-oss-120b 64.38 GiB, gpt-oss-20b 13.47 GiB), not the smaller size the fit states');
  }
  if (A100.test(hardware.accelerator) && hardware.compute_tflops !== undefined) {
    words.push(`prompts at ${VLLM_A100_MXFP4_MOE_PREFILL_SHARE} of the A100's dense BF16 rating, the share vLLM's Marlin ` +
      'MoE path reached in GPUStack\'s published gpt-oss-120b run (128-token prompts, vLLM 0.11.0), and a long prompt\'s ' +
      "attention on top at llama.cpp's flash-attention share for the head width (vLLM's FlashAttention-2 on an A100 unmeasured)");
  }
  return words.length === 0 ? null : words.join('; ');
}
