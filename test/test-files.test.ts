// The order `npm test` starts its files in: the slowest first, and still every test file, once (alone, or through its
// folder's shared-process entry).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { ownProcess, SHARED_FOLDERS, sharedEntry, sharedFiles, SLOWEST, testFiles } from '../scripts/test-files.ts';

test('npm test runs every *.test.ts under src, test and bench exactly once, the slowest files first', () => {
  const files = testFiles(PROJECT_ROOT);
  const shared = SHARED_FOLDERS.flatMap((folder) => sharedFiles(PROJECT_ROOT, folder));
  // The files there are: find's, independent of the code under test.
  const found = execFileSync('find', ['src', 'test', 'bench', '-name', '*.test.ts'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    .trim().split('\n');
  const runs = [...files, ...shared];
  assert.equal(new Set(runs).size, runs.length, 'no file twice: a shared file is not also started alone');
  assert.deepEqual([...runs].sort(), found.sort());
  assert.deepEqual(files.slice(0, SLOWEST.length), SLOWEST);
  assert.ok(files.includes('test/test-files.test.ts'));
  const rest = files.slice(SLOWEST.length);
  assert.deepEqual(rest, [...rest].sort(), 'the others by path');
  // Most of the pure tests share a process (about 300 files when this was written), and each folder's entry runs.
  assert.ok(shared.length > 250, `${shared.length} shared files`);
  for (const folder of SHARED_FOLDERS) assert.ok(files.includes(sharedEntry(folder)), folder);
});

test('each shared folder\'s entry imports that folder\'s shared files, and only the entry does', () => {
  for (const folder of SHARED_FOLDERS) {
    const entry = readFileSync(path.join(PROJECT_ROOT, sharedEntry(folder)), 'utf8');
    assert.match(entry, new RegExp(`^await importShared\\('${folder}'\\);$`, 'm'), sharedEntry(folder));
  }
  // The engines' own files keep theirs: one with a top-level before/after (a server held by its hooks) stays alone.
  assert.ok(!sharedFiles(PROJECT_ROOT, 'src/engines').includes('src/engines/machine-family.test.ts'));
  assert.ok(sharedFiles(PROJECT_ROOT, 'src/engines').includes('src/engines/cost.test.ts'));
});

test('a file that changes what the files after it would see keeps its own process', () => {
  const alone = [
    'beforeEach(() => {});', 'after(() => server.close());', "process.env.MDS_DATA_DIR = '/tmp/x';",
    "delete process.env['REDIS_URL'];", "import { mock } from 'node:test';\nmock.method(console, 'log');",
    'mock.timers.enable();', "process.on('warning', () => {});", 'const t0 = Date.now();', 'process.chdir(dir);',
  ];
  for (const source of alone) assert.ok(ownProcess(source), source);
  const together = [
    "test('x', (t) => { t.mock.method(console, 'log'); });", "describe('y', () => { before(() => {}); });",
    "if (process.env.CALIBRATION_TABLE) print();", "const same = process.env.A === 'b';", "test('before(', () => {});",
  ];
  for (const source of together) assert.equal(ownProcess(source), undefined, source);
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
    // A shared folder's files without its entry would never run: named missing too.
    mkdirSync(path.join(root, 'src/schema'), { recursive: true });
    writeFileSync(path.join(root, 'src/schema/x.test.ts'), '');
    assert.throws(() => testFiles(root), /test\/shared-process\/src-schema\.test\.ts/);
    for (const f of SLOWEST) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), '');
    }
    writeFileSync(path.join(root, 'test/z.test.ts'), '');
    writeFileSync(path.join(root, sharedEntry('src/schema')), '');
    // src/schema/x.test.ts runs through its entry, not alone.
    assert.deepEqual(testFiles(root), [...SLOWEST, 'src/a/b.test.ts', sharedEntry('src/schema'), 'test/z.test.ts']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
