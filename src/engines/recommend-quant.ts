// recommend_model's quantization under the usable-speed floor: the fit engine chooses the highest precision that fits
// (hardware-fit.ts); on hardware the caller owns or buys, a pick too slow at that precision runs at the highest one
// that both fits and reaches the floor, as an expert would run it (docs/trust-and-recommend.md, section 2.4).
import type { Hardware, Model } from '../schema/index.ts';
import { MIN_SELF_HOSTING_BITS, type QuantizationId } from './constants.ts';
import { fitModel, type FitAssessed, type QuantizationFit } from './hardware-fit.ts';
import type { Figure } from './runtime.ts';

/** The fit engine's order of choice among quantizations of 4 bits or more (fit-basis.ts chooseIndex): comfortable first, then tight. */
const LEVELS = ['comfortable', 'tight'] as const;

/**
 * The quantization to run a fit at under a floor: among those the fit tried (highest precision first), in the fit
 * engine's order (a comfortable fit before a tight one), the first of 4 bits per weight or more, the service's lowest
 * self-hosted format, whose batch-1 decode estimate reaches the floor. Null when the chosen one already reaches it, the
 * speed is not estimated, or none does.
 */
export function usableQuantization(fit: FitAssessed, floor: number): QuantizationFit | null {
  if (fit.fit === 'no' || fit.tokens_per_s === null || fit.tokens_per_s >= floor) return null;
  for (const level of LEVELS) {
    for (const q of fit.by_quantization) {
      if (q.bits_per_weight >= MIN_SELF_HOSTING_BITS && q.memory_fit === level && q.tokens_per_s !== null && q.tokens_per_s >= floor) return q;
    }
  }
  return null;
}

/**
 * The self-hosting fit (self-hosting.ts: batch 1, the serving runtime's formats, or with `figure` 'batch' the formats
 * models_for_hardware uses on a machine the caller owns) at exactly one quantization: the one usableQuantization chose,
 * with its memory, speed and inputs written out as models_for_hardware gives them.
 */
export function fitAt(m: Model, hardware: Hardware, context: number, q: QuantizationId, figure: Figure = 'serving'): FitAssessed {
  const r = fitModel(m, hardware, { context, concurrency: 1, min_bits_per_weight: MIN_SELF_HOSTING_BITS, figure, quantization: q });
  if (!r.assessable) throw new Error(`${m.id}: a fit at ${q} was described for a model without facts`);
  return r;
}

/** The higher quantization passed over for speed, in words: `Q8_0 would read at about 4.3 tokens/s`. */
export function slowerQuantizationText(fit: FitAssessed, slower: FitAssessed): string {
  return `${fit.quantization}, the largest format that reads at a usable speed here; ${slower.quantization}, the largest that fits, `
    + `would read at about ${slower.tokens_per_s} tokens/s.`;
}
