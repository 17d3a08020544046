// recommend_model's quantization under the usable-speed floor: the fit engine chooses the highest precision that fits
// (hardware-fit.ts); on hardware the caller owns or buys, a pick too slow at that precision runs at the highest one
// that both fits and reaches the floor, as an expert would run it (docs/trust-and-recommend.md, section 2.4).
import type { Hardware, Model } from '../schema/index.ts';
import { MIN_SELF_HOSTING_BITS, type QuantizationId } from './constants.ts';
import { assessFit, fitModel, fitsAtAll, type FitAssessed, type FitOptions, type QuantizationFit } from './hardware-fit.ts';
import { hasBandwidth, modelFacts } from './memory.ts';
import { choiceAt, fitBasis, scratchLevels, type FitLevel } from './fit-basis.ts';
import { windowUnknownAt } from './context-window.ts';
import type { Figure } from './runtime.ts';
import { batchOneTokensPerSecond, prefillSeconds } from './speed.ts';

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
 * How a model that fits runs under a floor: `fast` (the fit engine's own quantization reaches it, or no speed is
 * estimated: a machine named by its memory alone), `slow` (no quantization of 4 bits or more that fits reaches it), or
 * the quantization usableQuantization would choose.
 */
export type UsableFormat = 'fast' | 'slow' | QuantizationId;

/**
 * usableQuantization's answer for the self-hosting fit (self-hosting.ts: batch 1, in the formats of `figure`'s runtime:
 * the serving runtime's for a configuration costed, 'batch' for a machine the caller owns, as models_for_hardware
 * gives it), decided from the fit's sums without writing it out: the same assessment the fit engine makes (assessFit)
 * and the same batch-1 decode estimate its `tokens_per_s` and `by_quantization` give (speed.ts batchOneTokensPerSecond,
 * which speedOf's `tokens_per_s` is at concurrency 1; the figure sets only the formats tried, runtime.ts), read only
 * for the formats the choice needs. Deciding the floor for every model that fits a machine then costs a few sums each,
 * not a fit written out (its memory report, speed estimate and inputs in words): only the picks shown are. Undefined
 * when the model does not fit (or lacks the facts). With `prefillLimit` (seconds, recommend-speed.ts PREFILL_LIMIT_S),
 * a model that takes longer to read a prompt filling `context` (speed.ts prefillSeconds, the fit's
 * `time_to_first_token_s`) is `slow` at every quantization: prefill is compute-bound, no format shortens it.
 */
export function usableFormat(
  m: Model, hardware: Hardware, context: number, floor: number, figure: Figure = 'serving', prefillLimit: number | null = null,
): UsableFormat | undefined {
  const opts: FitOptions = { context, concurrency: 1, min_bits_per_weight: MIN_SELF_HOSTING_BITS, figure };
  // Whether it fits at all is a few sums with no objects made (fitsAtAll): most of a catalogue does not fit a small
  // machine, and a machine named by its memory alone has no speed to check.
  if (fitsAtAll(m, hardware, opts) !== true) return undefined;
  return formatOnFit(m, hardware, opts, floor, prefillLimit);
}

/** The levels of the candidates of formatOnFit's choice, copied out of the fit's scratch before a speed is read. */
const levelsTried: FitLevel[] = [];

/**
 * usableFormat for a model already known to fit (fitsAtAll true, or read from its least need: fit-least-need.ts), at
 * usableFormat's options. The choice and the levels of the candidates are assessFit's, from the same sums without its
 * objects (fitBasis and choiceAt: the weights kept with the candidate list, the KV cache and overhead added once), so
 * a catalogue machine asked at a new context decides each model that fits with a few sums and the batch-1 decode
 * estimates the floor needs, not a fit assessed with a memory report a candidate.
 */
export function formatOnFit(
  m: Model, hardware: Hardware, opts: FitOptions, floor: number, prefillLimit: number | null,
): UsableFormat | undefined {
  if (!hasBandwidth(hardware)) return 'fast';
  const facts = modelFacts(m);
  const basis = fitBasis(m, hardware, opts);
  const chosen = basis && choiceAt(basis, m, opts);
  if ('missing' in facts || !basis || !chosen) return undefined;
  for (let i = 0; i < basis.list.length; i++) levelsTried[i] = scratchLevels[i];
  if (prefillLimit !== null && (prefillSeconds(facts, hardware, opts) ?? 0) > prefillLimit) return 'slow';
  if (batchOneTokensPerSecond(facts, chosen.q, hardware, opts) >= floor) return 'fast';
  const { list } = basis;
  for (const level of LEVELS) {
    for (let i = 0; i < list.length; i++) {
      const q = list[i];
      if (q.bits_per_weight >= MIN_SELF_HOSTING_BITS && levelsTried[i] === level && batchOneTokensPerSecond(facts, q, hardware, opts) >= floor) return q.id;
    }
  }
  return 'slow';
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

/** The quantization a pick lowered for speed passes over: the fit engine's own choice, with its batch-1 speed. */
export type SlowerFormat = Pick<FitAssessed, 'quantization' | 'tokens_per_s'>;

/**
 * The fit engine's own choice on a configuration (the highest quantization of 4 bits or more that fits) and its batch-1
 * speed, from the fit's sums (assessFit, batchOneTokensPerSecond): the `quantization` and `tokens_per_s` the written-out
 * fit states, without its memory report, speed estimate and inputs in words. Only for a model that fits with a speed.
 */
export function engineChoice(m: Model, hardware: Hardware, context: number, figure: Figure = 'serving'): SlowerFormat {
  const opts: FitOptions = { context, concurrency: 1, min_bits_per_weight: MIN_SELF_HOSTING_BITS, figure };
  const a = assessFit(m, hardware, opts);
  if (!('facts' in a) || !a.chosen) throw new Error(`${m.id}: a passed-over quantization was asked of a model that does not fit`);
  return { quantization: a.chosen.q.id, tokens_per_s: hasBandwidth(hardware) ? batchOneTokensPerSecond(a.facts, a.chosen.q, hardware, opts) : null };
}

/** The higher quantization passed over for speed, in words: `Q8_0 would read at about 4.3 tokens/s`. */
export function slowerQuantizationText(fit: FitAssessed, slower: SlowerFormat): string {
  return `${fit.quantization}, the largest format that reads at a usable speed here; ${slower.quantization}, the largest that fits, `
    + `would read at about ${slower.tokens_per_s} tokens/s.`;
}

/**
 * Whether a model that fits reads a prompt filling `context` within `limit` seconds there (speed.ts prefillSeconds, the
 * fit's `time_to_first_token_s`, the same at every quantization): true where no limit is set, no compute figure gives a
 * prefill estimate, the machine no bandwidth (no speed at all), or the model lacks the facts (it is then judged by nothing
 * it cannot be judged on).
 */
export function readsPromptWithin(m: Model, hardware: Hardware, context: number, limit: number | null, figure: Figure = 'serving'): boolean {
  // A machine named by its memory alone ("231 GB GPU") has no bandwidth, so no speed is estimated on it at all.
  if (limit === null || !hardware.bandwidth_gbs) return true;
  const opts: FitOptions = { context, concurrency: 1, min_bits_per_weight: MIN_SELF_HOSTING_BITS, figure };
  // Judged by nothing where assessFit finds the model not assessable (facts missing, the window unknown at the
  // context, or no kernel for its attention here: fitBasis undefined), read without assessing a fit.
  const facts = modelFacts(m);
  if ('missing' in facts || windowUnknownAt(m, context) || !fitBasis(m, hardware, opts)) return true;
  return (prefillSeconds(facts, hardware, opts) ?? 0) <= limit;
}
