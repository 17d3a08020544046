// How a batch's decode step combines its weights' read and its compute: the slower binds, or an MoE step pays both.

/**
 * A batch's decode rate from its memory-bound and compute-bound rates. A dense model's step is one large GEMM a layer
 * that streams the weights while it multiplies, so the slower of the two binds (the roofline: min). A mixture-of-experts
 * step is not: its expert GEMMs hold batch x experts-per-token / experts rows each (8 at 256 sequences of gpt-oss,
 * 4 of 128 experts), too few to hide the weights' read behind the math, and the step's kernels (attention, routing,
 * the experts) run one after the other, so the step pays both: 1 / (1 / memory + 1 / compute). Read from published
 * vLLM sweeps of gpt-oss-120b at a steady concurrency (docs/hardware-and-cost.md, "A mixture of experts at a large
 * batch"): one MI300X at 64-256 sequences (SemiAnalysisAI/InferenceX#1053) read 1.29x rising to 1.55x with the
 * batch at the min and 1.12-1.17x with the sum; 8 x H100 at 4-64 (InferenceX#828) 1.09-1.31x and 1.04-1.30x; GPUStack's
 * decode-heavy ShareGPT runs on 2 and 4 x H100 1.89x and 2.56x, and 1.47x and 1.94x. The dense serving rows (Qwen3-8B
 * and Qwen3-32B) are fitted at the min and keep it, and so does llama.cpp's batched server, whose MoE rows on a DGX
 * Spark already read under the min (0.47-0.96x, serving-moe.test.ts): the sum is read from vLLM runs only.
 */
export function batchDecodeRate(memoryRate: number, computeRate: number, paysBoth: boolean): number {
  if (!paysBoth || !Number.isFinite(computeRate)) return Math.min(memoryRate, computeRate);
  return 1 / (1 / memoryRate + 1 / computeRate);
}
