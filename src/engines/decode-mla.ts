// The extra per-layer time an MLA mixture-of-experts model pays in a tensor-parallel step.
import type { Architecture } from '../schema/index.ts';
import { MLA_MOE_TENSOR_LAYER_S } from './constants.ts';
import type { DecodeSplit } from './decode.ts';
import { isMixtureOfExperts } from './moe.ts';

// Microseconds as an answer writes them (69e-6 x 1e6 is 69.00000000000001 in floating point).
const us = (seconds: number) => Number((seconds * 1e6).toFixed(3));

/** What the term needs of a model: its attention kind and layers, and whether it routes experts. */
type Facts = { architecture: Architecture; parameters_active: number; parameters_total: number };

/** Whether the model's layers are MLA mixture-of-experts layers (DeepSeek-V3's kind), the layer the term is fitted on. */
export const isMlaMoe = (facts: Facts): boolean =>
  facts.architecture.attention === 'mla' && isMixtureOfExperts(facts.parameters_active, facts.parameters_total);

/**
 * Seconds a step adds: layers x MLA_MOE_TENSOR_LAYER_S for an MLA mixture of experts when the devices run tensor
 * parallel, else 0. Once a step at any batch, as the per-layer floor is: kernels launched per step. One device and a
 * layer split pay none: llama.cpp's DeepSeek-R1 on an M3 Ultra reads near the estimate without it (its Metal MoE
 * term aside), and the term is what a step split eight ways pays, fitted on NVLink only.
 */
export function mlaTensorSeconds(split: DecodeSplit, facts: Facts): number {
  return split === 'tensor' && isMlaMoe(facts) ? facts.architecture.layers * MLA_MOE_TENSOR_LAYER_S : 0;
}

/** Why the term is taken and what it is fitted on, in words. */
export const MLA_TERM_WHY =
  'DeepSeek-V3\'s layer (latent attention, 128 heads, 8 of 256 experts routed) runs about twice the kernels of a GQA ' +
  'layer; fitted on TensorRT-LLM\'s DeepSeek-R1 on 8 x B200 at batch 1 without speculative decoding, 111 tokens/s, and ' +
  'taken as is for other MLA mixtures of experts, whose heads and routing differ (Kimi K2.5 on 8 x H200 at 4 sequences ' +
  'reads 0.79x with it)';

/** The term in words for a basis: the model's layers. */
export function mlaTensorWords(layers: number): string {
  return `${layers} layers x ${us(MLA_MOE_TENSOR_LAYER_S)} us of MLA mixture-of-experts layer time under tensor parallelism (${MLA_TERM_WHY})`;
}
