import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Dataset } from '../dataset/dataset.ts';
import { OPERATIONS } from './registry.ts';
import { warmInputsOf, warmUp } from './warm.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1.5 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());

test('warming runs every example and warm-up input once and they all succeed on the committed dataset', async () => {
  const ds = committedOnce();
  const r = await warmUp(ds, OPERATIONS, '2026-11-21');
  assert.equal(r.calls, OPERATIONS.reduce((n, op) => n + op.examples.length + (op.warmInputs?.length ?? 0), 0));
  assert.deepEqual(r.failed, []);
});

test('the warm-up runs the examples first, then the widest pages: cheapest_for\'s every use at 100 items', () => {
  const cheapest = OPERATIONS.find((op) => op.name === 'cheapest_for')!;
  const inputs = warmInputsOf(cheapest);
  assert.deepEqual(inputs.slice(0, cheapest.examples.length).map((x) => x.input), cheapest.examples.map((ex) => ex.input));
  const widest = inputs.slice(cheapest.examples.length).map((x) => x.input);
  // The ten uses of DESIGN.md section 6, each asked for every rated model on one page of the largest size.
  assert.deepEqual(widest.map((x) => x.use), [
    'chat', 'coding', 'writing', 'math', 'reasoning', 'documents', 'agents', 'vision', 'translation', 'customer-support',
  ]);
  for (const x of widest) assert.deepEqual({ min_elo: x.min_elo, limit: x.limit }, { min_elo: 0, limit: 100 });
});

test('search_models and get_model_changes warm their widest pages, which no example asks', () => {
  const byName = (name: string) => OPERATIONS.find((op) => op.name === name)!;
  // search_models: each order a caller may ask without a query (the schema's sorts but relevance and benchmark, which
  // need q or benchmark), 100 items, the largest page.
  const search = byName('search_models');
  assert.deepEqual(warmInputsOf(search).slice(search.examples.length).map((x) => x.input), [
    { sort: 'elo', limit: 100 }, { sort: 'price', limit: 100 }, { sort: 'release_date', limit: 100 }, { sort: 'name', limit: 100 },
  ]);
  // get_model_changes: ten years ending on the day asked (no `until`), so the shutdowns announced past the data come
  // with it; every example names its `until`.
  const changes = byName('get_model_changes');
  assert.ok(changes.examples.every((ex) => 'until' in ex.input));
  assert.deepEqual(warmInputsOf(changes).slice(changes.examples.length).map((x) => x.input), [{ days: 3650, limit: 100 }]);
});

test('warming yields between calls: other work runs before it ends', async () => {
  const ds = committedOnce();
  let ranDuring = false;
  const warming = warmUp(ds, OPERATIONS, '2026-11-21').then((r) => ({ r, ranBefore: ranDuring }));
  setImmediate(() => (ranDuring = true));
  const { r, ranBefore } = await warming;
  assert.ok(ranBefore, 'a callback queued after the warm-up started ran before it finished');
  assert.ok(r.busy_ms <= r.ms + 1);
});

test('given a writer, every example answer is written at both tiers, full then partial', async () => {
  const ds = committedOnce();
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

test('models_for_hardware warms pages of up to 100 entries on configurations of the dataset, none empty', () => {
  const ds = committedOnce();
  const op = OPERATIONS.find((o) => o.name === 'models_for_hardware')!;
  const widest = warmInputsOf(op).slice(op.examples.length).map((x) => x.input);
  assert.ok(widest.length > 0);
  for (const x of widest) {
    // A catalogued id, not a phrase: the kept parts are made for the dataset's own configurations.
    assert.ok(ds.hardwareById.has(x.hardware_id as string), String(x.hardware_id));
    assert.equal(x.limit, 100);
    const page = op.handler(ds, op.input.parse(x), { today: '2026-11-21' }) as { items: unknown[] };
    // Each lists models that fit at the default context (8,192 tokens), so each makes some entries' kept parts.
    assert.ok(page.items.length > 0, String(x.hardware_id));
  }
});
