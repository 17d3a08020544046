// Tests of the rescale rule: a leaderboard day on which nearly every rating moved the same way is the scale moving.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChangeEvent } from '../schema/index.ts';
import { markRescales } from './elo-rescales.ts';

const ev = (i: number, old: number, now: number, date = '2025-11-05', leaderboard = 'text_style_control'): ChangeEvent => ({
  id: String(i), date, model_id: `m${i}`, kind: 'elo', field: 'rating', leaderboard, variant: `m${i}`,
  old, new: now, source: 'lmarena-arena-catalog', correction: null,
} as ChangeEvent);

test('a day on which every moved rating went up by about the same is marked a shift of the scale, with each move against the median', () => {
  // The arena-catalog commit 236f9a4299 of 2025-11-05: 198 of 198 up, median +23; gpt-4o-2024-08-06 1310 -> 1334 (+24).
  // Here 40 ratings up by 20..59 (median 40, the 21st of 40 sorted), one of them +41.
  const day = Array.from({ length: 40 }, (_, i) => ev(i, 1300, 1320 + i));
  assert.equal(markRescales(day, 10), 40);
  assert.ok(day.every((e) => e.correction === true));
  assert.match(day[21].correction_note!, /40 of the 40 that moved by 10 points or more went up, median \+40: a shift of the leaderboard's scale/);
  assert.match(day[21].correction_note!, /against the median it moved \+1$/);
  assert.match(day[0].correction_note!, /against the median it moved -20$/);
});

test('a real update that moves ratings both ways, or too few to tell, is left as the source gave it', () => {
  // 2025-02-06 on text: 74 of 114 up (65%), a real update.
  const mixed = [...Array.from({ length: 26 }, (_, i) => ev(i, 1300, 1315)), ...Array.from({ length: 14 }, (_, i) => ev(100 + i, 1300, 1285))];
  const few = Array.from({ length: 29 }, (_, i) => ev(200 + i, 1300, 1320, '2025-12-01'));
  assert.equal(markRescales([...mixed, ...few], 10), 0);
  assert.ok([...mixed, ...few].every((e) => e.correction === null && e.correction_note === undefined));
});

test('days, sources and leaderboards are judged apart; a debut (no old rating) is never counted', () => {
  const text = Array.from({ length: 30 }, (_, i) => ev(i, 1300, 1330, '2025-11-05', 'text'));
  const style = Array.from({ length: 29 }, (_, i) => ev(50 + i, 1300, 1330, '2025-11-05', 'text_style_control'));
  const debut = { ...ev(99, 0, 1330, '2025-11-05', 'text_style_control'), old: null } as unknown as ChangeEvent;
  assert.equal(markRescales([...text, ...style, debut], 10), 30);
  assert.ok(style.every((e) => e.correction === null) && debut.correction === null);
});
