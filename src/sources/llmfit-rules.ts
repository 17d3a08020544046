// The rules that decide which llmfit rows are language models and which of their figures can be trusted.
import type { LlmfitRow } from './llmfit.ts';

/** Encoders, embedders, audio codecs and vision backbones: config architectures that are not generative LLMs. */
const NON_LLM_ARCHITECTURES = new Set([
  'bert', 'roberta', 'xlm-roberta', 'distilbert', 'modernbert', 'deberta', 'deberta-v2', 'squeezebert', 'flaubert',
  'mpnet', 'nomic_bert', 'eurobert', 'neobert', 'canine', 'xlnet', 'roformer', 'lilt', 'new', 'LUAR', 'relik-reader',
  'bidirectional_pplx_qwen3', 'llama_bidirec', 'gigarembed', 'nvembed', 't5', 'bart', 'bigbird_pegasus', 't5gemma',
  't5gemma2', 'udop', 'encodec', 'hubert', 'wav2vec2-bert', 'dac', 'mimi', 'xcodec', 'higgs_audio_v2_tokenizer',
  'moss-audio-tokenizer', 'eat', 'clip', 'clyp', 'jina_clip', 'clip_vision_model', 'vit', 'dinov2',
  'aesthetics_predictor', 'internvl_vision', 'vision-encoder-decoder', 'reve', 'reve-position-bank', 'molformer',
  'hyenadna', 'progen', 'magi', 'reformer',
]);
/** Hugging Face pipeline tags of embedding and audio models. */
const NON_LLM_PIPELINES = new Set(['sentence-similarity', 'feature-extraction', 'audio-to-audio']);
/**
 * Repo names of test fixtures (random weights), embedders, rerankers and speculative-decoding draft heads
 * (EAGLE-3, DFlash), which run only beside a target model.
 */
const NON_LLM_NAME = /(tiny-random|random-tiny|internal-testing|\/testing-|embed|rerank|sentence-bert|\/cde-|speculator|eagle3|dflash)/i;

export type RepoClass = 'llm' | 'not_llm';

export function classifyRepo(r: Pick<LlmfitRow, 'name' | 'architecture' | 'pipeline_tag' | 'use_case'>): RepoClass {
  if (NON_LLM_ARCHITECTURES.has(r.architecture)) return 'not_llm';
  if (NON_LLM_PIPELINES.has(r.pipeline_tag)) return 'not_llm';
  if (r.use_case === 'Text embeddings for RAG') return 'not_llm';
  if (NON_LLM_NAME.test(r.name)) return 'not_llm';
  return 'llm';
}

/**
 * Families whose KV cache the plain `layers x kv_heads x head_dim` facts do not describe, so llmfit's
 * architecture for them is not served unless the overrides table gives the right one:
 * - multi-head latent attention (DeepSeek V2/V3, Kimi K2, Moonlight, MiniCPM3, Sarvam): llmfit reports
 *   hidden_size / heads as head_dim (56, 112) while the cache holds kv_lora_rank + rope_dim per layer;
 *   DeepSeek V4's attention layout is not established here, so it is treated the same way;
 * - state-space, linear-attention and hybrid models (Mamba, RWKV, Jamba, Nemotron-H, Granite 4 hybrid,
 *   Qwen3-Next and Qwen3.5, Kimi Linear, LFM2, MiniMax-01/M1 lightning attention...): only some layers keep a
 *   KV cache, and the facts do not say which;
 * - NAS-pruned Llama derivatives (Llama-3.3-Nemotron-Super-49B, Llama-3.1-Nemotron-Ultra-253B, model_type
 *   nemotron-nas, GGUF arch deci): per-layer block_configs drop attention from some layers and set the KV heads of
 *   the others; num_key_value_heads is null, so a flat reading takes every attention head on every layer (13 times
 *   the Super's cache).
 */
const NON_STANDARD_KV = new Set([
  'deepseek_v2', 'deepseek_v3', 'deepseek_v32', 'deepseek_v4', 'kimi_k2', 'kimi_k25', 'kimi_vl', 'minicpm3', 'sarvam_mla',
  'mamba', 'falcon_mamba', 'rwkv', 'jamba', 'zamba2', 'bamba', 'nemotron_h', 'NemotronH_Nano_VL_V2', 'granitemoehybrid',
  'falcon_h1', 'qwen3_next', 'qwen3_5', 'qwen3_5_moe', 'qwen3_5_text', 'kimi_linear', 'olmo_hybrid', 'lfm2', 'lfm2_moe',
  'lfm2_vl', 'lfm2-vl', 'minimax', 'minimax_text_01', 'minimax_m1', 'bailing_hybrid', 'plamo2', 'plamo2vl', 'nemotron-nas',
  'deci',
  // StepFun: Step3 (step3_vl) uses multi-matrix factorization attention (model card), which the flat facts do not describe; Step-3.5
  // (step3p5) has 8 KV groups (num_attention_groups) and sliding-window attention on 3 of 4 layers, while llmfit
  // read num_key_value_heads as the 64 attention heads (an 8x overstated cache).
  'step3_vl', 'step3p5',
]);

export const hasStandardKvCache = (architecture: string) => !NON_STANDARD_KV.has(architecture);

/**
 * llmfit's context figure is max_position_embeddings times the rope-scaling factor whenever a config scales rope
 * (Llama 3.1: 131,072 x 8 = 1,048,576; gpt-oss: 131,072 x 32 = 4,194,304; DeepSeek-V3: 163,840 x 40 = 6,553,600),
 * and a 4,096 placeholder where config.json could not be read. Only figures read from a config (the row has its
 * architecture facts) and no larger than 262,144 (the largest native window of the families whose configs set no
 * rope scaling, Qwen3 2507) are trusted; the known-wrong families are excluded outright. LFM2's configs set
 * max_position_embeddings 128,000 where Liquid's cards state a 32,768-token context.
 */
const CONTEXT_WRONG_FAMILIES = new Set([
  'gpt_oss', 'llama4', 'deepseek_v2', 'deepseek_v3', 'deepseek_v32', 'deepseek_v4', 'kimi_k2', 'kimi_k25',
  'lfm2', 'lfm2_moe', 'lfm2_vl', 'lfm2-vl',
]);
export const MAX_TRUSTED_CONTEXT = 262_144;

export function contextIsTrusted(r: Pick<LlmfitRow, 'architecture' | 'context_length' | 'num_hidden_layers'>): boolean {
  return !!r.num_hidden_layers && r.context_length <= MAX_TRUSTED_CONTEXT && !CONTEXT_WRONG_FAMILIES.has(r.architecture);
}

/**
 * Repos holding packed low-bit weights (GGUF, AWQ, GPTQ, bitsandbytes, MLX n-bit, NVFP4/MXFP4...): llmfit counts
 * their stored tensors, not the model's parameters (Llama-3.1-8B-Instruct-GGUF: 6.4B for an 8.0B model), so
 * their parameter counts are left out. FP8 stores one element per parameter and is not affected.
 */
const PACKED = /(gguf|awq|gptq|bnb|autoround|exl2|int4|int8|w4a16|w8a8|nvfp4|mxfp4|quantized|[-_.](q[2-8](_k)?(_[msl])?|[2-8]bit|dq\d*)([-_.]|$))/i;
export const isPackedQuantization = (repo: string) => PACKED.test(repo);

/**
 * Config families that are mixtures of experts though their name does not say so and llmfit leaves is_moe null:
 * Step3 (321B total, 38B active, huggingface.co/stepfun-ai/step3) and Step-3.5-Flash (196B, 11B active).
 */
const MOE_FAMILIES = new Set(['step3_vl', 'step3p5']);

/**
 * Config families that hold dense and mixture-of-experts models alike, so that the family's name says nothing: IBM's
 * Granite 4.0 `granitemoehybrid` is Granite-4.0-H-Tiny's (64 experts, 6 a token: llmfit reads them and flags it MoE)
 * and also Granite-4.0-Micro's and H-Micro's, which set no experts ("Granite-4.0-H-Micro: dense hybrid model with 3B
 * parameters", IBM's Granite 4.0 launch as The Decoder reports it, 2025-10-02). In such a family only experts read
 * from config.json make a mixture of experts.
 */
const MIXED_FAMILIES = new Set(['granitemoehybrid']);

/** A mixture of experts that llmfit did not flag: the config family says so, or the repo name's `A3B` tag does. */
export function looksMoe(r: Pick<LlmfitRow, 'architecture' | 'name'> & Partial<Pick<LlmfitRow, 'num_experts'>>): boolean {
  if (MOE_FAMILIES.has(r.architecture)) return true;
  if (MIXED_FAMILIES.has(r.architecture)) return (r.num_experts ?? 0) > 1;
  return /moe/i.test(r.architecture) || /-A\d+(\.\d+)?B(\b|[-_])/.test(r.name) || /\d+x\d+(\.\d+)?B/i.test(r.name);
}

/**
 * Active parameters. Dense models read every parameter. For MoE, llmfit either states the model card's figure
 * (a round number: 37,000,000,000) or computes one from tensor shapes, which is often wrong (DeepSeek-V3-0324:
 * 54.5B for 37B; Qwen3-Next-80B-A3B: 5.4B for 3B). A computed figure is kept only when the repo name's `A<n>B`
 * tag agrees within 15% (the tag is rounded: Qwen3-30B-A3B reads 3.34B; Qwen3-235B-A22B reads a wrong
 * 25.7B, 17% off); otherwise the active count stays unknown.
 */
export function activeParameters(
  r: Pick<LlmfitRow, 'name' | 'architecture' | 'is_moe' | 'parameters_raw' | 'active_parameters'> & Partial<Pick<LlmfitRow, 'num_experts'>>,
): number | undefined {
  const moe = r.is_moe === true || looksMoe(r);
  if (!moe) return r.parameters_raw;
  const active = r.active_parameters ?? undefined;
  if (active === undefined) return undefined;
  if (active % 1e8 === 0) return active;
  const tag = /-A(\d+(?:\.\d+)?)B(?:\b|[-_])/.exec(r.name);
  if (tag && Math.abs(active / (Number(tag[1]) * 1e9) - 1) <= 0.15) return active;
  return undefined;
}
