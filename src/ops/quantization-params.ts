// The quantization and KV-cache parameters models_for_hardware and estimate_cost share, and their cross-field rule.
import { z } from 'zod';
import { QUANTIZATIONS, type KvCacheType, type QuantizationId } from '../engines/constants.ts';
import { ServiceError } from '../errors/index.ts';

const ids = QUANTIZATIONS.map((q) => q.id) as [QuantizationId, ...QuantizationId[]];

export const QuantizationIdSchema = z
  .enum(ids, { message: `quantization must be one of ${ids.join(', ')}` })
  .describe(
    'Quantization id: bf16, fp8 (native FP8 checkpoints), fp8_w8a8 (vLLM FP8 checkpoints on FP8 tensor cores), ' +
      'fp8_w8a16 (the same checkpoints run weight-only on Turing/Ampere), q8_0, q6_k, q5_k_m, q4_k_m ' +
      '(llama.cpp GGUF types), int4_w4a16 (vLLM AWQ/GPTQ INT4), int4 (native INT4 checkpoints), mxfp4 (native MXFP4 ' +
      'checkpoints), q3_k_m. GGUF types are offered where the figure assumes llama.cpp, fp8_w8a8 (or fp8_w8a16) and ' +
      'int4_w4a16 where it assumes vLLM or SGLang (tensor-parallel machines, data-centre and multi-card servers).',
  );

export const quantizationParams = {
  min_bits: z
    .number()
    .min(3, 'min_bits must be from 3 to 16 bits per weight')
    .max(16, 'min_bits must be from 3 to 16 bits per weight')
    .optional()
    .describe('Consider only quantizations of at least this many bits per weight, 3..16. Above 8.5 (Q8_0) it also allows BF16, which is otherwise not chosen.'),
  quantization: QuantizationIdSchema.optional().describe('Use exactly this quantization instead of choosing one (the alternatives are still listed for it alone).'),
  kv_cache: z
    .enum(['f16', 'q8_0', 'q4_0'], { message: 'kv_cache must be f16, q8_0 or q4_0' })
    .default('f16')
    .describe('KV cache element type: f16 (default of llama.cpp, vLLM), q8_0 or q4_0 (llama.cpp --cache-type-k/-v): about half and a quarter of the F16 cache.'),
};

/** Named cross-field rule: a named quantization already fixes the bits, so a floor beside it could only contradict it. */
export function oneQuantizationChoice(input: { min_bits?: number; quantization?: QuantizationId }): void {
  if (input.min_bits !== undefined && input.quantization !== undefined) {
    throw new ServiceError('invalid_parameter', 'Give min_bits or quantization, not both.', {
      errors: [{ parameter: 'quantization', message: 'min_bits is also given', allowed: 'either min_bits or quantization' }],
    });
  }
}

export type KvCache = KvCacheType;
