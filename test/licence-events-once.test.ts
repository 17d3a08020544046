// A licence or open-weights change is the model's: the developer's several listings of it record it once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get_model_changes } from '../src/ops/get-model-changes.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();

test('GLM-5 flagged open on 2026-02-26 is one licence change, not one per Zhipu AI listing', () => {
  // models.dev commit ff41c2b6c3 ("fix: mark GLM-5 as open weights", 2026-02-26) set open_weights false -> true in four
  // files of the developer's own listings: providers zai, zai-coding-plan, zhipuai and zhipuai-coding-plan, each glm-5.
  // The weights are one fact of the model, so the feed has one event (it had four, and counted them as four changes).
  const input = get_model_changes.input.parse({ model: 'glm-5', kind: ['licence'], until: '2026-02-26', days: 1, limit: 100 });
  const out = get_model_changes.handler(ds, input, { today: '2026-11-26' }) as
    { counts: { total: number; by_kind: Record<string, number> }; items: Array<Record<string, unknown>> };
  assert.deepEqual(out.items.map((i) => [i.date, i.field, i.old, i.new]), [['2026-02-26', 'open_weights', false, true]]);
  assert.equal(out.counts.by_kind.licence, 1);
});
