import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { currentPointers, loadVersionPointers } from './version-pointers.ts';

function load(csv: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vp-')), 'version-pointers.csv');
  writeFileSync(file, csv);
  return loadVersionPointers(file);
}

const HEAD = 'alias,snapshot,reason,read_on,evidence_on,until\n';

test('rows of the older shape (three or four columns) still load; read_on stands for the evidence there', () => {
  const { rows, issues } = load(`${HEAD}gpt-4,gpt-4-0613,"https://platform.openai.com/docs/models/gpt-4"\n`
    + 'deepseek-chat,deepseek-v4-flash,"https://api-docs.deepseek.com/",2026-11-27\n');
  assert.deepEqual(issues, []);
  assert.deepEqual(rows, [
    { alias: 'gpt-4', snapshot: 'gpt-4-0613', reason: 'https://platform.openai.com/docs/models/gpt-4' },
    { alias: 'deepseek-chat', snapshot: 'deepseek-v4-flash', reason: 'https://api-docs.deepseek.com/', read_on: '2026-11-27' },
  ]);
});

test('one alias may have several rows with different evidence dates; the same date twice is an issue', () => {
  const { rows, issues } = load(HEAD
    + 'codestral-latest,codestral-2405,"https://docs.mistral.ai/a",2026-11-27,2024-05-29,\n'
    + 'codestral-latest,codestral-2508,"https://docs.mistral.ai/b",2026-11-27,2026-08-21,\n'
    + 'Codestral-Latest,codestral-2501,"https://docs.mistral.ai/c",2026-11-27,2026-08-21,\n');
  assert.equal(rows.length, 2);
  assert.equal(issues.length, 1);
  assert.match(issues[0].message, /duplicate row for codestral-latest on 2026-08-21/);
});

test('an end before the evidence\'s date, a row without a URL and a malformed date are issues', () => {
  const { rows, issues } = load(HEAD
    + 'a-latest,a-1,"https://x.example/",2026-11-27,2026-03-01,2026-02-01\n'
    + 'b-latest,b-1,"no page",2026-11-27,2026-03-01,\n'
    + 'c-latest,c-1,"https://x.example/",2026-11-27,March 2026,\n');
  assert.deepEqual(rows, []);
  assert.deepEqual(issues.map((i) => i.field), ['until', 'reason', 'evidence_on']);
});

test('the current row of an alias is its newest evidence, unless that row has ended', () => {
  const rows = [
    { alias: 'codestral-latest', snapshot: 'codestral-2405', reason: 'r', evidence_on: '2024-05-29' },
    { alias: 'codestral-latest', snapshot: 'codestral-2508', reason: 'r', evidence_on: '2026-08-21' },
    { alias: 'gemini-flash-lite-latest', snapshot: 'gemini-2.5-flash-lite-preview-09-2025', reason: 'r', evidence_on: '2025-09-25', until: '2026-03-31' },
    { alias: 'gpt-4o', snapshot: 'gpt-4o-2024-08-06', reason: 'r' },
  ];
  const { current, earlier } = currentPointers(rows);
  assert.deepEqual(current.map((p) => p.snapshot), ['codestral-2508', 'gpt-4o-2024-08-06']);
  assert.deepEqual(earlier.get('codestral-latest')?.map((p) => p.snapshot), ['codestral-2405']);
  assert.deepEqual(earlier.get('gemini-flash-lite-latest')?.map((p) => p.snapshot), ['gemini-2.5-flash-lite-preview-09-2025']);
});
