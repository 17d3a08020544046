// Tests of the fit engine: reference fits, quantization choice, speed, multi-GPU, ranking and its properties.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Architecture, Hardware, Model } from '../schema/index.ts';
import { DECODE_EFFICIENCY, GB, KV_READ_EFFICIENCY, LAYER_LATENCY_S } from './constants.ts';
import { fitModel, type FitAssessed, type FitResult } from './hardware-fit.ts';
import { modelsForHardware } from './hardware-rank.ts';
import { decodeTokensPerSecond } from './memory.ts';

const f = <T>(value: T) => ({ value, as_of: '2026-05-12', source: 'test' });

const llamaArch = (layers: number): Architecture => ({ layers, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/test' });

// A window long enough for every context tried here; the unknown-window rule is tested apart (context-window.test.ts).
function aModel(over: Partial<Model> = {}): Model {
  return {
    id: 'm', vendor: 'meta', name: f('M'), aliases: [], variants: [], capabilities: {}, open_weights: f(true), context_window: f(1_048_576),
    ...over,
  };
}

// Real parameter counts (llmfit snapshot of Hugging Face) and config.json facts of Llama 3.1.
const llama8b = aModel({ id: 'llama-3.1-8b', parameters_total: f(8_030_261_248), parameters_active: f(8_030_261_248), architecture: f(llamaArch(32)), context_window: f(131072) });
const llama70b = aModel({ id: 'llama-3.1-70b', parameters_total: f(70_553_706_496), architecture: f(llamaArch(80)), context_window: f(131072) });

function aCard(over: Partial<Hardware> = {}): Hardware {
  return {
    id: 'card',
    name: 'Card',
    class: 'desktop',
    accelerator: 'GPU',
    count: 1,
    unified_memory: false,
    memory_gb: f(24),
    usable_fraction: f(0.95),
    bandwidth_gbs: f(1008),
    ...over,
  };
}

const assessed = (r: FitResult): FitAssessed => {
  assert.equal(r.assessable, true, JSON.stringify(r));
  return r as FitAssessed;
};

const at8k = { context: 8192, concurrency: 1 };

test('a 70B model does not fit a 24 GB card, even at Q4_K_M or Q3_K_M, and says by how much', () => {
  // By hand, 8k context: usable = 24 x 2^30 B x 0.95 = 24 x 1.0737 x 0.95 = 24.48 GB (a stated GB is 2^30 bytes).
  // KV 2 x 80 layers x 8 x 128 x 2 B x 8192 = 2.68 GB; total = weights + KV + 0.75 GB.
  // Q4_K_M: 70.55e9 x 4.89 / 8 = 43.13 GB -> 46.56 GB; Q3_K_M: 70.55e9 x 3.9 / 8 = 34.39 GB -> 37.82 GB, 13.3 GB short.
  const r = assessed(fitModel(llama70b, aCard(), at8k));
  assert.equal(r.fit, 'no');
  assert.equal(r.quantization, null);
  assert.equal(r.by_quantization.find((x) => x.quantization === 'q4_k_m')?.memory_fit, 'no');
  assert.equal(r.memory.quantization, 'q3_k_m');
  assert.ok(r.memory.headroom_gb < 0);
  assert.match(r.reason ?? '', /24\.48 GB usable/);
  assert.equal(r.tokens_per_s, null);
});

test('an 8B model fits a 16 GB card at Q4_K_M comfortably, and the engine picks the best quantization (Q8_0)', () => {
  const r = assessed(fitModel(llama8b, aCard({ memory_gb: f(16), bandwidth_gbs: f(288) }), at8k));
  assert.equal(r.by_quantization.find((x) => x.quantization === 'q4_k_m')?.memory_fit, 'comfortable');
  assert.equal(r.fit, 'comfortable');
  assert.equal(r.quantization, 'q8_0');
  // Usable: 16 x 2^30 B x 0.95 = 16 x 1.0737 x 0.95 = 16.32 GB. Q8_0 at 8k: 8.53 + 1.07 + 0.75 = 10.35 GB, 63%.
  assert.ok(r.memory.total_gb <= 0.85 * 16.32);
  assert.equal(r.estimate, true);
  assert.ok(r.derived_from.some((d) => d.startsWith('parameters_total = 8030261248 (test, 2026-05-12)')));
});

test('prefers a lower quantization that fits comfortably over a higher one that fits only tightly', () => {
  // BF16 (asked for with min_bits above Q8_0's 8.5) 8B at 8k: 16.06 + 1.07 + 0.75 = 17.88 GB; on 19 x 2^30 B =
  // 19 x 1.0737 = 20.40 GB usable that is 88%: tight. Q8_0 (10.35 GB, 51%) is comfortable.
  const r = assessed(fitModel(llama8b, aCard({ memory_gb: f(19), usable_fraction: f(1) }), { ...at8k, min_bits_per_weight: 8 }));
  assert.equal(r.by_quantization[0].quantization, 'q8_0', 'without asking, nothing above Q8_0 is tried');
  const asked = assessed(fitModel(llama8b, aCard({ memory_gb: f(19), usable_fraction: f(1) }), { ...at8k, min_bits_per_weight: 9 }));
  assert.deepEqual(asked.by_quantization.map((q) => q.quantization), ['bf16']);
  assert.equal(asked.fit, 'tight');
  const both = assessed(fitModel(llama8b, aCard({ memory_gb: f(19), usable_fraction: f(1) }), { ...at8k, quantization: 'bf16' }));
  assert.equal(both.by_quantization[0].memory_fit, 'tight');
  assert.equal(r.quantization, 'q8_0');
  assert.equal(r.fit, 'comfortable');
});

test('takes a tight fit when nothing fits comfortably, and says tight', () => {
  // Q3_K_M 8B at 8k: 3.91 + 1.07 + 0.75 = 5.74 GB; 6 x 2^30 B = 6 x 1.0737 = 6.44 GB usable: 89%.
  // Q4_K_M: 4.91 + 1.07 + 0.75 = 6.73 GB does not fit.
  const r = assessed(fitModel(llama8b, aCard({ memory_gb: f(6), usable_fraction: f(1) }), at8k));
  assert.equal(r.fit, 'tight');
  assert.equal(r.quantization, 'q3_k_m');
  assert.ok(r.memory.used_fraction > 0.85 && r.memory.used_fraction <= 1);
});

test('a context beyond the model window does not fit, whatever the memory', () => {
  const small = aModel({ ...llama8b, context_window: f(4096) });
  const r = assessed(fitModel(small, aCard({ memory_gb: f(80) }), at8k));
  assert.equal(r.fit, 'no');
  assert.match(r.reason ?? '', /exceeds the model's context window of 4096/);
});

test('a model without architecture facts is not assessable, and the missing facts are named', () => {
  const r = fitModel(aModel({ parameters_total: f(7e9) }), aCard(), at8k);
  assert.equal(r.assessable, false);
  assert.deepEqual(r.assessable === false && r.missing, ['architecture']);
});

test('decode speed: active weights / (efficiency x bandwidth) + KV of one sequence / (KV efficiency x bandwidth) + a floor', () => {
  const r = assessed(fitModel(llama8b, aCard({ memory_gb: f(16), bandwidth_gbs: f(288) }), at8k));
  const weights = (8_030_261_248 * 8.5) / 8;
  const kv = 2 * 32 * 8 * 128 * 8192 * 2;
  // A card of no backend with a fitted row (constants.ts DECODE_EFFICIENCY_BY_BACKEND), so the weights at 0.67:
  // 8.532 GB / (0.67 x 288 GB/s) = 44.22 ms + 1.074 GB / (0.82 x 288 GB/s) = 4.55 ms, plus 32 layers x 45 us = 1.44 ms:
  // 50.21 ms, 19.9 tokens/s.
  const seconds = weights / (DECODE_EFFICIENCY * 288 * GB) + kv / (KV_READ_EFFICIENCY * 288 * GB) + 32 * LAYER_LATENCY_S;
  assert.equal(r.tokens_per_s, Math.round((1 / seconds) * 10) / 10);
  assert.equal(r.tokens_per_s, 19.9);
  assert.equal(r.speed?.estimate, true);
  assert.equal(r.speed?.efficiency, DECODE_EFFICIENCY);
  assert.match(r.speed?.basis ?? '', /batch 1/);
});

test('speed reference point: M1 Max (400 GB/s) decodes Llama-3.1-8B Q4_K_M at a measured 46.2 tokens/s; the estimate is within 10%', () => {
  // Measured with llama.cpp (tg128): https://github.com/brand-o/normiebench/issues/40
  const weights = (8_030_261_248 * 4.89) / 8;
  const kv = 2 * 32 * 8 * 128 * 128 * 2;
  const estimate = decodeTokensPerSecond({
    total_weights: weights, active_weights: weights, kv_per_sequence: kv, batch: 1, bandwidth: 400 * GB,
    step_latency_s: 32 * LAYER_LATENCY_S,
  });
  assert.ok(Math.abs(estimate - 46.2) / 46.2 < 0.1, `estimate ${estimate}`);
});

test('MoE decodes at the speed of its active parameters but needs memory for all of them', () => {
  const arch = f(llamaArch(48));
  const dense = aModel({ parameters_total: f(30e9), architecture: arch });
  const moe = aModel({ parameters_total: f(30e9), parameters_active: f(3e9), architecture: arch });
  const card = aCard({ memory_gb: f(80) });
  const d = assessed(fitModel(dense, card, at8k));
  const m = assessed(fitModel(moe, card, at8k));
  assert.equal(m.memory.total_gb, d.memory.total_gb);
  assert.ok((m.tokens_per_s ?? 0) > 3 * (d.tokens_per_s ?? 0));
});

test('serving several sequences raises total throughput and lowers per-stream speed', () => {
  const r = assessed(fitModel(llama8b, aCard({ memory_gb: f(80) }), { context: 4096, concurrency: 8 }));
  const c = r.speed!.at_concurrency;
  assert.ok(c.tokens_per_s_total > r.tokens_per_s!);
  assert.ok(c.tokens_per_s_per_stream < r.tokens_per_s!);
  // A batch of one reads exactly the batch-1 bytes.
  const one = decodeTokensPerSecond({ total_weights: 10, active_weights: 10, kv_per_sequence: 2, batch: 1, bandwidth: 12 });
  assert.equal(one, 1 / (10 / (DECODE_EFFICIENCY * 12) + 2 / (KV_READ_EFFICIENCY * 12)));
});

test('MoE in a batch: each sequence may route to other experts, up to reading every expert once per step', () => {
  const moe = { total_weights: 100, active_weights: 10, kv_per_sequence: 1, bandwidth: 1000 };
  // Batch 4: 4 x 10 active weight bytes + 4 x 1 KV byte per step for 4 tokens.
  const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9 * b, `${a} vs ${b}`);
  const step = (weights: number, cache: number) => weights / (DECODE_EFFICIENCY * 1000) + cache / (KV_READ_EFFICIENCY * 1000);
  near(decodeTokensPerSecond({ ...moe, batch: 4 }), 4 / step(40, 4));
  // Batch 16: capped at all 100 weight bytes, + 16 KV bytes per step.
  near(decodeTokensPerSecond({ ...moe, batch: 16 }), 16 / step(100, 16));
});

test('multi-GPU: 70B fits 2 x 48 GB with the split stated, overhead per card and bandwidth of both cards', () => {
  const pair = aCard({ id: 'pair', count: 2, accelerator: 'L40S', memory_gb: f(96), bandwidth_gbs: f(864) });
  const r = assessed(fitModel(llama70b, pair, at8k));
  assert.notEqual(r.fit, 'no');
  assert.match(r.split ?? '', /split across 2 x L40S/);
  assert.equal(r.speed?.aggregate_bandwidth_gbs, 1728);
  const single = assessed(fitModel(llama70b, aCard({ memory_gb: f(96), bandwidth_gbs: f(864) }), at8k));
  assert.equal(single.split, null);
  assert.equal(r.memory.overhead_gb, Math.round((single.memory.overhead_gb + 0.75) * 100) / 100);
});

test('models_for_hardware: runs only, best rated first then headroom; closed and non-language excluded; unknown facts listed', () => {
  const models = [
    aModel({ ...llama8b, id: 'unrated-small', parameters_total: f(1e9) }),
    aModel({ ...llama8b, id: 'rated-low' }),
    aModel({ ...llama8b, id: 'rated-high' }),
    aModel({ ...llama8b, id: 'unrated-big' }),
    aModel({ ...llama70b, id: 'too-big' }),
    aModel({ id: 'no-facts', parameters_total: f(7e9) }),
    aModel({ ...llama8b, id: 'closed', open_weights: f(false) }),
    aModel({ ...llama8b, id: 'weights-unknown', open_weights: undefined }),
    // Not language models, though open and with the facts a fit needs: a speech recogniser and an embedder.
    aModel({ ...llama8b, id: 'speech-to-text', modalities: f({ input: ['audio'], output: ['text'] }) }),
    aModel({ id: 'text-embed', name: f('Test Embed 7B'), parameters_total: f(7e9), modalities: f({ input: ['text'], output: ['text'] }) }),
  ];
  const ratings: Record<string, number> = { 'rated-low': 1200, 'rated-high': 1300, 'too-big': 1400, closed: 1500 };
  const r = modelsForHardware(models, aCard(), at8k, (id) => ratings[id]);
  assert.deepEqual(r.models.map((m) => m.model_id), ['rated-high', 'rated-low', 'unrated-small', 'unrated-big']);
  assert.deepEqual(r.models.map((m) => m.rank), [1, 2, 3, 4]);
  assert.equal(r.models[0].rating, 1300);
  assert.deepEqual(r.not_assessable.map((m) => m.model_id), ['no-facts']);
  assert.equal(r.does_not_fit, 1);
  assert.deepEqual(r.excluded, { closed_weights: 1, open_weights_unknown: 1, not_language_models: 2 });
  // 24 x 2^30 B x 0.95 = 24 x 1.073741824 x 0.95 = 24.4813 GB, shown to two decimals.
  assert.equal(r.hardware.usable_gb, 24.48);
  assert.ok(r.models.every((m) => m.fit !== 'no' && m.tokens_per_s !== null && m.estimate));
});

const sizes = [0.5e9, 1e9, 3e9, 7e9, 8e9, 13e9, 27e9, 32e9, 70e9, 123e9, 405e9];
const zoo = sizes.map((p, i) => aModel({ id: `m${i}`, parameters_total: f(p), architecture: f(llamaArch(Math.round(20 + p / 5e9))) }));

test('property: more memory never fits fewer models', () => {
  fc.assert(
    fc.property(fc.double({ min: 1, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1000, noNaN: true }),
      fc.integer({ min: 512, max: 131072 }), (mem, more, context) => {
      const run = (gb: number) => modelsForHardware(zoo, aCard({ memory_gb: f(gb) }), { context, concurrency: 1 }, () => undefined);
      const small = new Set(run(mem).models.map((m) => m.model_id));
      const large = new Set(run(mem + more).models.map((m) => m.model_id));
      return [...small].every((id) => large.has(id));
    }),
  );
});

test('property: a longer context never improves the choice: it never moves up the preference order, no quantization starts to fit', () => {
  // The order (hardware-fit.ts `preferred`): comfortable at >= 4 bits, tight at >= 4 bits, comfortable below, tight
  // below; within each, the highest precision. The fit level alone may rise (Q4_K_M tight, then Q3_K_M comfortable).
  const rank = (r: FitAssessed) => {
    if (r.fit === 'no' || r.bits_per_weight === null) return 0;
    const tier = (r.bits_per_weight >= 4 ? 2 : 0) + (r.fit === 'comfortable' ? 1 : 0);
    return tier * 100 + r.bits_per_weight;
  };
  fc.assert(
    fc.property(fc.constantFrom(...zoo), fc.integer({ min: 512, max: 200_000 }), fc.integer({ min: 0, max: 200_000 }),
      fc.double({ min: 4, max: 500, noNaN: true }), (model, context, extra, mem) => {
      const card = aCard({ memory_gb: f(mem) });
      const a = assessed(fitModel(model, card, { context, concurrency: 1 }));
      const b = assessed(fitModel(model, card, { context: context + extra, concurrency: 1 }));
      const fitsAt = (r: FitAssessed) => new Set(r.by_quantization.filter((q) => q.memory_fit !== 'no').map((q) => q.quantization));
      const before = fitsAt(a);
      return rank(b) <= rank(a) && [...fitsAt(b)].every((q) => before.has(q));
    }),
  );
});

test('a tight Q4_K_M is chosen over a comfortable Q3_K_M, and Q3_K_M only when nothing at 4 bits fits', () => {
  // A dense 32B model, 32 GQA layers (8 KV heads x 128), 8k context, on a 24 GB card. By hand: usable =
  // 24 x 2^30 B x 0.95 = 24 x 1.0737 x 0.95 = 24.48 GB; KV 2 x 32 x 8 x 128 x 2 B x 8192 = 2^30 B = 1.07 GB;
  // total = weights + KV + 0.75 GB.
  // Q4_K_M: 32e9 x 4.89 / 8 = 19.56 GB -> 21.38 GB, 87% of 24.48 (tight); Q3_K_M: 32e9 x 3.9 / 8 = 15.60 GB -> 17.42 GB,
  // 71% (comfortable).
  const model = aModel({ id: 'dense-32b', parameters_total: f(32e9), architecture: f(llamaArch(32)) });
  const r = assessed(fitModel(model, aCard({ memory_gb: f(24) }), { context: 8192, concurrency: 1 }));
  assert.equal(r.by_quantization.find((q) => q.quantization === 'q4_k_m')?.memory_fit, 'tight');
  assert.equal(r.by_quantization.find((q) => q.quantization === 'q3_k_m')?.memory_fit, 'comfortable');
  assert.equal(r.quantization, 'q4_k_m');
  // On 20 GB (20 x 1.0737 x 0.95 = 20.40 GB usable) Q4_K_M (21.38 GB) no longer fits: Q3_K_M (17.42 GB, 85.4%) is
  // the answer, tight.
  const small = assessed(fitModel(model, aCard({ memory_gb: f(20) }), { context: 8192, concurrency: 1 }));
  assert.equal(small.quantization, 'q3_k_m');
  assert.equal(small.fit, 'tight');
});
