// The committed dataset: it loads, every fact is dated and sourced, and it covers what users ask about.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';

const ds = loadDataset(DEFAULT_DATA_DIR);

/** Every object that carries a `value` is a fact and must say when and where it is from. */
function undatedFacts(v: unknown, path: string, out: string[]): void {
  if (Array.isArray(v)) v.forEach((x, i) => undatedFacts(x, `${path}[${i}]`, out));
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('value' in o && (typeof o.as_of !== 'string' || typeof o.source !== 'string' || !ds.sourceById.has(o.source))) out.push(path);
    for (const [k, x] of Object.entries(o)) undatedFacts(x, `${path}.${k}`, out);
  }
}

test('no fact in the committed dataset lacks as_of and a known source', () => {
  const bad: string[] = [];
  for (const name of ['models', 'offers', 'hardware', 'developers', 'providers'] as const) undatedFacts(ds[name], name, bad);
  assert.deepEqual(bad.slice(0, 10), []);
  for (const r of ds.ratings) assert.ok(r.as_of && ds.sourceById.has(r.source), `rating ${r.variant}`);
  for (const c of ds.changes) assert.ok(c.date && ds.sourceById.has(c.source), `change ${c.id}`);
});

test('the dataset covers what users ask about', () => {
  assert.ok(ds.models.length > 500, `models: ${ds.models.length}`);
  assert.ok(ds.offers.length > 3000, `offers: ${ds.offers.length}`);
  assert.ok(ds.hardware.length >= 30, `hardware: ${ds.hardware.length}`);
  for (const id of ['rtx-4090', 'h100-80gb-x8', 'm4-max-128gb']) assert.ok(ds.hardwareById.has(id) || ds.suggestHardwareIds(id).length, id);
  // The current text leaderboard's top 100 all resolve to canonical models.
  const top = ds.ratings.filter((r) => r.leaderboard === 'text' && r.category === 'overall' && (r.rank ?? 999) <= 100);
  assert.ok(top.length >= 100, `top rows: ${top.length}`);
  assert.ok(top.every((r) => ds.modelById.has(r.model_id)));
});

test('data_as_of is the newest source snapshot, not a curated review date', () => {
  const newest = ds.sources.filter((s) => s.counts_for_data_as_of).map((s) => s.retrieved).sort().at(-1);
  assert.equal(ds.meta.data_as_of, newest);
});

// That a fresh build of the sources matches this dataset is tested in test/dataset-builds.test.ts.
