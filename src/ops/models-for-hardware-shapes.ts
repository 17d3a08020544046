// The output shapes of models_for_hardware: an entry per model, and the models the dataset cannot assess.
import { z } from 'zod';
import { UNKNOWN_WINDOW_MAX_CONTEXT } from '../engines/context-window.ts';
import { QuantizationIdSchema } from './quantization-params.ts';
import { ModelRef, RankedRating } from './shapes.ts';

export const MemoryReport = z
  .object({
    quantization: QuantizationIdSchema,
    weights_gb: z.number().describe('parameters_total x bits per weight / 8, GB (1e9 bytes); MoE: every expert resident.'),
    kv_cache_gb: z.number().describe('KV cache for every sequence at the full context, computed per layer (see kv_cache), GB.'),
    overhead_gb: z.number().describe('Runtime overhead: the compute buffers, 0.75 GB per accelerator, GB.'),
    total_gb: z.number().describe('weights + KV cache + overhead, GB.'),
    usable_gb: z.number().describe('Memory the configuration offers a model, GB.'),
    headroom_gb: z.number().describe('usable - total, GB.'),
    used_fraction: z.number().describe('total / usable.'),
  })
  .describe('Memory needed versus available at the chosen quantization (an estimate).');

const SpeedEstimate = z
  .object({
    estimate: z.literal(true).describe('Always true: a derived estimate, not a measurement.'),
    basis: z
      .string()
      .describe(
        'What is particular to this model\'s speed: the quantization read, the layers the per-token latency counts, and a dense ' +
          'or mixture-of-experts prefill efficiency. The method, the same for every entry, is the `speed on this configuration` line ' +
          'of the answer\'s `assumptions`.',
      ),
    tokens_per_s: z.number().describe('Decode tokens/s of one sequence decoding alone (batch 1), in the layout of this ask (`split`); '
      + 'at a concurrency above 1, each user\'s and the total are `at_concurrency`.'),
    efficiency: z.number().describe('Share of peak memory bandwidth decoding achieves.'),
    aggregate_bandwidth_gbs: z.number().describe('Bandwidth of all accelerators together, GB/s.'),
    split: z
      .enum(['single', 'tensor', 'layer'])
      .describe('How the devices share a decode step: one device, tensor parallel (SXM/NVLink; PCIe cards at a concurrency above 1, as '
        + 'a server runs them and estimate_cost serves them), or by layer (PCIe cards at concurrency 1, as llama.cpp runs them).'),
    decode_bandwidth_gbs: z.number().describe('Bandwidth a decode step reads at, GB/s: the sum only under tensor parallelism.'),
    per_token_latency_ms: z
      .number()
      .describe('Milliseconds each token costs whatever it reads: layers x per-layer latency (+ all-reduces under tensor parallelism).'),
    active_parameters: z.number().describe('Parameters read per token (MoE: the routed experts; the total where the dataset gives no active count).'),
    active_weights_gb: z.number().describe('Bytes of active weights read per token, GB.'),
    kv_read_gb: z.number().describe('KV cache of one sequence read per token, GB; where cards run tensor parallel and each '
      + 'holds a copy (an MLA latent on every card, fewer KV heads than cards), every copy read counts.'),
    bytes_per_token_gb: z.number().describe('active_weights_gb + kv_read_gb.'),
    at_concurrency: z
      .object({
        concurrency: z.number().int().describe('Sequences decoded together.'),
        tokens_per_s_per_stream: z.number().describe('Decode tokens/s each sequence sees.'),
        tokens_per_s_total: z.number().describe('Decode tokens/s of all sequences together.'),
      })
      .describe('The same model at the requested concurrency: each step reads the weights once for all sequences.'),
    prefill_tokens_per_s: z.number().nullable().describe('Prompt processing tokens/s of a short prompt (llama-bench pp512, an empty cache), compute-bound (prefill efficiency x dense FP16 FLOP/s / (2 x active parameters)); a long prompt is slower, each token attending to those before it: context / time_to_first_token_s is the rate at `context`. Null when the dataset has no compute figure for the hardware.'),
    prefill_efficiency: z.number().describe('Share of dense FP16 compute prefill achieves (calibrated).'),
    time_to_first_token_s: z.number().nullable().describe('Seconds to process a prompt that fills `context`; null without a compute figure.'),
  })
  .describe('Decode and prefill speed (estimates, calibrated on published llama.cpp and vLLM measurements: docs/hardware-and-cost.md).');

const Alternative = z
  .object({
    quantization: QuantizationIdSchema,
    name: z.string(),
    bits_per_weight: z.number(),
    weights_gb: z.number().describe('Weights at this quantization, GB.'),
    total_gb: z.number().describe('Weights + KV cache + overhead, GB.'),
    memory_fit: z.enum(['comfortable', 'tight', 'no']),
    tokens_per_s: z.number().nullable().describe('Estimated decode tokens/s at batch 1; null when it does not fit.'),
  })
  .describe('One quantization considered, with its memory and speed.');

const KvCacheInfo = z
  .object({
    type: z.enum(['f16', 'q8_0', 'q4_0']).describe('Cache element type.'),
    bytes_per_value: z.number().describe('Bytes per cached value (F16 2; Q8_0 34/32; Q4_0 18/32).'),
    form: z.enum(['gqa', 'mla', 'sliding+global', 'hybrid']).describe('How the cache is computed per layer.'),
    full_layers: z.number().int().describe('Layers holding the whole context.'),
    sliding_layers: z.number().int().describe('Layers holding at most `window` tokens.'),
    window: z.number().int().nullable().describe('Sliding window, tokens; null without sliding layers.'),
  })
  .describe('The KV cache the memory figure rests on.');

export const Entry = z
  .object({
    rank: z.number().int().describe('Place on this configuration: arena rating first (unrated last), then memory headroom.'),
    model: ModelRef,
    rating: RankedRating.nullable().describe('The rating the order uses: best variant on text_style_control overall where rated there, else text overall; null if unrated.'),
    fit: z.enum(['comfortable', 'tight']).describe('comfortable: total <= 85% of usable memory; tight: <= 100%.'),
    quantization: QuantizationIdSchema.describe(
      'The highest precision that fits comfortably, else the highest that fits tightly (up to 8.5 bits unless asked; the native ' +
        'format where the model ships one; GGUF types under llama.cpp, FP8/INT4 W4A16 on tensor-parallel machines).',
    ),
    quantization_rule: z
      .string()
      .describe('How the quantization was chosen, in words: the answer\'s `quantization_rule`, or its own for a model shipped in a native format.'),
    alternatives: z.array(Alternative).describe('Every quantization considered, highest precision first, with memory and speed.'),
    kv_cache: KvCacheInfo,
    quantization_name: z.string().describe('The name users know it by (e.g. Q4_K_M).'),
    bits_per_weight: z
      .number()
      .describe('Effective bits per weight of that quantization (llama.cpp measured; FP8/INT4 worked from their checkpoint formats).'),
    memory: MemoryReport,
    tokens_per_s: z.number().nullable().describe(
      'Estimated decode tokens/s of one sequence alone, batch 1 (see `speed`, and `speed.at_concurrency` for each user and the '
        + 'total at the concurrency asked); null on a configuration built from a memory size, whose bandwidth is unknown.',
    ),
    speed: SpeedEstimate.nullable().describe('null on a configuration built from a memory size (no bandwidth, no speed estimate).'),
    estimate: z.literal(true).describe('Every figure of the entry is derived by this service.'),
    derived_from: z
      .array(z.string())
      .describe(
        'What is particular to this model: its own facts (with source and date), its weights at the quantization shown and its KV ' +
          'cache. The configuration\'s facts (memory, usable fraction, bandwidth, compute, with their dates) are stated once in ' +
          'the answer\'s `hardware`, the constants and the method (overhead, fit levels, speed) in its `assumptions`: with those ' +
          'every figure of the entry can be worked out.',
      ),
  })
  .describe('A model that runs on the configuration.');
export type Entry = z.infer<typeof Entry>;

export const NotAssessable = z
  .object({
    count: z
      .number()
      .int()
      .describe(`Open-weights models the dataset lacks the facts for (a model without a context window: above ${UNKNOWN_WINDOW_MAX_CONTEXT} ` +
        'tokens).'),
    reason: z.string().describe('Why they are listed apart.'),
    models: z
      .array(z.object({ model_id: z.string(), missing: z.array(z.string()).describe('The facts no source gives for it.') }))
      .describe('Every such model, A to Z, with the facts it lacks.'),
  })
  .describe('Open-weights models that cannot be assessed: listed, never guessed.');
export type NotAssessable = z.infer<typeof NotAssessable>;
