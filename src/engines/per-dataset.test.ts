// Tests of the per-dataset caches: built once per dataset and key, never shared between two datasets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel } from '../dataset/fixtures.ts';
import { perDataset, perDatasetKey } from './per-dataset.ts';

test('perDataset builds once per dataset, and a reloaded dataset gets its own value', () => {
  let builds = 0;
  const count = perDataset((ds) => (builds++, ds.models.length));
  const one = aDataset({ models: [aModel({ id: 'a' })] });
  const two = aDataset({ models: [aModel({ id: 'a' }), aModel({ id: 'b' })] });
  assert.deepEqual([count(one), count(one), count(two), count(one)], [1, 1, 2, 1]);
  assert.equal(builds, 2);
});

test('perDatasetKey computes once per dataset and key, including values that are undefined or null', () => {
  const calls: string[] = [];
  const find = perDatasetKey((ds, id: string) => (calls.push(id), ds.modelById.get(id) ?? null));
  const ds = aDataset({ models: [aModel({ id: 'a' })] });
  assert.equal(find(ds, 'a')?.id, 'a');
  assert.equal(find(ds, 'missing'), null);
  find(ds, 'a');
  find(ds, 'missing');
  assert.deepEqual(calls, ['a', 'missing'], 'a miss is remembered too');
  const other = aDataset({ models: [aModel({ id: 'a' })] });
  assert.notEqual(find(other, 'a'), find(ds, 'a'), 'each dataset answers with its own objects');
});
