import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assumptionsWith } from './cost-assumptions.ts';

// The answer's writer copies a list's text made once (ops/estimate-cost.ts marks it kept), so a list must be one value
// per settings and lines, frozen, and read as the settings' lines followed by the model's.
const base = Object.freeze(['utilization 0.5: a', 'amortization over 36 months: b']) as string[];
const other = Object.freeze(['utilization 0.9: a', 'amortization over 36 months: b']) as string[];

test('without lines of its own a model gets the settings\' list itself', () => {
  assert.equal(assumptionsWith(base, []), base);
});

test('a model\'s lines follow the settings\' in one frozen list, the same one for the same pair', () => {
  const dsa = ['m uses DeepSeek Sparse Attention: configurations left out'];
  const a = assumptionsWith(base, dsa);
  assert.deepEqual(a, ['utilization 0.5: a', 'amortization over 36 months: b', 'm uses DeepSeek Sparse Attention: configurations left out']);
  assert.ok(Object.isFrozen(a));
  assert.equal(assumptionsWith(base, [...dsa]), a);
  // Other settings or other lines: another list, never one made for a different ask.
  assert.deepEqual(assumptionsWith(other, dsa), ['utilization 0.9: a', 'amortization over 36 months: b', dsa[0]]);
  assert.deepEqual(assumptionsWith(base, ['n uses DeepSeek Sparse Attention']).at(-1), 'n uses DeepSeek Sparse Attention');
  assert.deepEqual(base, ['utilization 0.5: a', 'amortization over 36 months: b']);
});
