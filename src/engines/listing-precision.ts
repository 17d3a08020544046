// What a listing's own id says of the weights it serves, where it names a 4-bit format.

/**
 * Formats of four bits a weight that providers put in a listing's id (NanoGPT's `baseten/Kimi-K2-Instruct-FP4`,
 * Cloudflare's `@cf/meta/llama-3.1-8b-instruct-awq`, `nvidia/DeepSeek-V3.2-NVFP4`), each matched as a whole part of the
 * id (between `-`, `_`, `/`, `.`, `:` or the ends). Such a listing serves the model quantized to a quarter of BF16's
 * bits: its price is not that of the full-precision weights, and an answer that names it as a model's cheapest offer
 * says so. Eight-bit names (FP8, INT8) are left alone: FP8 is the format many developers release (DeepSeek V3,
 * Llama 4 Maverick's -FP8, GLM's -FP8) and what serving runtimes run by default.
 */
const FOUR_BIT: ReadonlyArray<[RegExp, string]> = [
  [/(?:^|[-_/.:])nvfp4(?=$|[-_/.:])/i, 'NVFP4'],
  [/(?:^|[-_/.:])mxfp4(?=$|[-_/.:])/i, 'MXFP4'],
  [/(?:^|[-_/.:])fp4(?=$|[-_/.:])/i, 'FP4'],
  [/(?:^|[-_/.:])awq(?=$|[-_/.:])/i, 'AWQ'],
  [/(?:^|[-_/.:])gptq(?=$|[-_/.:])/i, 'GPTQ'],
  [/(?:^|[-_/.:])(?:int4|w4a16|4bit|4-bit)(?=$|[-_/.:])/i, 'INT4'],
];

/** The 4-bit format a listing's id names ('FP4', 'NVFP4', 'AWQ', ...), or null where it names none. */
export function fourBitListing(providerModelId: string): string | null {
  for (const [re, name] of FOUR_BIT) if (re.test(providerModelId)) return name;
  return null;
}

/** The clause an answer adds beside such a listing's id, with a leading "; "; empty where the id names no such format. */
export function fourBitWords(providerModelId: string): string {
  const f = fourBitListing(providerModelId);
  return f === null ? '' : `; its id names ${f} weights, 4 bits a weight: the model served quantized`;
}
