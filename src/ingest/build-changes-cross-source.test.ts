// Tests that one price change reported by two sources on different days is one event, dated by the first report.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChangeEvent } from '../schema/index.ts';
import type { CatalogueChange } from '../sources/types.ts';
import { catalogueEvents, dedupe } from './build-changes.ts';
import { markCaughtUp } from './late-records.ts';

// Each source's first commit is its baseline (no event), so every test history starts with one per source.
const baseline = (source: string): CatalogueChange => ({
  source, date: '2025-01-01T00:00:00Z', commit: 'base', subject: 'initial', change: 'changed',
  provider: 'openrouter', source_model_id: 'other', field: 'input', old: 1, new: 2,
});
const resolve = (c: CatalogueChange) => (/deepseek-v3\.2$/.test(c.source_model_id) ? 'deepseek-v3.2' : c.source_model_id);
const build = (rows: CatalogueChange[]) =>
  catalogueEvents([baseline('models-dev'), baseline('genai-prices'), baseline('litellm'), ...rows], resolve).events
    .filter((e) => e.kind === 'price');

// models.dev field-changes-from-git.jsonl, commit cfeaef8f77 (2026-06-01T14:25:41+00:00),
// providers/openrouter/models/deepseek/deepseek-v3.2.toml cost.input 0.252 -> 0.2288.
const MODELS_DEV: CatalogueChange = {
  source: 'models-dev', date: '2026-06-01T14:25:41+00:00', commit: 'cfeaef8f77', subject: 'chore(sync): update OpenRouter model catalog',
  change: 'changed', provider: 'openrouter', source_model_id: 'deepseek/deepseek-v3.2', field: 'input', old: 0.252, new: 0.2288,
};
// genai-prices price-changes-from-git.jsonl, commit cee9e74c11 (2026-06-15T15:42:50-05:00), provider openrouter,
// model deepseek/deepseek-v3.2, prices_changed input_mtok 0.252 -> 0.2288: the same cut, 14 days later.
const GENAI_PRICES: CatalogueChange = {
  source: 'genai-prices', date: '2026-06-15T15:42:50-05:00', commit: 'cee9e74c11',
  subject: 'feat(openrouter): sync models from OpenRouter API (#401)',
  change: 'changed', provider: 'openrouter', source_model_id: 'deepseek/deepseek-v3.2', field: 'input', old: 0.252, new: 0.2288,
};

test('one price cut that two sources record 14 days apart is one event, dated by the first, corroborated by the second', () => {
  const events = build([MODELS_DEV, GENAI_PRICES]);
  assert.deepEqual(events.map((e) => [e.date, e.source, e.old, e.new, e.corroborated_by]), [
    ['2026-06-01', 'models-dev', 0.252, 0.2288, ['genai-prices']],
  ]);
});

test('the order the sources arrive in does not matter: the earliest report is kept', () => {
  const events = build([GENAI_PRICES, MODELS_DEV]);
  assert.deepEqual(events.map((e) => [e.date, e.source, e.corroborated_by]), [['2026-06-01', 'models-dev', ['genai-prices']]]);
});

test('31 days apart is still one change (a monthly sync); 32 days apart is two', () => {
  // 2026-06-01 + 31 days = 2026-07-02; + 32 days = 2026-07-03 (June has 30 days).
  const at = (date: string) => build([MODELS_DEV, { ...GENAI_PRICES, date: `${date}T12:00:00Z` }]);
  assert.equal(at('2026-07-02').length, 1);
  assert.deepEqual(at('2026-07-03').map((e) => [e.date, e.source, e.corroborated_by]), [
    ['2026-06-01', 'models-dev', undefined], ['2026-07-03', 'genai-prices', undefined],
  ]);
});

test('one source recording the same change again 14 days later is two events: the wide window is across sources only', () => {
  const again = { ...MODELS_DEV, date: '2026-06-15T10:00:00Z', commit: 'later' };
  const events = build([MODELS_DEV, again]);
  assert.deepEqual(events.map((e) => [e.date, e.source, e.corroborated_by]), [
    ['2026-06-01', 'models-dev', undefined], ['2026-06-15', 'models-dev', undefined],
  ]);
});

test('a different new value, or another provider, is another change and is not merged', () => {
  const otherValue = { ...GENAI_PRICES, new: 0.23 };
  const otherProvider = { ...GENAI_PRICES, provider: 'deepinfra' };
  assert.equal(build([MODELS_DEV, otherValue]).length, 2);
  assert.equal(build([MODELS_DEV, otherProvider]).length, 2);
});

test('a correction does not absorb another source\'s plain record of the change over the wide window', () => {
  // models.dev 4cdb4c700b (2026-05-24T13:33:56+08:00) "fix: modify the deepseek v4 flash/pro price ...": cost.input
  // 1.74 -> 0.435, a correction by its subject; genai-prices 532dbe6ba5 (2026-06-03T17:07:44+02:00) "Update
  // deepseek-v4-pro to new permanent pricing (#391)": input_mtok 1.74 -> 0.435. 10 days apart: merging would leave
  // the reader only a catalogue fix, hiding the one record that calls it a price change.
  const fix: CatalogueChange = {
    source: 'models-dev', date: '2026-05-24T13:33:56+08:00', commit: '4cdb4c700b',
    subject: 'fix: modify the deepseek v4 flash/pro price in provider deepseek and opencode-go', change: 'changed',
    provider: 'deepseek', source_model_id: 'deepseek-v4-pro', field: 'input', old: 1.74, new: 0.435,
  };
  const update: CatalogueChange = {
    ...fix, source: 'genai-prices', date: '2026-06-03T17:07:44+02:00', commit: '532dbe6ba5',
    subject: 'Update deepseek-v4-pro to new permanent pricing (#391)',
  };
  const events = build([fix, update]);
  assert.deepEqual(events.map((e) => [e.date, e.source, e.correction, e.corroborated_by]), [
    ['2026-05-24', 'models-dev', true, undefined], ['2026-06-03', 'genai-prices', null, undefined],
  ]);
});

test('a provider\'s shutdown notice keeps its own date: a catalogue removal 12 days before it does not absorb it', () => {
  // models.dev "sync" removed google's gemini-2.0-flash-lite on 2026-05-20; Google's deprecations page gives the
  // shutdown of gemini-2.0-flash-lite as 2026-06-01 (deprecations-rss). The notice has no commit: it is the provider's
  // date, not a sync's, so only the 7-day window applies to it.
  const removal: ChangeEvent = {
    id: '', date: '2026-05-20', model_id: 'gemini-2.0-flash-lite', kind: 'hosting', field: 'offered', provider: 'google',
    old: true, new: false, source: 'models-dev', correction: null, commit: 'abc1234', subject: 'sync',
  };
  const { commit: _c, subject: _s, ...rest } = removal;
  const notice: ChangeEvent = { ...rest, date: '2026-06-01', source: 'deprecations-rss', correction: false };
  assert.deepEqual(dedupe([notice, removal]).map((e) => [e.date, e.source]), [
    ['2026-05-20', 'models-dev'], ['2026-06-01', 'deprecations-rss'],
  ]);
  // The other way round, a catalogue syncing the removal 12 days after the notice is the same withdrawal.
  const late = { ...removal, date: '2026-06-13' };
  assert.deepEqual(dedupe([notice, late]).map((e) => [e.date, e.source, e.corroborated_by]), [
    ['2026-06-01', 'deprecations-rss', ['models-dev']],
  ]);
});

test('a change undone and made again in between is a second change, not a late record', () => {
  // models-dev cuts 0.252 -> 0.2288 on 2026-06-01, puts it back to 0.252 on 2026-06-05 and cuts it again on 2026-06-10:
  // genai-prices' 0.252 -> 0.2288 of 2026-06-15 may be either cut, so it is not folded into the first.
  const back = { ...MODELS_DEV, date: '2026-06-05T10:00:00Z', commit: 'back', old: 0.2288, new: 0.252 };
  const again = { ...MODELS_DEV, date: '2026-06-10T10:00:00Z', commit: 'again' };
  const cuts = build([MODELS_DEV, back, again, GENAI_PRICES]).filter((e) => e.new === 0.2288);
  assert.deepEqual(cuts.map((e) => [e.date, e.source, e.corroborated_by]), [
    ['2026-06-01', 'models-dev', undefined], ['2026-06-10', 'models-dev', ['genai-prices']],
  ]);
  // A further move that does not return to the old value (0.2288 -> 0.2 on 2026-06-05) leaves the first cut standing.
  const further = { ...MODELS_DEV, date: '2026-06-05T10:00:00Z', commit: 'further', old: 0.2288, new: 0.2 };
  const first = build([MODELS_DEV, further, GENAI_PRICES]).filter((e) => e.new === 0.2288);
  assert.deepEqual(first.map((e) => [e.date, e.source, e.corroborated_by]), [['2026-06-01', 'models-dev', ['genai-prices']]]);
});

// Google's Gemini 2.5 Pro cache-read cut, as three catalogues recorded it (commits in data/dataset/changes.json):
// genai-prices 5de9400a52 (2025-11-07) 0.31 -> 0.125, LiteLLM 787b008e05 (2026-01-13) 0.3125 -> 0.125, models.dev
// 7c9d609143 (2026-04-19) 0.31 -> 0.125: 67 and 163 days after the first, past the 31-day window.
const gemini = (source: string, date: string, commit: string, old: number): CatalogueChange => ({
  source, date, commit, subject: 'sync', change: 'changed', provider: 'google', source_model_id: 'gemini-2.5-pro',
  field: 'cache_read', old, new: 0.125,
});
const CUT = [
  gemini('genai-prices', '2025-11-07T10:00:00Z', '5de9400a52', 0.31),
  gemini('litellm', '2026-01-13T10:00:00Z', '787b008e05', 0.3125),
  gemini('models-dev', '2026-04-19T10:00:00Z', '7c9d609143', 0.31),
];

// The feed's final events with late records marked, as the build does after its last de-duplication.
const caught = (rows: CatalogueChange[]) => {
  const all = catalogueEvents([baseline('models-dev'), baseline('genai-prices'), baseline('litellm'), ...rows], resolve).events;
  markCaughtUp(all);
  return all.filter((e) => e.kind === 'price');
};

test('a catalogue recording a change months after another is a late record: one change, two corrections with their basis', () => {
  const events = caught(CUT);
  assert.deepEqual(events.map((e) => [e.date, e.source, e.correction === true]), [
    ['2025-11-07', 'genai-prices', false], ['2026-01-13', 'litellm', true], ['2026-04-19', 'models-dev', true],
  ]);
  assert.equal(events[2]!.correction_note,
    'recorded late by models-dev: genai-prices recorded the same change on 2025-11-07, and no source undid it in between');
});

test('a change undone in between and made again months later is a second change, not a late record', () => {
  // genai-prices takes the price back to 0.31 on 2026-02-01: models.dev's cut of 2026-04-19 is news again.
  const events = caught([...CUT.filter((c) => c.source !== 'litellm'),
    { ...gemini('genai-prices', '2026-02-01T10:00:00Z', 'undo', 0.125), new: 0.31 }]);
  assert.deepEqual(events.map((e) => [e.date, e.source, e.correction === true]), [
    ['2025-11-07', 'genai-prices', false], ['2026-02-01', 'genai-prices', false], ['2026-04-19', 'models-dev', false],
  ]);
});

test('a listing shut down by a notice in between, then listed again by a catalogue, is not a late record of its first listing', () => {
  // gemini-robotics-er-1.5-preview at Google: LiteLLM lists it on 2026-01-27, the deprecations feed shuts it down on
  // 2026-04-30 (a notice: no commit), models.dev lists it on 2026-05-19.
  const listed = (source: string, date: string, commit?: string): ChangeEvent => ({
    id: `${source}-${date}`, date, model_id: 'gemini-robotics-er-1.5-preview', kind: 'hosting', field: 'offered', provider: 'google',
    old: false, new: true, source, correction: null, ...(commit ? { commit } : {}),
  } as ChangeEvent);
  const first = listed('litellm', '2026-01-27', 'a1');
  const stop = { ...listed('deprecations-rss', '2026-04-30'), old: true, new: false } as ChangeEvent;
  const again = listed('models-dev', '2026-05-19', 'b2');
  assert.equal(markCaughtUp([first, stop, again]), 0);
  assert.equal(again.correction, null);
  // Without the notice, models.dev's listing is LiteLLM's recorded late.
  const again2 = listed('models-dev', '2026-05-19', 'b2');
  assert.equal(markCaughtUp([listed('litellm', '2026-01-27', 'a1'), again2]), 1);
  assert.match(again2.correction_note!, /^recorded late by models-dev: litellm recorded the same change on 2026-01-27/);
});
