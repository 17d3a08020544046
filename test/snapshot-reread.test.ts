// End to end: the same snapshots read again on a later day serve the same prices and add no change event.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { defaultRoots, readPrevious, runIngest } from '../src/ingest/run.ts';
import { SNAPSHOT_SUBJECT } from '../src/ingest/snapshot-changes.ts';
import type { Offer } from '../src/schema/index.ts';

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
    const roots = defaultRoots(PROJECT_ROOT);
    const sources = path.join(mkdtempSync(path.join(os.tmpdir(), 'mds-snapshot-reread-')), 'sources');
    cpSync(roots.sources, sources, { recursive: true });
    // The same commit and files, as a fetch on 2026-11-25 would record them when upstream has not moved.
    for (const [dir, later] of REREAD) {
      const file = path.join(sources, dir, 'HEAD_COMMIT.txt');
      const [commit] = readFileSync(file, 'utf8').trim().split(/\s+/);
      writeFileSync(file, `${commit} ${later}\n`);
    }
    const prev = readPrevious(DEFAULT_DATA_DIR);
    assert.ok(prev);
    const { data } = await runIngest(PROJECT_ROOT, { sources, curated: roots.curated }, DEFAULT_DATA_DIR);
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
