// Speed of one model on one configuration at a quantization: decode (bandwidth-bound) and prefill (compute-bound).
import type { Hardware } from '../schema/index.ts';
import { DECODE_EFFICIENCY, GB, PREFILL_EFFICIENCY, type KvCacheType, type Quantization } from './constants.ts';
import {
  aggregateBandwidth,
  aggregateFlops,
  computeBoundTokensPerSecond,
  decodeTokensPerSecond,
  kvCacheBytes,
  roundTo,
  toGb,
  weightsBytes,
  type ModelFacts,
} from './memory.ts';

export type SpeedEstimate = {
  estimate: true;
  basis: string;
  /** Decode tokens/s of one sequence at batch 1. */
  tokens_per_s: number;
  efficiency: number;
  aggregate_bandwidth_gbs: number;
  active_parameters: number;
  active_weights_gb: number;
  kv_read_gb: number;
  bytes_per_token_gb: number;
  /** The same model at the requested concurrency: weights read once per step for all sequences. */
  at_concurrency: { concurrency: number; tokens_per_s_per_stream: number; tokens_per_s_total: number };
  /** Prompt processing tokens/s (compute-bound); null when the dataset has no compute figure for the hardware. */
  prefill_tokens_per_s: number | null;
  prefill_efficiency: number;
  /** Seconds to process a prompt filling the requested context; null without a compute figure. */
  time_to_first_token_s: number | null;
};

/** Speed options: the context each sequence holds, the sequences decoded together, the KV cache type. */
export type SpeedOptions = { context: number; concurrency: number; kv_cache?: KvCacheType };

/** Decode speed at batch 1 and at the concurrency, and prefill where the hardware's compute is known. Pure. */
export function speedOf(facts: ModelFacts, q: Quantization, hardware: Hardware, opts: SpeedOptions): SpeedEstimate {
  const total_weights = weightsBytes(facts.parameters_total, q);
  const active_weights = weightsBytes(facts.parameters_active, q);
  const kv_per_sequence = kvCacheBytes(facts.architecture, opts.context, 1, opts.kv_cache);
  const bandwidth = aggregateBandwidth(hardware);
  const flops = aggregateFlops(hardware);
  const at = (batch: number) =>
    decodeTokensPerSecond({ total_weights, active_weights, kv_per_sequence, batch, bandwidth, flops, active_parameters: facts.parameters_active });
  const total = at(opts.concurrency);
  const prefill = flops === undefined ? null : computeBoundTokensPerSecond(flops, facts.parameters_active);
  return {
    estimate: true,
    basis:
      `decode at batch 1, memory-bandwidth bound: ${DECODE_EFFICIENCY} x aggregate bandwidth / bytes read per token ` +
      `(active weights at ${q.name} + the KV cache of one sequence at ${opts.context} tokens); ` +
      (prefill === null
        ? 'prefill not estimated: the dataset has no compute (TFLOPS) figure for this hardware'
        : `prefill compute-bound: ${PREFILL_EFFICIENCY} x dense FP16 FLOP/s / (2 x active parameters)`) +
      // Every measurement in the calibration table is of one device: the all-reduces of tensor parallelism are not in it.
      (hardware.count > 1
        ? `; on ${hardware.count} devices an upper bound: the bandwidths are summed and the tensor-parallel communication between them is not modelled (the calibration table has no multi-device measurement)`
        : ''),
    tokens_per_s: roundTo(at(1), 1),
    efficiency: DECODE_EFFICIENCY,
    aggregate_bandwidth_gbs: roundTo(bandwidth / GB, 1),
    active_parameters: facts.parameters_active,
    active_weights_gb: toGb(active_weights),
    kv_read_gb: toGb(kv_per_sequence),
    bytes_per_token_gb: toGb(active_weights + kv_per_sequence),
    at_concurrency: {
      concurrency: opts.concurrency,
      tokens_per_s_per_stream: roundTo(total / opts.concurrency, 1),
      tokens_per_s_total: roundTo(total, 1),
    },
    prefill_tokens_per_s: prefill === null ? null : roundTo(prefill, 0),
    prefill_efficiency: PREFILL_EFFICIENCY,
    time_to_first_token_s: prefill === null ? null : roundTo(opts.context / prefill, 2),
  };
}

