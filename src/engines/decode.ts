// How a configuration's devices share one decode step, and the per-layer latency floor every step pays.
import type { Hardware } from '../schema/index.ts';
import { ALLREDUCE_LATENCY_S, DECODE_EFFICIENCY, GB, LAYER_LATENCY_S, MOE_PREFILL_EFFICIENCY, PREFILL_EFFICIENCY } from './constants.ts';
import { isMixtureOfExperts } from './moe.ts';

/**
 * single: one device. tensor: every layer split across the devices, which read their shares in parallel and
 * all-reduce twice per layer (needs a fast link: NVLink, NVSwitch, Infinity Fabric). layer: the layers dealt out to
 * the devices, which take turns on each token (llama.cpp's default `--split-mode layer`), so a step runs at one
 * device's bandwidth.
 */
export type DecodeSplit = 'single' | 'tensor' | 'layer';

/**
 * Accelerators the catalogue names as socketed modules on a GPU-to-GPU fabric (SXM, OAM, the B200 and H200 boards,
 * the H100 NVL pair sold bridged): only these are assumed to run tensor parallel. Every other multi-card
 * configuration sits on PCIe, where consumer runtimes split by layer; nothing in the catalogue says otherwise.
 */
const FABRIC = /\bSXM|\bB200\b|\bB300\b|\bH200\b|\bH100 NVL\b|\bMI250\b|\bMI300X\b|\bMI325X\b|\bMI355X\b/i;

/** How the configuration's devices share a decode step. */
export function decodeSplit(hardware: Hardware): DecodeSplit {
  if (hardware.count <= 1) return 'single';
  return FABRIC.test(hardware.accelerator) ? 'tensor' : 'layer';
}

export type DecodeLayout = {
  split: DecodeSplit;
  /** Bytes per second one decode step reads at: one device's bandwidth, or all of them under tensor parallelism. */
  bandwidth: number;
  /** Seconds a step pays whatever it reads: layers x (per-layer latency + the all-reduces of a tensor split). */
  step_latency_s: number;
};

/** The decode layout of a model with `layers` layers on the configuration (it must have a bandwidth). */
export function decodeLayout(hardware: Hardware, layers: number): DecodeLayout {
  if (!hardware.bandwidth_gbs) throw new RangeError(`${hardware.id} has no memory bandwidth: its speed is not estimated`);
  const split = decodeSplit(hardware);
  const perDevice = hardware.bandwidth_gbs.value * GB;
  const tensor = split === 'tensor';
  return {
    split,
    bandwidth: tensor ? perDevice * hardware.count : perDevice,
    step_latency_s: layers * (LAYER_LATENCY_S + (tensor ? ALLREDUCE_LATENCY_S : 0)),
  };
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

/** The layout in words, for an answer's `basis`. */
export function layoutBasis(hardware: Hardware, layout: DecodeLayout, layers: number): string {
  const floor = `${layers} layers x ${LAYER_LATENCY_S * 1e6} us`;
  if (layout.split === 'single') return `plus a per-token floor of ${floor} (kernel launches and small kernels)`;
  if (layout.split === 'tensor') {
    return (
      `the ${hardware.count} devices in tensor parallel over their GPU-to-GPU fabric, plus a per-token floor of ${floor} ` +
      `and ${ALLREDUCE_LATENCY_S * 1e6} us of all-reduces per layer, calibrated on published multi-GPU batch-1 measurements`
    );
  }
  return (
    `${hardware.count} PCIe cards split by layer (llama.cpp's default): each token passes through the cards in turn, ` +
    `so decode runs at one card's bandwidth, plus a per-token floor of ${floor}; a tensor-parallel runtime ` +
    `(vLLM, llama.cpp --split-mode tensor) can be faster, which no measurement in the calibration table covers`
  );
}

/** Share of dense FP16 compute prompt processing reaches: lower for a mixture-of-experts model. */
export function prefillEfficiency(activeParameters: number, totalParameters: number): number {
  return isMixtureOfExperts(activeParameters, totalParameters) ? MOE_PREFILL_EFFICIENCY : PREFILL_EFFICIENCY;
}

/** The decode model in one line, for the assumptions and `derived_from` of answers that estimate speed. */
export const DECODE_BASIS =
  `decode: (active weights + KV cache read) / (${DECODE_EFFICIENCY} x memory bandwidth) + layers x ${LAYER_LATENCY_S * 1e6} us ` +
  `per token (+ ${ALLREDUCE_LATENCY_S * 1e6} us of all-reduces per layer when SXM/NVLink devices run tensor parallel; ` +
  'PCIe cards split by layer read at one card\'s bandwidth at batch 1; a serving runtime runs them tensor parallel, ' +
  'the PCIe all-reduces counted at the NVLink latency, which no calibration row measures)';

/** The prefill model in one line. */
export const PREFILL_BASIS =
  `prefill: ${PREFILL_EFFICIENCY} (dense) or ${MOE_PREFILL_EFFICIENCY} (mixture-of-experts) x dense FP16 compute / ` +
  '(2 x active parameters)';
