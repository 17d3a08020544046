// What a listing's own id says of the weights it serves, where it names a format below eight bits a weight.
import type { NativePrecision } from '../schema/index.ts';

/**
 * Formats below eight bits a weight that providers put in a listing's id (NanoGPT's `baseten/Kimi-K2-Instruct-FP4`,
 * Cloudflare's `@cf/meta/llama-3.1-8b-instruct-awq`, `nvidia/DeepSeek-V3.2-NVFP4`, routing.run's `route/glm-5.1-6bit`),
 * each matched as a whole part of the id (between `-`, `_`, `/`, `.`, `:` or the ends), with its bits a weight. Such a
 * listing's price is that of the weights it names, and an answer that names it as a model's cheapest offer says so.
 * Eight-bit names (FP8, INT8) are left alone: FP8 is the format many developers release (DeepSeek V3, Llama 4
 * Maverick's -FP8, GLM's -FP8) and what serving runtimes run by default.
 */
const LOW_BIT: ReadonlyArray<[RegExp, string, number]> = [
  [/(?:^|[-_/.:])nvfp4(?=$|[-_/.:])/i, 'NVFP4', 4],
  [/(?:^|[-_/.:])mxfp4(?=$|[-_/.:])/i, 'MXFP4', 4],
  [/(?:^|[-_/.:])fp4(?=$|[-_/.:])/i, 'FP4', 4],
  [/(?:^|[-_/.:])awq(?=$|[-_/.:])/i, 'AWQ', 4],
  [/(?:^|[-_/.:])(?:int4|w4a16|4bit|4-bit)(?=$|[-_/.:])/i, 'INT4', 4],
  // GPTQ alone is 4-bit by default; an id that also names INT8 or 8bit is not low-bit (the test below the table).
  [/(?:^|[-_/.:])gptq(?=$|[-_/.:])/i, 'GPTQ', 4],
  [/(?:^|[-_/.:])(?:6bit|6-bit)(?=$|[-_/.:])/i, '6-bit', 6],
];

/** An id naming eight bits beside GPTQ (`-GPTQ-Int8`): not a low-bit listing. */
const EIGHT_BIT = /(?:^|[-_/.:])(?:int8|8bit|8-bit|w8a8|w8a16)(?=$|[-_/.:])/i;

/** Bits a weight of each release format, to say whether a listing serves more, as many or fewer. */
const NATIVE_BITS: Readonly<Record<NativePrecision, number>> = { fp32: 32, bf16: 16, fp16: 16, fp8: 8, int8: 8, mxfp4: 4, int4: 4 };

/** A listing's format name as the release format's id, where they are the same format (MXFP4, INT4). */
const SAME_FORMAT: Readonly<Record<string, NativePrecision>> = { MXFP4: 'mxfp4', INT4: 'int4' };

/** The low-bit format a listing's id names ('FP4', 'NVFP4', 'AWQ', '6-bit', ...) and its bits, or null where it names none. */
export function lowBitListing(providerModelId: string): { format: string; bits: number } | null {
  if (EIGHT_BIT.test(providerModelId)) return null;
  for (const [re, format, bits] of LOW_BIT) if (re.test(providerModelId)) return { format, bits };
  return null;
}

/**
 * The clause an answer adds beside such a listing's id, with a leading "; "; empty where the id names no such format.
 * Where the developer's own release format is known (`native`, the model's native_precision), the clause says whether
 * the listing serves the model as released (gpt-oss in MXFP4, Kimi K2 Thinking in INT4) or quantized below it.
 */
export function lowBitWords(providerModelId: string, native: NativePrecision | null | undefined): string {
  const f = lowBitListing(providerModelId);
  if (f === null) return '';
  const head = `; its id names ${f.format} weights, ${f.bits} bits a weight`;
  if (!native) return head;
  const released = native.toUpperCase();
  if (SAME_FORMAT[f.format] === native) return `${head}, as the developer releases the model (${released})`;
  const bits = NATIVE_BITS[native];
  if (f.bits < bits) return `${head}, below the ${released} the developer releases: the model served quantized`;
  // As many bits in another format (NVFP4 of an MXFP4 release), or more (a 6-bit copy of an INT4 release).
  return `${head}, ${f.bits === bits ? 'as many as' : 'more than'} the ${released} the developer releases, in another format`;
}
