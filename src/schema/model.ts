// Model: one canonical language model and every dated, sourced fact the dataset holds about it.
import { z } from 'zod';
import { factOf } from './fact.ts';
import { AttentionKind, IsoDate, ModelStatus, RecurrentKind, Slug } from './primitives.ts';
import { Licence } from './licence.ts';

const PositiveInt = z.number().int().positive();

/**
 * Architecture facts the memory model needs (DESIGN.md section 7). The KV cache per token is, per kind:
 * `full`/`gqa`: layers x 2 x kv_heads x head_dim values; `mla`: layers x (kv_lora_rank + rope_dim);
 * `sliding`: as gqa, but `sliding_layers` of the layers hold at most `sliding_window` tokens;
 * `hybrid`: only `kv_layers` of the layers hold a cache (2 x kv_heads x head_dim values per token, or
 * kv_lora_rank + rope_dim where those are given: Kimi Linear's global layers are MLA); the other layers keep a
 * constant-size state that does not grow with the context.
 */
const ArchitectureShape = z
  .object({
    layers: PositiveInt,
    attention_heads: PositiveInt.optional(),
    kv_heads: PositiveInt,
    head_dim: PositiveInt,
    hidden_size: PositiveInt.optional(),
    attention: AttentionKind,
    /** MLA (DeepSeek, Kimi): the cache holds kv_lora_rank + rope_dim values per layer per token. */
    kv_lora_rank: PositiveInt.optional(),
    rope_dim: PositiveInt.optional(),
    /** Sliding-window attention: the window in tokens and how many of `layers` use it. */
    sliding_window: PositiveInt.optional(),
    sliding_layers: z.number().int().nonnegative().optional(),
    /**
     * Where the global (full-attention) layers of a sliding-window model have their own KV geometry (Gemma 4's
     * num_global_key_value_heads and global_head_dim): absent, they share kv_heads and head_dim.
     */
    global_kv_heads: PositiveInt.optional(),
    global_head_dim: PositiveInt.optional(),
    /**
     * Hybrid models (Qwen3-Next, Qwen3.5, MiniMax-01/M1, Kimi Linear, Jamba, Nemotron-H): how many of `layers`
     * keep a growing KV cache (full attention); the others keep a constant state whatever the context. Also
     * NAS-pruned models (Llama-3.3-Nemotron-Super-49B: 49 of 80), whose other layers have no attention at all.
     */
    kv_layers: PositiveInt.optional(),
    /**
     * Hybrid models: how many of `layers` carry a fixed-size recurrent state that each decode step updates, and its
     * kind (`gated-deltanet`: Qwen3-Next, Qwen3.5/3.6; `mamba2`: Nemotron-H; `lightning`: MiniMax-M1's lightning
     * attention). Not `layers - kv_layers`: Nemotron-3-Nano's other layers are half MoE feed-forward blocks, and a
     * NAS-pruned Nemotron's no-op blocks hold neither attention nor state (0 or absent).
     */
    recurrent_layers: z.number().int().nonnegative().optional(),
    recurrent_kind: RecurrentKind.optional(),
    /**
     * Mixture-of-experts geometry (config.json): the routed experts of each MoE layer (`num_experts`,
     * `num_local_experts`, `n_routed_experts`), how many a token is routed to (`num_experts_per_tok`,
     * `experts_per_token`), the experts every token also reads (`n_shared_experts`; Qwen's one
     * `shared_expert_intermediate_size` expert counts 1), the width of one expert's feed-forward
     * (`moe_intermediate_size`, or `intermediate_size` where the experts are the only feed-forward), and how many of
     * `layers` have a dense feed-forward instead of experts (DeepSeek's `first_k_dense_replace`, Llama 4 Maverick's
     * every other layer). Absent on dense models, and where no reviewed source gave them.
     */
    experts: PositiveInt.optional(),
    experts_per_token: PositiveInt.optional(),
    shared_experts: z.number().int().nonnegative().optional(),
    moe_intermediate_size: PositiveInt.optional(),
    dense_layers: z.number().int().nonnegative().optional(),
    /**
     * Parameters of a multi-token-prediction module that the model's total counts (Qwen3-Next's `mtp.*`, GLM-4.6's and
     * GLM-4.7's NextN layer), which llama.cpp never holds in memory: its converter drops Qwen3-Next's ("ignore MTP
     * layers for now") and its loader skips GLM's NextN layer (TENSOR_SKIP, "model has unused tensor ... ignoring").
     * Absent where the total does not count one (DeepSeek-V3's 671B leaves its 14B module out) or no count was read.
     */
    mtp_parameters: PositiveInt.optional(),
    /** Tokens in the vocabulary (config.json `vocab_size`): the rows of the embedding and of the output head. */
    vocab_size: PositiveInt.optional(),
    /** The Hugging Face repository the facts were read from. */
    hf_repo: z.string().min(1),
  })
  .strict();

type ArchitectureFacts = z.infer<typeof ArchitectureShape>;

/** Named cross-field rules: each attention kind carries the facts its cache size needs, and nothing that contradicts it. */
export const ARCHITECTURE_RULES: ReadonlyArray<{ name: string; holds: (a: ArchitectureFacts) => boolean; message: string; path: string[] }> = [
  {
    name: 'mla_needs_latent',
    holds: (a) => a.attention !== 'mla' || (a.kv_lora_rank !== undefined && a.rope_dim !== undefined),
    message: 'an MLA architecture needs kv_lora_rank and rope_dim',
    path: ['kv_lora_rank'],
  },
  {
    name: 'latent_only_with_mla_or_hybrid',
    holds: (a) => (a.kv_lora_rank === undefined && a.rope_dim === undefined) || a.attention === 'mla' || a.attention === 'hybrid',
    message: 'kv_lora_rank and rope_dim belong to an MLA architecture (or the global layers of a hybrid one)',
    path: ['kv_lora_rank'],
  },
  {
    name: 'latent_comes_in_pairs',
    holds: (a) => (a.kv_lora_rank === undefined) === (a.rope_dim === undefined),
    message: 'kv_lora_rank and rope_dim go together',
    path: ['rope_dim'],
  },
  {
    name: 'sliding_needs_window',
    holds: (a) => a.attention !== 'sliding' || (a.sliding_window !== undefined && a.sliding_layers !== undefined),
    message: 'a sliding-window architecture needs sliding_window and sliding_layers',
    path: ['sliding_window'],
  },
  {
    name: 'sliding_layers_within_layers',
    holds: (a) => a.sliding_layers === undefined || a.sliding_layers <= a.layers,
    message: 'sliding_layers cannot exceed layers',
    path: ['sliding_layers'],
  },
  {
    name: 'global_geometry_only_sliding',
    holds: (a) => (a.global_kv_heads === undefined && a.global_head_dim === undefined) || a.attention === 'sliding',
    message: 'global_kv_heads and global_head_dim describe the global layers of a sliding-window architecture',
    path: ['global_kv_heads'],
  },
  {
    name: 'hybrid_needs_kv_layers',
    holds: (a) => a.attention !== 'hybrid' || a.kv_layers !== undefined,
    message: 'a hybrid architecture needs kv_layers (the layers that keep a KV cache)',
    path: ['kv_layers'],
  },
  {
    name: 'recurrent_layers_only_hybrid',
    holds: (a) => a.recurrent_layers === undefined || a.recurrent_layers === 0 || (a.attention === 'hybrid' && a.kv_layers !== undefined && a.recurrent_layers <= a.layers - a.kv_layers && a.recurrent_kind !== undefined),
    message: 'recurrent_layers belong to a hybrid architecture, need their recurrent_kind, and are at most layers - kv_layers',
    path: ['recurrent_layers'],
  },
  {
    name: 'kv_layers_only_hybrid',
    holds: (a) => a.kv_layers === undefined || (a.attention === 'hybrid' && a.kv_layers < a.layers),
    message: 'kv_layers belongs to a hybrid architecture and is fewer than layers',
    path: ['kv_layers'],
  },
  {
    name: 'experts_come_in_pairs',
    holds: (a) => (a.experts === undefined) === (a.experts_per_token === undefined),
    message: 'experts and experts_per_token go together',
    path: ['experts_per_token'],
  },
  {
    name: 'experts_per_token_within_experts',
    holds: (a) => a.experts === undefined || a.experts_per_token === undefined || a.experts_per_token <= a.experts,
    message: 'experts_per_token cannot exceed experts',
    path: ['experts_per_token'],
  },
  {
    name: 'expert_geometry_needs_experts',
    holds: (a) => a.experts !== undefined || (a.shared_experts === undefined && a.moe_intermediate_size === undefined && a.dense_layers === undefined),
    message: 'shared_experts, moe_intermediate_size and dense_layers describe a mixture of experts: they need experts',
    path: ['experts'],
  },
  {
    name: 'dense_layers_within_layers',
    holds: (a) => a.dense_layers === undefined || a.dense_layers < a.layers,
    message: 'dense_layers must be fewer than layers (at least one layer has experts)',
    path: ['dense_layers'],
  },
];

export const Architecture = ArchitectureShape.superRefine((a, ctx) => {
  for (const rule of ARCHITECTURE_RULES) if (!rule.holds(a)) ctx.addIssue({ code: 'custom', message: rule.message, path: rule.path, params: { rule: rule.name } });
});
export type Architecture = z.infer<typeof Architecture>;

export const NativePrecision = z.enum(['fp32', 'bf16', 'fp16', 'fp8', 'mxfp4', 'int8', 'int4']);
export type NativePrecision = z.infer<typeof NativePrecision>;

/**
 * A published GGUF file of the model (llama.cpp's format): its quantization, file name and size in GB (1e9 bytes) as
 * the publisher's model card or the file itself states it, and the page it was read from. Real files differ from
 * parameters x bits per weight (K-quant mixes keep some tensors at higher precision), so a fit uses these sizes.
 */
export const GgufFile = z
  .object({
    quantization: z.enum(['bf16', 'q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q3_k_m', 'mxfp4']),
    file: z.string().min(1),
    size_gb: z.number().positive(),
    url: z.string().url(),
  })
  .strict();
export type GgufFile = z.infer<typeof GgufFile>;

export const BenchmarkScore = z
  .object({
    name: z.string().min(1),
    score: z.number().finite(),
    /** What the score counts (`accuracy`, `pass@1`, `elo`...), as the source states it. */
    metric: z.string().min(1),
    /** The page that publishes the score. */
    url: z.string().url().optional(),
    /**
     * What the score was measured under, as the source states it: the agent harness (`Claude Code`), the model's
     * effort setting (`max`), the benchmark's subset (`public`) and version (`2.1`). One model often has several
     * scores on one benchmark that differ only in these.
     */
    harness: z.string().min(1).optional(),
    variant: z.string().min(1).optional(),
    dataset: z.string().min(1).optional(),
    version: z.string().min(1).optional(),
  })
  .strict();
export type BenchmarkScore = z.infer<typeof BenchmarkScore>;

/**
 * A benchmark name reduced for comparison: lowercase letters and digits only, so that `SWE-Bench Pro`,
 * `SWE Bench Pro` and `swe-bench-pro` are one benchmark (the ingest's de-duplication and search's filter use it).
 */
export function benchmarkKey(name: string): string {
  return name.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export const Modalities = z.object({ input: z.array(z.string()), output: z.array(z.string()) }).strict();

export const Capabilities = z
  .object({
    tool_calling: factOf(z.boolean()).optional(),
    reasoning: factOf(z.boolean()).optional(),
    vision: factOf(z.boolean()).optional(),
    structured_output: factOf(z.boolean()).optional(),
  })
  .strict();

export const Model = z
  .object({
    id: Slug,
    /** Developer id (a Developer row). */
    vendor: Slug,
    name: factOf(z.string().min(1)),
    /** Every source's own identifier for this model; each resolves to `id`. */
    aliases: z.array(z.string().min(1)),
    /** Effort, thinking and dated-snapshot variant names seen in the sources (`claude-opus-4-6-thinking`). */
    variants: z.array(z.string().min(1)),
    family: factOf(z.string()).optional(),
    release_date: factOf(IsoDate).optional(),
    status: factOf(ModelStatus).optional(),
    deprecation_date: factOf(IsoDate).optional(),
    open_weights: factOf(z.boolean()).optional(),
    licence: factOf(Licence).optional(),
    weights_url: factOf(z.string().url()).optional(),
    context_window: factOf(PositiveInt).optional(),
    max_output: factOf(PositiveInt).optional(),
    modalities: factOf(Modalities).optional(),
    capabilities: Capabilities,
    /** YYYY-MM or YYYY-MM-DD, as the source gives it. */
    knowledge_cutoff: factOf(z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/)).optional(),
    parameters_total: factOf(z.number().positive()).optional(),
    /** Parameters read per token: equals the total for dense models, the active experts' for MoE. */
    parameters_active: factOf(z.number().positive()).optional(),
    architecture: factOf(Architecture).optional(),
    /** The precision the developer ships the weights in (gpt-oss: MXFP4; DeepSeek V3/R1: FP8). */
    native_precision: factOf(NativePrecision).optional(),
    /** Published GGUF file sizes, one fact per quantization (data/curated/gguf-file-sizes.csv). */
    gguf_files: z.array(factOf(GgufFile)).optional(),
    /** Published benchmark scores, one fact each (name, score, metric and the page that reports it). */
    benchmarks: z.array(factOf(BenchmarkScore)).optional(),
    /** Shutdown (retirement) date the developer announced; after it the model is no longer served by its developer. */
    shutdown_date: factOf(IsoDate).optional(),
    /**
     * The earliest day the developer said it may stop serving the model, where its notice gives no firm day ("no earlier
     * than October 16, 2026"): a lower bound (`bound` `on_or_after`), never a shutdown. Past it the model is still
     * served as far as the sources say, its retirement announced (docs/data.md, "Earliest shutdown dates").
     */
    shutdown_not_before: factOf(IsoDate).optional(),
    /** The model the developer names as the replacement (a canonical id when it resolves, else the developer's id). */
    replacement: factOf(z.string().min(1)).optional(),
    /**
     * For a moving API name kept as a model of its own (`deepseek-chat`), the concrete model its developer says it
     * serves, as of the fact's date (data/curated/version-pointers.csv); absent for a concrete model.
     */
    points_to: factOf(z.string().min(1)).optional(),
    /** Facts every source gave but none could be (a knowledge cutoff after the release): the field is absent, this says why. */
    withheld: z.array(z.object({ field: z.string(), value: z.string(), as_of: IsoDate, source: z.string(), reason: z.string() }).strict()).optional(),
  })
  .strict();
export type Model = z.infer<typeof Model>;
