// Tests of the same-day reversal rule: a listing a catalogue adds and withdraws within a day is its slip, not a provider's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChangeEvent } from '../schema/index.ts';
import { markSameDayReversals } from './hosting-reversals.ts';

const offered = (date: string, added: boolean, commit: string, extra: Partial<ChangeEvent> = {}): ChangeEvent => ({
  id: '', date, model_id: 'o3', kind: 'hosting', field: 'offered', old: !added, new: added, source: 'models-dev',
  provider: 'fastrouter', correction: null, commit, ...extra,
});

test("models.dev's FastRouter sync and its withdrawal 48 minutes later are one slip of the catalogue, both marked", () => {
  // field-changes-from-git.jsonl.gz: c6641ba93d 2026-06-09T15:40:27+05:30 "feat(sync): sync FastRouter model catalog"
  // adds providers/fastrouter/models/openai/o3.toml; eaffc05654 2026-06-09T16:28:15+05:30 "chore(fastrouter): drop
  // unrequested models from prior sync" removes it. Given in reverse order, to show the commit times order them.
  const add = offered('2026-06-09', true, 'c6641ba93d');
  const drop = offered('2026-06-09', false, 'eaffc05654');
  const at = new Map([[add, '2026-06-09T15:40:27+05:30'], [drop, '2026-06-09T16:28:15+05:30']]);
  const n = markSameDayReversals([drop, add], () => 'models-dev|fastrouter|openai/o3', (e) => at.get(e));
  assert.deepEqual(n, { added: 1, removed: 0 });
  for (const e of [add, drop]) {
    assert.equal(e.correction, true);
    assert.match(e.correction_note!, /^models-dev added this listing and took it away again on 2026-06-09 \(commits c6641ba93d and eaffc05654\)/);
  }
});

test('a listing taken away and restored the same day is marked too; an event already marked keeps its note', () => {
  // models.dev e696b33e0f (2026-06-08 20:16 -05:00) drops a google-vertex Gemini alias; dcae17ea26 ("fix(google-vertex):
  // retain latest Gemini aliases", 22:12 -05:00) restores it: the second is already a correction by its subject.
  const drop = offered('2026-06-09', false, 'e696b33e0f', { provider: 'google-vertex' });
  const back = offered('2026-06-09', true, 'dcae17ea26', { provider: 'google-vertex', correction: true });
  const at = new Map([[drop, '2026-06-08T20:16:48-05:00'], [back, '2026-06-08T22:12:00-05:00']]);
  assert.deepEqual(markSameDayReversals([drop, back], () => 'row', (e) => at.get(e)), { added: 0, removed: 1 });
  assert.equal(drop.correction, true);
  assert.match(drop.correction_note!, /took this listing away and restored it/);
  assert.equal(back.correction_note, undefined);
});

test('an add taken back a day later, or by another listing, is a change in its own right', () => {
  const add = offered('2026-06-09', true, 'a');
  const dropNextDay = offered('2026-06-10', false, 'b');
  assert.deepEqual(markSameDayReversals([add, dropNextDay], () => 'row', () => undefined), { added: 0, removed: 0 });
  const other = offered('2026-06-09', false, 'c');
  const rows = new Map([[add, 'row-a'], [other, 'row-b']]);
  assert.deepEqual(markSameDayReversals([add, other], (e) => rows.get(e), () => undefined), { added: 0, removed: 0 });
  assert.equal(add.correction, null);
  assert.equal(other.correction, null);
});
