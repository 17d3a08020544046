// Tests of models_for_hardware: reference fits through the op, order, what is left out and why, bounds, paging, caching.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aHardware, aModel, aRating, f } from '../dataset/fixtures.ts';
import { ServiceError } from '../errors/index.ts';
import type { Architecture, Hardware, Model } from '../schema/index.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-10-01' };
type Out = {
  hardware: Record<string, any>; context: number; concurrency: number; items: Array<Record<string, any>>;
  page: { total: number; limit: number; next_cursor: string | null }; does_not_fit: number;
  not_assessable: { count: number; reason: string; models: Array<{ model_id: string; missing: string[] }> };
  excluded: { closed_weights: number; open_weights_unknown: number }; assumptions: string[]; quantization_rule: string;
};
const run = (ds: Dataset, input: Record<string, unknown>) => models_for_hardware.handler(ds, models_for_hardware.input.parse(input), ctx) as Out;
const ids = (o: Out) => o.items.map((i) => i.model.id);

const arch = (layers: number): Architecture => ({ layers, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/test' });
// Hugging Face parameter counts of Llama 3.1 8B and 70B, as the dataset carries them.
const open = (id: string, params: number, layers: number, over: Partial<Model> = {}) =>
  aModel({ id, open_weights: f(true), parameters_total: f(params), architecture: f(arch(layers)), context_window: f(131072), ...over });

const models = [
  open('llama-70b', 70_553_706_496, 80),
  open('llama-8b', 8_030_261_248, 32),
  open('twin-a-3b', 3_212_749_824, 28),
  open('twin-b-1b', 1_235_814_400, 16),
  open('tiny-1b', 1_235_814_400, 16),
  aModel({ id: 'no-arch', open_weights: f(true), parameters_total: f(7e9) }),
  // A speech recogniser (audio in): open, but not a language model, so neither ranked nor listed as not assessable.
  aModel({ id: 'speech-3b', open_weights: f(true), parameters_total: f(3e9), modalities: f({ input: ['audio'], output: ['text'] }) }),
  aModel({ id: 'closed-pro', open_weights: f(false) }),
  aModel({ id: 'who-knows' }),
];
const rate = (over: Parameters<typeof aRating>[0]) => aRating({ rating_lower: over.rating! - 10, rating_upper: over.rating! + 10, ...over });
const ratings = [
  rate({ model_id: 'llama-70b', rating: 1300 }),
  // Rated on raw text only: the op falls back to it.
  rate({ model_id: 'llama-8b', leaderboard: 'text', rating: 1250 }),
  rate({ model_id: 'llama-8b', leaderboard: 'text', rating: 1260, variant: 'llama-8b-thinking' }),
  rate({ model_id: 'twin-a-3b', rating: 1200 }),
  rate({ model_id: 'twin-b-1b', rating: 1200 }),
  rate({ model_id: 'closed-pro', rating: 1500 }),
];
const hardware: Hardware[] = [
  aHardware({ id: 'card-24', memory_gb: f(24), bandwidth_gbs: f(1008) }),
  aHardware({ id: 'card-16', memory_gb: f(16), bandwidth_gbs: f(288) }),
  aHardware({ id: 'card-80', memory_gb: f(80), bandwidth_gbs: f(3350) }),
];
const ds = aDataset({ models, ratings, hardware });

test('a 70B model does not run on a 24 GB card (not even at Q4_K_M) and is counted as not fitting', () => {
  const out = run(ds, { hardware_id: 'card-24' });
  assert.ok(!ids(out).includes('llama-70b'));
  assert.equal(out.does_not_fit, 1);
  assert.ok(ids(run(ds, { hardware_id: 'card-80' })).includes('llama-70b'), 'it runs on 80 GB');
});

test('an 8B model runs on a 16 GB card, at the best quantization that fits, with memory and a speed estimate', () => {
  const out = run(ds, { hardware_id: 'card-16' });
  const e = out.items.find((i) => i.model.id === 'llama-8b')!;
  assert.ok(e, 'listed');
  assert.equal(e.fit, 'comfortable');
  assert.equal(e.quantization, 'q8_0');
  assert.equal(e.quantization_name, 'Q8_0');
  // Usable: a stated GB is 2^30 bytes, so 16 x 1.073741824 x 0.95 = 16.32 GB. Q8_0 at 8k: 8.03e9 x 8.5 / 8 = 8.53 GB of
  // weights, (8.53 + 1.07) x 1.1 + 0.5 = 11.07 GB, 68% of 16.32: comfortable.
  assert.equal(e.memory.usable_gb, 16.32);
  assert.ok(e.memory.total_gb <= 0.85 * 16.32 && e.memory.headroom_gb > 0);
  // 8.53 GB / (0.67 x 288 GB/s) = 44.2 ms + 1.07 GB of cache / (0.87 x 288 GB/s) = 4.3 ms + 32 x 45 us: 20.0 tokens/s.
  assert.ok(e.tokens_per_s > 18 && e.tokens_per_s < 22, `about 20 tokens/s at 288 GB/s, got ${e.tokens_per_s}`);
  assert.equal(e.speed.estimate, true);
  assert.ok(e.derived_from.some((s: string) => s.startsWith('parameters_total = 8030261248')));
  assert.equal(out.hardware.usable_memory_gb.value, 16.32);
});

test('quantization and KV-cache parameters: alternatives listed, BF16 only when asked, bad values refused', () => {
  const out = run(ds, { hardware_id: 'card-80' });
  const e = out.items.find((i) => i.model.id === 'llama-8b')!;
  assert.equal(e.quantization, 'q8_0');
  assert.deepEqual(e.alternatives.map((a: Record<string, any>) => a.quantization), ['q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q3_k_m']);
  assert.ok(e.alternatives.every((a: Record<string, any>) => a.total_gb > 0 && a.tokens_per_s > 0));
  // The rule every entry without a native format follows is the answer's, stated once and kept in each entry.
  assert.match(out.quantization_rule, /up to Q8_0/);
  assert.equal(e.quantization_rule, out.quantization_rule);
  const bf16 = run(ds, { hardware_id: 'card-80', min_bits: 16 }).items.find((i) => i.model.id === 'llama-8b')!;
  assert.equal(bf16.quantization, 'bf16');
  const kv = run(ds, { hardware_id: 'card-80', kv_cache: 'q4_0' }).items.find((i) => i.model.id === 'llama-8b')!;
  assert.equal(kv.kv_cache.type, 'q4_0');
  assert.ok(kv.memory.kv_cache_gb < e.memory.kv_cache_gb / 3);
  for (const [input, message] of [[{ min_bits: 2 }, /from 3 to 16/], [{ quantization: 'fp4' }, /quantization must be one of/], [{ kv_cache: 'int8' }, /kv_cache must be/]] as const) {
    const r = models_for_hardware.input.safeParse({ hardware_id: 'card-80', ...input });
    assert.equal(r.success, false);
    assert.match(r.error!.issues[0].message, message);
  }
  assert.throws(() => run(ds, { hardware_id: 'card-80', min_bits: 4, quantization: 'q8_0' }), (err: unknown) => err instanceof ServiceError && err.code === 'invalid_parameter');
});

test('order: arena rating (style control, else text overall, best variant), then memory headroom; unrated last', () => {
  const out = run(ds, { hardware_id: 'card-80' });
  assert.deepEqual(ids(out), ['llama-70b', 'llama-8b', 'twin-b-1b', 'twin-a-3b', 'tiny-1b']);
  assert.deepEqual(out.items.map((i) => i.rank), [1, 2, 3, 4, 5]);
  const l8 = out.items[1];
  assert.equal(l8.rating.leaderboard, 'text');
  assert.equal(l8.rating.variant, 'llama-8b-thinking');
  // Equal ratings: the smaller model leaves more headroom and comes first.
  assert.ok(out.items[2].memory.headroom_gb > out.items[3].memory.headroom_gb);
  assert.equal(out.items[4].rating, null);
});

test('models without the facts are listed as not assessable with what is missing; closed, unknown and non-language are counted', () => {
  const out = run(ds, { hardware_id: 'card-80' });
  assert.deepEqual(out.not_assessable.models, [{ model_id: 'no-arch', missing: ['architecture'] }]);
  assert.equal(out.not_assessable.count, 1);
  assert.match(out.not_assessable.reason, /does not estimate/);
  assert.deepEqual(out.excluded, { closed_weights: 1, open_weights_unknown: 1, not_language_models: 1 });
  assert.ok(!ids(out).includes('closed-pro'), 'a closed model never runs on your hardware, however well rated');
  assert.ok(out.assumptions.length >= 4);
});

test('an unknown hardware id is hardware_not_found with near ids', () => {
  assert.throws(() => run(ds, { hardware_id: 'card-32' }), (e: unknown) =>
    e instanceof ServiceError && e.code === 'hardware_not_found' && e.status === 404
    && (e.options.suggestions ?? []).length > 0 && e.options.errors?.[0].parameter === 'hardware_id');
});

test('context and concurrency out of range are refused with a message stating the range', () => {
  for (const bad of [{ context: 511 }, { context: 1048577 }, { context: 1000.5 }, { concurrency: 0 }, { concurrency: 257 }]) {
    const r = models_for_hardware.input.safeParse({ hardware_id: 'card-24', ...bad });
    assert.equal(r.success, false, JSON.stringify(bad));
    assert.match(r.error!.issues[0].message, /512 to 1,048,576|1 to 256/, JSON.stringify(bad));
  }
  const d = models_for_hardware.input.parse({ hardware_id: 'card-24' });
  assert.equal(d.context, 8192);
  assert.equal(d.concurrency, 1);
});

test('a longer context and more sequences need more memory, and the answer says which it assessed', () => {
  const base = run(ds, { hardware_id: 'card-80' }).items.find((i) => i.model.id === 'llama-8b')!;
  const long = run(ds, { hardware_id: 'card-80', context: 131072, concurrency: 2 });
  assert.equal(long.context, 131072);
  assert.equal(long.concurrency, 2);
  const l = long.items.find((i) => i.model.id === 'llama-8b')!;
  // 16 times the context for twice the sequences: 32 times the KV cache.
  assert.ok(Math.abs(l.memory.kv_cache_gb / base.memory.kv_cache_gb - 32) < 0.2, `${l.memory.kv_cache_gb} vs ${base.memory.kv_cache_gb}`);
  assert.equal(l.speed.at_concurrency.concurrency, 2);
  assert.ok(!ids(long).includes('llama-70b'), '2 x 128k of KV cache leaves no room for 70B on 80 GB');
});

test('the cached default ranking is not disturbed by other asks', () => {
  const fresh = aDataset({ models, ratings, hardware });
  const first = run(fresh, { hardware_id: 'card-80' });
  run(fresh, { hardware_id: 'card-80', context: 131072, concurrency: 4 });
  for (let c = 1; c <= 40; c++) run(fresh, { hardware_id: 'card-24', concurrency: c });
  assert.deepEqual(run(fresh, { hardware_id: 'card-80', context: 8192, concurrency: 1 }), first);
  assert.deepEqual(run(fresh, { hardware_id: 'card-24', concurrency: 3 }), run(aDataset({ models, ratings, hardware }), { hardware_id: 'card-24', concurrency: 3 }));
});

test('the list pages with limit and cursor, ranks running on', () => {
  const first = run(ds, { hardware_id: 'card-80', limit: 2 });
  assert.deepEqual(ids(first), ['llama-70b', 'llama-8b']);
  assert.equal(first.page.total, 5);
  const second = run(ds, { hardware_id: 'card-80', limit: 2, cursor: first.page.next_cursor });
  assert.deepEqual(second.items.map((i) => i.rank), [3, 4]);
});

test('more memory never runs fewer models (same accelerator count, any context and concurrency)', () => {
  fc.assert(fc.property(
    fc.integer({ min: 4, max: 200 }), fc.integer({ min: 0, max: 200 }),
    fc.integer({ min: 512, max: 131072 }), fc.integer({ min: 1, max: 8 }),
    (small, extra, context, concurrency) => {
      const d = aDataset({ models, ratings, hardware: [aHardware({ id: 'small', memory_gb: f(small) }), aHardware({ id: 'large', memory_gb: f(small + extra) })] });
      const s = ids(run(d, { hardware_id: 'small', context, concurrency, limit: 100 }));
      const l = new Set(ids(run(d, { hardware_id: 'large', context, concurrency, limit: 100 })));
      return s.every((id) => l.has(id));
    },
  ), { numRuns: 40 });
});

const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());

test('committed dataset: Llama 3.3 70B does not run on an RTX 4090; Llama 3.1 8B runs on a 16 GB RTX 4060 Ti', { skip: !hasCommitted }, () => {
  // Every page of the answer (101 models fit a 4090 at 8,192 tokens since 21 more models' weights were read), not only the first.
  const ds4090 = run(committed(), { hardware_id: 'rtx-4090', limit: 100 });
  const all = ids(ds4090);
  for (let cursor = ds4090.page.next_cursor; cursor; ) {
    const next = run(committed(), { hardware_id: 'rtx-4090', limit: 100, cursor });
    all.push(...ids(next));
    cursor = next.page.next_cursor;
  }
  assert.equal(all.length, ds4090.page.total);
  assert.ok(!all.includes('llama-3.3-70b-instruct'));
  assert.ok(ds4090.does_not_fit > 0);
  const on16 = run(committed(), { hardware_id: 'rtx-4060-ti-16gb', limit: 100 });
  const e = on16.items.find((i) => i.model.id === 'llama-3.1-8b-instruct');
  assert.ok(e && e.memory.total_gb <= e.memory.usable_gb);
});

test('committed dataset: single-card configurations with more usable memory never run fewer models', { skip: !hasCommitted }, () => {
  const singles = committed().hardware.filter((h) => h.count === 1)
    .map((h) => ({ id: h.id, usable: h.memory_gb.value * h.usable_fraction.value }))
    .sort((a, b) => a.usable - b.usable);
  // Every page: with more models assessable, a first page of 100 on a larger machine can leave out one a smaller lists.
  const everyId = (hardware_id: string) => {
    const all: string[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const out: Out = run(committed(), { hardware_id, limit: 100, ...(cursor ? { cursor } : {}) });
      all.push(...ids(out));
      cursor = out.page.next_cursor;
    }
    return new Set(all);
  };
  const runs = new Map(singles.map((h) => [h.id, everyId(h.id)]));
  for (let i = 1; i < singles.length; i++) {
    const smaller = runs.get(singles[i - 1].id)!;
    const larger = runs.get(singles[i].id)!;
    for (const id of smaller) assert.ok(larger.has(id), `${id} runs on ${singles[i - 1].id} but not on ${singles[i].id}`);
  }
});

test('committed dataset: the examples succeed, find models (or say what would fit), and match the output schema', { skip: !hasCommitted }, () => {
  for (const ex of models_for_hardware.examples) {
    const out = models_for_hardware.handler(committed(), models_for_hardware.input.parse(ex.input), ctx) as Out & { nearest?: { summary: string } };
    // One example is a machine too small for any model at the default context: its answer says what would fit.
    assert.ok(out.items.length > 0 || out.nearest?.summary, ex.title);
    assert.deepEqual(models_for_hardware.output.parse(out), out, `${ex.title}: output has exactly the declared fields`);
  }
});
