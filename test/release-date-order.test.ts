// search_models sort=release_date on the committed dataset: a release known only as "on or before" the snapshot's day
// no longer leads the list; the newest releases the data place do.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { search_models } from '../src/ops/search-models.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const ctx = { today: ds.lifecycleDate };
type Out = {
  items: Array<{ id: string }>; page: { total: number; next_cursor: string | null };
  bounded?: { count: number }; undated?: { count: number };
  snapshot_bounded?: { count: number; day: string; models: string[]; placed: string };
};
const run = (input: Record<string, unknown>) => search_models.handler(ds, search_models.input.parse(input), ctx) as Out;

function everyPage(input: Record<string, unknown>): { ids: string[]; first: Out } {
  const ids: string[] = [];
  let first: Out | undefined;
  let cursor: string | null = null;
  do {
    const out = run({ ...input, limit: 100, ...(cursor ? { cursor } : {}) });
    first ??= out;
    ids.push(...out.items.map((i) => i.id));
    cursor = out.page.next_cursor;
  } while (cursor);
  return { ids, first: first! };
}

// Read from the data files, not through the code under test: the models known only as on or before the snapshot's day.
const dir = path.resolve(import.meta.dirname, '../data/dataset');
const meta = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as { data_as_of: string };
type Row = { id: string; release_date?: { value: string; bound?: string } };
const rows = JSON.parse(readFileSync(path.join(dir, 'models.json'), 'utf8')) as Row[];
const atSnapshot = rows.filter((m) => m.release_date?.bound === 'on_or_before' && m.release_date.value === meta.data_as_of).map((m) => m.id);

test('sorted by release date, the newest placed releases come first, not the 13 first seen in the newest snapshot', () => {
  // meta.json: data_as_of 2026-09-23; 13 models of models.json are "on or before 2026-09-23", each "listed by <developer>
  // between 2026-08-21 and 2026-09-23" (absent from genai-prices 47df840a5a, present in @pydantic/genai-prices 0.1.8).
  assert.equal(meta.data_as_of, '2026-09-23');
  assert.equal(atSnapshot.length, 13);
  const { ids, first } = everyPage({ sort: 'release_date', kind: 'any' });
  // The first, from models.json: glm-5.3-flash, on sale by 2026-09-09 (Z.ai's launch promotion held until that day,
  // docs.z.ai/guides/overview/pricing as copied in @pydantic/genai-prices 0.1.8); claude-opus-5, first listed by
  // Anthropic on 2026-07-24 (genai-prices commit ffbbb14238); gemini-3.6-flash and gemini-3.5-flash-lite, listed by
  // Google on 2026-07-22 (genai-prices commit 6b6b364a35); kimi-k3, 2026-07-16 (genai-prices ba8093719f); grok-4.5,
  // 2026-07-08 (genai-prices 66781d7620); hy3, not before 2026-07-06 (its GitHub commit, developer-releases.csv);
  // claude-sonnet-5, 2026-06-30 (models.dev's anthropic entry). Before, the 13 came first, then these.
  assert.deepEqual(ids.slice(0, 2), ['glm-5.3-flash', 'claude-opus-5']);
  assert.deepEqual(ids.slice(2, 4).sort(), ['gemini-3.5-flash-lite', 'gemini-3.6-flash']);
  assert.deepEqual(ids.slice(4, 8), ['kimi-k3', 'grok-4.5', 'hy3', 'claude-sonnet-5']);
  // The 13 follow every placed release and precede the undated, which close the list.
  const undated = first.undated!.count;
  const placedLast = ids.slice(ids.length - undated - 13, ids.length - undated);
  assert.deepEqual([...placedLast].sort(), [...atSnapshot].sort());
  assert.deepEqual({ count: first.snapshot_bounded?.count, day: first.snapshot_bounded?.day, placed: first.snapshot_bounded?.placed },
    { count: 13, day: '2026-09-23', placed: 'after_dated' });
  assert.deepEqual(first.snapshot_bounded!.models, placedLast, 'named in the order shown');
  assert.ok(search_models.output.safeParse(first).success);
});

test('the other bounded releases stay at their bound and are counted apart from the 13', () => {
  // models.json holds 34 release dates with a bound (24 on or before, 13 of them the snapshot's day; 10 on or after):
  // every bounded one but the 13 is placed at its bound and counted in `bounded`, 21 with every kind. (35 and 22 before
  // Gemini 2.5 Computer Use's "on or before 2025-12-10", a listing's day, gave way to Google's release of 2025-10-07.)
  assert.equal(rows.filter((m) => m.release_date?.bound !== undefined).length, 34);
  assert.equal(rows.filter((m) => m.release_date?.bound === 'on_or_before').length, 24);
  assert.equal(run({ sort: 'release_date', kind: 'any' }).bounded?.count, 21);
});
