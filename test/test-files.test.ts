// The order `npm test` starts its files in: the slowest first, and still every test file, once.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { SLOWEST, testFiles } from '../scripts/test-files.ts';

test('npm test runs every *.test.ts under src, test and bench exactly once, the slowest files first', () => {
  const files = testFiles(PROJECT_ROOT);
  // The list the script had before the order: find's, independent of the code under test.
  const found = execFileSync('find', ['src', 'test', 'bench', '-name', '*.test.ts'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    .trim().split('\n');
  assert.equal(new Set(files).size, files.length, 'no file twice');
  assert.deepEqual([...files].sort(), found.sort());
  assert.deepEqual(files.slice(0, SLOWEST.length), SLOWEST);
  assert.ok(files.includes('test/test-files.test.ts'));
  const rest = files.slice(SLOWEST.length);
  assert.deepEqual(rest, [...rest].sort(), 'the others by path');
});

test('package.json runs the files in that order, and runs none when the list fails', () => {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: { test: string } };
  assert.equal(pkg.scripts.test, 'files=$(node --import tsx scripts/test-files.ts) && node --import tsx --test --test-concurrency=2 $files');
});

test('a slow file named in the order that is gone fails the list, rather than dropping out of the run unseen', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mds-test-files-'));
  try {
    for (const folder of ['src/a', 'test', 'bench']) mkdirSync(path.join(root, folder), { recursive: true });
    writeFileSync(path.join(root, 'src/a/b.test.ts'), '');
    writeFileSync(path.join(root, 'src/a/b.ts'), '');
    assert.throws(() => testFiles(root), /names test files that do not exist: test\/dataset-builds\.test\.ts/);
    for (const f of SLOWEST) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), '');
    }
    writeFileSync(path.join(root, 'bench/z.test.ts'), '');
    assert.deepEqual(testFiles(root), [...SLOWEST, 'bench/z.test.ts', 'src/a/b.test.ts']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
