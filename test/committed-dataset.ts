// The committed dataset (data/dataset) for tests, validated once per content rather than once per test file.
// About 90 test files load it, each in its own process; the schema check is about 1 s of CPU of each load (of 1.6 to
// 2 s: reading and parsing the files, the check, then indexing), paid again for the same bytes every time. Here a
// file loads it as the server does, except that the check is skipped when these exact bytes have already passed it
// under this exact validator: a marker under .cache/ named by a hash of both says so, and it is written only after a
// full loadDataset has passed. Any change to a data file or to the schema or loader source changes the name, so the
// next load validates in full again. The dataset's own tests (src/dataset, test/dataset.test.ts) call loadDataset
// and validate every time.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { buildDataset, type Dataset } from '../src/dataset/dataset.ts';
import { loadDataset, readDatasetFiles } from '../src/dataset/load.ts';

/** The source the check depends on: the schemas and the loader (their tests excluded: they do not change it). */
const VALIDATOR_DIRS = ['src/schema', 'src/dataset'];

function validatorDigest(): string {
  const hash = createHash('sha256');
  for (const dir of VALIDATOR_DIRS) {
    const files = readdirSync(path.join(PROJECT_ROOT, dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
    for (const f of files) {
      const bytes = readFileSync(path.join(PROJECT_ROOT, dir, f));
      hash.update(`\u0000${dir}/${f}\u0000${bytes.length}\u0000`).update(bytes);
    }
  }
  return hash.digest('base64url');
}

const MARKERS = path.join(PROJECT_ROOT, '.cache', 'validated-dataset');

/**
 * Loaded datasets by the day they are judged on. Test files that share a process (scripts/test-files.ts) share one
 * load: a dataset is deep-frozen, so no test can change what another reads, and the files do not change in a run.
 */
const loaded = new Map<string, Dataset>();

/** The committed dataset, as loadDataset(DEFAULT_DATA_DIR, opts) returns it: the same bytes, indexes and digest. */
export function committedDataset(opts: { judgedOn?: string } = {}): Dataset {
  const key = opts.judgedOn ?? '';
  let dataset = loaded.get(key);
  if (!dataset) loaded.set(key, dataset = loadCommitted(opts));
  return dataset;
}

/**
 * A load of its own, for a test that counts what a dataset's first use makes (kept per dataset): in a shared process
 * another file's tests may have used the shared load first.
 */
export function freshCommittedDataset(opts: { judgedOn?: string } = {}): Dataset {
  return loadCommitted(opts);
}

function loadCommitted(opts: { judgedOn?: string }): Dataset {
  const { raw, contentDigest } = readDatasetFiles(DEFAULT_DATA_DIR);
  const key = createHash('sha256').update(`${contentDigest}\u0000${validatorDigest()}`).digest('hex');
  const marker = path.join(MARKERS, key);
  if (existsSync(marker)) return buildDataset(raw as Parameters<typeof buildDataset>[0], { ...opts, contentDigest });
  // First load of these bytes under this validator: the full load, which throws on any invalid record.
  const dataset = loadDataset(DEFAULT_DATA_DIR, opts);
  mkdirSync(MARKERS, { recursive: true });
  // Written whole then renamed: two files loading at once never see half a marker (either one's marker will do).
  const partial = `${marker}.${process.pid}`;
  writeFileSync(partial, `${new Date().toISOString()} loadDataset(${path.relative(PROJECT_ROOT, DEFAULT_DATA_DIR)}) passed\n`);
  renameSync(partial, marker);
  return dataset;
}
