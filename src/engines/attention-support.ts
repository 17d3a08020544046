// Whether a serving runtime has an attention kernel for a model's attention on an accelerator: a configuration whose
// runtime cannot start the model is no option, however well its weights fit. The rule and its sources:
// docs/hardware-and-cost.md, "Attention kernels by GPU generation".
import type { Hardware, Model } from '../schema/index.ts';
import type { Runtime } from './runtime.ts';

/**
 * Models using DeepSeek Sparse Attention (DSA: MLA plus a lightning indexer choosing the top-k tokens, config.json
 * `index_topk`), by the Hugging Face repository their architecture is read from (data/curated/model-architecture.csv):
 * DeepSeek-V3.2 and V3.2-Exp (config.json architectures DeepseekV32ForCausalLM; the V3.2-Exp README: "introducing
 * DeepSeek Sparse Attention"), GLM-5 (config.json model_type glm_moe_dsa; its card: "integrates DeepSeek Sparse
 * Attention") and GLM-5.1 (the same config.json geometry, NVIDIA's GLM-5.1 card: developed from GLM-5).
 */
export const DSA_REPOS: ReadonlySet<string> = new Set([
  'deepseek-ai/DeepSeek-V3.2',
  'deepseek-ai/DeepSeek-V3.2-Exp',
  'zai-org/GLM-5',
  'zai-org/GLM-5.1',
]);

export function usesSparseAttention(model: Model): boolean {
  const repo = model.architecture?.value.hf_repo;
  return repo !== undefined && DSA_REPOS.has(repo);
}

/**
 * NVIDIA compute capability 9.x (Hopper: H100, H200, GH200) and 10.x (Blackwell data-centre: B200, B300, GB200), from
 * NVIDIA's CUDA GPUs table (https://developer.nvidia.com/cuda-gpus). Not 8.x (Ampere A100, A40, RTX 30 and A-series;
 * Ada L4, L40S, RTX 40), not 12.x (RTX 50, RTX PRO Blackwell; GB10 is 12.1).
 */
const SM90_SM100 = /\bH100\b|\bH200\b|\bGH200\b|\bB200\b|\bB300\b|\bGB200\b|\bGB300\b/i;
// AMD Instinct CDNA3/CDNA4: vLLM's ROCm sparse-MLA path through AITER (below).
const INSTINCT_CDNA3 = /\bMI3(00|08|25|55)X\b/i;

export const DSA_SOURCES = {
  /** vLLM: FLASHMLA_SPARSE is the one backend for DSA, and it declares compute capability 9 and 10 only. */
  vllm_sm90_sm100: 'https://github.com/vllm-project/vllm/issues/30644',
  /** GLM-5.1 on 8 x A800 (SM80): "No valid attention backend ... compute capability not supported". */
  vllm_a800: 'https://github.com/vllm-project/vllm/issues/40851',
  /** DeepSeek-V3.2 on 8 x RTX PRO 6000 (SM120) fails the same way. */
  vllm_sm120: 'https://github.com/vllm-project/vllm/issues/31936',
  /** SGLang's flash_mla_sparse_fwd: "only supported on SM90a and SM100f architectures". */
  sglang_flashmla_sparse: 'https://github.com/sgl-project/sglang/issues/31578',
  /** DeepSeek-V3.2-Exp served by vLLM on 8 x MI300X and 8 x MI355X with AITER's sparse MLA (ROCm). */
  vllm_rocm: 'https://github.com/vllm-project/recipes/pull/279',
} as const;

/**
 * Why the runtime cannot run the model's attention on the configuration, or undefined when it can or no source says
 * it cannot. Only vLLM/SGLang is ruled on: under llama.cpp (GGUF) no source in hand settles DSA either way, and the
 * configuration is left as its fit says (docs/hardware-and-cost.md).
 */
export function attentionUnsupported(model: Model, hardware: Hardware, runtime: Runtime): string | undefined {
  if (runtime !== 'vllm' || !usesSparseAttention(model)) return undefined;
  if (SM90_SM100.test(hardware.accelerator) || INSTINCT_CDNA3.test(hardware.accelerator)) return undefined;
  return (
    `${model.id} uses DeepSeek Sparse Attention, which vLLM runs only through its FLASHMLA_SPARSE backend, built for ` +
    `NVIDIA compute capability 9.x and 10.x (H100, H200, B200, B300) and, on ROCm, AMD Instinct MI300X/MI355X ` +
    `(${DSA_SOURCES.vllm_rocm}); on ${hardware.accelerator} it finds no valid attention backend ` +
    `(${DSA_SOURCES.vllm_sm90_sm100}, ${DSA_SOURCES.vllm_a800}, ${DSA_SOURCES.vllm_sm120}); SGLang's sparse FlashMLA ` +
    `kernel has the same SM90/SM100 gate (${DSA_SOURCES.sglang_flashmla_sparse})`
  );
}

/** The cost answer's line for a DSA model: configurations left out and why (none for other models). */
export function attentionAssumption(model: Model): string[] {
  if (!usesSparseAttention(model)) return [];
  return [
    `${model.id} uses DeepSeek Sparse Attention: configurations served by vLLM/SGLang on GPUs other than NVIDIA ` +
      `compute capability 9.x/10.x (H100, H200, B200, B300) or AMD Instinct MI300X/MI355X are left out, as ` +
      `vLLM has no attention backend for it there (${DSA_SOURCES.vllm_sm90_sm100}, ${DSA_SOURCES.vllm_a800}); ` +
      'they are counted in self_hosting.skipped.does_not_fit',
  ];
}
