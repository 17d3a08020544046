// JSON Lines read against a schema: good lines with their place, bad ones as issues naming the line.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { z } from 'zod';
import { jsonLinesOf } from './catalogue-util.ts';
import type { IngestIssue } from './types.ts';

test('lines that fit the schema are yielded with their line; others, and lines that are not JSON, become issues', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mds-jsonl-')), 'changes.jsonl');
  writeFileSync(file, ['{"date":"2026-01-02","n":1}', '', '{"date":"2026-01-03","n":"two"}', '{not json', '{"date":"2026-01-04","n":4}'].join('\n'));
  const issues: IngestIssue[] = [];
  const got: Array<[string, number]> = [];
  for await (const { where, rec } of jsonLinesOf(z.object({ date: z.string(), n: z.number() }), file, { source: 's', file: 'changes.jsonl' }, issues)) {
    got.push([where.row, rec.n]);
  }
  assert.deepEqual(got, [['line 1', 1], ['line 5', 4]]);
  assert.deepEqual(issues.map((i) => [i.file, i.row]), [['changes.jsonl', 'line 3'], ['changes.jsonl', 'line 4']]);
  assert.match(issues[0]!.message, /\(at n\)$/, 'the schema misfit names its field');
  assert.equal(issues[1]!.message, 'not valid JSON');
});
