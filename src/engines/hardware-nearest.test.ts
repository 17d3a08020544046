// What would fit when nothing does: the least memory needed, and the longest standard context that fits one model.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aHardware, aModel, f } from '../dataset/fixtures.ts';
import type { Architecture, Hardware, Model } from '../schema/index.ts';
import { assessFit, headroomRanker, type FitOptions } from './hardware-fit.ts';
import { fitCandidates } from './hardware-rank.ts';
import { isRefusal } from './machine.ts';
import { resolveMachineText } from './machine-cache.ts';
import { longestFittingContext as longestOf, nearestTable, smallestNeed as smallestOf, STANDARD_CONTEXTS } from './hardware-nearest.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1.5 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());

// Llama 3.2 1B's geometry (16 layers, 8 KV heads of 64): 2 x 16 x 8 x 64 = 16,384 cached values a token, 32,768 bytes at F16.
const arch: Architecture = { layers: 16, kv_heads: 8, head_dim: 64, attention: 'gqa', hf_repo: 'meta-llama/test' };
const open = (id: string, params: number, window: number | undefined, over: Partial<Model> = {}) =>
  aModel({
    id, open_weights: f(true), parameters_total: f(params), architecture: f(arch),
    ...(window === undefined ? {} : { context_window: f(window) }), ...over,
  });
// The searches read a table of the models (kept per catalogue by the operation); here, one made for each call.
const smallestNeed = (models: Model[], hw: Hardware, opts: FitOptions) => smallestOf(nearestTable(models), hw, opts);
const longestFittingContext = (models: Model[], hw: Hardware, opts: FitOptions) => longestOf(nearestTable(models), hw, opts);
// 1 GiB x 1.0 usable = 1,073,741,824 bytes; the runtime overhead alone is 0.75e9 of it.
const box = aHardware({ id: 'box-1g', memory_gb: f(1), usable_fraction: f(1) });

test('the standard contexts: powers of two from 1,048,576 down to 512 tokens, longest first', () => {
  assert.deepEqual(STANDARD_CONTEXTS, [1048576, 524288, 262144, 131072, 65536, 32768, 16384, 8192, 4096, 2048, 1024, 512]);
});

test('smallestNeed: the model needing least at its smallest quantization, with the need broken down', () => {
  // 400M parameters x 3.9 bits (Q3_K_M, the ladder's last) / 8 = 195,000,000 bytes of weights; KV at 8,192 tokens:
  // 32,768 x 8,192 = 268,435,456; overhead 750,000,000: 1,213,435,456 > 1,073,741,824 usable: nothing fits.
  // 600M: 292,500,000 + the same KV and overhead = 1,310,935,456, more.
  const models = [open('b-600m', 600e6, 131072), open('a-400m', 400e6, 131072)];
  const s = smallestNeed(models, box, { context: 8192, concurrency: 1 })!;
  assert.equal(s.model.id, 'a-400m');
  assert.equal(s.quantization.id, 'q3_k_m');
  assert.equal(s.need.weights, 195_000_000);
  assert.equal(s.need.kv_cache, 268_435_456);
  assert.equal(s.need.overhead, 750_000_000);
  assert.equal(s.need.total, 1_213_435_456);
  assert.equal(s.usable, 1_073_741_824);
});

test('smallestNeed: a model over its window at the context, or without its facts, is not the nearest', () => {
  // The 100M model would need least (48,750,000 + KV + overhead) but reads only 4,096 tokens; the no-arch one lacks facts.
  const models = [
    open('short-100m', 100e6, 4096),
    aModel({ id: 'no-arch', open_weights: f(true), parameters_total: f(50e6), context_window: f(131072) }),
    open('a-400m', 400e6, 131072),
  ];
  assert.equal(smallestNeed(models, box, { context: 8192, concurrency: 1 })!.model.id, 'a-400m');
  // An unknown window is assessed up to 4,096 tokens only (context-window.ts): above, no model is left.
  assert.equal(smallestNeed([open('no-window', 100e6, undefined)], box, { context: 8192, concurrency: 1 }), null);
  // Concurrency multiplies the cache: 4 sequences of 2,048 tokens = 4 x 32,768 x 2,048 = 268,435,456, as one of 8,192.
  assert.equal(smallestNeed([open('a-400m', 400e6, 131072)], box, { context: 2048, concurrency: 4 })!.need.kv_cache, 268_435_456);
});

test('longestFittingContext: the longest power of two below the ask at which one fits, and how many fit there', () => {
  const models = [open('a-400m', 400e6, 131072), open('b-600m', 600e6, 131072)];
  // a-400m at Q3_K_M: 195,000,000 + 750,000,000 = 945,000,000 before its cache; 128,741,824 bytes left in 1 GiB,
  // 3,928 tokens at 32,768 a token. At 4,096 (134,217,728) it does not fit; at 2,048 (67,108,864: 1,012,108,864) it
  // does, tightly. b-600m: 292,500,000 + 750,000,000 = 1,042,500,000 leaves 31,241,824, 953 tokens: fits at 512
  // (16,777,216) only.
  assert.deepEqual(longestFittingContext(models, box, { context: 8192, concurrency: 1 }), { context: 2048, models_that_fit: 1 });
  assert.deepEqual(longestFittingContext(models, box, { context: 2048, concurrency: 1 }), { context: 1024, models_that_fit: 1 });
  assert.deepEqual(longestFittingContext(models, box, { context: 1024, concurrency: 1 }), { context: 512, models_that_fit: 2 });
  // Nothing below 512 is tried; a model too big at every context leaves none.
  assert.equal(longestFittingContext(models, box, { context: 512, concurrency: 1 }), null);
  assert.equal(longestFittingContext([open('c-1b', 1e9, 131072)], box, { context: 8192, concurrency: 1 }), null);
});

test('longestFittingContext: a model without a window counts from 4,096 tokens down, as the ranking assesses it', () => {
  // 100M at Q8_0 (8.5 bits): 106,250,000 + 750,000,000 + 4,096 x 32,768 (134,217,728) = 990,467,728 <= 1 GiB.
  assert.deepEqual(longestFittingContext([open('no-window', 100e6, undefined)], box, { context: 65536, concurrency: 1 }),
    { context: 4096, models_that_fit: 1 });
});

/** A configuration as models_for_hardware reads the text (a catalogued id, or a machine built from a memory size). */
function machine(ds: Dataset, text: string): Hardware {
  const reading = resolveMachineText(ds, text);
  assert.ok(!isRefusal(reading) && reading.hardware, text);
  return reading.hardware;
}

test('committed dataset: the one-pass search agrees with the ranking\'s own count at every standard context', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  const ds = committedOnce();
  const { candidates } = fitCandidates(ds.models);
  const table = nearestTable(candidates);
  const asks: Array<Omit<FitOptions, 'context'>> = [
    { concurrency: 1 },
    { concurrency: 4, kv_cache: 'q8_0' },
    { concurrency: 64, min_bits_per_weight: 8 },
    { concurrency: 256, kv_cache: 'q4_0' },
  ];
  let counted = 0;
  let none = 0;
  for (const text of ['2GB RAM', '8 GB GPU', 'rtx-4090', 'Mac 16 GB', 'h100-80gb-x8']) {
    const hw = machine(ds, text);
    for (const ask of asks) {
      // The reference: a ranking's test (headroomRanker) over every candidate at each standard context, counted.
      const fitAt = new Map(STANDARD_CONTEXTS.map((context) => {
        const headroomOf = headroomRanker(hw, { ...ask, context });
        return [context, candidates.filter((m) => { const h = headroomOf(m); return h !== undefined && h !== null; }).length];
      }));
      // Asked just over each standard context (and at it), the answer is the longest below the ask with a model that fits.
      for (const asked of [...STANDARD_CONTEXTS.map((c) => c + 1), ...STANDARD_CONTEXTS]) {
        const below = STANDARD_CONTEXTS.find((c) => c < asked && fitAt.get(c)! > 0);
        const expected = below === undefined ? null : { context: below, models_that_fit: fitAt.get(below)! };
        assert.deepEqual(longestOf(table, hw, { ...ask, context: asked }), expected, `${text} ${JSON.stringify(ask)} at ${asked}`);
        if (expected) counted++;
        else none++;
      }
    }
  }
  // Both outcomes are exercised: contexts where models fit, and asks where none does down to 512 tokens.
  assert.ok(counted > 200 && none > 20, `${counted} counts, ${none} nulls compared`);
});

test('committed dataset: the smallest need is the least of every model\'s assessed alternatives, ties to the lower id', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  const ds = committedOnce();
  const { candidates } = fitCandidates(ds.models);
  const table = nearestTable(candidates);
  for (const text of ['2GB RAM', '8 GB GPU', 'Mac 16 GB']) {
    const hw = machine(ds, text);
    for (const opts of [{ context: 8192, concurrency: 1 }, { context: 131072, concurrency: 8, kv_cache: 'q8_0' as const }, { context: 1024, concurrency: 1 }]) {
      // The reference: assessFit on every model, the least total of its alternatives, over its window left out.
      let best: { id: string; total: number } | null = null;
      for (const m of candidates) {
        const a = assessFit(m, hw, opts);
        if (!('facts' in a) || a.overWindow) continue;
        for (const t of a.tried) {
          if (!best || t.need.total < best.total || (t.need.total === best.total && m.id < best.id)) best = { id: m.id, total: t.need.total };
        }
      }
      const s = smallestOf(table, hw, opts);
      assert.deepEqual(s && { id: s.model.id, total: s.need.total }, best, `${text} ${JSON.stringify(opts)}`);
    }
  }
});
