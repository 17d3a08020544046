// The LMArena adapters' shared reading helpers: missing snapshots and unreadable JSON become issues naming the file.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { lmarenaArenaCatalog } from './lmarena-arena-catalog.ts';
import { readJsonFile, snapshotMissing } from './lmarena-read.ts';
import type { IngestIssue } from './types.ts';

test('a missing snapshot gives no data and one issue naming the folder or file', async () => {
  assert.deepEqual(snapshotMissing('lmarena', 'lmarena/history.csv', 'file'), {
    sources: [], issues: [{ source: 'lmarena', file: 'lmarena/history.csv', row: '(file)', message: 'snapshot file not found' }],
  });
  const empty = mkdtempSync(path.join(os.tmpdir(), 'mds-lmarena-'));
  const r = await lmarenaArenaCatalog.read({ sources: empty } as Parameters<typeof lmarenaArenaCatalog.read>[0]);
  assert.deepEqual(r.sources, []);
  assert.equal(r.issues.length, 1);
  assert.equal(r.issues[0]!.row, '(folder)');
  assert.equal(r.issues[0]!.message, 'snapshot folder not found');
});

test('a JSON file is read whole; one that is not JSON is an issue naming it, and nothing is returned', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-lmarena-'));
  const issues: IngestIssue[] = [];
  writeFileSync(path.join(dir, 'good.json'), '{"a":[1,2]}');
  writeFileSync(path.join(dir, 'bad.json'), '{"a":');
  assert.deepEqual(readJsonFile('lmarena', path.join(dir, 'good.json'), 'x/good.json', issues), { a: [1, 2] });
  assert.equal(issues.length, 0);
  assert.equal(readJsonFile('lmarena', path.join(dir, 'bad.json'), 'x/bad.json', issues), undefined);
  assert.equal(issues.length, 1);
  const [issue] = issues as [IngestIssue];
  assert.deepEqual([issue.source, issue.file, issue.row], ['lmarena', 'x/bad.json', '(file)']);
  assert.match(issue.message, /^not valid JSON: /);
});
