// models_for_hardware and estimate_cost agree on serving speed: same machine, model, quantization, cache length and batch.
// estimate_cost's context is a whole request (prompt and answer) whose decoding sequences hold, on average, the prompt and
// half the answer (engines/kv-occupancy.ts): 8,192 tokens at input share 0.75 is 6,144 + 2,048 / 2 = 7,168, the context
// at which models_for_hardware (every sequence at its full context) reads the same bytes a step.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aHardware, aModel, f } from '../dataset/fixtures.ts';
import { estimate_cost } from './estimate-cost.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-10-01' };
type Out = Record<string, any>;
const fitOf = (ds: Dataset, hardware_id: string, model: string, input: Record<string, unknown>): Out | undefined =>
  (models_for_hardware.handler(ds, models_for_hardware.input.parse({ hardware_id, limit: 100, ...input }), ctx) as Out)
    .items.find((i: Out) => i.model.id === model);
const servingOf = (ds: Dataset, hardware: string, model_id: string, input: Record<string, unknown>): Out | undefined => {
  const out = estimate_cost.handler(ds, estimate_cost.input.parse({ model_id, tokens_millions: 1000, hardware, ...input }), ctx) as Out;
  return (out.self_hosting.options?.[0] ?? out.self_hosting.owned_options?.[0])?.serving;
};

// Four PCIe cards with L40S figures (864 GB/s, 362.05 dense FP16 TFLOPS, 48 GB) and Llama 3.1 8B's shape.
const ds = aDataset({
  models: [aModel({
    id: 'llama-8b', open_weights: f(true), parameters_total: f(8_030_261_248), context_window: f(131072),
    architecture: f({ layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/test' }),
  })],
  hardware: [aHardware({
    id: 'pcie-x4', class: 'server', accelerator: 'NVIDIA L40S', count: 4, memory_gb: f(192), bandwidth_gbs: f(864),
    compute_tflops: f(362.05), rental: f({ provider: 'cloud', instance_type: 'l40s-x4', usd_per_hour: 8, eu_regions: [] }),
  })],
});

test('four PCIe cards: one sequence is split by layer (llama.cpp), sixteen are served tensor parallel as estimate_cost serves them', () => {
  // Worked by hand. Weights Q8_0: 8,030,261,248 x 8.5 / 8 = 8,532,152,576 B. KV cache of one sequence at 8,192 tokens:
  // 2 x 8 heads x 128 x 32 layers x 2 bytes x 8,192 = 1,073,741,824 B.
  // Concurrency 1, split by layer (llama.cpp CUDA): one card's 864 GB/s, the weights at 0.81 (8,532,152,576 / 699.84e9
  //   = 12.191 ms) and the cache at 0.82 (1,073,741,824 / 708.48e9 = 1.516 ms), + 32 x 45 us + 3 hand-offs x 0.21 ms =
  //   15.777 ms: 63.4 tokens/s; prefill on one card's compute:
  //   0.42 x 0.72 x 362.05e12 / (2 x 8,030,261,248) = 6,817 tokens/s.
  // Concurrency 16, tensor parallel, 4 x 864 GB/s: 8,532,152,576 / (0.67 x 3,456e9) = 3.685 ms + 16 x 1,073,741,824 /
  //   (0.73 x 3,456e9, the batched server's cache read, refitted with vLLM's memory budget) = 6.810 ms + 32 x (45 + 19)
  //   us = 12.542 ms a step: 16 / 12.542 ms = 1,275.7 tokens/s, 79.7 per sequence (1,236.7 and 77.3 at the former 0.69);
  //   prefill on the four cards: 4 x 6,816.96 = 27,268 tokens/s.
  const one = fitOf(ds, 'pcie-x4', 'llama-8b', { context: 8192, concurrency: 1, quantization: 'q8_0' })!.speed;
  assert.equal(one.split, 'layer');
  assert.equal(one.tokens_per_s, 63.4);
  assert.equal(one.prefill_tokens_per_s, 6817);
  // The layout is the configuration's, stated once in the answer's assumptions (each entry names its own counts).
  const speedLine = (concurrency: number) => (models_for_hardware.handler(ds, models_for_hardware.input.parse(
    { hardware_id: 'pcie-x4', context: 8192, concurrency, quantization: 'q8_0' }), ctx) as Out).assumptions.at(-1) as string;
  assert.match(speedLine(1), /4 PCIe cards split by layer \(llama\.cpp's default --split-mode layer/);

  const many = fitOf(ds, 'pcie-x4', 'llama-8b', { context: 8192, concurrency: 16, quantization: 'q8_0' })!.speed;
  assert.equal(many.split, 'tensor');
  assert.equal(many.decode_bandwidth_gbs, 3456);
  assert.equal(many.at_concurrency.tokens_per_s_total, 1275.7);
  assert.equal(many.at_concurrency.tokens_per_s_per_stream, 79.7);
  assert.equal(many.prefill_tokens_per_s, 27268);
  assert.match(speedLine(16), /4 PCIe cards in tensor parallel, as a server decoding 16 sequences runs them/);
  assert.match(speedLine(16), /at concurrency 1 the cards are split by layer/);
  assert.match(speedLine(16), /a per-token floor of each model's layers x 45 us/);

  // estimate_cost at 8,192-token requests reads each cache at 7,168 tokens: 939,524,096 B a sequence, so
  // 8,532,152,576 / 2,315.52e9 = 3.685 ms + 16 x 939,524,096 / (0.73 x 3,456e9) = 5.958 ms + 32 x 64 us = 11.691 ms a
  // step: 1,368.6 tokens/s, what models_for_hardware gives for 16 sequences at a context of 7,168. The L40S (48 GB) keeps
  // the service's usable memory, not vLLM's budget (vllm-memory.ts: cards of 80 GB and more), so the batch stays 16.
  const serving = servingOf(ds, 'pcie-x4', 'llama-8b', { context: 8192, concurrency: 16, quantization: 'q8_0' })!;
  assert.equal(serving.batch, 16);
  assert.equal(serving.mean_sequence_tokens, 7168);
  assert.equal(serving.split, 'tensor');
  assert.equal(serving.decode_tokens_per_s, 1368.6);
  assert.equal(serving.prefill_tokens_per_s, 27268);
  const atMean = fitOf(ds, 'pcie-x4', 'llama-8b', { context: 7168, concurrency: 16, quantization: 'q8_0' })!.speed;
  assert.equal(atMean.at_concurrency.tokens_per_s_total, 1368.6);
});

const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());

/**
 * Both operations' serving figures for one case, or undefined when the model does not fit at that concurrency:
 * estimate_cost at 8,192-token requests (input share 0.75), models_for_hardware at the 7,168 tokens they hold on average.
 */
function both(d: Dataset, hardware: string, model: string, q: string, concurrency: number) {
  const fit = fitOf(d, hardware, model, { context: 7168, concurrency, quantization: q });
  if (!fit?.speed) return undefined;
  const serving = servingOf(d, hardware, model, { context: 8192, concurrency, quantization: q });
  assert.ok(serving, `${model} on ${hardware} at ${q} fits in models_for_hardware, so estimate_cost costs it`);
  return { speed: fit.speed, serving };
}

/**
 * Seconds a 6,144-token prompt's attention adds where estimate_cost counts it. Llama 3.3 70B (80 layers, 64 query heads
 * of 128) on 8 x H100 SXM: 4 x 80 x 64 x 128 = 2,621,440 FLOPs a position x 6,144^2 / 2 = 4.9478e13 FLOPs, at
 * FlashAttention-3's causal 616 TFLOPS a card (128 wide, arXiv 2407.08608) x 8 = 4.928e15 FLOP/s: 0.010040 s.
 */
const PROMPT_ATTENTION_S: Record<string, number> = { 'h100-80gb-x8': 0.010040 };

const quotes = 'committed dataset: models_for_hardware at a concurrency quotes the figures estimate_cost serves at that batch';
test(quotes, { skip: !hasCommitted }, () => {
  // The case reported: gemma-4-31b-it Q8_0 on 4 x L40S at concurrency 50 read split "layer", 258 tokens/s in all and a
  // 1,675 tokens/s prefill, where estimate_cost served the same box tensor parallel at a 6,700 tokens/s prefill.
  const cases: Array<[string, string, string, number]> = [
    ['l40s-x4', 'gemma-4-31b-it', 'q8_0', 50], ['l40s-x2', 'gemma-4-31b-it', 'q4_k_m', 8],
    ['rtx-4090-x2', 'llama-3.1-8b-instruct', 'q8_0', 32],
    ['rtx-3090-x4', 'llama-3.3-70b-instruct', 'q4_k_m', 4], ['h100-80gb-x8', 'llama-3.3-70b-instruct', 'q8_0', 64],
    ['mi300x-x4', 'gemma-4-31b-it', 'q8_0', 16],
  ];
  let compared = 0;
  for (const [hardware, model, q, concurrency] of cases) {
    const r = both(committed(), hardware, model, q, concurrency);
    if (!r) continue;
    const what = `${model} ${q} on ${hardware} at concurrency ${concurrency}`;
    assert.equal(r.serving.batch, concurrency, what);
    assert.equal(r.speed.split, r.serving.split, what);
    assert.notEqual(r.speed.split, 'layer', `${what}: a server runs several cards tensor parallel`);
    // Both are rounded to 0.1 tokens/s from the same figure; per sequence, models_for_hardware rounds total / batch.
    assert.ok(Math.abs(r.speed.at_concurrency.tokens_per_s_total - r.serving.decode_tokens_per_s) <= 0.1, what);
    assert.ok(Math.abs(r.speed.at_concurrency.tokens_per_s_per_stream - r.serving.decode_tokens_per_s / concurrency) <= 0.06, what);
    // estimate_cost's prompt rate adds its request's prompt attention where FlashAttention-3's figure covers the
    // configuration (vLLM on Hopper, engines/serving-attention.ts); models_for_hardware's is the compute-bound rate.
    const attention = PROMPT_ATTENTION_S[hardware] ?? 0;
    assert.ok(r.speed.prefill_tokens_per_s === null
      ? r.serving.prefill_tokens_per_s === null
      : Math.abs(6144 / (6144 / r.speed.prefill_tokens_per_s + attention) - r.serving.prefill_tokens_per_s) <= 0.5, what);
    compared++;
  }
  assert.ok(compared >= 4, `most cases fit and were compared (${compared})`);
});

test('one sequence on llama.cpp\'s server: estimate_cost decodes at the rate models_for_hardware quotes for the cache it holds', { skip: !existsSync(`${DEFAULT_DATA_DIR}/models.json`) }, async () => {
  // gpt-oss-20b on a DGX Spark: llama-bench measures 84.10 tokens/s at tg32, 77.36 after 4,096 tokens and 74.00 after
  // 8,192 (ggml-org benches/dgx-spark.md). estimate_cost read it at the batched server's shares, 63.8 tokens/s at
  // concurrency 1; its request of 8,192 tokens holds 7,168 on average (prompt and half the answer), so the single
  // stream models_for_hardware quotes at context 7,168 is the figure to match. Both read the published 12.10 GB MXFP4
  // file (11.68 GB flat) and a token its active share at its own 5.69 bits (active-bits.ts; 73.7 tokens/s at gpt-oss-120b's
  // 5.53): 71.9 tokens/s, 0.97x the 74.00 measured after 8,192 tokens and 0.93x the 77.36 after 4,096.
  const shipped = committed();
  const serving = servingOf(shipped, 'dgx-spark', 'gpt-oss-20b', { concurrency: 1, tokens_millions: 30 })!;
  const fit = fitOf(shipped, 'dgx-spark', 'gpt-oss-20b', { context: 7168 })!;
  assert.equal(serving.batch, 1);
  assert.equal(serving.decode_tokens_per_s, fit.tokens_per_s);
  assert.ok(serving.decode_tokens_per_s > 71.5 && serving.decode_tokens_per_s < 78.5, `${serving.decode_tokens_per_s}`);
  // A batch is never slower in total than one sequence on the same server (llama-batched-bench: 51.01 tokens/s at B=1,
  // 114.91 at B=8 for gpt-oss-120b after 8,192-token prompts).
  const eight = servingOf(shipped, 'dgx-spark', 'gpt-oss-120b', { concurrency: 8, tokens_millions: 30 })!;
  const one = servingOf(shipped, 'dgx-spark', 'gpt-oss-120b', { concurrency: 1, tokens_millions: 30 })!;
  assert.ok(eight.decode_tokens_per_s >= one.decode_tokens_per_s, `${eight.decode_tokens_per_s} < ${one.decode_tokens_per_s}`);
});

test('one sequence on one data-centre GPU: estimate_cost\'s vLLM single stream reads at the batch-1 shares models_for_hardware quotes', { skip: !existsSync(`${DEFAULT_DATA_DIR}/models.json`) }, async () => {
  const shipped = committed();
  // Llama-3.3-70B-Instruct (70,553,706,496 parameters; 80 layers, 8 KV heads x 128) on one H200 (4,800 GB/s), by hand.
  // estimate_cost serves it with vLLM in FP8 W8A8 (8.24 bits: 72.670 GB); an 8,192-token request holds 7,168 tokens on
  // average, 7,168 x 327,680 B = 2.349 GB of cache. Alone on the GPU the sequence is a single stream: 72.670 GB /
  // (0.81 x 4,800 GB/s) = 18.691 ms + 2.349 GB / (0.82 x 4,800) = 0.597 ms + 80 x 45 us = 3.6 ms: 22.887 ms, 43.7
  // tokens/s. At the batched server's 0.67 and 0.69 it read 22.597 + 0.709 + 3.6 = 26.906 ms, 37.2 tokens/s, against
  // models_for_hardware's 42.4 at Q8_0: 74.96 GB / 3,888 GB/s = 19.280 ms + 8,192 x 327,680 B = 2.684 GB / 3,936 GB/s
  // = 0.682 ms + 3.6 ms = 23.562 ms. The two now differ by the format (8.24 against 8.5 bits) and the cache length only.
  const serving = servingOf(shipped, 'h200-x1', 'llama-3.3-70b-instruct', { concurrency: 1, context: 8192 })!;
  assert.equal(serving.batch, 1);
  assert.equal(serving.decode_tokens_per_s, 43.7);
  const sameFormat = fitOf(shipped, 'h200-x1', 'llama-3.3-70b-instruct', { context: 7168, quantization: 'fp8_w8a8' })!;
  assert.equal(sameFormat.tokens_per_s, serving.decode_tokens_per_s);
  const quoted = fitOf(shipped, 'h200-x1', 'llama-3.3-70b-instruct', { context: 8192 })!;
  assert.equal(quoted.quantization, 'q8_0');
  assert.equal(quoted.tokens_per_s, 42.4);
  // Each answer says why the other's figure differs: estimate_cost in the option's basis, models_for_hardware once.
  const option = (estimate_cost.handler(shipped, estimate_cost.input.parse(
    { model_id: 'llama-3.3-70b-instruct', tokens_millions: 1000, hardware: 'h200-x1', concurrency: 1 }), ctx) as Out).self_hosting.options[0];
  assert.ok(option.derived_from.some((d: string) => /^one sequence at a time decodes as a single stream: weights read at 0\.81 .*0\.82, the batch-1 shares models_for_hardware quotes for h200-x1 .*llama\.cpp's GGUF types here, so its figure differs from this one by the format and by holding the whole context/.test(d)));
  const assumptions = (models_for_hardware.handler(shipped, models_for_hardware.input.parse({ hardware_id: 'h200-x1' }), ctx) as Out).assumptions as string[];
  assert.ok(assumptions.some((a) => /estimate_cost, costing a server, takes the vLLM\/SGLang formats on one data-centre accelerator too, and reads one sequence alone on one device at these batch-1 shares/.test(a)));
  // Published: vLLM 0.23.0 decodes Llama-3.1-8B-Instruct BF16 alone (1,024 in / 128 out, --max-concurrency 1) on an
  // A100 40GB at "about 75 tokens/sec, roughly 77% of the GPU's memory-bandwidth ceiling" (johnmusgrave.com, "vLLM
  // throughput-latency sweep on NVIDIA A100", read 2026-11-27). By hand: 16.061 GB / (0.81 x 1,555 GB/s) = 12.751 ms
  // + 1,088 x 131,072 B = 0.1426 GB / (0.82 x 1,555) = 0.112 ms + 32 x 45 us = 1.44 ms: 14.303 ms, 69.9 tokens/s
  // (0.93x); the batched server's shares read 58.9 (0.79x).
  const a100 = servingOf(shipped, 'a100-40gb-x1', 'llama-3.1-8b-instruct',
    { concurrency: 1, context: 1152, input_share: 1024 / 1152, quantization: 'bf16' })!;
  assert.equal(a100.mean_sequence_tokens, 1088);
  assert.equal(a100.decode_tokens_per_s, 69.9);
  assert.ok(a100.decode_tokens_per_s / 75 > 0.9 && a100.decode_tokens_per_s / 75 < 1.1);
  // Several devices still serve one sequence tensor parallel with the weights at the serving runtime's 0.67, as
  // models_for_hardware quotes it; the cache is read at 0.69 there against 0.82 here, under 0.5% of a 70B token.
  const tp = both(shipped, 'h100-80gb-x8', 'llama-3.3-70b-instruct', 'fp8_w8a8', 1)!;
  assert.equal(tp.serving.split, 'tensor');
  const gap = Math.abs(tp.speed.tokens_per_s - tp.serving.decode_tokens_per_s) / tp.serving.decode_tokens_per_s;
  assert.ok(gap < 0.005, `${tp.speed.tokens_per_s} against ${tp.serving.decode_tokens_per_s}`);
});
