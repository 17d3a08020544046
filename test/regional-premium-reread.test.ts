// End to end: genai-prices read once Claude Sonnet 5's scheduled price is in force leaves Bedrock's regional price at 1.1x.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { defaultRoots, readPrevious, runIngest } from '../src/ingest/run.ts';
import type { Offer } from '../src/schema/index.ts';

const prices = (o: Offer | undefined) =>
  [o?.prices.input?.value, o?.prices.output?.value, o?.prices.cache_read?.value, o?.prices.cache_write?.value];

test("genai-prices read on 2026-09-01: Bedrock's in-region Claude Sonnet 5 stays 1.1x its global listing (2.2/11)",
  { timeout: 300_000 }, async () => {
    // aws.yml `regional.anthropic.claude-sonnet-5-v1:0`: 2.2/11 until 2026-08-31, `start_date: 2026-09-01` 3.3/16.5;
    // the npm bundle (which wins where it lists the model) gives 2.2/11 and the global row 2/10 with no schedule.
    // Read on 2026-09-01 the repository's price in force (3.3) no longer equals npm's, so npm's 2.2 is dated by the
    // bundle (2026-09-23) instead of the repository's check day: before the regional premium rule that moved the
    // listing from LiteLLM's 2 (set later) to 2.2; with it, 2.2 is served on either side of the date.
    const roots = defaultRoots(PROJECT_ROOT);
    const sources = path.join(mkdtempSync(path.join(os.tmpdir(), 'mds-regional-premium-')), 'sources');
    cpSync(roots.sources, sources, { recursive: true });
    const file = path.join(sources, 'genai-prices', 'HEAD_COMMIT.txt');
    const [commit] = readFileSync(file, 'utf8').trim().split(/\s+/);
    writeFileSync(file, `${commit} 2026-09-01T12:00:00+00:00\n`);
    const prev = readPrevious(DEFAULT_DATA_DIR);
    assert.ok(prev);
    const { data } = await runIngest(PROJECT_ROOT, { sources, curated: roots.curated }, DEFAULT_DATA_DIR);
    const bedrock = (id: string) => data.offers.find((o) => o.provider === 'amazon-bedrock' && o.provider_model_id === id);
    const before = prev.offers.find((o) => o.provider === 'amazon-bedrock' && o.provider_model_id === 'anthropic.claude-sonnet-5');
    assert.deepEqual(prices(before), [2.2, 11, 0.22, 2.75], 'the committed dataset, genai-prices read before 2026-09-01');
    assert.deepEqual(prices(bedrock('anthropic.claude-sonnet-5')), [2.2, 11, 0.22, 2.75]);
    assert.deepEqual(prices(bedrock('global.anthropic.claude-sonnet-5')), [2, 10, 0.2, 2.5]);
    assert.deepEqual(prices(bedrock('us.anthropic.claude-sonnet-5')), [2.2, 11, 0.22, 2.75]);
  });
