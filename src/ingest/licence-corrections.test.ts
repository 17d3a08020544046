// Tests of the licence-correction rules: a bulk catalogue flip and a flip undone within days are corrections.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChangeEvent } from '../schema/index.ts';
import { markLicenceCorrections } from './licence-corrections.ts';

const ev = (x: Partial<ChangeEvent> & Pick<ChangeEvent, 'date' | 'model_id' | 'old' | 'new'>): ChangeEvent => ({
  id: '0000000000000000', kind: 'licence', field: 'open_weights', source: 'models-dev', correction: null, ...x,
});

// models.dev field-changes-from-git.jsonl.gz, commit c8a52d19c1 (2026-06-04, "feat(models): add coding benchmarks and
// weights (#2000)"): open_weights of qwen3-coder-plus, devstral-medium-2507, magistral-medium-latest, glm-4.5-flash,
// MiniMax-M3 true -> false, deepseek-r1 and glm-5.1 false -> true. Commit bf1e39cd19 (2026-06-14, "chore(models): mark
// MiniMax M3 as open-weighted"): MiniMax-M3 false -> true.
const SWEEP = { commit: 'c8a52d19c1', date: '2026-06-04', subject: 'feat(models): add coding benchmarks and weights (#2000)' };

test('one commit flipping open_weights for seven models is a sweep: every flip is a correction (deepseek-r1, MIT since 2025)', () => {
  const events = [
    ...['qwen3-coder-plus', 'devstral-medium-2507', 'magistral-medium-latest', 'glm-4.5-flash', 'minimax-m3']
      .map((model_id) => ev({ ...SWEEP, model_id, old: true, new: false })),
    ev({ ...SWEEP, model_id: 'deepseek-r1', old: false, new: true }),
    ev({ ...SWEEP, model_id: 'glm-5.1', old: false, new: true }),
  ];
  markLicenceCorrections(events);
  assert.deepEqual(events.map((e) => e.correction), [true, true, true, true, true, true, true]);
  assert.match(events[5].correction_note ?? '', /for 7 models at once/);
});

test('a flip undone within 30 days is a correction both ways: minimax-m3 06-04 then 06-14', () => {
  const events = [
    ev({ commit: 'a', date: '2026-06-04', model_id: 'minimax-m3', old: true, new: false }),
    ev({ commit: 'bf1e39cd19', date: '2026-06-14', model_id: 'minimax-m3', old: false, new: true,
      subject: 'chore(models): mark MiniMax M3 as open-weighted' }),
  ];
  markLicenceCorrections(events);
  assert.deepEqual(events.map((e) => e.correction), [true, true]);
  assert.match(events[1].correction_note ?? '', /undone on 2026-06-14/);
});

test('a single flip standing, a flip undone after 30 days, and a price change are left as the source says', () => {
  const events = [
    ev({ commit: 'x', date: '2026-06-19', model_id: 'glm-5.2', old: false, new: true,
      subject: 'chore(models): mark GLM 5.2 as open-weighted' }),
    ev({ commit: 'y', date: '2026-01-01', model_id: 'm', old: false, new: true }),
    ev({ commit: 'z', date: '2026-03-01', model_id: 'm', old: true, new: false }),
    ...['a', 'b', 'c'].map((model_id) => ev({ commit: 'p', date: '2026-05-01', model_id, kind: 'price', field: 'input', old: 1, new: 2 })),
  ];
  markLicenceCorrections(events);
  assert.deepEqual(events.map((e) => e.correction), [null, null, null, null, null, null]);
});
