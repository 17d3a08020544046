// The serving calibration rows' estimate: the format read from the row, and the figure counted as the source counts it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { rowQuantization, servingRowEstimate, type ServingRow } from './calibration-serving.ts';

const cite = <T>(value: T) => ({ value, as_of: '2026-11-26', source: 'https://www.nvidia.com/en-us/data-center/h100/' });
const h100: Hardware = {
  id: 'h100-test', name: 'NVIDIA H100 SXM5 80GB', class: 'server', accelerator: 'NVIDIA H100 SXM5 80GB', count: 1, unified_memory: false,
  memory_gb: cite(80), usable_fraction: cite(0.95), bandwidth_gbs: cite(3350), compute_tflops: cite(989.4),
};
// Qwen3-8B's geometry (36 layers, 8 KV heads of 128: 147,456 bytes a token), 1,000 requests of 1,000 in / 3,000 out.
const row: ServingRow = {
  id: 'test', quantization: 'FP8 (W8A8)', parameters_total: '8190735360', parameters_active: '8190735360', layers: '36',
  kv_bytes_per_token: '147456', input_tokens: '1000000', output_tokens: '3000000', requests: '1000', max_sequences: '256', counted: 'total',
};

test('a row counted as output tokens reads the generated share of the same throughput: 3,000 / 4,000 of it', () => {
  const total = servingRowEstimate(row, h100);
  const output = servingRowEstimate({ ...row, counted: 'output' }, h100);
  assert.ok(Math.abs(output / total - 0.75) < 1e-12, `${output} / ${total}`);
});

test("the row's format sets the weights: BF16 reads more bytes than FP8 W8A8, so it serves fewer tokens", () => {
  assert.equal(rowQuantization('FP8 (W8A8)').bits_per_weight, 8.24);
  assert.equal(rowQuantization('bf16').bits_per_weight, 16);
  assert.ok(servingRowEstimate({ ...row, quantization: 'BF16' }, h100) < servingRowEstimate(row, h100));
});

test('an unknown format or count is refused, not read as BF16 or as a total', () => {
  assert.throws(() => rowQuantization('Q4_Z'), /unknown quantization Q4_Z/);
  assert.throws(() => servingRowEstimate({ ...row, counted: 'input' }, h100), /counted must be total or output/);
});

test('the mean request holds its prompt and half its answer: 1,000 + 3,000 / 2 = 2,500 tokens, not 4,000', () => {
  // By hand: FP8 weights 8,190,735,360 x 8.24 / 8 = 8.436 GB; vLLM's budget on the H100 (vllm-memory.ts) 80 x 2^30 x
  // 0.9 = 77.31 GB less its 6 GiB reserve (6.44 GB) and the weights: 62.43 GB (72.42 before, from the service's 0.95 less
  // 0.75 GB). Each sequence holds 2,507.5 tokens (half a 16-token block more) x 147,456 B = 369.7 MB: 168 sequences (195
  // before). A step reads 8.436 GB of weights at 0.67 x 3,350 GB/s (3.759 ms) and 168 x 2,500 x 147,456 B = 61.93 GB of
  // cache at the serving runtime's 0.73 x 3,350 GB/s (25.325 ms; 0.73 is the read refitted on the smaller batch,
  // constants.ts), + 36 x 45 us: 30.70 ms, 5,472 tokens/s; prefill 0.3024 x 989.4e12 / (2 x 8.19e9) = 18,264. At 25%
  // input: 1 / (0.25 / 18,264 + 0.75 / 5,472) = 6,633 tokens/s (6,494 before, at 195 sequences and 0.69). Held and read
  // at 4,000 tokens: 105 sequences, 3,420 decode, 4,292.
  const total = servingRowEstimate(row, h100);
  assert.ok(Math.abs(total - 6633) / 6633 < 0.001, `${total}`);
});
