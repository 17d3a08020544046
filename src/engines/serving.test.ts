// Tests of serving throughput and self-hosted cost: continuous batching, prefill apart, rented and owned, the curve.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Hardware, Offer } from '../schema/index.ts';
import { HOURS_PER_MONTH } from './constants.ts';
import { estimateCost } from './cost.ts';
import { H100_SXM, QWEN3_8B } from './serving-fixtures.ts';

const f = <T>(value: T, source = 'test', as_of = '2026-11-25') => ({ value, as_of, source });

// Qwen3-8B on one H100 SXM 80 GB (serving-fixtures.ts, each figure's source there), rented at 2.95 USD/h (the
// dataset's h100-80gb-x1 price).
const qwen3_8b = QWEN3_8B;
const h100: Hardware = {
  ...H100_SXM,
  rental: f({ provider: 'cloud', instance_type: 'h100-1x', usd_per_hour: 2.95, eu_regions: [] }, 'skypilot'),
  purchase_price_usd: f(30000, 'test purchase price'),
};
const h100x4: Hardware = { ...h100, id: 'h100-80gb-x4', count: 4, memory_gb: f(320), rental: f({ provider: 'cloud', instance_type: 'h100-4x', usd_per_hour: 11.8, eu_regions: [] }, 'skypilot'), purchase_price_usd: undefined };

const offer = (input: number, output: number): Offer => ({
  model_id: 'qwen3-8b', provider: 'api', provider_model_id: 'qwen3-8b', region: 'global', sku: 'standard', first_party: false,
  prices: { input: f(input), output: f(output) }, eu_resident: f('unknown' as const), listed_by: ['test'],
});

test('Qwen3-8B at 5,000M tokens a month: one H100 serves it under continuous batching, at about 0.43 USD per 1M', () => {
  // A server on an H100 runs vLLM, which serves FP8 W8A8 there (not llama.cpp's Q8_0): 8.24 bits per weight.
  // By hand: FP8 weights 8.190735e9 x 8.24 / 8 = 8.436 GB; KV 2 x 36 x 8 x 128 x 2 = 147,456 B a token. A request
  // of 8,192 tokens at 75% input is 6,144 of prompt and 2,048 of answer: a decoding sequence holds 6,144 + 2,048 / 2
  // = 7,168 tokens on average (1.057 GB read a step) and its blocks 7,175.5 (half a 16-token block more: 1.058 GB).
  // vLLM's budget (vllm-memory.ts): 80 x 2^30 B x 0.9 = 77.31 GB less its 6 GiB reserve (6.44 GB) and the weights
  // leaves 62.43 GB of caches: 62.43 / 1.058 = 59.0, 59 sequences (68 while the room was the service's 0.95 less
  // 0.75 GB, 72.42 GB). A decode step reads 8.436 GB of weights at 0.67 x 3,350 GB/s (3.759 ms) and 59 x 1.057 =
  // 62.36 GB of cache at the serving runtime's 0.73 x 3,350 GB/s (25.500 ms; 0.73 refitted on the same budget,
  // constants.ts), and pays 36 layers x 45 us = 1.62 ms: 59 / 30.88 ms = 1,911 tokens/s (1,864 before); prefill at a
  // data-centre accelerator's share of its rated compute, 0.42 x 0.72 = 0.3024: 0.3024 x 989.4e12 / (2 x 8.19e9) =
  // 18,264 tokens/s. At 75% input the volume runs at 1 / (0.75 / 18,264 + 0.25 / 1,911) = 5,817 tokens/s; at 50%
  // utilization one machine serves 7,644M a month. 5e9 tokens a month is 1,903 tokens/s on average.
  const r = estimateCost(qwen3_8b, [offer(0.05, 0.25)], [h100, h100x4], { tokens_millions: 5000, input_share: 0.75 });
  const one = r.self_hosting.options.find((o) => o.hardware_id === 'h100-80gb-x1')!;
  assert.equal(one.quantization, 'fp8_w8a8');
  assert.equal(one.bits_per_weight, 8.24);
  assert.equal(one.serving.batch, 59);
  assert.equal(one.serving.mean_sequence_tokens, 7168);
  assert.equal(one.serving.bound, 'memory');
  assert.ok(Math.abs(one.serving.decode_tokens_per_s - 1911) / 1911 < 0.005, `${one.serving.decode_tokens_per_s}`);
  assert.ok(Math.abs(one.serving.prefill_tokens_per_s! - 18264) / 18264 < 0.01, `${one.serving.prefill_tokens_per_s}`);
  assert.ok(Math.abs(one.throughput_tokens_per_s - 5817) / 5817 < 0.005, `${one.throughput_tokens_per_s}`);
  assert.equal(one.machines, 1);
  assert.ok(one.capacity_tokens_millions_per_month > 5000);
  assert.equal(one.monthly_usd, 730 * 2.95);
  assert.equal(r.self_hosting.cheapest?.hardware_id, 'h100-80gb-x1');
  assert.ok(Math.abs(one.monthly_usd / 5000 - 0.43) < 0.01, `${one.monthly_usd / 5000} USD per 1M`);
  // Prefill and decode are costed apart: decode tokens are the dear ones (18,264 / 1,911 = 9.56 times; 9.80 before).
  assert.ok(Math.abs(one.decode.usd_per_mtok / one.prefill.usd_per_mtok - 9.56) < 0.1, `${one.decode.usd_per_mtok}`);
  assert.ok(Math.abs(one.prefill.hours + one.decode.hours - one.hours_needed) < 0.02);
});

test('four PCIe cards serve tensor parallel: the batch reads at all four cards\' bandwidth, not one card\'s', () => {
  // 4 x NVIDIA L40S (PCIe, 48 GB, 864 GB/s each; NVIDIA L40S datasheet), no compute figure (decode only). Served
  // tensor parallel by vLLM, so in FP8 W8A8 (the L40S is Ada, compute capability 8.9): 8.436 GB of weights.
  // By hand: vLLM's budget (vllm-memory.ts), 0.9 x 192 GiB = 185.54 GB, less 4 x 2 GiB of reserve (a card under 70 GiB
  // batches 2,048 tokens, as an A100) = 8.59 GB and 8.436 GB of weights, leaves 168.52 GB: at 1.058 GB held a sequence
  // (7,175.5 tokens, the first test) 159.3, 159 sequences (174 when 48 GB cards kept the service's sums, usable memory
  // less 0.75 GB a card). A step reads 8.436 GB of weights at 0.67 x 4 x 864 GB/s (3.643 ms) and 159 x 1.057 = 168.1 GB
  // of cache at 0.73 x 4 x 864 GB/s (66.616 ms; the serving cache read refitted on vLLM's budget, constants.ts) and pays
  // 36 layers x (45 + 19) us = 2.30 ms: 159 / 72.56 ms = 2,191 tokens/s. At one card's bandwidth (the batch-1 layer
  // split, 3 hand-offs of 0.21 ms) it would be about a third.
  const l40s: Hardware = {
    id: 'l40s-x4', name: '4 x L40S', class: 'server', accelerator: 'NVIDIA L40S', count: 4, unified_memory: false,
    memory_gb: f(192), usable_fraction: f(0.95), bandwidth_gbs: f(864),
    rental: f({ provider: 'cloud', instance_type: 'l40s-4x', usd_per_hour: 7.2, eu_regions: [] }, 'skypilot'),
  };
  const one = estimateCost(qwen3_8b, [], [l40s], { tokens_millions: 1000, input_share: 0.75 }).self_hosting.options[0];
  assert.equal(one.quantization, 'fp8_w8a8');
  assert.equal(one.serving.batch, 159);
  assert.equal(one.serving.split, 'tensor');
  assert.ok(Math.abs(one.serving.decode_tokens_per_s - 2191) / 2191 < 0.005, `${one.serving.decode_tokens_per_s}`);
});

test('two PCIe GeForce cards: batch 1 splits them by layer, serving runs them tensor parallel, and the basis says why', () => {
  // 2 x RTX 3090 (936 GB/s and 142 TFLOPS dense FP16 with FP16 accumulate each, 71 with FP32 accumulate, GA102
  // whitepaper). Serving prefill under vLLM (FP32 accumulate) at the GeForce share over both cards:
  // 0.42 x 2 x 71e12 / (2 x 8.19e9) = 3,641 tokens/s; one card's at that rate would be 1,820.
  const pair: Hardware = {
    id: 'rtx-3090-x2', name: '2 x RTX 3090', class: 'desktop', accelerator: 'NVIDIA GeForce RTX 3090', count: 2, unified_memory: false,
    memory_gb: f(48), usable_fraction: f(0.95), bandwidth_gbs: f(936), compute_tflops: f(142),
    rental: f({ provider: 'cloud', instance_type: '3090-2x', usd_per_hour: 0.5, eu_regions: [] }, 'skypilot'),
  };
  const one = estimateCost(qwen3_8b, [], [pair], { tokens_millions: 100, input_share: 0.75 }).self_hosting.options[0];
  assert.equal(one.serving.split, 'tensor');
  assert.ok(Math.abs(one.serving.prefill_tokens_per_s! - 3641) <= 1, `${one.serving.prefill_tokens_per_s}`);
  assert.ok(one.derived_from.some((d) => /2 PCIe cards serve tensor parallel .*not by layer as the batch-1 speed assumes/.test(d)));
});

test("one GeForce card serves under llama.cpp's server, which accumulates in FP16: prompts at the full rating", () => {
  // 1 x RTX 3090 (142 TFLOPS dense FP16 with FP16 accumulate, GA102 whitepaper), llama.cpp's server (one desktop card):
  // 0.42 x 142e12 / (2 x 8.19e9) = 3,641 tokens/s, the same as the vLLM pair above at half the rating per card.
  const card: Hardware = {
    id: 'rtx-3090', name: 'RTX 3090', class: 'desktop', accelerator: 'NVIDIA GeForce RTX 3090', count: 1, unified_memory: false,
    memory_gb: f(24), usable_fraction: f(0.95), bandwidth_gbs: f(936), compute_tflops: f(142),
    rental: f({ provider: 'cloud', instance_type: '3090-1x', usd_per_hour: 0.25, eu_regions: [] }, 'skypilot'),
  };
  const one = estimateCost(qwen3_8b, [], [card], { tokens_millions: 100, input_share: 0.75 }).self_hosting.options[0];
  assert.ok(Math.abs(one.serving.prefill_tokens_per_s! - 3641) <= 1, `${one.serving.prefill_tokens_per_s}`);
});

test('owned: the purchase over the stated months, board power for the hours it serves, idle draw for the rest', () => {
  // 30,000 USD / 36 = 833.33 USD a month. 5,000M tokens (the first test: 3,750M of prompt at 18,264 tokens/s and
  // 1,250M of output at 1,910.7, at 50% utilization: 114.07 + 363.45 h) need 477.52 paid hours, half of them serving:
  // 700 W x 238.76 h = 167.13 kWh, then 0.2 x 700 = 140 W x 491.24 h = 68.77 kWh; 235.91 kWh x 0.15 = 35.39 USD. (It
  // was 486.54 hours and 35.76 USD at 1,864.4 output tokens/s, before the batch was sized on vLLM's budget.)
  const r = estimateCost(qwen3_8b, [offer(0.05, 0.25)], [h100], { tokens_millions: 5000, input_share: 0.75 });
  const o = r.self_hosting.owned_options[0];
  assert.equal(o.purchase.monthly_usd, 833.33);
  assert.ok(Math.abs(o.hours_needed - 477.52) < 0.5, `${o.hours_needed}`);
  const pw = o.power!;
  assert.deepEqual([pw.watts, pw.idle_watts], [700, 140]);
  assert.ok(Math.abs(pw.active_hours - 238.76) < 0.5 && Math.abs(pw.idle_hours - 491.24) < 0.5, `${pw.active_hours} ${pw.idle_hours}`);
  assert.ok(Math.abs(pw.monthly_usd - 35.39) < 0.05, `${pw.monthly_usd}`);
  assert.ok(Math.abs(o.monthly_usd - 868.72) < 0.05, `${o.monthly_usd}`);
  // Whatever it serves, one machine costs its purchase share and a month at idle draw: 833.33 + 0.14 kW x 730 h x 0.15.
  assert.equal(o.fixed_per_machine_usd, 848.66);
  const cheapPower = estimateCost(qwen3_8b, [offer(0.05, 0.25)], [h100], {
    tokens_millions: 5000, input_share: 0.75, power_usd_per_kwh: 0, amortization_months: 60,
  });
  assert.equal(cheapPower.self_hosting.owned_options[0].monthly_usd, 500);
});

test('owned at a volume that needs minutes: power is a month at idle draw plus the busy minutes, not 730 busy hours', () => {
  // 1M tokens at 5,817 tokens/s (the first test) x 0.5 x 3,600 = 10.471M an hour is 0.0955 paid hours, 0.0478 h
  // serving: 700 W x 0.0478 h = 0.033 kWh, 140 W x 729.95 h = 102.19 kWh; 102.23 kWh x 0.15 = 15.33 USD, where 730
  // hours at 700 W would be 76.65 USD.
  const o = estimateCost(qwen3_8b, [offer(0.05, 0.25)], [h100], { tokens_millions: 1, input_share: 0.75 }).self_hosting.owned_options[0];
  assert.ok(Math.abs(o.power!.monthly_usd - 15.33) < 0.01, `${o.power!.monthly_usd}`);
  assert.ok(o.power!.active_hours <= 0.05 && o.power!.idle_hours > 729.9);
  assert.ok(Math.abs(o.monthly_usd - (833.33 + 15.33)) < 0.02, `${o.monthly_usd}`);
  const busy = /for the 0\.05 hours the volume keeps it busy \(hours needed x utilization 0\.5\); 0\.2 x that for the other 729\.95 hours/;
  assert.ok(o.derived_from.some((d) => busy.test(d)));
});

test('break-even against rented and owned hardware, and the curve of monthly cost against volume', () => {
  const r = estimateCost(qwen3_8b, [offer(0.5, 1.5)], [h100], { tokens_millions: 5000, input_share: 0.75 });
  // API blended 0.75 x 0.5 + 0.25 x 1.5 = 0.75 USD per 1M. Rented: 730 x 2.95 / 0.75 = 2,871.33M. Owned: 848.66 USD a
  // month fixed, plus (700 - 140) W x 0.15 USD/kWh for the half of each paid hour spent serving / 10.471M an hour (the
  // first test's 5,817 tokens/s; 10.277M at 5,709 before vLLM's budget) = 0.004011 USD per 1M served: 848.66 /
  // 0.745989 = 1,137.63M (1,137.75M before).
  assert.equal(r.break_even.tokens_millions, 2871.33);
  assert.ok(Math.abs(r.break_even_owned.tokens_millions! - 1137.63) < 0.05, `${r.break_even_owned.tokens_millions}`);
  const at = (v: number) => r.curve.find((p) => p.tokens_millions === v)!;
  assert.ok(at(5000), 'the requested volume is a point of the curve');
  assert.ok(at(2871.33) && at(r.break_even_owned.tokens_millions!), 'so are the break-evens');
  assert.equal(at(1000).api_usd, 750);
  assert.equal(at(1000).rented_usd, 2153.5);
  assert.ok(Math.abs(at(1000).owned_usd! - (848.66 + 1000 * 0.004011)) < 0.02, `${at(1000).owned_usd}`);
  for (let i = 1; i < r.curve.length; i++) {
    const [a, b] = [r.curve[i - 1], r.curve[i]];
    assert.ok(a.tokens_millions < b.tokens_millions && a.api_usd! <= b.api_usd! && a.rented_usd! <= b.rented_usd! && a.owned_usd! <= b.owned_usd!);
  }
  assert.ok(r.curve.length >= 13);
  assert.equal(HOURS_PER_MONTH, 730);
});

test('without a compute figure, prompt tokens are counted at the decode rate and the response says so', () => {
  const { compute_tflops: _c, ...noCompute } = h100;
  const r = estimateCost(qwen3_8b, [], [noCompute], { tokens_millions: 100, input_share: 0.75 });
  const o = r.self_hosting.options[0];
  assert.equal(o.prefill.tokens_per_s, null);
  assert.equal(o.serving.prefill_tokens_per_s, null);
  assert.ok(o.derived_from.some((d) => /prefill counted at the decode rate/.test(d)));
});
