// Tests of the dataset fingerprint that DATA_RELOAD_INTERVAL compares: unchanged files, no reload; any rewrite, one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { datasetFingerprint } from './reload.ts';

test('the fingerprint holds while nothing changes, and moves with meta.json, any file\'s size or time, or a missing file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-fingerprint-'));
  try {
    writeFileSync(path.join(dir, 'meta.json'), '{"data_as_of":"2026-09-23"}');
    writeFileSync(path.join(dir, 'models.json'), '[]');
    const first = datasetFingerprint(dir);
    assert.equal(datasetFingerprint(dir), first, 'read twice, unchanged');

    writeFileSync(path.join(dir, 'meta.json'), '{"data_as_of":"2026-09-30"}');
    const second = datasetFingerprint(dir);
    assert.notEqual(second, first, 'a new data_as_of');

    // Same size, new modification time: a rebuild that rewrote the file with other content of the same length.
    utimesSync(path.join(dir, 'models.json'), new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    const third = datasetFingerprint(dir);
    assert.notEqual(third, second, 'a file rewritten');

    rmSync(path.join(dir, 'meta.json'));
    assert.notEqual(datasetFingerprint(dir), third, 'a missing meta.json is a change too (the load then says what is wrong)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
