// A published serving benchmark (a row of data/curated/speed-measurements.csv) run through the cost model's throughput.
import type { Architecture, Hardware } from '../schema/index.ts';
import { QUANTIZATIONS, type Quantization } from './constants.ts';
import { weightsBytes, type ModelFacts } from './memory.ts';
import { servingThroughput, type Serving } from './serving.ts';

/** The fields of a serving row the estimate reads, as the CSV spells them (strings). */
export type ServingRow = {
  id: string;
  quantization: string;
  parameters_total: string;
  parameters_active: string;
  layers: string;
  kv_bytes_per_token: string;
  input_tokens: string;
  output_tokens: string;
  requests: string;
  max_sequences: string;
  /** What the published figure counts: `total` (prompt + generated tokens a second) or `output` (generated only). */
  counted: string;
};

/** The engine's format for the row's quantization, by its name or id (`FP8 (W8A8)`, `BF16`); throws on an unknown one. */
export function rowQuantization(name: string): Quantization {
  const q = QUANTIZATIONS.find((x) => x.name.toLowerCase() === name.toLowerCase() || x.id === name.toLowerCase());
  if (!q) throw new RangeError(`unknown quantization ${name}`);
  return q;
}

/**
 * The cost model's throughput for the benchmark's own mix, counted as the source counts it. Each sequence's cache is
 * sized for the run's mean request, (input + output tokens) / requests, as the cost model sizes one for its context;
 * the KV geometry is given per token, so a GQA architecture of the model's layers with one KV head of
 * kv_bytes_per_token / (4 x layers) values reproduces it (2 x layers x head_dim x 2 bytes = kv_bytes_per_token).
 * `kvReadEfficiency`: the cache's share of the bandwidth, for a fit (the serving model's SERVING_KV_READ_EFFICIENCY
 * when left out).
 */
export function servingRowEstimate(r: ServingRow, hardware: Hardware, kvReadEfficiency?: number): number {
  const { s, share } = rowServing(r, hardware, kvReadEfficiency);
  if (r.counted === 'total') return s.tokens_per_s;
  if (r.counted === 'output') return s.tokens_per_s * (1 - share);
  throw new RangeError(`${r.id}: counted must be total or output, not ${r.counted}`);
}

/**
 * Bytes of KV cache a decode step of the row's run reads over the bytes of weights it reads (the batch's caches at their
 * mean length against the weights once): the rows where it is small or compute binds say nothing of the cache's read rate.
 */
export function servingRowCacheShare(r: ServingRow, hardware: Hardware): number {
  const { s } = rowServing(r, hardware);
  if (s.bound === 'compute') return 0;
  const weights = weightsBytes(Number(r.parameters_active), rowQuantization(r.quantization));
  return (s.batch * s.mean_sequence_tokens * Number(r.kv_bytes_per_token)) / weights;
}

function rowServing(r: ServingRow, hardware: Hardware, kvReadEfficiency?: number): { s: Serving; share: number } {
  const input = Number(r.input_tokens);
  const output = Number(r.output_tokens);
  const layers = Number(r.layers);
  const arch: Architecture = { layers, kv_heads: 1, head_dim: Number(r.kv_bytes_per_token) / (4 * layers), attention: 'gqa', hf_repo: r.id };
  const facts: ModelFacts = {
    parameters_total: Number(r.parameters_total), parameters_active: Number(r.parameters_active), architecture: arch,
    native_precision: null, derived_from: [],
  };
  const share = input / (input + output);
  const s = servingThroughput({
    facts, quantization: rowQuantization(r.quantization), hardware, context: Math.round((input + output) / Number(r.requests)),
    input_share: share, max_sequences: Number(r.max_sequences),
    ...(kvReadEfficiency === undefined ? {} : { kv_read_efficiency: kvReadEfficiency }),
  });
  return { s, share };
}
