// The extra time the recurrent layers of a hybrid model (Qwen3-Next, Qwen3.5/3.6, Nemotron-H, MiniMax-M1) cost a step.
import type { Architecture, Hardware, RecurrentKind } from '../schema/index.ts';
import { AMPERE_LINEAR_ATTENTION_LAYER_S, LINEAR_ATTENTION_LAYER_S } from './constants.ts';

// Milliseconds as an answer writes them (0.18e-3 x 1e3 is 0.18000000000000002 in floating point).
const ms = (seconds: number) => Number((seconds * 1e3).toFixed(3));

/**
 * Layers of the model that carry a fixed-size recurrent state each decode step updates: the `recurrent_layers`
 * model-architecture.csv writes for the row (from config.json `layer_types`, `full_attention_interval`,
 * `hybrid_override_pattern` or `attn_type_list`), never `layers - kv_layers`: Nemotron-3-Nano's 46 non-attention
 * layers are 23 Mamba-2 and 23 MoE feed-forward blocks, and a NAS-pruned Nemotron's no-op blocks hold nothing.
 * Qwen3-Next: 36 Gated DeltaNet layers of 48; Nemotron-3-Nano: 23 Mamba-2 of 52; 0 for every other architecture.
 */
export function linearAttentionLayers(architecture: Architecture): number {
  return architecture.attention === 'hybrid' ? (architecture.recurrent_layers ?? 0) : 0;
}

/**
 * NVIDIA Ampere (compute capability 8.0 and 8.6): GeForce RTX 30, A100, A800, A10/A10G, A30, A40 and the RTX A-series
 * workstation cards, by name (NVIDIA's CUDA GPUs table, https://developer.nvidia.com/cuda-gpus). Not Ada (RTX 40,
 * L4, L40S, RTX 6000 Ada), Hopper or Blackwell.
 */
const AMPERE = /\bRTX 30[5-9]0\b|\bA100\b|\bA800\b|\bA10G?\b|\bA30\b|\bA40\b|\bRTX A\d{4}\b/i;

/**
 * Seconds one recurrent layer adds to a decode step on the accelerator: AMPERE_LINEAR_ATTENTION_LAYER_S on an Ampere
 * card, whose 2026 runs of Qwen3.5/3.6-35B-A3B (RTX 3090) imply 105-149 us a layer, else LINEAR_ATTENTION_LAYER_S,
 * fitted on Blackwell runs (RTX 5090, DGX Spark) and read within 1.08x on AMD's.
 */
export function linearAttentionLayerSeconds(hardware: Pick<Hardware, 'accelerator'>): number {
  return AMPERE.test(hardware.accelerator) ? AMPERE_LINEAR_ATTENTION_LAYER_S : LINEAR_ATTENTION_LAYER_S;
}

/** Seconds the recurrent layers add to each decode step on the accelerator (linearAttentionLayerSeconds each); 0 without any. */
export function linearAttentionStepSeconds(architecture: Architecture, hardware: Pick<Hardware, 'accelerator'>): number {
  return linearAttentionLayers(architecture) * linearAttentionLayerSeconds(hardware);
}

/** What the hybrid rows measured with the terms, for the basis of a speed that carries them. */
export const LINEAR_ATTENTION_MEASURED =
  'fitted on published llama.cpp runs of Qwen3.5-35B-A3B and Qwen3.6-35B-A3B from builds of April 2026 on CUDA ' +
  '(RTX 5090, DGX Spark: 0.96x and 1.05x of the measured figure), and reads 2026 runs on a Ryzen AI Max+ 395 0.96x ' +
  '(ROCm) and 1.08x (Vulkan); on an Ampere card (RTX 30, A100, A-series) 0.113 ms a layer, fitted on two June 2026 ' +
  'RTX 3090 runs of the same models (1.035x and 0.969x; 61 us read them 1.26x and 1.22x fast); builds ' +
  'from before February 2026, which ran the recurrent update as many small kernels, decoded these models 1.6-2.4x ' +
  'slower than this figure; their prompt processing, slow in those builds, is taken at the compute rate as 2026 ' +
  'builds run it';

/** The layers and their kernels in words, per kind; the rate is Gated DeltaNet's for every kind (no other was fitted). */
const KIND_WORDS: Record<RecurrentKind, { layers: string; kernels: string; rate: string }> = {
  'gated-deltanet': {
    layers: 'linear-attention (Gated DeltaNet) layers',
    kernels: 'convolution, gates and the delta-rule state update',
    rate: '',
  },
  mamba2: {
    layers: 'Mamba-2 state-space layers',
    kernels: 'convolution and the selective-scan state update',
    rate: 'Gated DeltaNet\'s rate taken for Mamba-2, whose own per-layer cost no published run here fits; ',
  },
  lightning: {
    layers: 'lightning-attention (linear attention) layers',
    kernels: 'the constant-size state update',
    rate: 'Gated DeltaNet\'s rate taken for lightning attention, which no published llama.cpp run measures; ',
  },
};

/** The recurrent layers by count and kind (`23 Mamba-2 state-space layers`), or null for a model without. */
export function recurrentLayersWords(architecture: Architecture): string | null {
  const n = linearAttentionLayers(architecture);
  return n === 0 ? null : `${n} ${KIND_WORDS[architecture.recurrent_kind ?? 'gated-deltanet'].layers}`;
}

/** The terms in words for a model with recurrent layers on the accelerator, or null for a model without. */
export function linearAttentionBasis(architecture: Architecture, hardware: Pick<Hardware, 'accelerator'>): string | null {
  const n = linearAttentionLayers(architecture);
  if (n === 0) return null;
  const w = KIND_WORDS[architecture.recurrent_kind ?? 'gated-deltanet'];
  return (
    `plus ${n} ${w.layers} x ${ms(linearAttentionLayerSeconds(hardware))} ms a decode step (their recurrent kernels: ` +
    `${w.kernels}, which the bytes read do not count), ${w.rate}${LINEAR_ATTENTION_MEASURED}`
  );
}
