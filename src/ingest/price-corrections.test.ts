import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange } from '../sources/types.ts';
import { bulkZeroes, catalogueEvents } from './build-changes.ts';

// Rows as data/sources/models.dev/field-changes-from-git.jsonl.gz records them (providers/openrouter/models/...):
// commit 8842d59637 (2026-06-25T13:57:51Z) zeroed them, commit f34441cf84 (2026-06-26T03:26:05Z) wrote the next values.
const SUBJECT = 'chore(sync): update OpenRouter model catalog';
const BROKE = { commit: '8842d59637', date: '2026-06-25T13:57:51+00:00' };
const FIXED = { commit: 'f34441cf84', date: '2026-06-26T03:26:05+00:00' };
type Row = [id: string, field: string, before: number | null, zero: number | null, after: number | null];
const ROWS: Row[] = [
  ['deepseek/deepseek-v3.1-terminus', 'input', 0.27, 0, 0.27],
  ['deepseek/deepseek-v3.1-terminus', 'output', 0.95, 0, 0.95],
  ['deepseek/deepseek-v3.1-terminus', 'cache_read', 0.13, null, 0.13],
  ['deepseek/deepseek-v3.2', 'cache_read', null, 0, null],
  ['deepseek/deepseek-v3.2', 'input', 0.2288, 0, 0.2288],
  ['z-ai/glm-4.7', 'input', 0.4, 0, 0.4],
  ['moonshotai/kimi-k2.6', 'output', 3.41, 0, 3.41],
  // The one listing the next sync did not give back: 0.15 / 0.9 / 0.05 came back as 0.12 / 0.48 / none.
  ['minimax/minimax-m2.5', 'input', 0.15, 0, 0.12],
  ['minimax/minimax-m2.5', 'cache_read', 0.05, 0, null],
];
const row = (over: Partial<CatalogueChange>): CatalogueChange => ({
  source: 'models-dev', date: '2025-06-04T18:41:51-04:00', commit: '79880a8285', subject: 'sync', change: 'changed',
  provider: 'openrouter', source_model_id: 'x', field: 'input', old: 1, new: 2, ...over,
});
const history = (rows: readonly Row[]): CatalogueChange[] => [
  row({}), // the source's first commit: its baseline
  ...rows.map(([id, field, before, zero]) => row({ ...BROKE, subject: SUBJECT, source_model_id: id, field, old: before, new: zero })),
  ...rows.map(([id, field, , zero, after]) => row({ ...FIXED, subject: SUBJECT, source_model_id: id, field, old: zero, new: after })),
];
const resolve = (c: CatalogueChange) => c.source_model_id.split('/')[1];
const find = (events: ReturnType<typeof catalogueEvents>['events'], model: string, field: string, date: string) =>
  events.find((e) => e.model_id === model && e.field === field && e.date === date)!;

test('a price zeroed and given back by the next sync is a correction on both events, with what happened', () => {
  const { events } = catalogueEvents(history(ROWS), resolve);
  const down = find(events, 'deepseek-v3.1-terminus', 'output', '2026-06-25');
  const up = find(events, 'deepseek-v3.1-terminus', 'output', '2026-06-26');
  assert.deepEqual([down.old, down.new, down.correction, up.old, up.new, up.correction], [0.95, 0, true, 0, 0.95, true]);
  assert.match(down.correction_note!, /^reverted within 1 day: 0\.95 -> 0 -> 0\.95 \(2026-06-25 to 2026-06-26\)/);
  assert.equal(up.correction_note, down.correction_note);
  assert.match(down.correction_note!, /commit 8842d59637 zeroed 5 listings at once/);
  // A cache price removed and given back, one that appeared as 0 and went again, and minimax's cache price going to
  // none are price fields going and coming (src/ingest/build-changes.ts, priceListed): 5 rows, no event.
  assert.equal(find(events, 'deepseek-v3.1-terminus', 'cache_read', '2026-06-25'), undefined);
  assert.equal(find(events, 'deepseek-v3.2', 'cache_read', '2026-06-26'), undefined);
  // Nothing else dropped: every other row of both commits is still an event, and every one is a correction.
  assert.equal(events.length, ROWS.length * 2 - 5);
  assert.ok(events.every((e) => e.correction === true));
});

test('a listing that came back at another price: both steps are corrections, the basis gives the net change', () => {
  const { events } = catalogueEvents(history(ROWS), resolve);
  const down = find(events, 'minimax-m2.5', 'input', '2026-06-25');
  const up = find(events, 'minimax-m2.5', 'input', '2026-06-26');
  assert.match(down.correction_note!, /one catalogue commit \(8842d59637, 2026-06-25\) set the prices of 5 listings to 0 at once/);
  assert.match(up.correction_note!, /^ends the 0 that commit 8842d59637 \(2026-06-25\) wrote on 5 listings/);
  assert.match(up.correction_note!, /before it the value was 0\.15, net 0\.15 -> 0\.12$/);
  // 0.05 -> 0 stays a (bulk) correction; 0 -> none is the field going, no event.
  assert.match(find(events, 'minimax-m2.5', 'cache_read', '2026-06-25').correction_note!, /set the prices of 5 listings to 0/);
  assert.equal(find(events, 'minimax-m2.5', 'cache_read', '2026-06-26'), undefined);
});

test('a bulk zeroing needs 5 listings: 4 zeroed at once are 4 reverts, and a changed price stays a change', () => {
  const four = ROWS.filter(([id]) => !id.includes('kimi'));
  assert.equal(bulkZeroes(history(four)).length, 0);
  const [bulk, ...more] = bulkZeroes(history(ROWS));
  assert.equal(more.length, 0);
  assert.deepEqual([bulk.commit, bulk.date, bulk.listings, [...bulk.zeroed].sort()], ['8842d59637', '2026-06-25', 5, [
    'openrouter|deepseek/deepseek-v3.1-terminus', 'openrouter|deepseek/deepseek-v3.2', 'openrouter|minimax/minimax-m2.5',
    'openrouter|moonshotai/kimi-k2.6', 'openrouter|z-ai/glm-4.7',
  ]]);
  const { events } = catalogueEvents(history(four), resolve);
  assert.equal(find(events, 'glm-4.7', 'input', '2026-06-25').correction, true);
  assert.doesNotMatch(find(events, 'glm-4.7', 'input', '2026-06-25').correction_note!, /zeroed/);
  const minimax = find(events, 'minimax-m2.5', 'input', '2026-06-26');
  assert.deepEqual([minimax.old, minimax.new, minimax.correction], [0, 0.12, null]);
});

test('a zero price that holds past the window is the provider\'s decision, not a blip', () => {
  // providers/opencode/models/gpt-5-nano.toml: b2e5463e04 "Update zen models" (2025-11-14) took input 0.05 -> 0,
  // 7c033f27e6 "update zen models" (2026-05-06) gave it back 174 days later.
  const { events } = catalogueEvents([
    row({}),
    row({ commit: 'b2e5463e04', date: '2025-11-14T01:00:16-05:00', subject: 'Update zen models', provider: 'opencode',
      source_model_id: 'gpt-5-nano', old: 0.05, new: 0 }),
    row({ commit: '7c033f27e6', date: '2026-05-06T23:00:15-04:00', subject: 'update zen models', provider: 'opencode',
      source_model_id: 'gpt-5-nano', old: 0, new: 0.05 }),
  ], () => 'gpt-5-nano');
  assert.deepEqual(events.map((e) => [e.date, e.old, e.new, e.correction, e.correction_note]), [
    ['2025-11-14', 0.05, 0, null, undefined], ['2026-05-07', 0, 0.05, null, undefined],
  ]);
});

test('a provider\'s first day in a source says so, not that a commit fixed the catalogue', () => {
  // models.dev ec03b93390 (2026-06-26) "feat(tinfoil): add Tinfoil provider with 9 models".
  const { events } = catalogueEvents([
    row({}),
    row({ commit: 'ec03b93390', date: '2026-06-26T10:00:00Z', subject: 'feat(tinfoil): add Tinfoil provider with 9 models',
      change: 'added', provider: 'tinfoil', source_model_id: 'deepseek-v4-pro', field: 'offered', old: false, new: true }),
  ], () => 'deepseek-v4-pro');
  assert.equal(events[0].correction, true);
  assert.match(events[0].correction_note!, /^tinfoil first appears in models-dev on this day/);
});

test('a bulk commit marks only the listings it zeroed, each source row apart', () => {
  // models.dev d2b7ba3957 (2025-12-07, "cloudflare: update models") zeroed five audio listings of
  // cloudflare-ai-gateway and, in the same commit, dropped the cache price of anthropic/claude-opus-4-1 (1.5 -> none).
  const d2b = {
    commit: 'd2b7ba3957', date: '2025-12-07T16:29:38-05:00', subject: 'cloudflare: update models', provider: 'cloudflare-ai-gateway',
  };
  const zeroed: [string, number][] = [['aura-1', 0.015], ['melotts', 0.0002], ['nova-3', 0.0052], ['whisper-large-v3-turbo', 0.00051],
    ['whisper', 0.00045]];
  const { events } = catalogueEvents([
    row({}),
    ...zeroed.map(([id, old]) => row({ ...d2b, source_model_id: `workers-ai/${id}`, old, new: 0 })),
    row({ ...d2b, source_model_id: 'anthropic/claude-opus-4-1', field: 'cache_read', old: 1.5, new: null }),
    // Another row of the same model and provider, which the commit did not touch, moving on its own a day later.
    row({ ...d2b, commit: 'e0', date: '2025-12-08T10:00:00Z', subject: 'update', source_model_id: 'workers-ai/whisper-v2',
      old: 0, new: 0.0004 }),
  ], (c) => (c.source_model_id.includes('whisper') ? 'whisper' : c.source_model_id.split('/')[1]));
  const whisper = events.filter((e) => e.model_id === 'whisper').map((e) => [e.date, e.old, e.new, e.correction]);
  assert.deepEqual(whisper.sort(), [['2025-12-07', 0.00045, 0, true], ['2025-12-07', 0.00051, 0, true], ['2025-12-08', 0, 0.0004, null]]);
  // The cache price the commit dropped (1.5 -> none) is a field going, not a price zeroed: no event, and not counted.
  assert.equal(events.find((e) => e.model_id === 'claude-opus-4-1'), undefined);
});
