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
