// Per-layer times a decode step pays whatever the bytes it reads: the launch floor, the Metal MoE, hybrid and
// tensor-parallel terms, the hand-off between layer-split devices (docs/hardware-and-cost.md, "Calibration").
// Kept apart from constants.ts, which re-exports them, so each file stays readable.

/**
 * Seconds every layer adds to a decode step on one device, whatever the bytes: kernel launches and the small
 * kernels (norms, rotary, routing, sampling) a token runs through. Fitted with DECODE_EFFICIENCY on the same rows
 * (45 microseconds); it is why a small-active MoE model does not decode at bandwidth / active bytes.
 */
export const LAYER_LATENCY_S = 45e-6;

/**
 * Seconds each layer of a mixture-of-experts model adds to a llama.cpp Metal decode step on top of LAYER_LATENCY_S:
 * the routing and the expert matrix-vector products (`mul_mat_id`) a dense layer does not launch. Fitted (minimax, 1 us
 * steps) on the Metal MoE rows of data/curated/speed-measurements.csv from llama.cpp builds of December 2025 or later that
 * state their build (DeepSeek-R1 Q4_K_M on an M3 Ultra, build 7315; Qwen3-30B-A3B Q8_0 on an M2 Ultra at tg32 and at
 * 8,192 tokens, llama.cpp#28439): 41 us, the two Qwen rows at 0.94x and 1.07x, DeepSeek-R1 0.99x. Each model left out,
 * the other's value (34 or 41 us) reads it within 0.96-1.10x; every older Metal MoE row moves nearer its measurement
 * (docs/hardware-and-cost.md, "A Metal MoE term"). On CUDA no term is taken: its MoE rows read as its dense rows do.
 */
export const METAL_MOE_LAYER_S = 41e-6;

/**
 * Seconds each linear-attention (Gated DeltaNet) layer of a hybrid model adds to a decode step: the recurrent layer's
 * short convolution, gates and delta-rule state update, kernels the bandwidth term does not count
 * (docs/hardware-and-cost.md, "Hybrid linear-attention models"). llama.cpp added one op for the state update in
 * February 2026 (GATED_DELTA_NET, llama.cpp#19504; alone 24-28 us a call on an RTX 5090, llama.cpp#22587), so the
 * term is fitted on the runs from builds after it (data/curated/speed-measurements.csv, `hybrid` rows): the two
 * CUDA runs, Qwen3.5-35B-A3B Q4_K_M on an RTX 5090 (214 tokens/s, an April 2026 article on b8870) and
 * Qwen3.6-35B-A3B Q8_0 on a DGX Spark (April 2026, 53), imply 54 and 88 us; 61 us minimises the largest ratio error
 * over them (0.96x and 1.05x). Held out, two runs on a Ryzen AI Max+ 395 read it on AMD's backends: ROCm (Qwen3.6-35B-A3B, August 2026, 46.73) 0.96x and
 * Vulkan (Qwen3.5-35B-A3B Q4_K_M, b8933, 64.55, llama.cpp#22375) 1.08x: one value on CUDA, ROCm and Vulkan, so no
 * per-backend term (no Metal run of these models is tabled). Leaving a CUDA row out moves the value to 50-63 us.
 * Before (0.18 ms, fitted on builds of January-June 2026): 0.55x, 0.87x, 0.83x and 0.87x on those four. The runs from
 * builds before the fused op read 2.0-2.4x fast at 61 us (1.72x for the 3 x RTX 3090 one at Ampere's 113 us; 0.25-0.28
 * ms a layer then; the first Vulkan build, b7189, 0.62 ms) and are held out. The state's own bytes (Qwen3.5-35B-A3B:
 * 32 value heads x 128 x 128 x 4 B = 2 MiB a layer, read and
 * written; transformers configuration_qwen3_5_moe.py) are not a term: 0.09 ms of the RTX 5090's 4.9 ms step, 0.73 ms
 * of the Ryzen's 22.2 ms; as a bandwidth term they would leave a kernel time of 10 us (ROCm), 76 us (Vulkan) and
 * 51-70 us (CUDA), a split one run per backend cannot settle, and the one fitted time reads all four within 1.08x.
 */
export const LINEAR_ATTENTION_LAYER_S = 61e-6;

/**
 * The same term on an NVIDIA Ampere card (RTX 30, A100, A10, A40, RTX A-series; decode-hybrid.ts names them), where
 * the 61 us above reads the published runs 1.2-1.4x fast. Two June 2026 runs on an RTX 3090
 * (data/curated/speed-measurements.csv): Qwen3.5-35B-A3B MXFP4 at 111.2 tokens/s at 4K context (smeltcore.com) and
 * Qwen3.6-35B-A3B at 135.7 with llama.cpp (runaihome.com; Q4_K_M, the card's row in its table, 1.834 GB). Until
 * 2026-11-29 the first row's active weights read at gpt-oss-120b's 5.53 bits, 2.074 GB, implying 149 us a layer, and
 * 125 us was fitted. llama.cpp's MXFP4_MOE keeps only the expert tensors in MXFP4 and the rest in Q8_0
 * (src/llama-quant.cpp), so the row reads its own 1.007B of routed experts at 4.25 bits and 1.993B at 8.5, 7.07 bits,
 * 2.651 GB (active-bits.ts): step 8.993 ms less 2.651 GB / (0.81 x 936 GB/s) = 3.497 ms and 40 x 45 us = 1.8 ms, over
 * 30 layers, 123 us; the second 7.369 ms less 2.419 and 1.8 ms, 105 us. 113 us minimises the largest ratio error over
 * the two (1.035x and 0.969x; at 125 us 0.99x and 0.93x, at 61 us 1.26x and 1.22x). Held out, a June 2026 RTX 3090
 * run on mainline llama.cpp (club-3090#390, 143.8 tokens/s decode, its quantization unstated: a file of about 15 GB)
 * reads 0.91x-1.02x over Q4_K_M's and that file's bytes (0.87x-0.97x at 125 us, 1.15x-1.32x at 61 us). Neither page states its build; both are
 * of June 2026, after the fused op. The kernels are latency-bound: an Ampere card clocks lower (RTX 3090 boost 1.70
 * GHz against the RTX 5090's 2.41), which accounts for 1.4x of the 2x, the rest unexplained. A non-hybrid MoE on the
 * same card also reads fast (Gemma-4-26B-A4B at ubatch 1, llama.cpp#29152: 1.21x), so part of the excess may be the
 * card's short-step floor rather than these layers; the rows cannot split the two. Ada (RTX 40) keeps 61 us: its one
 * figure found, an RTX 4090 at 120 tokens/s in the same runaihome.com guide, runtime unstated, reads 1.42x at 61 us and
 * 1.12x at 113, and is not tabled.
 */
export const AMPERE_LINEAR_ATTENTION_LAYER_S = 113e-6;

/**
 * Seconds each layer adds on a tensor-parallel configuration over NVLink (or AMD Infinity Fabric): two all-reduces
 * of the hidden state per layer. Fitted on the tensor-parallel decode row of the same table given the two constants
 * above (TensorRT-LLM, gpt-oss-120b on 8 x B200 at batch 1: 420 tokens/s, 2.38 ms a token, of which 1.62 ms is the
 * per-layer latency above). The vLLM and SGLang tensor-parallel rows are held out: at batch 1 they imply 108 us
 * (gpt-oss-120b, 8 x MI300X) and 245 us (DeepSeek-R1 AWQ, 8 x H100) a layer in all, at 4-64 sequences 83-312 us, so
 * no one value holds them, and the value the two vLLM single-stream rows ask for (86 us) would read the TensorRT-LLM
 * rows at 0.50x and 0.69x (docs/hardware-and-cost.md, "Tensor parallel at low concurrency").
 */
export const ALLREDUCE_LATENCY_S = 19e-6;

/**
 * Seconds an MLA mixture-of-experts layer (DeepSeek-V3's: latent attention, a router choosing 8 of 256 experts, a shared
 * expert) adds to a tensor-parallel step over the per-layer floor and all-reduces above. Fitted on one row, as the
 * all-reduce latency is, and in the same runtime on the same GPUs: TensorRT-LLM's DeepSeek-R1 on 8 x B200 at batch 1
 * without speculative decoding, 111 tokens/s (TensorRT-LLM tech blog 1, "Without MTP"), 9.01 ms a token of which the
 * bytes are 0.87 ms: 133 us a layer, where gpt-oss-120b's GQA layer with 4 of 128 experts costs 64 us. TensorRT-LLM's
 * own diagram of the layer counts a dozen kernels where a GQA layer runs about half as many (fused down-projection,
 * two norms, the query up-projection, two batched latent products, RoPE, attention, output; router GEMM and top-k, the
 * shared and the routed experts). The six vLLM and SGLang runs of DeepSeek-R1 on 8 x H100 and H200 are held out and
 * read 0.88x-1.93x with it (1.25x-3.18x without): docs/hardware-and-cost.md, "Tensor parallel at low concurrency".
 * Taken for every MLA mixture of experts (Kimi K2, GLM-5, Mistral Large 3 share the layer); no run of those is tabled.
 */
export const MLA_MOE_TENSOR_LAYER_S = 69e-6;

/**
 * How far the held-out vLLM and SGLang tensor-parallel decode runs read from the estimate (estimate / measured, each
 * one stream's figure at the run's concurrency and mean depth; calibration.test.ts checks these against the rows of
 * data/curated/speed-measurements.csv). Nine runs on 8 NVLink or Infinity Fabric GPUs at 1 to 64 sequences: from
 * DeepSeek-R1-0528 FP8 under SGLang 0.5.7 on 8 x H200 at 8 sequences (0.88x: the estimate slower) to the same at 4 on
 * another runner (1.93x; InferenceX#870 measured 22.73 ms a token there and 10.93-12.05 ms on two other runners at
 * longer mixes); gpt-oss-120b under vLLM reads 1.20x-1.65x. No per-layer term holds them all (the doc section), so an
 * answer resting on a tensor-parallel step states the spread beside its figure.
 */
export const TENSOR_PARALLEL_HELD_OUT = {
  runs: 9,
  low: 0.88,
  high: 1.93,
  /** How many of the runs ran slower than their estimate (the estimate / measured above 1). */
  slower: 7,
  /** The two runs at one sequence (vLLM, DeepSeek-R1 AWQ on 8 x H100 and gpt-oss-120b on 8 x MI300X). */
  single_low: 1.65,
  single_high: 1.74,
  section: 'Tensor parallel at low concurrency',
} as const;

/**
 * Seconds a token pays at each boundary between two cards of a layer split (llama.cpp's default `--split-mode
 * layer`): the hidden state copied to the next card and the wait for it. The median, over XiongjieDai's same-build
 * pairs (one card and 2 or 4 cards of the same model, RTX 3090 and RTX 4090, Llama 3 8B Q4_K_M and F16), of the
 * extra time a token takes per boundary: -0.14 to 0.41 ms, median 0.21 ms. A 70B model's layers dwarf it (2 x RTX 4090
 * decode Llama 3 70B at 19.22 tokens/s, one RTX 6000 Ada of about the same bandwidth at 18.52).
 */
export const LAYER_HANDOFF_S = 0.21e-3;
