// released_after on the committed dataset: the newest models are known only by an upper bound of their release.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { search_models } from '../src/ops/search-models.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const ctx = { today: ds.lifecycleDate };
type Out = { items: Array<{ id: string; release_date?: { value: string; bound?: string } }>; page: { total: number };
  bounded?: { count: number; placed: string; models?: string[] } };
const run = (input: Record<string, unknown>) => search_models.handler(ds, search_models.input.parse({ limit: 100, ...input }), ctx) as Out;

test('released_after=2026-08-01 proves no release; include_bounded admits the models first listed since, as possible', () => {
  // data/dataset/models.json: glm-5.3, gpt-6-sol, claude-opus-5-5 and the other newest models carry release_date
  // "on or before 2026-09-23" (absent from genai-prices 47df840a5a of 2026-08-21, present in its 0.1.8 of 2026-09-23).
  const strict = run({ released_after: '2026-08-01' });
  assert.equal(strict.page.total, 0);
  assert.equal(strict.bounded?.placed, 'left_out');
  const wide = run({ released_after: '2026-08-01', include_bounded: true });
  assert.equal(wide.bounded?.placed, 'included');
  assert.equal(wide.page.total, strict.bounded?.count, 'the models left out are the ones admitted');
  assert.deepEqual(wide.items.map((i) => i.id).sort(), [...strict.bounded!.models!].sort());
  for (const id of ['glm-5.3', 'gpt-6-sol', 'claude-opus-5-5']) assert.ok(wide.items.some((i) => i.id === id), id);
  // Every result admitted so is flagged by its bound: none reads as a proven release after the day.
  for (const i of wide.items) assert.equal(i.release_date?.bound, 'on_or_before', i.id);
});
