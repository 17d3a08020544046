// Quantization candidates for one model: the ladder up to 8 bits by default, native formats where the model ships them.
import { DEFAULT_MAX_BITS, QUANTIZATIONS, type Quantization, type QuantizationId } from './constants.ts';
import { GGUF_LADDER, type Ladder } from './runtime.ts';

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
 * Whether the runtime of the ladder serves `q` on its accelerator. llama.cpp: the GGUF types, BF16 and MXFP4 (ggml's
 * MXFP4 type); not an FP8 checkpoint (llama.cpp has no FP8 type) nor Kimi's compressed-tensors INT4 (a GGUF file of
 * such a model is a re-quantization). vLLM/SGLang: BF16, FP8 W8A8 where the accelerator computes in FP8, FP8 W8A16
 * (the same checkpoint weight-only) on Turing and Ampere, INT4 W4A16 where it runs AWQ/GPTQ, a native FP8 checkpoint
 * wherever it runs FP8 (W8A8 or weight-only), a native INT4 W4A16 one where it runs INT4 W4A16, MXFP4 where it has an
 * FP4 kernel (runtime.ts `fp4Support`); never a GGUF type (runtime.ts).
 */
export function servedBy(q: Quantization, ladder: Ladder): boolean {
  if (q.runtime !== undefined && q.runtime !== ladder.runtime) return false;
  if (q.native === 'fp8') return ladder.runtime === 'vllm' && ladder.fp8 !== 'none';
  if (q.native === 'int4') return ladder.runtime === 'vllm' && ladder.int4;
  if (q.native === 'mxfp4') return ladder.runtime === 'llama.cpp' || ladder.fp4;
  // One FP8 entry per accelerator, named for what it computes: W8A8 on FP8 tensor cores, W8A16 on Turing and Ampere.
  if (q.needs === 'fp8_w8a8') return ladder.fp8 === 'w8a8';
  if (q.needs === 'fp8_weight_only') return ladder.fp8 === 'weight_only';
  if (q.needs === 'int4') return ladder.int4;
  return true;
}

/**
 * The quantizations to try, highest precision first, and the rule in words.
 * - A named quantization is taken as asked.
 * - The ladder is the runtime's whose figure the answer quotes (runtime.ts `ladderFor`): llama.cpp's GGUF types, or
 *   vLLM's BF16 / FP8 / INT4 W4A16 where the accelerator supports them.
 * - A model that ships a native format (FP8, MXFP4, INT4) is offered it where the runtime runs it, and nothing above
 *   it: re-quantizing the shipped weights to a wider format costs memory and speed and adds no quality. Other models
 *   never see native formats, and a generic format of the native one's width (INT4 W4A16 beside Kimi's INT4) is the
 *   publisher's file re-quantized.
 * - Where the runtime does not run the shipped format (an FP8 checkpoint under llama.cpp, which has no FP8 type), the
 *   model is assessed at the runtime's own formats, up to the narrowest at least as wide as the shipped one (Q8_0's 8.5
 *   bits for FP8, what an FP8 checkpoint is converted to for llama.cpp; Q4_K_M for Kimi's INT4).
 * - Without `min_bits_per_weight` above it, nothing above 8.5 bits (Q8_0, FP8): BF16 is within noise of 8-bit in
 *   quality and about half as fast. Where the runtime has no 8-bit format on the accelerator (vLLM on an AMD RDNA or
 *   CDNA2 card), BF16 is what it serves and is offered.
 *   The choice among the rest is the highest precision that fits (hardware-fit.ts).
 * Throws RangeError when no quantization meets the floor (callers validate their input first).
 */
export function candidateQuantizations(
  nativePrecision: string | null,
  req: QuantizationRequest = {},
  ladder: Ladder = GGUF_LADDER,
): Candidates {
  if (req.quantization !== undefined) {
    const q = quantizationById(req.quantization);
    return { list: [q], rule: `${q.name} as asked${askedNote(q, ladder)}` };
  }
  const minBits = req.min_bits_per_weight ?? 0;
  const shipped = QUANTIZATIONS.find((q) => q.native !== undefined && q.native === nativePrecision);
  const native = shipped && servedBy(shipped, ladder) ? shipped : undefined;
  const served = QUANTIZATIONS.filter((q) => servedBy(q, ladder));
  // The shipped format the runtime cannot run: the narrowest of its own formats that holds it is the top offered.
  const unrun = shipped && !native ? shipped : undefined;
  const holds = unrun && served.filter((q) => q.native === undefined && q.bits_per_weight >= unrun.bits_per_weight)
    .reduce<Quantization | undefined>((a, q) => (a === undefined || q.bits_per_weight < a.bits_per_weight ? q : a), undefined);
  const offered = (q: Quantization) => q.native === undefined || q === native;
  // The widest format up to the cap: Q8_0's 8.5 bits under llama.cpp, FP8's 8.24 under vLLM, none on an accelerator
  // without an 8-bit kernel. A floor above it (min_bits 8.3 under vLLM) lifts the cap, as min_bits above 8.5 always has.
  const upToCap = served.filter((q) => offered(q) && q.bits_per_weight <= DEFAULT_MAX_BITS);
  const top = Math.max(-Infinity, ...upToCap.map((q) => q.bits_per_weight));
  const cap = minBits > DEFAULT_MAX_BITS || minBits > top || top < 8 ? Infinity : DEFAULT_MAX_BITS;
  const list = served.filter(
    (q) =>
      (q.native === undefined || q === native) &&
      // A floor above the shipped format (min_bits 8 on gpt-oss's MXFP4) is the caller's explicit ask: honoured.
      (native === undefined || q.bits_per_weight <= native.bits_per_weight || minBits > native.bits_per_weight) &&
      // Above the format that holds an unrun shipped one: memory, not quality, unless the floor asks for it.
      (holds === undefined || q.bits_per_weight <= holds.bits_per_weight || minBits > holds.bits_per_weight) &&
      // Below a native format that no quantizer shrinks (gpt-oss's MXFP4), a smaller file does not exist.
      (native?.smallest === undefined || q.bits_per_weight >= native.bits_per_weight) &&
      // A format as wide as the shipped one adds memory, not quality; unless the floor is above the shipped format.
      (native === undefined || q === native || minBits > native.bits_per_weight ||
        Math.floor(q.bits_per_weight) !== Math.floor(native.bits_per_weight)) &&
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
      : unrun
      ? `the model ships ${unrun.name} weights, which ${ladder.runtime === 'vllm' ? 'vLLM/SGLang do' : 'llama.cpp does'} not run here ` +
        `(${unrunWhy(unrun, ladder)}), so it is assessed at the runtime's own formats` +
        (holds && minBits <= holds.bits_per_weight
          ? `, up to ${holds.name}, the narrowest that holds ${unrun.name} (a wider format adds memory, not quality)`
          : '')
      : `the highest precision that fits${capWords(cap, ladder)}`,
    ladderWords(ladder),
    ladder.runtime === 'vllm'
      ? 'fitting comfortably (<= 85% of usable memory) before tightly'
      : 'fitting comfortably (<= 85% of usable memory) before tightly, but a tight fit at 4 bits or more before any fit ' +
        'below 4 bits (Q3_K_M loses about four times what Q4_K_M does)',
  ];
  if (minBits > 0) parts.push(`at least ${minBits} bits per weight`);
  return { list, rule: parts.join('; ') };
}

/** Why the runtime of the ladder does not run a shipped format, in words. */
function unrunWhy(q: Quantization, ladder: Ladder): string {
  if (ladder.runtime === 'llama.cpp') {
    return q.native === 'fp8'
      ? 'llama.cpp has no FP8 type: an FP8 checkpoint is converted to a GGUF type such as Q8_0'
      : `llama.cpp has no GGUF type for this ${q.name} checkpoint: a GGUF file of it is a re-quantization`;
  }
  if (q.native === 'fp8') return 'no FP8 kernel for this accelerator';
  if (q.native === 'mxfp4') return 'no MXFP4 kernel for this accelerator';
  return 'no INT4 W4A16 kernel for this accelerator';
}

function capWords(cap: number, ladder: Ladder): string {
  if (cap !== Infinity) {
    return ladder.runtime === 'vllm'
      ? ', up to FP8 (BF16 is within noise of FP8 in quality and half as fast; ask with min_bits or quantization)'
      : ', up to Q8_0 (BF16 is within noise of Q8_0 in quality and half as fast; ask with min_bits or quantization)';
  }
  return ladder.runtime === 'vllm' && ladder.fp8 === 'none' ? ', BF16 included: vLLM has no FP8 kernel for this accelerator' : '';
}

/** The runtime's formats in words, for the rule (runtime.ts says where each support claim comes from). */
export function ladderWords(ladder: Ladder): string {
  if (ladder.runtime === 'llama.cpp') return "llama.cpp's GGUF types (the runtime this figure assumes; MXFP4 among them, no FP8 type)";
  const fp8 = { w8a8: 'FP8 W8A8', weight_only: 'FP8 weight-only (W8A16, FP8 Marlin: no FP8 tensor cores)', none: 'no FP8' }[ladder.fp8];
  const int4 = ladder.int4 ? 'INT4 W4A16 (AWQ/GPTQ, group size 128)' : 'no INT4 W4A16 (no AWQ/GPTQ kernel for this accelerator)';
  return (
    `vLLM/SGLang's formats, the runtime this figure assumes: BF16, ${fp8}, ${int4} and the model's native format where they run it; ` +
    'no GGUF K-quants (experimental and slow under vLLM)'
  );
}

/** A named format the figure's runtime does not serve is still taken as asked; the rule says so. */
function askedNote(q: Quantization, ladder: Ladder): string {
  if (servedBy(q, ladder)) return '';
  // The two FP8 ids are one checkpoint: asked under the other name, it is the same bytes computed another way.
  if (q.needs === 'fp8_w8a8' && ladder.fp8 === 'weight_only') {
    return '; vLLM runs this FP8 checkpoint weight-only here (fp8_w8a16: no FP8 tensor cores), the same bytes';
  }
  if (q.needs === 'fp8_weight_only' && ladder.fp8 === 'w8a8') {
    return '; vLLM runs this FP8 checkpoint as W8A8 here (fp8_w8a8), the same bytes';
  }
  if (q.native !== undefined) {
    return ` (the publisher's checkpoint format, which ${ladder.runtime === 'vllm' ? 'vLLM/SGLang do' : 'llama.cpp does'} not run here: ${unrunWhy(q, ladder)})`;
  }
  const by = q.runtime === 'llama.cpp' ? 'a llama.cpp GGUF type' : 'a vLLM checkpoint format';
  return ` (${by}; this figure assumes ${ladder.runtime === 'vllm' ? 'vLLM/SGLang' : 'llama.cpp'}, which does not serve it well here)`;
}
