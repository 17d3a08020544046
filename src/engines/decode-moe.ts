// The extra per-layer time a mixture-of-experts model pays on llama.cpp's Metal backend, and its measured error.
import type { Hardware } from '../schema/index.ts';
import { METAL_MOE_LAYER_S } from './constants.ts';
import { decodeBackend } from './decode.ts';
import { isMixtureOfExperts } from './moe.ts';

// Microseconds as an answer writes them (41e-6 x 1e6 is 41.00000000000001 in floating point).
const us = (seconds: number) => Number((seconds * 1e6).toFixed(3));

/**
 * Seconds a decode step of a mixture-of-experts model adds on the configuration: layers x METAL_MOE_LAYER_S where its
 * batch-1 runtime is llama.cpp Metal (Apple silicon), else 0. A dense model, CUDA, or a serving runtime pays none: the
 * CUDA MoE rows read as its dense rows do (docs/hardware-and-cost.md, "One sequence of an MoE model"). Once a step at
 * any batch, as kernels launched per step are: fitted at batch 1, and a fixed per-layer time that does not grow with
 * the tokens in MLX's split of its expert product at one and four tokens (docs, "At a batch: once a step").
 */
export function moeDispatchSeconds(hardware: Hardware, layers: number, activeParameters: number, totalParameters: number): number {
  if (decodeBackend(hardware) !== 'metal' || !isMixtureOfExperts(activeParameters, totalParameters)) return 0;
  return layers * METAL_MOE_LAYER_S;
}

/**
 * What the Metal MoE rows measured with the term, for the basis of a speed that carries it: the fitted rows and the
 * older ones, estimate / measured (data/curated/speed-measurements.csv, src/engines/calibration.test.ts pins each).
 */
export const METAL_MOE_MEASURED =
  'estimate / measured over the llama.cpp Metal MoE rows: 0.94-1.07x on the three from builds of December 2025 on that ' +
  'the term is fitted on (DeepSeek-R1 on an M3 Ultra, Qwen3-30B-A3B on an M2 Ultra), 1.16-1.70x on three older or ' +
  'unstated builds (gpt-oss-20b on an M3 Ultra 1.23x, Qwen3-30B-A3B in August 2025 1.16x, Qwen3-235B-A22B IQ4_XS on an ' +
  'M1 Ultra 1.70x): an older llama.cpp or another runtime may decode this model slower than this figure';

/** The term for a model of `layers` layers, as an entry's basis names it. */
export const moeDispatchWords = (layers: number | string) => `${layers} layers x ${us(METAL_MOE_LAYER_S)} us of Metal expert dispatch`;

/**
 * The term in words, for the basis of a speed estimate of a mixture-of-experts model (`moe`) on Metal, or for a line
 * that speaks for every model of an answer (`layers` in words); null where none is taken.
 */
export function moeDispatchBasis(hardware: Hardware, layers: number | string, moe: boolean): string | null {
  if (decodeBackend(hardware) !== 'metal' || !moe) return null;
  return (
    `plus ${layers} layers x ${us(METAL_MOE_LAYER_S)} us of expert dispatch (llama.cpp Metal runs a mixture-of-experts ` +
    `layer's routing and expert products as kernels a dense layer does not launch); ${METAL_MOE_MEASURED}`
  );
}
