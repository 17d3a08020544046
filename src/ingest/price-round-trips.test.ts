import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange } from '../sources/types.ts';
import { catalogueEvents } from './build-changes.ts';

// Rows as data/sources/models.dev/field-changes-from-git.jsonl.gz records them (cost.input / cost.output of the
// provider's file), dates as the commits give them.
type Row = [commit: string, date: string, subject: string, path: string, field: string, old: number, now: number];
const BASELINE: Row = ['79880a8285', '2025-06-04T18:41:51-04:00', 'sync', 'anthropic/claude-sonnet-4-20250514', 'input', 3, 3];
const SYNC = 'feat(sync): sync FastRouter model catalog';
const DROP = 'chore(fastrouter): drop unrequested models from prior sync';
const FASTROUTER: Row[] = [
  ['c6641ba93d', '2026-06-09T15:40:27+05:30', SYNC, 'fastrouter/deepseek-ai/deepseek-r1-distill-llama-70b', 'input', 0.03, 0.7],
  ['c6641ba93d', '2026-06-09T15:40:27+05:30', SYNC, 'fastrouter/deepseek-ai/deepseek-r1-distill-llama-70b', 'output', 0.14, 0.8],
  ['eaffc05654', '2026-06-09T16:28:15+05:30', DROP, 'fastrouter/deepseek-ai/deepseek-r1-distill-llama-70b', 'input', 0.7, 0.03],
  ['eaffc05654', '2026-06-09T16:28:15+05:30', DROP, 'fastrouter/deepseek-ai/deepseek-r1-distill-llama-70b', 'output', 0.8, 0.14],
];
const VERCEL: Row[] = [
  ['d65a862533', '2026-05-18T12:12:15-05:00', 'sync: centralize aggregator model updates', 'vercel/deepseek/deepseek-v4-pro', 'input', 1.74, 0.435],
  ['5ee955297a', '2026-05-18T19:07:14-05:00', 'sync: drop vercel catalog updates', 'vercel/deepseek/deepseek-v4-pro', 'input', 0.435, 1.74],
  ['285ca1a865', '2026-06-06T19:49:46-05:00', 'chore(sync): update Vercel model catalog', 'vercel/deepseek/deepseek-v4-pro', 'input', 1.74, 0.435],
];
const KIMI = 'openrouter/moonshotai/kimi-k2.6';
const SMALL: Row[] = [
  ['26f7b6f6b6', '2026-06-11T21:06:21+00:00', 'chore(sync): update OpenRouter model catalog', KIMI, 'output', 3.41, 3.39],
  ['d3fe5e3f4e', '2026-06-12T21:54:30+00:00', 'chore(sync): update OpenRouter model catalog', KIMI, 'output', 3.39, 3.41],
];
const SLOW: Row[] = [
  ['f96381a34d', '2026-06-08T22:51:22-05:00', 'feat(sync): add Baseten model sync', 'baseten/zai-org/GLM-4.7', 'input', 0.6, 0.12],
  ['dd725fcb4b', '2026-06-18T09:47:33+00:00', 'chore(sync): update Baseten model catalog', 'baseten/zai-org/GLM-4.7', 'input', 0.12, 0.6],
];

const history = (rows: readonly Row[]): CatalogueChange[] => [BASELINE, ...rows].map(([commit, date, subject, path, field, old, now]) => ({
  source: 'models-dev', commit, date, subject, change: 'changed', provider: path.split('/')[0],
  provider_model_id: path.split('/').slice(1).join('/'), source_model_id: path, field, old, new: now,
}));
const resolve = (c: CatalogueChange) => c.source_model_id.split('/').at(-1)!.toLowerCase();
const events = (rows: readonly Row[]) => catalogueEvents(history(rows), resolve).events.filter((e) => e.kind === 'price');

test('a price moved 3x or more and written back within the window: both steps are corrections, with the trip', () => {
  const got = events(FASTROUTER);
  assert.equal(got.length, 4);
  assert.ok(got.every((e) => e.correction === true));
  const up = got.find((e) => e.field === 'input' && e.new === 0.7)!;
  const down = got.find((e) => e.field === 'input' && e.new === 0.03)!;
  // 0.7 / 0.03 = 23.3x, written back 48 minutes later.
  assert.equal(up.correction_note, 'reverted within the same day: 0.03 -> 0.7 -> 0.03 (2026-06-09 to 2026-06-09), 23x and back: ' +
    'the value in between never held');
  assert.equal(down.correction_note, up.correction_note);
});

test('a move taken back and written again: the first move stands, the withdrawal and the rewriting are corrections', () => {
  const [first, back, again] = events(VERCEL).sort((a, b) => a.date.localeCompare(b.date));
  // UTC days: 17:12 on 05-18, 00:07 on 05-19, 00:49 on 06-07.
  assert.deepEqual([first.date, back.date, again.date], ['2026-05-18', '2026-05-19', '2026-06-07']);
  assert.deepEqual([first.correction, back.correction, again.correction], [null, true, true]);
  assert.equal(back.correction_note, 'taken back within 1 day and written again within 19 days: 1.74 -> 0.435 -> 1.74 -> 0.435 ' +
    '(2026-05-18, 2026-05-19, 2026-06-07): the 0.435 held from 2026-05-18; the catalogue withdrew it and wrote it again');
  assert.equal(again.correction_note, back.correction_note);
});

test('a small round trip is a router following its upstream, and a slow one outlasts the window: both stay changes', () => {
  // 3.41 -> 3.39 -> 3.41 in a day is 1.006x; 0.6 -> 0.12 -> 0.6 is 5x but 9 days.
  for (const rows of [SMALL, SLOW]) {
    const got = events(rows);
    assert.equal(got.length, 2);
    assert.ok(got.every((e) => e.correction === null), JSON.stringify(got));
  }
});
