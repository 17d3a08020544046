// Which runtime a quoted figure assumes on a configuration, and which weight formats that runtime serves there.
import type { Hardware } from '../schema/index.ts';
import { GEFORCE_FP32_ACCUMULATE_SHARE } from './constants.ts';
import { computeClass, decodeSplit } from './decode.ts';

/**
 * llama.cpp: GGUF files (Q8_0 ... Q3_K_M), what desktops, Apple machines and PCIe cards split by layer run.
 * vllm: vLLM or SGLang serving safetensors checkpoints (BF16, FP8, INT4 W4A16, the model's native format). Their
 * GGUF support is experimental and slow (vLLM docs, features/quantization/gguf: "highly experimental and
 * under-optimized"), so a figure quoted as vLLM is never paired with a K-quant.
 */
export type Runtime = 'llama.cpp' | 'vllm';

/** The figure a fit is for: a batch-1 speed (models_for_hardware, hardware fit) or a server's throughput (cost). */
export type Figure = 'batch' | 'serving';

/**
 * FP8 checkpoints on vLLM, by accelerator. w8a8: FP8 weights and activations on FP8 tensor cores, compute capability
 * 8.9 or more (Ada, Hopper, Blackwell) and AMD's CDNA3 Instinct parts (vLLM docs, features/quantization/fp8: "Ada
 * Lovelace, Hopper, and Blackwell GPUs are supported for W8A8"; "GPUs such as Nvidia H100 and AMD MI300x").
 * weight_only: "FP8 models will run on compute capability >= 7.5 (Turing) as weight-only W8A16, utilizing FP8 Marlin"
 * (Turing, Ampere): the same bytes read, no FP8 compute. none: no FP8 kernel (AMD RDNA, CDNA2, Intel, Apple, CPUs).
 */
export type Fp8Support = 'w8a8' | 'weight_only' | 'none';

// NVIDIA compute capability 8.9+: GeForce RTX 40 and 50 series, RTX 6000 Ada, RTX PRO Blackwell, L4, L40, L40S, H100,
// H200, B200, B300, GB10 (DGX Spark); AMD CDNA3: Instinct MI300X, MI325X (and MI355X, CDNA4).
const FP8_TENSOR = /GeForce RTX (40|50)\d\d|RTX 6000 Ada|RTX PRO \d000 Blackwell|\bL4\b|\bL40S?\b|\bH100\b|\bH200\b|\bB200\b|\bB300\b|\bGB10\b|\bMI3(00|25|55)X\b/i;
// NVIDIA compute capability 7.5-8.7: GeForce RTX 20 and 30 series, RTX A4000/A5000/A6000, T4, A10, A10G, A40, A100.
const TURING_AMPERE = /GeForce RTX (20|30)\d\d|\bRTX A\d000\b|\bT4\b|\bA10G?\b|\bA40\b|\bA100\b/i;

export function fp8Support(hardware: Hardware): Fp8Support {
  if (FP8_TENSOR.test(hardware.accelerator)) return 'w8a8';
  return TURING_AMPERE.test(hardware.accelerator) ? 'weight_only' : 'none';
}

/**
 * INT4 W4A16 (AWQ, GPTQ) on vLLM: NVIDIA from Turing on (vLLM docs, features/quantization, "Supported Hardware": AWQ
 * Turing, Ampere, Ada, Hopper yes; AMD GPU no; GPTQ the same but for Volta), through the Marlin kernels on Ampere and
 * later. The table marks both "no" on AMD GPUs, so an Instinct machine is not offered them.
 */
export function int4Support(hardware: Hardware): boolean {
  return /NVIDIA/i.test(hardware.accelerator) && (FP8_TENSOR.test(hardware.accelerator) || TURING_AMPERE.test(hardware.accelerator));
}

// Accelerators whose vLLM formats the support table settles: NVIDIA from Turing, AMD GPUs (FP8 only on CDNA3).
const VLLM_KNOWN = new RegExp(`${FP8_TENSOR.source}|${TURING_AMPERE.source}|\\bAMD\\b`, 'i');

// Data-centre accelerators, which a server runs under vLLM or SGLang even alone: NVIDIA's and AMD's cloud parts.
const DATA_CENTRE = /\bA100\b|\bH100\b|\bH200\b|\bB200\b|\bB300\b|\bL40S?\b|\bL4\b|\bA10G?\b|\bA40\b|\bT4\b|\bInstinct\b/i;

/**
 * The runtime whose figures an answer quotes for the configuration.
 * - batch: vLLM/SGLang where the speed is quoted tensor parallel over a GPU-to-GPU fabric (decode.ts: SXM, OAM, NVL
 *   machines with more than one device); llama.cpp everywhere else (one device, PCIe cards split by layer).
 * - serving: vLLM/SGLang wherever the throughput is (several devices: decode.ts `servingLayout` runs PCIe cards tensor
 *   parallel "as vLLM or SGLang run them"; one data-centre accelerator: the server a cloud GPU runs); llama.cpp on one
 *   desktop card, an Apple machine or a CPU (llama.cpp's server batches sequences the same way).
 * One ladder per quoted figure, not per machine: two RTX 4090s split by layer are quoted at batch 1 with K-quants and
 * costed as a vLLM server with FP8 or INT4, so a K-quant never stands beside a vLLM throughput.
 */
export function runtimeFor(hardware: Hardware, figure: Figure): Runtime {
  // Without a bandwidth (a bare memory size, an unnamed device) no speed is quoted, and on an accelerator vLLM's
  // support table does not name, what it would serve is not known: either way the fit keeps the GGUF ladder.
  if (!hardware.bandwidth_gbs || !VLLM_KNOWN.test(hardware.accelerator)) return 'llama.cpp';
  const split = decodeSplit(hardware);
  if (split === 'tensor') return 'vllm';
  if (figure === 'batch') return 'llama.cpp';
  return split === 'layer' || DATA_CENTRE.test(hardware.accelerator) ? 'vllm' : 'llama.cpp';
}

// NVIDIA compute capability 8.0-8.7 (Ampere): GeForce RTX 30 series, RTX A4000/A5000/A6000, A10, A10G, A40, A100.
const AMPERE = /GeForce RTX 30\d\d|\bRTX A\d000\b|\bA10G?\b|\bA40\b|\bA100\b/i;

/**
 * MXFP4 checkpoints (gpt-oss) on vLLM: FP4 compute on Blackwell data-centre parts, and weight-only FP4 through the
 * Marlin kernel elsewhere on NVIDIA from Ampere on (vLLM's log on an RTX PRO 6000: "Weight-only FP4 compression will
 * be used leveraging the Marlin kernel", vllm-project/vllm issue 31085; the quantization support table marks Marlin
 * Ampere, Ada and Hopper, not Turing); AMD's CDNA3/CDNA4 Instinct parts run gpt-oss too (vLLM's gpt-oss recipe).
 * Not Turing, not AMD RDNA or CDNA2.
 */
export function fp4Support(hardware: Hardware): boolean {
  return FP8_TENSOR.test(hardware.accelerator) || AMPERE.test(hardware.accelerator);
}

/**
 * The formats a runtime offers on a configuration: what the candidate ladder is built from (quantization.ts).
 * fp4: whether vLLM runs an MXFP4 checkpoint there (llama.cpp always does: GGML_TYPE_MXFP4).
 */
export type Ladder = { runtime: Runtime; fp8: Fp8Support; int4: boolean; fp4: boolean; key: string };

/**
 * llama.cpp's ladder, whatever the accelerator: the GGUF types, MXFP4 among them (ggml's MXFP4 type, the format of
 * ggml-org/gpt-oss-120b-GGUF), and no FP8 type (its FP8 feature request, ggml-org/llama.cpp issue 14020, closed stale;
 * the FP8 pull requests 10055 and 28485 unmerged): an FP8 checkpoint is converted to a GGUF type (Q8_0, BF16) first.
 */
export const GGUF_LADDER: Ladder = { runtime: 'llama.cpp', fp8: 'none', int4: false, fp4: false, key: 'llama.cpp' };

/** The ladder of the figure quoted on the configuration. */
export function ladderFor(hardware: Hardware, figure: Figure = 'batch'): Ladder {
  if (runtimeFor(hardware, figure) === 'llama.cpp') return GGUF_LADDER;
  const fp8 = fp8Support(hardware);
  const int4 = int4Support(hardware);
  const fp4 = fp4Support(hardware);
  return { runtime: 'vllm', fp8, int4, fp4, key: `vllm:${fp8}:${int4}:${fp4}` };
}

/** The runtime a serving figure assumes and the formats it was sized in, for the basis of a cost answer. */
export function servingRuntimeBasis(hardware: Hardware): string {
  const ladder = ladderFor(hardware, 'serving');
  if (ladder.runtime === 'llama.cpp') {
    return (
      "runtime: llama.cpp's server (GGUF types), the server assumed on one desktop card, an Apple machine or a CPU; " +
      'vLLM/SGLang formats are assumed on data-centre accelerators and on several cards'
    );
  }
  const fp8 = { w8a8: 'FP8 W8A8', weight_only: 'FP8 weight-only (W8A16 via FP8 Marlin)', none: 'no FP8' }[ladder.fp8];
  return (
    `runtime: vLLM or SGLang, sized in the formats they serve on ${hardware.accelerator}: BF16, ${fp8}, ` +
    `${ladder.int4 ? 'INT4 W4A16 (AWQ/GPTQ)' : 'no INT4 W4A16'}, the model's native format where they run it there; not GGUF K-quants, whose vLLM support is ` +
    'experimental; prefill is counted at the BF16/FP16 tensor rate whatever the format (the slow side for FP8 W8A8)'
  );
}

/**
 * The share of the configuration's prompt FLOP/s (decode.ts `servingFlops`, at the FP16-accumulate rating) a runtime
 * reaches: half on a GeForce card under vLLM or SGLang, which accumulate in FP32 (GEFORCE_FP32_ACCUMULATE_SHARE);
 * 1 under llama.cpp (its F16 path reaches 0.45-0.46 of an RTX 4090's FP16-accumulate rating, more than FP32
 * accumulate allows) and on every other class, whose parts run FP32 accumulate at the full rate.
 */
export function servingComputeShare(hardware: Hardware, runtime: Runtime): number {
  return runtime === 'vllm' && computeClass(hardware) === 'geforce' ? GEFORCE_FP32_ACCUMULATE_SHARE : 1;
}
