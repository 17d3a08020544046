// The sizing cache: which asks share a model's kept sizings, and that other asks are kept only briefly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Model } from '../schema/index.ts';
import { SizingCache } from './sizing-cache.ts';

const model = (id: string) => ({ id }) as unknown as Model;
// The defaults as estimate_cost fills them in: context 8,192 (a window may cap it), concurrency 256, input share 0.75.
const cache = () => new SizingCache<string>(2, (m) => (m.id === 'short' ? 4096 : 8192), 256);
const ask = (context = 8192, extra: object = {}) => [{ context, max_sequences: 256 }, { input_share: 0.75, ...extra }] as const;

test('asks at the default settings share one kept map per model, whatever came between', () => {
  const c = cache();
  const m = model('qwen3-8b');
  const first = c.forAsk(m, ...ask());
  for (let k = 0; k < 5; k++) c.forAsk(m, ...ask(16384 + k));
  c.forAsk(model('other'), ...ask());
  assert.equal(c.forAsk(m, ...ask()), first);
  // kv_cache absent and 'f16' are the same sizing (every engine reads kv_cache ?? 'f16').
  assert.equal(c.forAsk(m, ...ask(8192, { kv_cache: 'f16' })), first);
  // A window-capped default is the model's own default.
  const short = model('short');
  assert.equal(c.forAsk(short, ...ask(4096)), c.forAsk(short, ...ask(4096, { kv_cache: 'f16' })));
});

test('other settings get their own map, kept for the last two asks only', () => {
  const c = cache();
  const m = model('qwen3-8b');
  const def = c.forAsk(m, ...ask());
  const others = [
    ask(16384), ask(8192, { kv_cache: 'q8_0' }), ask(8192, { min_bits_per_weight: 8 }), ask(8192, { quantization: 'q4_k_m' }),
  ];
  const maps = others.map((a) => c.forAsk(m, ...a));
  assert.equal(new Set([def, ...maps]).size, 5);
  // The last two are still kept; the first two were let go (a new map, empty).
  assert.equal(c.forAsk(m, ...ask(8192, { quantization: 'q4_k_m' })), maps[3]);
  assert.equal(c.forAsk(m, ...ask(8192, { min_bits_per_weight: 8 })), maps[2]);
  assert.notEqual(c.forAsk(m, ...ask(16384)), maps[0]);
});

test('a reloaded dataset\'s model object never reads the old one\'s sizings', () => {
  const c = cache();
  const before = c.forAsk(model('qwen3-8b'), ...ask());
  assert.notEqual(c.forAsk(model('qwen3-8b'), ...ask()), before);
  const other = ask(32768);
  const a = c.forAsk(model('qwen3-8b'), ...other);
  assert.notEqual(c.forAsk(model('qwen3-8b'), ...ask(32768)), a);
});
