import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { loadDataset } from '../dataset/load.ts';
import { OPERATIONS } from './registry.ts';
import { warmUp } from './warm.ts';

test('warming runs every example once and they all succeed on the committed dataset', async () => {
  const ds = loadDataset(DEFAULT_DATA_DIR);
  const r = await warmUp(ds, OPERATIONS, '2026-11-21');
  assert.equal(r.calls, OPERATIONS.reduce((n, op) => n + op.examples.length, 0));
  assert.deepEqual(r.failed, []);
});

test('warming yields between calls: other work runs before it ends', async () => {
  const ds = loadDataset(DEFAULT_DATA_DIR);
  let ranDuring = false;
  const warming = warmUp(ds, OPERATIONS, '2026-11-21').then((r) => ({ r, ranBefore: ranDuring }));
  setImmediate(() => (ranDuring = true));
  const { r, ranBefore } = await warming;
  assert.ok(ranBefore, 'a callback queued after the warm-up started ran before it finished');
  assert.ok(r.busy_ms <= r.ms + 1);
});

test('given a writer, every example answer is written at both tiers, full then partial', async () => {
  const ds = loadDataset(DEFAULT_DATA_DIR);
  const seen: string[] = [];
  const r = await warmUp(ds, OPERATIONS, '2026-11-21', (op, result, full) => {
    assert.equal(typeof result, 'object');
    seen.push(`${op.name}:${full ? 'full' : 'partial'}`);
  });
  assert.equal(seen.length, 2 * r.calls);
  for (let i = 0; i < seen.length; i += 2) {
    assert.match(seen[i], /:full$/);
    assert.equal(seen[i + 1], seen[i].replace(/:full$/, ':partial'));
  }
});
