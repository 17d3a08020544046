// The extra time the recurrent layers of a hybrid linear-attention model (Qwen3-Next, Qwen3.5/3.6) cost a step.
import type { Architecture } from '../schema/index.ts';
import { LINEAR_ATTENTION_LAYER_S } from './constants.ts';
import { kvLayout } from './memory.ts';

// Milliseconds as an answer writes them (0.18e-3 x 1e3 is 0.18000000000000002 in floating point).
const ms = (seconds: number) => Number((seconds * 1e3).toFixed(3));

/**
 * Layers of the model that hold a fixed-size recurrent state instead of a KV cache: a hybrid model's layers less the
 * `kv_layers` that keep a cache (model-architecture.csv, from config.json `layer_types` or `full_attention_interval`);
 * 0 for every other architecture. Qwen3-Next: 48 - 12 = 36 Gated DeltaNet layers; Qwen3.6-35B-A3B: 40 - 10 = 30.
 */
export function linearAttentionLayers(architecture: Architecture): number {
  const l = kvLayout(architecture);
  return l.form === 'hybrid' ? architecture.layers - l.full_layers - l.sliding_layers : 0;
}

/** Seconds the recurrent layers add to each decode step (LINEAR_ATTENTION_LAYER_S each); 0 without any. */
export function linearAttentionStepSeconds(architecture: Architecture): number {
  return linearAttentionLayers(architecture) * LINEAR_ATTENTION_LAYER_S;
}

/** What the hybrid rows measured with the terms, for the basis of a speed that carries them. */
export const LINEAR_ATTENTION_MEASURED =
  'fitted on published llama.cpp runs of Qwen3-Next and Qwen3.6-35B-A3B from builds of January to June 2026 ' +
  '(decode 0.76-1.32x of the measured figure); builds from before January 2026 ran these layers slower (the first ' +
  'Vulkan build, b7189, reads 1.8x fast); their prompt processing, slow in those builds, is taken at the compute rate ' +
  'as 2026 builds run it';

/** The terms in words for a model with recurrent layers, or null for one without. */
export function linearAttentionBasis(architecture: Architecture): string | null {
  const n = linearAttentionLayers(architecture);
  if (n === 0) return null;
  return (
    `plus ${n} linear-attention (Gated DeltaNet) layers x ${ms(LINEAR_ATTENTION_LAYER_S)} ms a decode step (their ` +
    `recurrent kernels: convolution, gates and the delta-rule state update, which the bytes read do not count), ` +
    `${LINEAR_ATTENTION_MEASURED}`
  );
}
