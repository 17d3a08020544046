import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import { promoteWarmUpSurvivors } from './promote-warm-up.ts';

// Run with --expose-gc the process has its own global gc, which the function then uses: nothing to check.
const ownGc = typeof (globalThis as { gc?: unknown }).gc !== 'undefined' && 'the process exposes its own gc';

test('the collector is borrowed for one context: no later code sees a global gc', { skip: ownGc }, () => {
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
  promoteWarmUpSurvivors();
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
});

test('what survived the warm-up is in the old generation afterwards: the young generation is left nearly empty', () => {
  const kept: object[] = [];
  for (let i = 0; i < 50_000; i++) kept.push({ i, text: `kept ${i}` });
  const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_used_size;
  const before = young();
  promoteWarmUpSurvivors();
  // 50,000 small objects are some 3 MB; after two young collections none of them is young any more (a few KB of
  // the test runner's own objects may be). Judged against what the young generation held before, so a runtime that
  // sizes its young generation otherwise still reads the same: most of it moved.
  assert.ok(before > 1024 * 1024, `the objects were made young: ${before} bytes`);
  assert.ok(young() < before / 4, `young generation still holds ${young()} of ${before} bytes`);
  assert.equal(kept.length, 50_000);
});

test('a context made afterwards has no gc either (the flag is set back)', { skip: ownGc }, async () => {
  promoteWarmUpSurvivors();
  const vm = await import('node:vm');
  assert.equal(vm.runInNewContext('typeof gc'), 'undefined');
});
