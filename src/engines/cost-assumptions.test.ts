import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assumptionsWith, costAssumptions } from './cost-assumptions.ts';
import type { CostOptions } from './self-hosted-cost.ts';

// costAssumptions makes a new list for each ask (the settings' lines, the context's line formatted in), so a model's own
// lines are appended to that ask's list and to no other ask's.
const ask = () => ['utilization 0.5: a', 'amortization over 36 months: b'];

test('without lines of its own a model gets the ask\'s list itself, unchanged', () => {
  const base = ask();
  assert.equal(assumptionsWith(base, []), base);
  assert.deepEqual(base, ['utilization 0.5: a', 'amortization over 36 months: b']);
});

test('a model\'s lines follow the settings\' lines, in the ask\'s own list only', () => {
  const dsa = ['m uses DeepSeek Sparse Attention: configurations left out'];
  const first = ask();
  const second = ask();
  assert.deepEqual(assumptionsWith(first, dsa),
    ['utilization 0.5: a', 'amortization over 36 months: b', 'm uses DeepSeek Sparse Attention: configurations left out']);
  // Another ask's list is its own: the first ask's model line never reaches it.
  assert.deepEqual(assumptionsWith(second, ['n uses DeepSeek Sparse Attention']),
    ['utilization 0.5: a', 'amortization over 36 months: b', 'n uses DeepSeek Sparse Attention']);
  assert.deepEqual(dsa, ['m uses DeepSeek Sparse Attention: configurations left out']);
});

test('two asks at two contexts read their own context in the serving line, every other line alike', () => {
  const settings = { context: 8192, utilization: 0.5, max_sequences: 256, amortization_months: 36, power_usd_per_kwh: 0.15 };
  const opts = { input_share: 0.75 } as CostOptions;
  const a = costAssumptions(opts, settings);
  const b = costAssumptions(opts, { ...settings, context: 32768 });
  assert.notEqual(a, b);
  const differ = a.flatMap((x, i) => (x === b[i] ? [] : [i]));
  assert.equal(differ.length, 1);
  assert.match(a[differ[0]!]!, /a request is 8192 tokens, 0\.75 of them prompt/);
  assert.match(b[differ[0]!]!, /a request is 32768 tokens, 0\.75 of them prompt/);
});
