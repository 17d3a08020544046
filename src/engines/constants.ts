// Every constant of the hardware-fit and cost model, each with where it comes from (docs/hardware-and-cost.md).

/** One gigabyte as answers show sizes (weights, KV cache, totals, usable memory): 1e9 bytes. */
export const GB = 1e9;

/**
 * One gibibyte: the unit of a device's stated memory (an RTX 4090's "24 GB" is 24 GiB; see `usableBytes`) and of
 * llama.cpp's published file sizes.
 */
export const GIB = 1024 ** 3;

/**
 * How a format stores what a token reads, where the model's own expert geometry can be read (active-bits.ts): the
 * routed experts at the format's `expert_bits`, the rest of the active parameters (`rest`, in words) at `rest_bits`.
 */
export type ActiveSplit = { rest_bits: number; rest: string; source: string };

export type QuantizationId =
  | 'bf16' | 'fp8' | 'fp8_w8a8' | 'fp8_w8a16' | 'q8_0' | 'q6_k' | 'q5_k_m' | 'q4_k_m' | 'int4_w4a16' | 'int4' | 'mxfp4'
  | 'q3_k_m';

export type Quantization = {
  id: QuantizationId;
  /** The name users know it by. */
  name: string;
  /** Effective bits per weight, embeddings and mixed-precision tensors included. */
  bits_per_weight: number;
  /**
   * Bits per weight of the parameters one token reads, where the format stores them wider than the checkpoint's
   * average: a mixture of experts whose experts alone are in a 4-bit format keeps its attention and output head at
   * 8 bits or more, and those are a third of what a token reads though a few percent of the file. Absent: the
   * format's `bits_per_weight` (a format that quantizes every block linear alike).
   */
  active_bits_per_weight?: { value: number; basis: string; split?: ActiveSplit };
  /**
   * Bits a routed-expert weight is stored at, where the format keeps the experts narrower than its average: MXFP4's
   * 4.25 (32 FP4 values and one 8-bit scale; OpenAI gpt-oss model card), Kimi's INT4 4.5 (a BF16 scale per 32). Absent:
   * the format spreads its bits over all tensors, so its experts take the average (expert-offload.ts, active-bits.ts).
   */
  expert_bits?: number;
  /**
   * A native format: a candidate only for a model whose publisher ships it (Model.native_precision), because
   * quantizing another model's BF16 weights to it is not what its users download.
   */
  native?: 'fp8' | 'mxfp4' | 'int4';
  /**
   * For a native format: why no smaller quantization of a model shipped in it exists. llama.cpp's quantizer keeps
   * gpt-oss's expert tensors in MXFP4 at every GGUF type, so its "Q3_K_M" is the MXFP4 file under another name.
   */
  smallest?: string;
  /**
   * The one runtime that serves the format (runtime.ts): llama.cpp for the GGUF types, vLLM/SGLang for the
   * safetensors checkpoints quantized for them. Absent: both (BF16 and the native formats).
   */
  runtime?: 'llama.cpp' | 'vllm';
  /**
   * vLLM only: the accelerator support the format needs (runtime.ts `fp8Support`, `int4Support`): FP8 tensor cores
   * (W8A8), FP8 Marlin's weight-only path on Turing and Ampere (W8A16), or an AWQ/GPTQ kernel.
   */
  needs?: 'fp8_w8a8' | 'fp8_weight_only' | 'int4';
  /** Where the bits per weight come from. */
  basis: string;
};

/**
 * Quantizations, highest precision first (the order the fit engine tries them in).
 * Bits per weight of the GGUF types are llama.cpp's measured values for meta-llama/Llama-3.1-8B in
 * tools/quantize/README.md (https://github.com/ggml-org/llama.cpp/blob/master/tools/quantize/README.md: Q8_0 8.5008,
 * Q6_K 6.5633, Q5_K_M 5.7036, Q4_K_M 4.8944), rounded as DESIGN.md section 7 states them. Q3_K_M (3.91) is from the
 * same README's earlier Llama-2-7B table. BF16 is 16 bits exactly.
 * FP8 (DeepSeek-V3/R1 checkpoints): E4M3 weights with one FP32 scale per 128x128 block, 8 + 32/16384 bits.
 * MXFP4 (gpt-oss): the published checkpoint of gpt-oss-120b is 60.8 GiB for 116.83B parameters (OpenAI's gpt-oss
 * model card, https://openai.com/index/gpt-oss-model-card/): 4.47 bits per weight, the MoE experts in 4.25-bit MXFP4
 * (4-bit values, one 8-bit scale per 32) and attention and embeddings in BF16.
 * INT4 (Kimi K2 Thinking, K2.5, K2.6): Moonshot ships these as compressed-tensors W4A16, symmetric INT4 with one BF16
 * scale per 32 weights (4.5 bits), on the routed experts only; attention, the shared expert, the dense first layer,
 * embeddings and the output head stay BF16 (https://github.com/lightseekorg/tokenspeed/pull/444 describes the
 * checkpoint). From Kimi K2's config.json (61 layers, the first dense; 384 routed experts of 3 x 7,168 x 2,048 in
 * each of the other 60): routed experts 1,014.69B parameters, the rest 11.73B (1,026.4B in all, as the repo's
 * safetensors count it), so (1,014.69 x 4.5 + 11.73 x 16) / 1,026.42 = 4.63 bits per weight (a 594 GB checkpoint).
 *
 * vLLM/SGLang formats, worked on meta-llama/Llama-3.1-70B (config.json: 80 layers, hidden 8,192, MLP 28,672, 8 KV
 * heads of 128, vocabulary 128,256, untied output head): 68,451,041,280 parameters in the linear layers of the blocks,
 * 2 x 1,050,673,152 in the embeddings and output head, 1,318,912 in the norms (70,553,706,496 in all, the count the
 * dataset holds). Both formats quantize only the block linears; embeddings, head and norms stay BF16.
 * FP8 W8A8 (RedHatAI/neuralmagic Meta-Llama-3.1-70B-Instruct-FP8, llm-compressor's FP8_DYNAMIC scheme: FP8 E4M3
 * weights with one scale per output channel, lm_head ignored; https://docs.vllm.ai/en/latest/features/quantization/fp8/):
 * (68,451,041,280 x 8 + 6,717,440 channel scales x 32 + 2,102,665,216 x 16) / 70,553,706,496 = 8.24 bits, a 72.7 GB
 * checkpoint. On Turing and Ampere vLLM runs the same file weight-only (W8A16, FP8 Marlin: "FP8 models will run on
 * compute capability >= 7.5 (Turing) as weight-only W8A16"): the same bytes read, the weights widened to FP16 for
 * FP16 tensor-core compute, so the same 8.24 bits and no FP8 compute rate (prefill is at the FP16 rate anyway).
 * INT4 W4A16 (hugging-quants/Meta-Llama-3.1-70B-Instruct-AWQ-INT4, quantization_config: AWQ, bits 4, group_size 128,
 * zero_point true): 4 bits a weight plus an FP16 scale and a 4-bit zero per 128 (4.156 bits), so
 * (68,451,041,280 x 4.15625 + 2,102,665,216 x 16) / 70,553,706,496 = 4.51 bits, a 39.8 GB checkpoint; GPTQ at group
 * size 128 stores the same scales and zeros. A smaller model carries a larger BF16 share (Llama-3.1-8B: 13%), so these
 * are a large model's figures, as the GGUF figures are an 8B model's.
 */
const GGUF = 'llama.cpp';
export const QUANTIZATIONS: readonly Quantization[] = [
  { id: 'bf16', name: 'BF16', bits_per_weight: 16, basis: 'exact' },
  { id: 'fp8', name: 'FP8', bits_per_weight: 8, native: 'fp8', basis: 'FP8 E4M3 with one FP32 scale per 128x128 block (8.002 bits; DeepSeek-V3 checkpoint format)' },
  {
    id: 'fp8_w8a8',
    name: 'FP8 (W8A8)',
    bits_per_weight: 8.24,
    runtime: 'vllm',
    needs: 'fp8_w8a8',
    basis:
      'FP8 E4M3 block linears with a scale per output channel, embeddings and head BF16 ' +
      '(the Meta-Llama-3.1-70B-Instruct-FP8 scheme on Llama-3.1-70B: 72.7 GB / 70.55B)',
  },
  {
    // The same checkpoint as fp8_w8a8, named for what the accelerator computes: a Turing or Ampere card (RTX 3090,
    // A100) has no FP8 tensor cores, so vLLM's FP8 Marlin kernel reads the FP8 weights and computes in FP16.
    id: 'fp8_w8a16',
    name: 'FP8 weight-only (W8A16)',
    bits_per_weight: 8.24,
    runtime: 'vllm',
    needs: 'fp8_weight_only',
    basis:
      'the FP8 W8A8 checkpoint run weight-only by FP8 Marlin (FP8 weights, FP16 compute; vLLM docs, quantization/fp8): ' +
      'its 8.24 bits (the Meta-Llama-3.1-70B-Instruct-FP8 scheme on Llama-3.1-70B: 72.7 GB / 70.55B)',
  },
  { id: 'q8_0', name: 'Q8_0', bits_per_weight: 8.5, runtime: GGUF, basis: 'llama.cpp tools/quantize, Llama-3.1-8B: 8.5008' },
  { id: 'q6_k', name: 'Q6_K', bits_per_weight: 6.56, runtime: GGUF, basis: 'llama.cpp tools/quantize, Llama-3.1-8B: 6.5633' },
  { id: 'q5_k_m', name: 'Q5_K_M', bits_per_weight: 5.7, runtime: GGUF, basis: 'llama.cpp tools/quantize, Llama-3.1-8B: 5.7036' },
  { id: 'q4_k_m', name: 'Q4_K_M', bits_per_weight: 4.89, runtime: GGUF, basis: 'llama.cpp tools/quantize, Llama-3.1-8B: 4.8944' },
  {
    id: 'int4_w4a16',
    name: 'INT4 AWQ/GPTQ (W4A16)',
    bits_per_weight: 4.51,
    runtime: 'vllm',
    needs: 'int4',
    basis:
      'INT4 block linears with an FP16 scale and 4-bit zero per 128, embeddings and head BF16 ' +
      '(the Meta-Llama-3.1-70B-Instruct-AWQ-INT4 scheme on Llama-3.1-70B: 39.8 GB / 70.55B)',
  },
  {
    id: 'int4',
    name: 'INT4 (W4A16)',
    bits_per_weight: 4.63,
    native: 'int4',
    expert_bits: 4.5,
    basis: 'Kimi K2 INT4 checkpoints: routed experts INT4 with a BF16 scale per 32 (4.5 bits), the other 1.1% BF16',
    // Kimi K2's config.json (hidden 7,168; 61 layers, the first dense with an MLP of 18,432; 8 of 384 routed experts and
    // one shared expert of 3 x 7,168 x 2,048 in each of the other 60; MLA with q_lora_rank 1,536, kv_lora_rank 512, 64
    // heads of 128 + 64 rope for q/k and 128 for v; vocabulary 163,840, untied head). A token reads 21.139B of routed
    // experts (480 x 44,040,192) and 10.547B of the rest: attention 6.168B (61 x 101,122,048), the shared experts
    // 2.642B, the dense MLP 0.396B, the routers 0.165B and the output head 1.174B (the embedding is one row). The
    // checkpoint's quantization_config ignores lm_head, self_attn, shared_experts and mlp.(gate|up|down)_proj (the
    // dense MLP; K2.5's and K2.6's config.json list the same), and the routers are no Linear it targets: all BF16, as
    // vLLM and SGLang load and read them. (21.139 x 4.5 + 10.547 x 16) / 31.686 = 8.33 bits a token reads: 33.0 GB,
    // 1.78 times the 18.5 GB of 32B at the file's 4.63. A GGUF conversion that keeps the experts in Q4_0 and the rest
    // in Q8_0 would read 5.83; no such file is what the format names.
    active_bits_per_weight: {
      value: 8.33,
      basis:
        "Kimi K2: 21.139B routed-expert parameters at 4.5 bits and 10.547B of attention, shared expert, dense MLP, routers " +
        "and output head in the checkpoint's BF16 (config.json; quantization_config ignores them) over 31.686B read",
    },
  },
  {
    id: 'mxfp4',
    name: 'MXFP4',
    bits_per_weight: 4.47,
    native: 'mxfp4',
    expert_bits: 4.25,
    // bartowski/openai_gpt-oss-20b-GGUF (llama.cpp b6096): "All quants keep the feed forward networks at mxfp4 ...
    // the size savings is basically non-existent"; its Q6_K file is 12.04 GB against 12.1 GB for MXFP4.
    smallest: 'GGUF quantizations keep the MXFP4 experts, so a smaller type saves almost nothing (bartowski/openai_gpt-oss-20b-GGUF: Q6_K 12.04 GB, MXFP4 12.1 GB)',
    basis: 'gpt-oss-120b checkpoint 60.8 GiB / 116.83B parameters (OpenAI gpt-oss model card)',
    // OpenAI's gpt-oss model card: gpt-oss-120b's 5.13B active parameters are 3.585B of routed experts (114.71B of MLP
    // x 4 of 128 experts) and 1.545B of attention (0.96B) and output head (0.58B, vocabulary 201,088 x 2,880). The
    // experts are MXFP4 (4.25 bits); llama.cpp's GGUF (ggml-org/gpt-oss-120b-GGUF, 59.02 GiB) keeps the rest at 8 bits
    // or more: its file less 114.71B x 4.25 / 8 leaves 9.2 bits a weight for the non-expert 2.12B (8.6 for
    // gpt-oss-20b's 11.27 GiB), Q8_0's 8.5 and a few F32 tensors. (3.585 x 4.25 + 1.545 x 8.5) / 5.13 = 5.53 bits a
    // token reads; gpt-oss-20b's breakdown (2.39B of experts, 1.22B of the rest) gives 5.69. The checkpoint itself keeps
    // that share in BF16 (7.77 bits a token), which a stock vLLM build reads.
    // Each model reads its own split where its expert geometry is known (active-bits.ts): gpt-oss-20b 5.69, not 5.53.
    active_bits_per_weight: {
      value: 5.53,
      basis:
        'gpt-oss-120b: 3.585B routed-expert parameters at 4.25 bits and 1.545B of attention and output head at ' +
        "Q8_0's 8.5 (OpenAI gpt-oss model card; ggml-org/gpt-oss-120b-GGUF) over 5.13B active",
      split: {
        rest_bits: 8.5, rest: "attention, output head and any shared expert at Q8_0's",
        source: 'OpenAI gpt-oss model card; llama.cpp src/llama-quant.cpp, MXFP4_MOE: expert tensors MXFP4, the others Q8_0',
      },
    },
  },
  { id: 'q3_k_m', name: 'Q3_K_M', bits_per_weight: 3.9, runtime: GGUF, basis: 'llama.cpp tools/quantize, Llama-2-7B: 3.91' },
];

/**
 * The highest precision chosen unless the caller asks for more (`min_bits` above it or a named quantization):
 * Q8_0. Above it the quality gain is within measurement noise (llama.cpp's Llama-3.1-8B table: Q8_0 KL divergence
 * 0.0004 against BF16) while decode, bound by the bytes read, is about twice as slow.
 */
export const DEFAULT_MAX_BITS = 8.5;

export type KvCacheType = 'f16' | 'q8_0' | 'q4_0';

/**
 * Bytes per cached key or value element by cache type. F16 is the default of llama.cpp, vLLM and transformers.
 * Q8_0 and Q4_0 are ggml block types (ggml/src/ggml-common.h): block_q8_0 holds 32 int8 values and one FP16 scale
 * (34 bytes per 32 values), block_q4_0 32 4-bit values and one FP16 scale (18 bytes per 32); llama.cpp offers them
 * with `--cache-type-k/--cache-type-v`.
 */
export const KV_CACHE_BYTES: Readonly<Record<KvCacheType, number>> = { f16: 2, q8_0: 34 / 32, q4_0: 18 / 32 };

/**
 * Runtime overhead per accelerator, GB: the runtime's compute buffers (activations, logits, attention scratch), which
 * every card of a split holds whatever the model's size. Published llama.cpp logs (CUDA, n_ubatch 512) show 0.11-0.70
 * GB at default settings (Qwen3-235B-A22B with flash attention, llama.cpp's default since 2025: 313 MiB at 16,384
 * tokens; Command-R 35B split over two cards without it: 672 MiB at 4,096); docs/hardware-and-cost.md section 1
 * lists every row with its source, and where the buffer outgrows this (long contexts, flash attention off).
 * The CUDA context is not counted here: it is outside `usable_fraction` already (24 GiB cards report 22,994-23,999
 * MiB free once it exists). Not a share of the weights: llama.cpp allocates weights and KV cache at their exact
 * size, so the former 10% of (weights + KV) charged a 32B model 2.2 GB that no log shows.
 */
export const OVERHEAD_FIXED_GB_PER_DEVICE = 0.75;

/** Fit levels (DESIGN.md section 7): comfortable up to 85% of usable memory, tight up to 100%, otherwise no. */
export const COMFORTABLE_MAX_FRACTION = 0.85;

/**
 * Share of peak memory bandwidth at which a decode step streams its weights where the batch-1 runtime has no row in
 * DECODE_EFFICIENCY_BY_BACKEND: a serving runtime (vLLM, SGLang, TensorRT-LLM: every batched serving figure and the
 * tensor-parallel batch-1 figure of NVLink machines) and llama.cpp on ROCm, Vulkan or anything else. It was the single
 * value fitted with the per-layer latency below over every single-device decode row of
 * data/curated/speed-measurements.csv (a minimax grid, 0.67 with 45 us), before those rows showed that llama.cpp's
 * CUDA and Metal kernels stream at different shares; the rows it still answers read: ROCm (RX 7900 XTX) 1.04x, vLLM on
 * a DGX Spark 0.81x (its MXFP4 build's attention in MXFP4, read here at 8 bits), TensorRT-LLM on 8 x B200 1.00x, the
 * vLLM serving rows of docs/hardware-and-cost.md section 6.
 */
export const DECODE_EFFICIENCY = 0.67;

/** The batch-1 runtimes whose weight-streaming share is fitted on their own rows. */
export type DecodeBackend = 'cuda' | 'metal';

/**
 * Share of peak memory bandwidth at which llama.cpp streams a model's weights at batch 1, by backend: one value per
 * backend, never per card. Each is the minimax optimum (0.01 steps, given LAYER_LATENCY_S) over the rows of
 * data/curated/speed-measurements.csv with that `runtime` from its `fitted_on` scoreboard (Llama 2 7B Q4_0 tg128 on
 * every card the scoreboard lists in the table; F16 and Q8_0 too on the M1 Max); every other row of the backend is held
 * out, and docs/hardware-and-cost.md ("Calibration") gives the error on both sets before and after.
 * cuda 0.81: the discrete cards (RTX 3060 to RTX PRO 6000, RTX 5090) imply 0.84-1.13 of their peak at 45 us a layer,
 * the LPDDR parts less (DGX Spark 0.87, Jetson AGX Orin 0.66, the worst row at 1.22x; the DGX Spark's other llama.cpp
 * rows, held out, read 0.90-1.01x at 0.81, so GB10 takes the CUDA share); the single 0.67 read the
 * RTX 4090 0.72-0.88x on every row. metal 0.61: on its scoreboard the Ultra chips (two dies) imply 0.46-0.52, the Max
 * and Pro chips 0.64-0.80; the single 0.67 read the M1 Ultra 1.39x. Not a share by chip or class: over all 30 Metal
 * rows one chip spans more than the chips do (M2 Ultra 0.38-0.85, by size, depth and build; M1 Max 0.46-0.80, by
 * format), and no grouping (Ultra or not, generation, chip) fitted on four sources reads the fifth better than 0.61
 * does (1.49-1.58x held out against 1.50x over all 30; calibration-apple.test.ts, docs "Decode efficiency by chip").
 */
export const DECODE_EFFICIENCY_BY_BACKEND: Readonly<Record<DecodeBackend, { efficiency: number; runtime: string; fitted_on: string }>> = {
  cuda: { efficiency: 0.81, runtime: 'llama.cpp CUDA', fitted_on: 'https://github.com/ggml-org/llama.cpp/discussions/15013' },
  metal: { efficiency: 0.61, runtime: 'llama.cpp Metal', fitted_on: 'https://github.com/ggml-org/llama.cpp/discussions/4167' },
};

/**
 * Share of peak memory bandwidth at which a decode step reads the KV cache. The weights' efficiency was fitted on
 * tg128/tg512 rows, whose cache is under 1% of the weights, and read the cache at the same share: Llama 2 7B's 17.3 GB
 * of cache at 32,768 tokens on an RTX 3090 came out 0.71x. Fitted like ALLREDUCE_LATENCY_S, given the weights' share of
 * each row's backend (DECODE_EFFICIENCY_BY_BACKEND) and the per-layer latency: the value that minimises the largest
 * ratio error over the decode rows of data/curated/speed-measurements.csv run with flash attention whose cache read is
 * over 10% of their weights (llama.cpp at 4,096-32,768 tokens on CUDA, ROCm and Metal; optimum 0.82, worst the M2
 * Ultra at 8,192 tokens at 1.27x and the RTX 4090 at 32,768 at 0.79x; the objective is flat, 1.27-1.30x from 0.82 to
 * 1.00). The rows run without flash attention (llama-bench tg8192, May 2024) read their cache otherwise and stay out.
 * Same-card pairs from an empty cache and at depth say why one value: flash attention streams the cache at 0.99
 * (RTX 3090, Llama 2 7B), 0.82 (RX 7900 XTX, Llama 3 8B) and 0.69 (RTX 3090, Gemma 4 26B-A4B) of the peak, the Metal
 * kernel at 0.35 (M2 Ultra, Qwen3-30B-A3B at 8,192 tokens). docs/hardware-and-cost.md, "Calibration", lists them.
 * The single stream's reader (one sequence, llama.cpp); a batch served reads at SERVING_KV_READ_EFFICIENCY below.
 */
export const KV_READ_EFFICIENCY = 0.82;

/**
 * Share of peak memory bandwidth at which a batched serving runtime (vLLM's paged attention, many sequences a step)
 * reads the KV cache: the serving model's (serving.ts, estimate_cost; models_for_hardware above concurrency 1), where
 * KV_READ_EFFICIENCY is llama.cpp's flash-attention single stream. A different reader of the cache, so fitted on its own
 * rows: the value that minimises the largest ratio error over the serving rows of data/curated/speed-measurements.csv
 * whose cache read is over 10% of their weights (the four vLLM Qwen3-8B runs on an H100, FP8 and BF16, v0.8.5 and
 * v0.10.2), their batch the one vLLM's own budget holds (vllm-memory.ts: 0.9 of the card less about 6 GiB and the
 * weights): optimum 0.73, worst 1.08x, the rows 0.92-1.08x (0.69 while the batch was sized on the service's 0.95 less
 * 0.75 GB, ~16% more sequences). The H100 NVL row reads its weights far more than its cache (1.29x); the L40S row,
 * memory-bound in vLLM's budget since 48 GB cards are sized in it (1.18x; 1.23x and compute-bound before), reads a cache
 * 0.28 of its weights, so the rows fitted are those whose cache a step reads more than the weights (taken in, 0.65).
 */
export const SERVING_KV_READ_EFFICIENCY = 0.73;

// The per-layer step times (LAYER_LATENCY_S, the Metal MoE, hybrid and tensor-parallel terms, LAYER_HANDOFF_S).
export * from './constants-step.ts';

/**
 * Share of a GeForce card's dense FP16 compute (Hardware.compute_tflops: tensor throughput with FP16 accumulate, the
 * rate llama.cpp's cuBLAS path runs at: CUBLAS_COMPUTE_16F) that prefill of a dense model achieves, at 2 FLOPs per
 * active parameter per token; calibrated on the dense GeForce prefill rows of the same table (the geometric middle of
 * their implied shares, 0.30 for Llama 3 70B on 4 x RTX 3090 to 0.60 for Llama 2 7B Q4_0 on an RTX 4090: 0.42).
 * Other classes of accelerator reach another share of their rated figure: PREFILL_CLASS_FACTOR.
 */
export const PREFILL_EFFICIENCY = 0.42;

/**
 * The flat share for a mixture-of-experts model where the tokens each expert gets are not the prompt's: a batched
 * decode step's compute (memory.ts `decodeTokensPerSecond`, vLLM). A prompt takes the share of its tokens an expert
 * (prefill-moe.ts). The middle of the first two MoE prefill rows' implied shares (gpt-oss-20b on an RTX 4090, 0.24;
 * DeepSeek-V2-Lite on an RTX 3090, 0.14): 0.19, the prompt rule's share at 82 tokens an expert.
 */
export const MOE_PREFILL_EFFICIENCY = 0.19;

/**
 * Which prefill share an accelerator's rated compute takes. geforce: NVIDIA's consumer cards, the class the
 * efficiencies above are fitted on. professional: workstation and data-centre accelerators (RTX A6000, RTX 6000 Ada,
 * L40S, A40, A100, H100, AMD Instinct ...), whose rated figure is reached at most at boost clocks that a 300-350 W
 * board does not hold under tensor load. AMD Radeon and Ryzen AI Max GPUs take this class too: their figure is the
 * boost-clock WMMA peak, and their measured prefill (RX 7900 XTX 0.22, Ryzen AI Max 385 0.31 of it) sits inside the
 * class's range; so does Intel's Arc B580 (its XMX rate at the rated clock; llama.cpp SYCL 0.33 of it). apple: Apple
 * GPUs, whose figure is the SIMD FP32 = FP16 rate, not a matrix-unit peak, so their kernels reach more of it.
 */
export type ComputeClass = 'geforce' | 'professional' | 'apple';

/**
 * The class an MoE prompt's factor is read by (decode.ts `moePrefillClass`): a compute class, or `strix_halo` (Ryzen AI
 * Max GPUs, RDNA 3.5) or `rx_7900_xtx` (RDNA 3), which keep the workstation class's dense factor (0.72) but have an
 * MoE factor of their own, fitted on their own llama.cpp runs (MOE_PREFILL_CLASS_FACTOR).
 */
export type MoeComputeClass = ComputeClass | 'strix_halo' | 'rx_7900_xtx';

/**
 * The share of a GeForce card's prefill efficiency each class reaches, fitted like the efficiencies on the same
 * table (the geometric middle of each class's implied shares over PREFILL_EFFICIENCY). professional: 0.20 (A40, Llama 3
 * 70B Q4_K_M) to 0.47 (RTX A6000, 8B F16), middle 0.30 = 0.72 x 0.42; llama-bench measures the RTX 6000 Ada at 0.81
 * of an RTX 4090 (pp512, Llama 3 8B Q4_K_M: 5,792 against 7,139 tokens/s) where their rated figures read 1.10.
 * apple: 0.47 (M1 Max, 70B Q4_K_M) to 0.87 (M3 Max, 8B F16), middle 0.64 = 1.52 x 0.42.
 */
export const PREFILL_CLASS_FACTOR: Readonly<Record<ComputeClass, number>> = { geforce: 1, professional: 0.72, apple: 1.52 };

/**
 * The same factor for a mixture-of-experts model, over the GeForce MoE share, fitted with the tokens-an-expert rule
 * (prefill-moe.ts) on the class's MoE rows. professional: six llama-bench pp2048 runs on a DGX Spark (GB10, 125 TFLOPS;
 * ggml-org benches/dgx-spark.md builds 6767 and 6918, llama.cpp#17906, a forum run of build 7486) at 16 to 256 tokens
 * an expert reach 0.115-0.218 of the rating, 0.87 of the GeForce rule at the same tokens an expert (the rule read
 * 0.89x-1.12x); the dense factor, 0.72, would read them 0.74x-0.92x. An expert's small matrices leave the tensor cores
 * waiting on memory, so the clock a board cannot hold under dense GEMM load costs an MoE prompt less.
 * strix_halo: four llama-bench pp512 runs at the default ubatch on a Ryzen AI Max+ 395 (59.39 TFLOPS), ROCm and Vulkan,
 * builds of October 2025 to February 2026, at 16 to 64 tokens an expert, reach 0.122-0.179 of the rating, 0.85-1.04 of
 * the GeForce rule at the same tokens an expert: 0.94 is their geometric middle (the rule reads them 0.91x-1.11x); the
 * dense factor it took before, 0.72, read them 0.69x-0.85x (docs/hardware-and-cost.md, "MoE prefill on Strix Halo").
 * rx_7900_xtx: ROCm pp2048 at ubatch 512, gpt-oss-20b (llama.cpp#18537) and Gemma 4 26B-A4B (#26284), t 64 and 32, imply
 * 1.28 and 1.05; their middle 1.16 reads them 0.90x and 1.10x (0.56x, 0.68x at 0.72; docs, "MoE prefill on the RX 7900 XTX").
 * Other AMD and Intel parts keep the dense factor (decode.ts `moePrefillClass`: no MoE row of theirs is fitted). No
 * Apple entry: an Apple GPU's MoE prompt takes one share of its rating whatever the tokens an expert (prefill-moe.ts
 * APPLE_MOE_PREFILL_SHARE, two Metal runs).
 */
export const MOE_PREFILL_CLASS_FACTOR: Readonly<Record<Exclude<MoeComputeClass, 'apple'>, number>> = { geforce: 1, professional: 0.87, strix_halo: 0.94, rx_7900_xtx: 1.16 };

/**
 * The class factor the flat MOE_PREFILL_EFFICIENCY takes (a batched decode step's compute), fitted with it on the same
 * six DGX Spark runs before the prompt took its tokens an expert: their shares 0.115-0.218, middle 0.158 = 0.83 x 0.19.
 */
// strix_halo and rx_7900_xtx: their dense factor, as every AMD part took before; no serving run on one is tabled.
export const MOE_FLAT_CLASS_FACTOR: Readonly<Record<Exclude<MoeComputeClass, 'apple'>, number>> = { geforce: 1, professional: 0.83, strix_halo: 0.72, rx_7900_xtx: 0.72 };

/**
 * The share of a GeForce card's rating (its FP16 tensor rate with FP16 accumulate, the rate llama.cpp runs and the
 * prefill efficiencies were fitted at) that a runtime accumulating in FP32 reaches: vLLM and SGLang, whose PyTorch
 * FP16/BF16 matmuls accumulate in FP32 (pytorch/pytorch issue 123558). NVIDIA's whitepapers rate GeForce FP32
 * accumulate at half: RTX 2080 Ti 113.8 and 56.9 dense TFLOPS (Turing), RTX 3090 142 and 71 (GA102), RTX 4090 330.3
 * and 165.2 (Ada), RTX 5090 419 and 209.5 (RTX Blackwell); workstation and data-centre parts run both at full rate.
 */
export const GEFORCE_FP32_ACCUMULATE_SHARE = 0.5;

/** Hours in an average month: 8,760 / 12, the unit cloud providers bill a dedicated month in. */
export const HOURS_PER_MONTH = 730;

/**
 * Share of rented hours during which the machine serves at its estimated throughput. A stated assumption:
 * real traffic is uneven over a day, so a machine sized for the volume idles part of the time.
 */
export const DEFAULT_UTILIZATION = 0.5;

/**
 * Most sequences a server decodes at once unless the caller says otherwise: vLLM's default `max_num_seqs` (256).
 * Memory (each sequence's KV cache) and compute usually bind first; the response says which did.
 */
export const DEFAULT_MAX_SEQUENCES = 256;

/** Purchased hardware is amortised over this many months (a stated default: three years). */
export const DEFAULT_AMORTIZATION_MONTHS = 36;

/** Electricity price for owned hardware, USD per kWh (a stated default the caller may change). */
export const DEFAULT_POWER_USD_PER_KWH = 0.15;

/** Self-hosting (cost, trust criterion 3) counts only quantizations of 4 bits per weight or more. */
export const MIN_SELF_HOSTING_BITS = 4;

/** Defaults of models_for_hardware and estimate_cost (DESIGN.md section 5). */
export const DEFAULT_CONTEXT = 8192;
export const DEFAULT_CONCURRENCY = 1;
export const DEFAULT_INPUT_SHARE = 0.75;
