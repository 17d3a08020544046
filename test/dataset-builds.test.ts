// End to end, the builds of the source snapshots: a fresh build equals the committed dataset; a newer models.dev
// snapshot with one price changed adds one event; the price snapshots read again later change nothing; genai-prices
// read once Claude Sonnet 5's scheduled price is in force leaves Bedrock's regional price at 1.1x. One file, so that
// the four builds share one process's reads of the snapshot folders they do not change (test/source-reads.ts).
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { create as tarCreate, extract as tarExtract } from 'tar';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { defaultRoots, readPrevious, sourcesPresent } from '../src/ingest/run.ts';
import { SNAPSHOT_SUBJECT } from '../src/ingest/snapshot-changes.ts';
import { diffDataset } from '../src/ingest/write.ts';
import type { Offer } from '../src/schema/index.ts';
import { buildKept } from './source-reads.ts';

const roots = defaultRoots(PROJECT_ROOT);
/**
 * Each test's own snapshots, removed when the file is done: a copy of each folder the test changes, and a symbolic
 * link to every other one (copying and removing all 9 MB of snapshots three times cost the file 3 to 4 s of CPU). A
 * test writes only inside the folders it names, so the committed snapshots cannot change under it.
 */
const copies: string[] = [];
after(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function copyOfSources(prefix: string, changed: readonly string[]): { tmp: string; sources: string } {
  const tmp = mkdtempSync(path.join(os.tmpdir(), prefix));
  copies.push(tmp);
  const sources = path.join(tmp, 'sources');
  mkdirSync(sources);
  const names = readdirSync(roots.sources);
  for (const folder of changed) assert.ok(names.includes(folder), `no snapshot folder ${folder}`);
  for (const name of names) {
    if (changed.includes(name)) cpSync(path.join(roots.sources, name), path.join(sources, name), { recursive: true });
    else symlinkSync(path.join(roots.sources, name), path.join(sources, name));
  }
  return { tmp, sources };
}

// First, while nothing is kept: every adapter reads the unchanged snapshots itself.
const skipFresh = !sourcesPresent(roots) && 'source snapshots (data/sources) absent';
test('a fresh build of the source snapshots is byte-identical to the committed dataset (no drift)', { skip: skipFresh, timeout: 300_000 },
  async () => {
    const { data } = await buildKept(roots);
    assert.deepEqual(diffDataset(DEFAULT_DATA_DIR, data), [], 'run `npm run data:build` and commit data/dataset');
  });

// A newer models.dev snapshot with one price changed, built against the committed dataset, adds one event.
const TOML = 'providers/302ai/models/chatgpt-4o-latest.toml';

test('a price changed in a newer models.dev snapshot appends exactly that event and keeps every earlier one', { timeout: 300_000 },
  async () => {
    const { tmp, sources } = copyOfSources('mds-snapshot-change-', ['models.dev']);
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
    const { data } = await buildKept({ sources, curated: roots.curated }, DEFAULT_DATA_DIR);
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

// The same snapshots read again on a later day serve the same prices and add no change event.
/**
 * The price snapshots read again later: models.dev and LiteLLM on 2026-11-25; genai-prices on 2026-08-31, the last day
 * before its next scheduled price starts (aws.yml: `start_date: 2026-09-01`, Claude Sonnet 5's launch promotion
 * ending), because a scheduled price coming into force is a change of the price in force, not a re-read.
 */
const REREAD: ReadonlyArray<[string, string]> = [
  ['models.dev', '2026-11-25T08:00:00+00:00'], ['litellm-via-rocry', '2026-11-25T08:00:00+00:00'],
  ['genai-prices', '2026-08-31T12:00:00+00:00'],
];

const key = (o: Offer) => `${o.provider}|${o.model_id}|${o.provider_model_id}|${o.sku}|${o.region}`;
const served = (o: Offer) => Object.fromEntries((['input', 'output', 'cache_read', 'cache_write'] as const)
  .flatMap((f) => (o.prices[f] ? [[f, `${o.prices[f].value} ${o.prices[f].source}`]] : [])));

test('re-reading unchanged models.dev, LiteLLM and genai-prices snapshots later changes no served price and adds no event',
  { timeout: 300_000 }, async () => {
    const { sources } = copyOfSources('mds-snapshot-reread-', REREAD.map(([dir]) => dir));
    // The same commit and files, as a fetch on 2026-11-25 would record them when upstream has not moved.
    for (const [dir, later] of REREAD) {
      const file = path.join(sources, dir, 'HEAD_COMMIT.txt');
      const [commit] = readFileSync(file, 'utf8').trim().split(/\s+/);
      writeFileSync(file, `${commit} ${later}\n`);
    }
    const prev = readPrevious(DEFAULT_DATA_DIR);
    assert.ok(prev);
    const { data } = await buildKept({ sources, curated: roots.curated }, DEFAULT_DATA_DIR);
    const reread = new Map(data.sources.map((s) => [s.id, s.retrieved]));
    assert.equal(reread.get('models-dev'), '2026-11-25', 'the re-read is dated by its new read day');
    assert.equal(reread.get('litellm'), '2026-11-25');
    assert.equal(reread.get('genai-prices'), '2026-08-31');

    const before = new Map(prev.offers.map((o) => [key(o), served(o)]));
    const changed = data.offers.filter((o) => JSON.stringify(before.get(key(o))) !== JSON.stringify(served(o)))
      .map((o) => `${key(o)}: ${JSON.stringify(before.get(key(o)))} -> ${JSON.stringify(served(o))}`);
    assert.deepEqual(changed, [], 'no listing serves another price or another source');
    assert.equal(data.offers.length, prev.offers.length);
    // The two listings the readings-2x-apart rule settles keep their price on the re-read.
    const au = data.offers.find((o) => o.provider === 'amazon-bedrock' && o.provider_model_id === 'au.anthropic.claude-opus-4-6-v1');
    assert.deepEqual([au?.prices.input?.value, au?.prices.output?.value], [5.5, 27.5]);
    const azure = data.offers.find((o) => o.provider === 'azure' && o.provider_model_id === 'gpt-4' && o.sku === 'standard');
    assert.deepEqual([azure?.prices.input?.value, azure?.prices.output?.value], [30, 60]);

    const added = data.changes.filter((e) => e.subject?.startsWith(SNAPSHOT_SUBJECT) && !prev.changes.some((p) => p.id === e.id));
    assert.deepEqual(added, [], 'an unchanged snapshot read again is no change');
    // The re-read moves the data date to 2026-11-25: the shutdowns scheduled between the old data date and it have come
    // (the sheets retire those listings on the same rule) and join the feed; no other event is added.
    const prevAsOf = (JSON.parse(readFileSync(path.join(DEFAULT_DATA_DIR, 'meta.json'), 'utf8')) as { data_as_of: string }).data_as_of;
    const ids = new Set(prev.changes.map((e) => e.id));
    const come = data.changes.filter((e) => !ids.has(e.id));
    assert.deepEqual(come.filter((e) => !(e.kind === 'hosting' && e.field === 'offered' && e.new === false &&
      e.date > prevAsOf && e.date <= data.meta.data_as_of)), []);
    assert.equal(data.changes.length, prev.changes.length + come.length);
  });

// genai-prices read on 2026-09-01 (Claude Sonnet 5's scheduled price in force).
const prices = (o: Offer | undefined) =>
  [o?.prices.input?.value, o?.prices.output?.value, o?.prices.cache_read?.value, o?.prices.cache_write?.value];

test("genai-prices read on 2026-09-01: Bedrock's in-region Claude Sonnet 5 stays 1.1x its global listing (2.2/11)",
  { timeout: 300_000 }, async () => {
    // aws.yml `regional.anthropic.claude-sonnet-5-v1:0`: 2.2/11 until 2026-08-31, `start_date: 2026-09-01` 3.3/16.5;
    // the npm bundle (which wins where it lists the model) gives 2.2/11 and the global row 2/10 with no schedule.
    // Read on 2026-09-01 the repository's price in force (3.3) no longer equals npm's, so npm's 2.2 is dated by the
    // bundle (2026-09-23) instead of the repository's check day: before the regional premium rule that moved the
    // listing from LiteLLM's 2 (set later) to 2.2; with it, 2.2 is served on either side of the date.
    const { sources } = copyOfSources('mds-regional-premium-', ['genai-prices']);
    const file = path.join(sources, 'genai-prices', 'HEAD_COMMIT.txt');
    const [commit] = readFileSync(file, 'utf8').trim().split(/\s+/);
    writeFileSync(file, `${commit} 2026-09-01T12:00:00+00:00\n`);
    const prev = readPrevious(DEFAULT_DATA_DIR);
    assert.ok(prev);
    const { data } = await buildKept({ sources, curated: roots.curated }, DEFAULT_DATA_DIR);
    const bedrock = (id: string) => data.offers.find((o) => o.provider === 'amazon-bedrock' && o.provider_model_id === id);
    const before = prev.offers.find((o) => o.provider === 'amazon-bedrock' && o.provider_model_id === 'anthropic.claude-sonnet-5');
    assert.deepEqual(prices(before), [2.2, 11, 0.22, 2.75], 'the committed dataset, genai-prices read before 2026-09-01');
    assert.deepEqual(prices(bedrock('anthropic.claude-sonnet-5')), [2.2, 11, 0.22, 2.75]);
    assert.deepEqual(prices(bedrock('global.anthropic.claude-sonnet-5')), [2, 10, 0.2, 2.5]);
    assert.deepEqual(prices(bedrock('us.anthropic.claude-sonnet-5')), [2.2, 11, 0.22, 2.75]);
  });
