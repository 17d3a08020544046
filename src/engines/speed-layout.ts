// The layout a speed estimate assumes at a concurrency: llama.cpp's for one sequence, a serving runtime's for many.
import type { Hardware } from '../schema/index.ts';
import { ALLREDUCE_LATENCY_S, LAYER_LATENCY_S } from './constants.ts';
import { decodeLayout, decodeSplit, prefillFlops, servingFlops, servingLayout, type DecodeLayout } from './decode.ts';
import { splitNote } from './memory.ts';
import { servingComputeShare } from './runtime.ts';

export type SpeedLayout = {
  layout: DecodeLayout;
  /** FLOP/s prompts (and a compute-bound decode) run at under that layout; undefined without a compute figure. */
  flops: number | undefined;
  /** The layout in words when it is the serving one on PCIe cards, for the basis; null when decode.ts words it. */
  serving: string | null;
};

// Microseconds as an answer writes them (19e-6 x 1e6 is 18.999999999999996 in floating point).
const us = (seconds: number) => Number((seconds * 1e6).toFixed(3));

/**
 * The layouts without a serving runtime's words, per configuration object and layer count (a 100-entry page asks for
 * one some 500 times: each model's speed and each alternative's). Bounded by the catalogue's layer counts.
 */
const batchOneLayouts = new WeakMap<Hardware, Map<number, SpeedLayout>>();

/**
 * One sequence on PCIe cards is what llama.cpp, Ollama and LM Studio run: split by layer, one card at a time
 * (decode.ts `decodeLayout`, `prefillFlops`). Several sequences at once is a server, and estimate_cost serves them with
 * vLLM or SGLang tensor parallel on the same cards (decode.ts `servingLayout`, `servingFlops`): the same layout here,
 * so models_for_hardware and estimate_cost give one figure for one machine, model, quantization and batch. One device
 * and a GPU-to-GPU fabric have a single layout either way. `layersWords`: the layer count as the text says it
 * (`each model's` in a line that speaks for every model of an answer, as decode.ts `layoutBasis` takes it).
 */
export function speedLayout(hardware: Hardware, layers: number, concurrency: number, layersWords: number | string = layers): SpeedLayout {
  if (concurrency <= 1 || decodeSplit(hardware) !== 'layer') {
    // The same for every model of that many layers on the configuration, at any concurrency: made once per pair.
    let byLayers = batchOneLayouts.get(hardware);
    if (!byLayers) batchOneLayouts.set(hardware, (byLayers = new Map()));
    let made = byLayers.get(layers);
    if (!made) {
      made = Object.freeze({ layout: Object.freeze(decodeLayout(hardware, layers)), flops: prefillFlops(hardware), serving: null });
      byLayers.set(layers, made);
    }
    return made;
  }
  const n = hardware.count;
  const rated = servingFlops(hardware);
  return {
    layout: servingLayout(hardware, layers),
    // vLLM or SGLang: on GeForce cards at the FP32-accumulate rate (runtime.ts `servingComputeShare`).
    flops: rated === undefined ? undefined : rated * servingComputeShare(hardware, 'vllm'),
    serving:
      `the ${n} PCIe cards in tensor parallel, as a server decoding ${concurrency} sequences runs them (vLLM or SGLang ` +
      `with --tensor-parallel-size ${n}, the layout of estimate_cost's serving figures): every card reads its share ` +
      `of every step, so decode reads at the summed bandwidth and prompts run on all ${n} cards' compute, plus a ` +
      `per-token floor of ${layersWords} layers x ${us(LAYER_LATENCY_S)} us and ${us(ALLREDUCE_LATENCY_S)} us of ` +
      'all-reduces per layer, the PCIe all-reduces counted at the NVLink latency, which no calibration row measures ' +
      '(the fast side); at concurrency 1 the cards are split by layer, as llama.cpp runs them' +
      (servingComputeShare(hardware, 'vllm') < 1
        ? '; prompts at half the GeForce FP16-accumulate rating, vLLM and SGLang accumulating in FP32'
        : ''),
  };
}

/**
 * The fit's note on how the cards share the model (memory.ts `splitNote`), at the concurrency asked: PCIe cards serving
 * several sequences are taken tensor parallel, which the batch-1 note says the estimate does not assume.
 */
export function fitSplitNote(hardware: Hardware, concurrency: number): string | null {
  if (concurrency <= 1 || decodeSplit(hardware) !== 'layer') return splitNote(hardware);
  const n = hardware.count;
  return (
    `weights and KV cache split across ${n} x ${hardware.accelerator} (tensor parallel over PCIe, as a server decoding ` +
    `${concurrency} sequences runs them: vLLM or SGLang with --tensor-parallel-size ${n}): memory is the sum of the ${n} ` +
    'cards; every card reads its share of each step. At concurrency 1 the estimate splits them by layer, as llama.cpp does.'
  );
}
