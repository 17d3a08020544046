import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { aDataset, aModel, anOffer, aRating, f } from './fixtures.ts';
import { DatasetError, loadDataset, loadDatasetInParallel, validateInWorker } from './load.ts';

test('aliases and loose spellings resolve to the canonical id', () => {
  const ds = aDataset({ models: [aModel({ id: 'claude-opus-4-8', aliases: ['anthropic/claude-opus-4.8'], variants: ['claude-opus-4-8-thinking'] })] });
  assert.equal(ds.resolveModelId('claude-opus-4-8'), 'claude-opus-4-8');
  assert.equal(ds.resolveModelId('Anthropic/Claude-Opus-4.8'), 'claude-opus-4-8');
  assert.equal(ds.resolveModelId('claude-opus-4.8'), 'claude-opus-4-8');
  assert.equal(ds.resolveModelId('claude-opus-4-8-thinking'), 'claude-opus-4-8');
  assert.equal(ds.resolveModelId('gpt-5'), undefined);
});

test('unknown ids get near suggestions', () => {
  const ds = aDataset({ models: ['llama-3.3-70b-instruct', 'llama-3.1-8b-instruct', 'gpt-5'].map((id) => aModel({ id })) });
  assert.deepEqual(ds.suggestModelIds('llama-3.3-70b').slice(0, 1), ['llama-3.3-70b-instruct']);
  assert.deepEqual(ds.suggestModelIds('zzzzzzzzzzzz'), []);
});

test('the dataset is frozen: nothing a caller does can change it', () => {
  const ds = aDataset({ models: [aModel({ id: 'm1' })], offers: [anOffer({ model_id: 'm1' })] });
  assert.throws(() => { (ds.models[0] as { vendor: string }).vendor = 'x'; }, TypeError);
  assert.throws(() => { (ds.offers as unknown[]).push({}); }, TypeError);
});

test('both loaders name the file, record and field of a broken record', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-ds-'));
  const empty = ['sources', 'developers', 'providers', 'offers', 'ratings', 'hardware', 'changes'];
  for (const n of empty) writeFileSync(path.join(dir, `${n}.json`), n === 'sources' ? JSON.stringify([{ id: 'test-source', name: 'T', url: 'https://e.org', licence: 'MIT', kind: 'aggregator', retrieved: '2026-01-01', counts_for_data_as_of: true }]) : n === 'developers' ? '[{"id":"acme","name":"Acme","fmti_scores":[],"fmti_indicators":{}}]' : '[]');
  writeFileSync(path.join(dir, 'meta.json'), JSON.stringify({ schema_version: 1, data_as_of: '2026-01-01', counts: {} }));
  const bad = { ...aModel({ id: 'm1' }), context_window: { ...f(-5) } };
  writeFileSync(path.join(dir, 'models.json'), JSON.stringify([bad]));
  const names = (e: unknown) => e instanceof DatasetError && /models\.json: record "m1": field "context_window\.value"/.test(e.message);
  assert.throws(() => loadDataset(dir), names);
  await assert.rejects(loadDatasetInParallel(dir), names);
  // A broken record in a collection the worker thread validates is reported the same way.
  writeFileSync(path.join(dir, 'models.json'), JSON.stringify([aModel({ id: 'm1', vendor: 'acme' })]));
  writeFileSync(path.join(dir, 'changes.json'), JSON.stringify([{ id: 'not-hex', date: '2026-02-30' }]));
  const inWorker = (e: unknown) => e instanceof DatasetError && /changes\.json: record "not-hex": field "id"/.test(e.message) && /field "date": a real calendar date/.test(e.message);
  assert.throws(() => loadDataset(dir), inWorker);
  await assert.rejects(loadDatasetInParallel(dir), inWorker);
  // It is the worker thread that found them (it answers; undefined would mean the main thread checked instead).
  const fromWorker = await validateInWorker({ dir, where: 'data', collections: ['changes'] });
  assert.ok(fromWorker, 'the worker thread ran');
  assert.match(fromWorker.changes![0]!, /^data\/changes\.json: record "not-hex": field "id"/);
  // Records valid one by one but pointing at nothing: refused by the cross-record check, even though indexing ran.
  writeFileSync(path.join(dir, 'changes.json'), '[]');
  writeFileSync(path.join(dir, 'offers.json'), JSON.stringify([anOffer({ model_id: 'ghost' })]));
  const dangling = (e: unknown) => e instanceof DatasetError && /offers\.json: offer .*: unknown model "ghost"/.test(e.message);
  assert.throws(() => loadDataset(dir), dangling);
  await assert.rejects(loadDatasetInParallel(dir), dangling);
  writeFileSync(path.join(dir, 'models.json'), '{not json');
  assert.throws(() => loadDataset(dir), (e: unknown) => e instanceof DatasetError && /not valid JSON/.test(e.message));
  await assert.rejects(loadDatasetInParallel(dir), (e: unknown) => e instanceof DatasetError && /not valid JSON/.test(e.message));
});

test('a fact pointing at an unknown source is refused', () => {
  assert.throws(() => aDataset({ models: [aModel({ id: 'm1', name: f('M', 'nowhere') })] }), /unknown source "nowhere"/);
});

test('a model or a listing named as its own replacement is refused', () => {
  // Two models joined as one read so: gemini-3-pro-image-preview "replaced by gemini-3-pro-image-preview".
  const self = aModel({ id: 'm1', replacement: f('m1') });
  assert.throws(() => aDataset({ models: [self] }), /models\.json: record "m1": field "replacement": the model itself/);
  assert.doesNotThrow(() => aDataset({ models: [aModel({ id: 'm1', replacement: f('m2') })] }));
  const offer = anOffer({ model_id: 'm1', provider_model_id: 'x/m1', replacement: f('x/m1') });
  assert.throws(() => aDataset({ models: [aModel({ id: 'm1' })], offers: [offer] }), /offers\.json: offer .*x\/m1: field "replacement": the listing itself/);
});

test('ratings and change events must cite a known source too', () => {
  assert.throws(() => aDataset({ models: [aModel({ id: 'm1' })], ratings: [aRating({ model_id: 'm1', source: 'nowhere' })] }), /ratings\.json: .*unknown source "nowhere"/);
});

test('the parallel loader gives the committed dataset exactly as the serial one does', { skip: !existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json')) && 'no committed dataset' }, async () => {
  const parallel = await loadDatasetInParallel(DEFAULT_DATA_DIR);
  const serial = loadDataset(DEFAULT_DATA_DIR);
  for (const k of ['meta', 'sources', 'developers', 'providers', 'models', 'offers', 'ratings', 'hardware', 'changes'] as const) {
    assert.deepEqual(parallel[k], serial[k], k);
  }
});
