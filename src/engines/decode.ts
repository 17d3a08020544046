// How a configuration's devices share one decode step, and the per-layer latency floor every step pays.
import type { Architecture, Hardware } from '../schema/index.ts';
import {
  ALLREDUCE_LATENCY_S,
  DECODE_EFFICIENCY,
  DECODE_EFFICIENCY_BY_BACKEND,
  GB,
  KV_READ_EFFICIENCY,
  LAYER_HANDOFF_S,
  LAYER_LATENCY_S,
  MOE_FLAT_CLASS_FACTOR,
  MOE_PREFILL_CLASS_FACTOR,
  MOE_PREFILL_EFFICIENCY,
  PREFILL_CLASS_FACTOR,
  PREFILL_EFFICIENCY,
  TENSOR_PARALLEL_HELD_OUT,
  type ComputeClass,
  type DecodeBackend,
  type MoeComputeClass,
} from './constants.ts';
import { isMixtureOfExperts } from './moe.ts';
import {
  APPLE_MOE_PREFILL_SHARE, LLAMA_CPP_UBATCH, MOE_PREFILL_SHARE_AT_64, MOE_PREFILL_SHARE_EXPONENT, moePrefillShare, tokensPerExpert,
} from './prefill-moe.ts';

/**
 * single: one device. tensor: every layer split across the devices, which read their shares in parallel and
 * all-reduce twice per layer (vLLM, SGLang, TensorRT-LLM with `--tensor-parallel-size`; needs a fast link: NVLink,
 * NVSwitch, Infinity Fabric). layer: the layers dealt out to the devices, which take turns on each token (llama.cpp's
 * default `--split-mode layer`, what Ollama and LM Studio run), so a step runs at one device's bandwidth and pays a
 * hand-off at each boundary between two cards.
 */
export type DecodeSplit = 'single' | 'tensor' | 'layer';

/**
 * Whether the configuration's devices sit on a GPU-to-GPU fabric, read from the reviewed facts, never from the name:
 * `nvlink` `switch` (SXM modules on an NVLink baseboard: A100/H100/H200 SXM, B200) or a `peer_fabric` (AMD Instinct
 * over Infinity Fabric). Only these are taken to run tensor parallel. A `bridge` says the card takes one (RTX 3090,
 * RTX A6000, H100 PCIe and NVL), not that it is fitted: such pairs, like every other multi-card configuration and one
 * with no fact, are taken to sit on PCIe (the slower, layer-split figure; a machine text that says NVLink is told so).
 */
export function onFabric(hardware: Pick<Hardware, 'nvlink' | 'peer_fabric'>): boolean {
  return hardware.nvlink?.value === 'switch' || hardware.peer_fabric !== undefined;
}

/** How the configuration's devices share a decode step. */
export function decodeSplit(hardware: Hardware): DecodeSplit {
  if (hardware.count <= 1) return 'single';
  return onFabric(hardware) ? 'tensor' : 'layer';
}

export type DecodeLayout = {
  split: DecodeSplit;
  /** Bytes per second one decode step reads at: one device's bandwidth, or all of them under tensor parallelism. */
  bandwidth: number;
  /**
   * Seconds a step pays whatever it reads: layers x (per-layer latency + the all-reduces of a tensor split), plus a
   * hand-off per boundary between cards of a layer split.
   */
  step_latency_s: number;
};

/** The decode layout of a model with `layers` layers on the configuration (it must have a bandwidth). */
export function decodeLayout(hardware: Hardware, layers: number): DecodeLayout {
  if (!hardware.bandwidth_gbs) throw new RangeError(`${hardware.id} has no memory bandwidth: its speed is not estimated`);
  const split = decodeSplit(hardware);
  const perDevice = hardware.bandwidth_gbs.value * GB;
  const tensor = split === 'tensor';
  const handoffs = split === 'layer' ? (hardware.count - 1) * LAYER_HANDOFF_S : 0;
  return {
    split,
    bandwidth: tensor ? perDevice * hardware.count : perDevice,
    step_latency_s: layers * (LAYER_LATENCY_S + (tensor ? ALLREDUCE_LATENCY_S : 0)) + handoffs,
  };
}

/**
 * The llama.cpp backend a batch-1 figure runs on the configuration, read from the accelerator's name: Metal on Apple
 * silicon, CUDA on an NVIDIA card split by layer or alone; null where the batch-1 runtime has no fitted row (AMD and
 * other vendors, and NVLink machines, whose batch-1 figure is a tensor-parallel serving runtime's).
 */
export function decodeBackend(hardware: Hardware): DecodeBackend | null {
  let b = backends.get(hardware);
  if (b === undefined) backends.set(hardware, (b = backendOf(hardware)));
  return b;
}

/**
 * A configuration's backend and class, read from its name once per configuration object: a 100-entry page asks for
 * them some 500 times, and each reading of the name allocated (docs/performance.md, fifteenth round).
 */
const backends = new WeakMap<Hardware, DecodeBackend | null>();
const classes = new WeakMap<Hardware, ComputeClass>();
/** moePrefillClass's reading, null for a part that keeps the dense factor. */
const moeClasses = new WeakMap<Hardware, MoeComputeClass | null>();

function backendOf(hardware: Hardware): DecodeBackend | null {
  if (/^Apple\b/i.test(hardware.accelerator)) return 'metal';
  if (/^NVIDIA\b/i.test(hardware.accelerator) && decodeSplit(hardware) !== 'tensor') return 'cuda';
  return null;
}

/** Share of peak bandwidth a batch-1 decode streams the weights at on the configuration: its backend's, else DECODE_EFFICIENCY. */
export function decodeEfficiency(hardware: Hardware): number {
  const backend = decodeBackend(hardware);
  return backend === null ? DECODE_EFFICIENCY : DECODE_EFFICIENCY_BY_BACKEND[backend].efficiency;
}

/** The prefill class of the configuration's accelerator (constants.ts `ComputeClass`), read from its name. */
export function computeClass(hardware: Hardware): ComputeClass {
  let c = classes.get(hardware);
  if (c === undefined) {
    c = /GeForce/i.test(hardware.accelerator) ? 'geforce' : /^Apple\b/i.test(hardware.accelerator) ? 'apple' : 'professional';
    classes.set(hardware, c);
  }
  return c;
}

/**
 * FLOP/s a prompt is processed at on the configuration at batch 1, or undefined without a compute figure: the rated
 * figure x the class's share of it (PREFILL_CLASS_FACTOR). Under a layer split the cards take turns on a prompt
 * batch as on a token (llama-bench pp512 on 2 and 4 x RTX 4090 runs Llama 3 70B at 839 and 835 tokens/s, 8B at 7,004
 * and 6,749 against 7,139 on one card), so it is one card's compute; otherwise every device's.
 */
export function prefillFlops(hardware: Hardware): number | undefined {
  if (!hardware.compute_tflops) return undefined;
  const cards = decodeSplit(hardware) === 'layer' ? 1 : hardware.count;
  return hardware.compute_tflops.value * 1e12 * cards * PREFILL_CLASS_FACTOR[computeClass(hardware)];
}

/** FLOP/s a serving runtime processes prompts at: every device's (tensor parallel), at the class's share. */
export function servingFlops(hardware: Hardware): number | undefined {
  if (!hardware.compute_tflops) return undefined;
  return hardware.compute_tflops.value * 1e12 * hardware.count * PREFILL_CLASS_FACTOR[computeClass(hardware)];
}

/**
 * The share of the rated compute prompt processing reaches on the configuration: the efficiency x the class's factor
 * (an MoE model given its architecture: at its tokens an expert, `prefillEfficiency`).
 */
export function effectivePrefillEfficiency(hardware: Hardware, activeParameters: number, totalParameters: number, architecture?: Architecture): number {
  const c = computeClass(hardware);
  const e = prefillEfficiency(activeParameters, totalParameters, moePrefillClass(hardware), architecture);
  return Number((e * PREFILL_CLASS_FACTOR[c]).toFixed(2));
}

/**
 * The class whose MoE prefill factor (MOE_PREFILL_CLASS_FACTOR) the configuration takes, or undefined where an MoE
 * model keeps the dense factor. A Ryzen AI Max GPU (Strix Halo) has its own, fitted on four llama.cpp ROCm and Vulkan
 * runs of it, and the RX 7900 XTX its own, fitted on two ROCm runs of it (llama.cpp#18537 and #26284: at the dense
 * factor they read 0.56x and 0.68x, the slow side); other AMD and Intel parts, in the workstation and data-centre class
 * by their rating, have no MoE row in any fit and keep the dense factor (the RX 7900 XT too: RDNA 3, but no run).
 */
export function moePrefillClass(hardware: Hardware): MoeComputeClass | undefined {
  // Read from the name once per configuration, as computeClass is: a 100-entry page asks it some 300 times, and each
  // reading of the name allocated (docs/performance.md, twenty-eighth round).
  let c = moeClasses.get(hardware);
  if (c === undefined) {
    c = /^AMD Ryzen AI Max\b/i.test(hardware.accelerator) ? 'strix_halo'
      : /^AMD Radeon RX 7900 XTX\b/i.test(hardware.accelerator) ? 'rx_7900_xtx'
      : /^(AMD|Intel)\b/i.test(hardware.accelerator) ? null : computeClass(hardware);
    moeClasses.set(hardware, c);
  }
  return c ?? undefined;
}

/**
 * The dense factor of an MoE class's parts: a Ryzen AI Max GPU's and an RX 7900 XTX's is the workstation class's (their
 * dense runs read 1.04x and 0.73x-0.85x at it).
 */
function denseClassFactor(cls: MoeComputeClass): number {
  return PREFILL_CLASS_FACTOR[cls === 'strix_halo' || cls === 'rx_7900_xtx' ? 'professional' : cls];
}

/**
 * The layout a serving runtime uses. Batch-1 answers assume llama.cpp's layer split on PCIe cards (one card at a
 * time per token). A server decoding many sequences runs vLLM or SGLang with `--tensor-parallel-size` on the same
 * cards: every card reads its share of every step, so the step reads at all the cards' bandwidth and pays the
 * all-reduces of each layer, as on a fabric. PCIe all-reduces are slower than NVLink's; no measurement in the
 * calibration table covers them, so this is the fast side for PCIe servers, and the cost assumptions say so.
 */
export function servingLayout(hardware: Hardware, layers: number): DecodeLayout {
  const layout = decodeLayout(hardware, layers);
  if (layout.split !== 'layer') return layout;
  return {
    split: 'tensor',
    bandwidth: layout.bandwidth * hardware.count,
    step_latency_s: layers * (LAYER_LATENCY_S + ALLREDUCE_LATENCY_S),
  };
}

/**
 * Why a serving figure runs PCIe cards tensor parallel while the batch-1 figure splits them by layer, for the basis of
 * a serving answer; null when the two layouts are the same (one device, or a GPU-to-GPU fabric).
 */
export function servingSplitBasis(hardware: Hardware): string | null {
  if (decodeSplit(hardware) !== 'layer') return null;
  return (
    `split: the ${hardware.count} PCIe cards serve tensor parallel (vLLM or SGLang with --tensor-parallel-size ` +
    `${hardware.count}), not by layer as the batch-1 speed assumes: a server batching many sequences keeps every card ` +
    'reading its share of every step, where a layer split leaves all but one card waiting on each step; the PCIe ' +
    'all-reduces are counted at the NVLink latency, which no calibration row measures (the fast side)'
  );
}

// Seconds as the words of an answer write them (0.21e-3 x 1e3 is 0.21000000000000002 in floating point).
const us = (seconds: number) => Number((seconds * 1e6).toFixed(3));
const ms = (seconds: number) => Number((seconds * 1e3).toFixed(3));

/**
 * The layout in words, for an answer's `basis`: the split and the runtime the figure assumes. `layers` may be words (an
 * answer stating the layout once for many models writes "each model's").
 */
export function layoutBasis(hardware: Hardware, layout: DecodeLayout, layers: number | string): string {
  const floor = `${layers} layers x ${us(LAYER_LATENCY_S)} us`;
  if (layout.split === 'single') return `plus a per-token floor of ${floor} (kernel launches and small kernels)`;
  if (layout.split === 'tensor') {
    return (
      `the ${hardware.count} devices in tensor parallel over their GPU-to-GPU fabric (vLLM, SGLang or TensorRT-LLM ` +
      `with --tensor-parallel-size ${hardware.count}), plus a per-token floor of ${floor} and ` +
      `${us(ALLREDUCE_LATENCY_S)} us of all-reduces per layer, fitted on TensorRT-LLM's batch-1 run of gpt-oss-120b on 8 x ` +
      `B200; the ${TENSOR_PARALLEL_HELD_OUT.runs} published vLLM and SGLang runs held out of that fit (8 GPUs, 1 to 64 ` +
      `sequences, gpt-oss-120b and DeepSeek-R1) read ${TENSOR_PARALLEL_HELD_OUT.low}x-${TENSOR_PARALLEL_HELD_OUT.high}x ` +
      `of their measured speed (docs/hardware-and-cost.md, "${TENSOR_PARALLEL_HELD_OUT.section}"): divided by ` +
      `${TENSOR_PARALLEL_HELD_OUT.low} to ${TENSOR_PARALLEL_HELD_OUT.high}, a figure here gives the range those runs ` +
      `measured, mostly the slower side (${TENSOR_PARALLEL_HELD_OUT.slower} of the ${TENSOR_PARALLEL_HELD_OUT.runs} ran slower ` +
      `than their estimate); the two at one sequence, under vLLM, read ${TENSOR_PARALLEL_HELD_OUT.single_low}x and ` +
      `${TENSOR_PARALLEL_HELD_OUT.single_high}x: a single stream under vLLM or SGLang may run near ` +
      `${Math.round(100 / TENSOR_PARALLEL_HELD_OUT.single_high)}-${Math.round(100 / TENSOR_PARALLEL_HELD_OUT.single_low)}% of it`
    );
  }
  const handoffs = `${hardware.count - 1} card-to-card hand-off${hardware.count > 2 ? 's' : ''}`;
  return (
    `${hardware.count} PCIe cards split by layer (llama.cpp's default --split-mode layer, as Ollama and LM Studio run ` +
    `it): each token passes through the cards in turn, so decode and prompt processing run at one card's bandwidth ` +
    `and compute, plus a per-token floor of ${floor} and ${handoffs} of ${ms(LAYER_HANDOFF_S)} ms, calibrated on ` +
    `published llama.cpp runs on 2, 4, 6 and 8 RTX 3090/4090 cards; a tensor-parallel runtime (vLLM, ` +
    `llama.cpp --split-mode tensor) can be faster at batch 1, which no calibration row measures on PCIe`
  );
}

/**
 * Share of a GeForce card's dense FP16 compute prompt processing reaches. A mixture-of-experts model given its
 * `architecture` takes the share of the tokens each expert gets in llama.cpp's default ubatch (prefill-moe.ts
 * `moePrefillShare`, at `ubatch` when given); without one, the flat MOE_PREFILL_EFFICIENCY at its class factor
 * MOE_FLAT_CLASS_FACTOR (a batched decode step's compute, memory.ts; a serving runtime's prompts, serving.ts). With a
 * class, the share of FLOP/s that already carry the class's dense factor (prefillFlops): an MoE model's class factor
 * differs (MOE_PREFILL_CLASS_FACTOR), so its share is scaled by the ratio of the two, never above the class's dense
 * share. Without one, the GeForce share.
 */
export function prefillEfficiency(
  activeParameters: number, totalParameters: number, cls?: MoeComputeClass, architecture?: Architecture, ubatch?: number,
): number {
  if (!isMixtureOfExperts(activeParameters, totalParameters)) return PREFILL_EFFICIENCY;
  // Apple GPUs: one share of the rating whatever the tokens an expert (prefill-moe.ts), never above the dense one.
  if (cls === 'apple') return Math.min(APPLE_MOE_PREFILL_SHARE, PREFILL_EFFICIENCY * PREFILL_CLASS_FACTOR.apple) / PREFILL_CLASS_FACTOR.apple;
  const t = architecture === undefined ? undefined : tokensPerExpert(activeParameters, totalParameters, architecture, ubatch);
  const geforce = t === undefined ? MOE_PREFILL_EFFICIENCY : moePrefillShare(t, PREFILL_EFFICIENCY);
  if (cls === undefined) return geforce;
  const factor = (t === undefined ? MOE_FLAT_CLASS_FACTOR : MOE_PREFILL_CLASS_FACTOR)[cls];
  const dense = denseClassFactor(cls);
  return Math.min(geforce * factor, PREFILL_EFFICIENCY * dense) / dense;
}

/** The decode model in one line, for the assumptions and `derived_from` of answers that estimate speed. */
export const DECODE_BASIS =
  `decode: active weights / (efficiency x memory bandwidth), the efficiency llama.cpp's backend reaches at batch 1 ` +
  `(${DECODE_EFFICIENCY_BY_BACKEND.cuda.efficiency} on CUDA, ${DECODE_EFFICIENCY_BY_BACKEND.metal.efficiency} on Metal) and ` +
  `${DECODE_EFFICIENCY} elsewhere (ROCm, Vulkan, a serving runtime), + KV cache read / (${KV_READ_EFFICIENCY} x memory ` +
  `bandwidth) + layers x ${us(LAYER_LATENCY_S)} us ` +
  `per token (SXM/NVLink devices: tensor parallel as vLLM, SGLang or TensorRT-LLM run them, the summed bandwidth and ` +
  `${us(ALLREDUCE_LATENCY_S)} us of all-reduces per layer; PCIe cards: split by layer as llama.cpp runs them, one card's ` +
  `bandwidth and ${ms(LAYER_HANDOFF_S)} ms per card-to-card hand-off at batch 1; a serving runtime (vLLM or SGLang with ` +
  '--tensor-parallel-size) runs PCIe cards tensor parallel, the PCIe all-reduces counted at the NVLink latency, which ' +
  'no calibration row measures)';

// The dense efficiency of each class, as the answers state it (0.42 x 0.72 = 0.3024 is written 0.3).
const share = (c: ComputeClass) => Number((PREFILL_EFFICIENCY * PREFILL_CLASS_FACTOR[c]).toFixed(2));

/** The prefill model in one line. */
export const PREFILL_BASIS =
  `prefill: dense FP16 tensor compute with FP16 accumulate, the rate llama.cpp's prompt kernels run at (one card's ` +
  `when PCIe cards split by layer) x ${share('geforce')} on GeForce cards, ${share('professional')} on workstation and ` +
  `data-centre accelerators, ${share('apple')} of the GPU's FP32 = FP16 rate on Apple silicon (a mixture-of-experts ` +
  `model: by the tokens each expert gets in llama.cpp's default ubatch of ${LLAMA_CPP_UBATCH} prompt tokens, t = ` +
  `${LLAMA_CPP_UBATCH} x experts a token / experts, ${MOE_PREFILL_SHARE_AT_64} x (t / 64)^${MOE_PREFILL_SHARE_EXPONENT} ` +
  `on a GeForce card (0.118 at 16 tokens an expert, 0.215 at 128), x ${MOE_PREFILL_CLASS_FACTOR.professional} on NVIDIA ` +
  `workstation and data-centre accelerators, x ${MOE_PREFILL_CLASS_FACTOR.strix_halo} on a Ryzen AI Max (Strix Halo) GPU, ` +
  `x ${MOE_PREFILL_CLASS_FACTOR.rx_7900_xtx} on a Radeon RX 7900 XTX, ` +
  `x the dense factor (${PREFILL_CLASS_FACTOR.professional}) on other AMD and Intel ones, never above the dense share; ` +
  `fitted on nine llama.cpp runs on NVIDIA GPUs at 16-256 tokens an expert, read 0.89x-1.12x, and on four of a Ryzen AI ` +
  `Max+ 395 at 16-64, ROCm and Vulkan alike (the two measured Qwen3-30B-A3B within 4% of each other), read ` +
  `0.91x-1.11x, and on two of an RX 7900 XTX at 32-64, ROCm, read 0.90x-1.10x; on Apple silicon ${APPLE_MOE_PREFILL_SHARE} of the ` +
  `rate whatever t, from two Metal runs at 16 and 32 tokens an expert, read within 1.07x (a ubatch above 512 reaches ` +
  `more: 0.55-0.72 at 128-256 tokens an expert); a serving runtime's prompts, vLLM or SGLang batching to their own budget, at the flat ` +
  `${MOE_PREFILL_EFFICIENCY}, x ${MOE_FLAT_CLASS_FACTOR.professional} on NVIDIA workstation and data-centre ` +
  `accelerators) / (2 x active parameters)`;
