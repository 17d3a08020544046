// End to end: a newer models.dev snapshot with one price changed, built against the committed dataset, adds one event.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { create as tarCreate, extract as tarExtract } from 'tar';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { defaultRoots, readPrevious, runIngest } from '../src/ingest/run.ts';
import { SNAPSHOT_SUBJECT } from '../src/ingest/snapshot-changes.ts';

const TOML = 'providers/302ai/models/chatgpt-4o-latest.toml';

test('a price changed in a newer models.dev snapshot appends exactly that event and keeps every earlier one', { timeout: 300_000 }, async () => {
  const roots = defaultRoots(PROJECT_ROOT);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mds-snapshot-change-'));
  const sources = path.join(tmp, 'sources');
  cpSync(roots.sources, sources, { recursive: true });
  const dir = path.join(sources, 'models.dev');
  const tarball = 'models.dev-toml-HEAD-2026-07-02.tar.gz';
  // The snapshot as models.dev would publish it on 2026-11-25, with 302ai's chatgpt-4o-latest input cut from 5 to 4.
  const unpacked = path.join(tmp, 'toml');
  mkdirSync(unpacked);
  await tarExtract({ file: path.join(dir, tarball), cwd: unpacked });
  const text = readFileSync(path.join(unpacked, TOML), 'utf8');
  assert.match(text, /\ninput = 5\.000\n/, 'the snapshot still says 5 USD (the committed dataset agrees)');
  writeFileSync(path.join(unpacked, TOML), text.replace('\ninput = 5.000\n', '\ninput = 4.000\n'));
  await tarCreate({ gzip: true, cwd: unpacked, portable: true, file: path.join(dir, tarball) }, ['providers', 'models']);
  writeFileSync(path.join(dir, 'HEAD_COMMIT.txt'), 'f3fc692299671838c7c65fd8126bf84d81a2e817 2026-11-25T08:00:00+00:00\n');

  const prev = readPrevious(DEFAULT_DATA_DIR);
  assert.ok(prev);
  const { data } = await runIngest(PROJECT_ROOT, { sources, curated: roots.curated }, DEFAULT_DATA_DIR);
  const added = data.changes.filter((e) => e.subject?.startsWith(SNAPSHOT_SUBJECT));
  assert.deepEqual(added.map(({ id: _id, ...e }) => e), [{
    // The listing is the file's path under the provider (TOML above): providers/302ai/models/chatgpt-4o-latest.toml.
    date: '2026-11-25', model_id: 'chatgpt-4o-latest', kind: 'price', field: 'input', provider: '302ai',
    provider_model_ids: ['chatgpt-4o-latest'], old: 5, new: 4,
    source: 'models-dev', correction: null, subject: `${SNAPSHOT_SUBJECT}: models-dev 2026-07-02 -> 2026-11-25`,
  }]);
  // The newer snapshot moves the data date to 2026-11-25, so the shutdowns notices and catalogues scheduled between the
  // old data date and it have now come (the sheets retire those offers too): they join the feed, and nothing else does.
  const before = new Set(prev.changes.map((e) => e.id));
  const prevAsOf = (JSON.parse(readFileSync(path.join(DEFAULT_DATA_DIR, 'meta.json'), 'utf8')) as { data_as_of: string }).data_as_of;
  const come = data.changes.filter((e) => !before.has(e.id) && !e.subject?.startsWith(SNAPSHOT_SUBJECT));
  assert.equal(data.meta.data_as_of, '2026-11-25');
  assert.ok(come.length > 0);
  assert.deepEqual(come.filter((e) => !(e.kind === 'hosting' && e.field === 'offered' && e.new === false &&
    e.date > prevAsOf && e.date <= data.meta.data_as_of)), []);
  assert.equal(data.changes.length, prev.changes.length + 1 + come.length);
  const ids = new Set(data.changes.map((e) => e.id));
  assert.ok(prev.changes.every((e) => ids.has(e.id)), 'every earlier event is kept');
  assert.equal(data.meta.counts.changes, data.changes.length);
});
