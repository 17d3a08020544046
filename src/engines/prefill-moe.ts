// The share of the rated compute a mixture-of-experts model's prompt reaches, by the tokens each expert gets in a batch.
import type { Architecture } from '../schema/index.ts';
import { moeRouting } from './moe.ts';

/**
 * Prompt tokens llama.cpp processes in one physical batch unless told otherwise: `-ub, --ubatch-size`, default 512
 * (llama-bench and llama-server alike). The MoE prompt rate is stated at this batch; a run at `-ub 2048` reaches more.
 */
export const LLAMA_CPP_UBATCH = 512;

/**
 * The MoE prompt share of a GeForce card's rating (the rate PREFILL_EFFICIENCY is the dense share of) at 64 tokens an
 * expert, and the power of the tokens an expert gets that it rises with: share = 0.176 x (t / 64)^0.29. A batch of U
 * tokens routed k of E experts each gives every expert t = U x k / E tokens on average; each expert multiplies a
 * t-row matrix, and the fewer its rows, the less of the tensor cores' rate the kernel reaches. Fitted on every MoE
 * prefill row from an empty cache of a current llama.cpp build in data/curated/speed-measurements.csv (nine runs on
 * an RTX 4090, an RTX 3090 and a DGX Spark, t from 16 to 256), with the workstation class's factor
 * (MOE_PREFILL_CLASS_FACTOR.professional, 0.87): the values that minimise the largest ratio error. Their implied
 * shares, by hand: Qwen3.5-35B-A3B on an RTX 4090 at t = 512 x 8 / 256 = 16 reaches 0.114 of the rating; gpt-oss-120b
 * on a DGX Spark at 16 (ubatch 512, 4 of 128) 0.115; DeepSeek-V2-Lite on an RTX 3090 at 48 (512 x 6 / 64) 0.144;
 * gpt-oss-120b on the Spark at 64 (ubatch 2048) 0.159; gpt-oss-20b on an RTX 4090 at 128 (ubatch 1024, 4 of 32) 0.242;
 * Qwen3-Coder-30B-A3B on the Spark at 128 (2048 x 8 / 128) 0.168; gpt-oss-20b on the Spark at 256 0.209 and 0.218.
 * The rule reads them 0.89x-1.12x, where one flat share (0.19) read them 0.72x-1.67x (docs/hardware-and-cost.md, "MoE
 * prefill by tokens per expert"). No row has t above 256: past it the figure is the curve's, capped at the dense share.
 */
export const MOE_PREFILL_SHARE_AT_64 = 0.176;
export const MOE_PREFILL_SHARE_EXPONENT = 0.29;
const REFERENCE_TOKENS_PER_EXPERT = 64;

/**
 * Tokens each routed expert gets on average in a batch of `ubatch` prompt tokens: ubatch x experts a token / experts,
 * read from the routing (moe.ts `moeRouting`: top-k / experts from the expert geometry, or from the parameter counts
 * where the dataset has none). Undefined for a dense model.
 */
export function tokensPerExpert(activeParameters: number, totalParameters: number, architecture: Architecture, ubatch = LLAMA_CPP_UBATCH): number | undefined {
  const routing = moeRouting(activeParameters, totalParameters, architecture);
  return routing === undefined ? undefined : ubatch * routing.routed_share;
}

/** The MoE prompt share of a GeForce card's rating at `t` tokens an expert (MOE_PREFILL_SHARE_AT_64); never above `cap`. */
export function moePrefillShare(t: number, cap: number): number {
  return Math.min(cap, MOE_PREFILL_SHARE_AT_64 * (t / REFERENCE_TOKENS_PER_EXPERT) ** MOE_PREFILL_SHARE_EXPONENT);
}

/**
 * The MoE prompt share of an Apple GPU's rating (its FP32 = FP16 SIMD rate), whatever the tokens an expert: Metal's
 * expert kernel (mul_mat_id) runs on the SIMD units, not matrix units that a short matrix leaves idle, so the share
 * moves less with t than a GeForce card's. Two llama-bench runs whose ubatch held 512 prompt tokens, as the answers
 * assume: Qwen3-30B-A3B Q8_0 on an M2 Ultra, pp512 2,045.19 (ggml-org/llama.cpp pull request 15616, run at -ub 2048,
 * so its 512-token prompt is one ubatch of 512: t = 512 x 8 / 128 = 32), 0.496 of 27.2 TFLOPS over 2 x 3.3B; DeepSeek-R1
 * Q4_K_M on an M3 Ultra, pp512 168.90 (geerlingguy/beowulf-ai-cluster issue 17; t = 512 x 8 / 256 = 16), 0.440 of 28.4
 * TFLOPS over 2 x 37B; the geometric middle, 0.47 (src/engines/calibration.test.ts refits it through the engine). The
 * GeForce rule at the dense class factor (1.52) read them 0.44x and 0.41x. A larger ubatch does reach more: the same
 * M2 Ultra at -ub 2048 (t = 128) measured pp2048 2,272.56, 0.55 of the rating, and gpt-oss-20b at -ub 2048 (t = 256)
 * pp2048 2,816.47 on an M3 Ultra, 0.72 (ggerganov's Apple runs, llama.cpp discussion 15396, as a public llama.cpp
 * guide's benchmark section copies them): an answer, at the default 512, quotes the smaller figure.
 */
export const APPLE_MOE_PREFILL_SHARE = 0.47;
