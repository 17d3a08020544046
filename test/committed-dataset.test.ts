// The tests' copy of the committed dataset is the one loadDataset returns.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';
import { committedDataset } from './committed-dataset.ts';

const skip = !existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json')) && 'no committed dataset';

test('with its marker written, the tests\' dataset equals a full load: same digest and records', { skip }, () => {
  committedDataset(); // writes the marker if this is the first load of these bytes
  const markers = readdirSync(path.join(PROJECT_ROOT, '.cache', 'validated-dataset')).filter((f) => /^[0-9a-f]{64}$/.test(f));
  assert.ok(markers.length >= 1, 'a full load that passed leaves a marker');
  const cached = committedDataset({ judgedOn: '2026-11-27' });
  const full = loadDataset(DEFAULT_DATA_DIR, { judgedOn: '2026-11-27' });
  // The content digest hashes every file's bytes (load.ts), so equal digests mean the same files were read.
  assert.equal(cached.contentDigest, full.contentDigest);
  assert.deepEqual(cached.models, full.models);
  assert.deepEqual(cached.offers, full.offers);
  assert.equal(cached.ratings.length, full.ratings.length);
  assert.equal(cached.changes.length, full.changes.length);
  assert.ok(Object.isFrozen(cached.models[0]), 'frozen as the server\'s copy is');
});
