// The model and card the serving tests share: Qwen3-8B on one H100 SXM, each figure with its source.
import type { Architecture, Hardware, Model } from '../schema/index.ts';

const f = <T>(value: T, source = 'test', as_of = '2026-11-25') => ({ value, as_of, source });

/** Qwen/Qwen3-8B: 8,190,735,360 parameters (llmfit snapshot of Hugging Face), 36 layers, 8 KV heads x 128 (config.json). */
export const QWEN3_8B: Model = {
  id: 'qwen3-8b', vendor: 'qwen', name: f('Qwen3 8B'), aliases: [], variants: [], capabilities: {},
  open_weights: f(true), parameters_total: f(8_190_735_360), parameters_active: f(8_190_735_360),
  architecture: f<Architecture>({ layers: 36, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'Qwen/Qwen3-8B' }),
  context_window: f(131072),
};

/**
 * One H100 SXM 80 GB: 3.35 TB/s and 989.4 TFLOPS dense BF16 (1,979 with sparsity; NVIDIA H100 datasheet,
 * https://www.nvidia.com/en-us/data-center/h100/), 700 W; no rental or purchase price (a test adds what it costs).
 */
export const H100_SXM: Hardware = {
  id: 'h100-80gb-x1', name: 'One H100 SXM 80 GB', class: 'server', accelerator: 'NVIDIA H100 SXM5 80 GB', count: 1, unified_memory: false,
  memory_gb: f(80), usable_fraction: f(0.95), bandwidth_gbs: f(3350), compute_tflops: f(989.4), power_w: f(700),
};
