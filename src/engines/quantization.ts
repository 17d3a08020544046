// Quantization candidates for one model: the ladder up to Q8_0 by default, native formats where the model ships them.
import { DEFAULT_MAX_BITS, QUANTIZATIONS, type Quantization, type QuantizationId } from './constants.ts';

export type QuantizationRequest = {
  /** Consider only quantizations of at least this many bits per weight; above Q8_0's 8.5 it lifts the default cap. */
  min_bits_per_weight?: number;
  /** Exactly this quantization (the caller's choice, taken as asked). */
  quantization?: QuantizationId;
};

export type Candidates = { list: Quantization[]; rule: string };

/** A quantization by id (ids come from the closed QuantizationId union). */
export function quantizationById(id: QuantizationId): Quantization {
  return QUANTIZATIONS.find((q) => q.id === id)!;
}

/**
 * The quantizations to try, highest precision first, and the rule in words.
 * - A named quantization is taken as asked.
 * - A model that ships a native format (FP8, MXFP4) is offered it, and nothing above it: re-quantizing the shipped
 *   weights to a wider format costs memory and speed and adds no quality. Other models never see native formats.
 * - Without `min_bits_per_weight` above it, nothing above Q8_0 (8.5 bits): BF16 is within noise of Q8_0 in quality
 *   and about half as fast. The choice among the rest is the highest precision that fits (hardware-fit.ts).
 * Throws RangeError when no quantization meets the floor (callers validate their input first).
 */
export function candidateQuantizations(nativePrecision: string | null, req: QuantizationRequest = {}): Candidates {
  if (req.quantization !== undefined) {
    const q = quantizationById(req.quantization);
    return { list: [q], rule: `${q.name} as asked` };
  }
  const minBits = req.min_bits_per_weight ?? 0;
  const native = QUANTIZATIONS.find((q) => q.native !== undefined && q.native === nativePrecision);
  const cap = minBits > DEFAULT_MAX_BITS ? Infinity : DEFAULT_MAX_BITS;
  const list = QUANTIZATIONS.filter(
    (q) =>
      (q.native === undefined || q === native) &&
      // A floor above the shipped format (min_bits 8 on gpt-oss's MXFP4) is the caller's explicit ask: honoured.
      (native === undefined || q.bits_per_weight <= native.bits_per_weight || minBits > native.bits_per_weight) &&
      // Below a native format that no quantizer shrinks (gpt-oss's MXFP4), a smaller file does not exist.
      (native?.smallest === undefined || q.bits_per_weight >= native.bits_per_weight) &&
      q.bits_per_weight <= cap &&
      q.bits_per_weight >= minBits,
  );
  if (list.length === 0) throw new RangeError(`no quantization has ${minBits} bits per weight or more`);
  const parts = [
    native && minBits > native.bits_per_weight
      ? `the model ships ${native.name} weights; formats of at least ${minBits} bits are offered as asked, though re-quantizing to a wider format adds memory, not quality`
      : native
      ? `the model ships ${native.name} weights, so ${native.name} is the highest precision offered (a wider format adds memory, not quality) and is kept whenever it fits, even tightly` +
        (native.smallest ? `; nothing smaller is offered: ${native.smallest}` : '')
      : `the highest precision that fits${cap === Infinity ? '' : ', up to Q8_0 (BF16 is within noise of Q8_0 in quality and half as fast; ask with min_bits or quantization)'}`,
    'fitting comfortably (<= 85% of usable memory) before tightly, but a tight fit at 4 bits or more before any fit below 4 bits (Q3_K_M loses about four times what Q4_K_M does)',
  ];
  if (minBits > 0) parts.push(`at least ${minBits} bits per weight`);
  return { list, rule: parts.join('; ') };
}
