// An answer's ETag names what its bytes are a function of: the same on every instance that loads the same files with
// the same code at the same address, different as soon as anything that could change the bytes differs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { testAccess } from '../../test/dataset-helpers.ts';
import { aDataset, aModel, aSource } from '../dataset/fixtures.ts';
import { loadDataset } from '../dataset/load.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { defineOperation, READ_ONLY } from '../ops/operation.ts';
import { answerIdentity, keyEtag } from './answer-identity.ts';
import { createExecutor } from './execute.ts';

const op = defineOperation({
  name: 'probe', title: 'Probe', description: 'd', path: '/p', annotations: READ_ONLY, examples: [],
  input: z.object({ n: z.number().default(1) }), output: z.object({}).passthrough(),
  handler: (ds, input) => ({ n: input.n, models: ds.models.length }),
});

/** A small dataset written as the service reads one (meta.json and one file per collection). */
function writeDataset(sourceName = 'Test source'): string {
  const ds = aDataset({ sources: [aSource({ name: sourceName })], models: [aModel({ id: 'alpha-7b' })] });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-identity-'));
  writeFileSync(path.join(dir, 'meta.json'), JSON.stringify(ds.meta));
  for (const name of ['sources', 'models', 'developers', 'providers', 'offers', 'ratings', 'hardware', 'changes'] as const) {
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(ds[name]));
  }
  return dir;
}

const etagFor = (ds: Dataset, input: Record<string, unknown>, baseUrl = 'https://api.example.org') =>
  createExecutor({ dataset: ds, access: testAccess(), baseUrl, today: () => '2026-08-01' }).run(op, input, true, true).etag;

test('two instances loading the same files give the same ETag for the same request, another for another request', (t) => {
  const dir = writeDataset();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const a = loadDataset(dir);
  const b = loadDataset(dir);
  assert.ok(a.contentDigest);
  assert.equal(a.contentDigest, b.contentDigest);
  assert.equal(etagFor(a, { n: 1 }), etagFor(b, { n: 1 }), 'the same files, code and address: the same validator');
  assert.match(etagFor(a, { n: 1 }), /^"[A-Za-z0-9_-]{32}"$/);
  assert.notEqual(etagFor(a, { n: 1 }), etagFor(a, { n: 2 }));
});

test('the ETag changes with the files, the day the data is judged on and the public address', (t) => {
  const dir = writeDataset();
  const other = writeDataset('Test source, renamed');
  t.after(() => [dir, other].forEach((d) => rmSync(d, { recursive: true, force: true })));
  const base = etagFor(loadDataset(dir), { n: 1 });
  // One source's name differs: the handler's answer here is the same, but the partial tier would name the source.
  assert.notEqual(etagFor(loadDataset(other), { n: 1 }), base);
  // A load on a day after the data's date judges lifecycles on that day (dataset.ts: lifecycleDate).
  assert.notEqual(etagFor(loadDataset(dir, { judgedOn: '2099-01-01' }), { n: 1 }), base);
  assert.notEqual(etagFor(loadDataset(dir), { n: 1 }, 'https://elsewhere.example.org'), base, 'links in answers name the address');
});

test('a dataset built in memory has an identity of its own, kept for its life', () => {
  const a = aDataset({ sources: [aSource()] });
  const b = aDataset({ sources: [aSource()] });
  assert.equal(a.contentDigest, undefined);
  assert.equal(answerIdentity(a, 'http://x'), answerIdentity(a, 'http://x'));
  assert.notEqual(answerIdentity(a, 'http://x'), answerIdentity(b, 'http://x'));
});

test('the ETag is the first 32 base64url characters of the SHA-256 of the identity, a NUL and the key', () => {
  // Worked with Node's streaming hash, not the one-shot call the module uses.
  const expected = createHash('sha256').update('id\u0000probe\u0000f\u00002026-08-01\u0000{"n":1}').digest('base64url').slice(0, 32);
  assert.equal(keyEtag('id', 'probe\u0000f\u00002026-08-01\u0000{"n":1}'), `"${expected}"`);
  assert.equal(expected.length, 32);
});
