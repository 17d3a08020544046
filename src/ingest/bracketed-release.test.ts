// Tests of the release bound for models listed only between two dated copies of a catalogue, and their feed event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangeEvent, Model } from '../schema/index.ts';
import { attachBracketedReleases, bracketedRelease, type BracketedListing } from './bracketed-release.ts';

// genai-prices: providers-yml/openai.yml at 47df840a5a (2026-08-21) has no gpt-6 entry; the npm bundle 0.1.8
// (published 2026-09-23) lists `gpt-6-sol` under openai.
const between = {
  after: '2026-08-21', by: '2026-09-23',
  note: 'absent from genai-prices 47df840a5a (2026-08-21), present in @pydantic/genai-prices 0.1.8 (2026-09-23)',
};
const listing = (model_id: string, provider: string, provider_model_id: string): BracketedListing => ({
  source: 'genai-prices-npm', provider, provider_model_id, region: 'global', as_of: '2026-09-23', model_id, listed_between: between,
});
const model = (id: string, vendor: string): Model => ({ id, vendor, name: { value: id, as_of: '2026-09-23', source: 'genai-prices-npm' } } as Model);
const names = (id: string) => ({ openai: 'OpenAI', xai: 'xAI', mistral: 'Mistral AI' })[id] ?? id;

test('a developer\'s listing first seen in the later copy bounds the release by that copy\'s day, and says the interval', () => {
  const r = bracketedRelease(model('gpt-6-sol', 'openai'), [listing('gpt-6-sol', 'openai', 'gpt-6-sol')], [], [], names)!;
  assert.equal(r.fact.value, '2026-09-23');
  assert.equal(r.fact.source, 'derived');
  // An upper bound, said in a member filters read, not only in the note's words.
  assert.equal(r.fact.bound, 'on_or_before');
  assert.match(r.fact.note!, /^listed by OpenAI between 2026-08-21 and 2026-09-23 .*an upper bound of the release, not an announced date$/);
  const [e] = r.events;
  assert.deepEqual([e.date, e.kind, e.field, e.old, e.new, e.provider, e.source], ['2026-09-23', 'hosting', 'offered', false, true, 'openai', 'genai-prices-npm']);
  assert.deepEqual(e.provider_model_ids, ['gpt-6-sol']);
  assert.match(e.subject!, /^listed between 2026-08-21 and 2026-09-23/);
});

test('an arena debut does not tighten the bound: the arena rates models before their release', () => {
  // lmarena-daily-2026/text_overall_daily.csv: grok-4.6-high first on the text leaderboard published 2026-08-12;
  // x_ai.yml (2026-08-21) has no grok-4.6, the bundle (2026-09-23) has it under x-ai. The arena rated GPT-4o as
  // `im-also-a-good-gpt2-chatbot` weeks before its release (2024-05-13), so a debut proves no release: the bound stays
  // the bundle's day, and the note says when the arena first rated it.
  const debut = { id: '0000000000000001', date: '2026-08-12', model_id: 'grok-4.6', kind: 'elo', field: 'rating', leaderboard: 'text',
    variant: 'grok-4.6-high', old: null, new: 1446, source: 'lmarena', correction: null } as ChangeEvent;
  const r = bracketedRelease(model('grok-4.6', 'xai'), [listing('grok-4.6', 'xai', 'grok-4.6')], [], [debut], names)!;
  assert.equal(r.fact.value, '2026-09-23');
  assert.equal(r.fact.bound, 'on_or_before');
  assert.ok(!r.fact.derived_from!.some((d) => d.startsWith('lmarena')), 'the debut is no input of the bound');
  assert.match(r.fact.note!, /; lmarena rated it from 2026-08-12 \(grok-4\.6-high\), which bounds nothing: the arena rates models before their release$/);
  assert.equal(r.events[0].date, '2026-09-23');
});

test("a launch promotion's end bounds the release: the promotion price was charged the day before the list price", () => {
  // data/curated/price-promotions.csv: Z.ai's 50% launch promotion of GLM-5.3-Flash ended 2026-09-09 16:00 UTC, list price
  // from 2026-09-10 (input $0.075 -> $0.15). The bundle of 2026-09-23 is the first copy listing it; the model was on sale
  // by 2026-09-09, two weeks earlier.
  const move = { id: '0000000000000004', date: '2026-09-10', model_id: 'glm-5.3-flash', kind: 'price', field: 'input', provider: 'zai',
    old: 0.075, new: 0.15, source: 'genai-prices-npm', correction: false,
    subject: 'promotion ended 2026-09-09 16:00 UTC (24:00 UTC+8), list price from 2026-09-10' } as ChangeEvent;
  const r = bracketedRelease(model('glm-5.3-flash', 'zhipu'), [listing('glm-5.3-flash', 'zai', 'GLM-5.3-Flash')], [], [move], names)!;
  assert.equal(r.fact.value, '2026-09-09');
  assert.match(r.fact.note!, /sold by zai at a price that held until 2026-09-09 \(promotion ended/);
  assert.match(r.fact.note!, /an upper bound of the release, not an announced date$/);
  // The listing's feed event is dated by the same evidence: the feed never shows zai's price move before zai's listing.
  assert.equal(r.events[0].date, '2026-09-09');
  assert.match(r.events[0].subject!, /dated 2026-09-09, the day before its first recorded price move \(2026-09-10\)/);
  // Another provider's move dates the release, not this provider's listing.
  const other = bracketedRelease(model('glm-5.3-flash', 'zhipu'), [listing('glm-5.3-flash', 'zai', 'GLM-5.3-Flash')], [],
    [{ ...move, provider: 'openrouter' } as ChangeEvent], names)!;
  assert.deepEqual([other.fact.value, other.events[0].date], ['2026-09-09', '2026-09-23']);
  // A catalogue correcting itself says nothing about when the model was sold.
  const fix = { ...move, correction: true } as ChangeEvent;
  assert.equal(bracketedRelease(model('glm-5.3-flash', 'zhipu'), [listing('glm-5.3-flash', 'zai', 'GLM-5.3-Flash')], [], [fix], names)!.fact.value,
    '2026-09-23');
});

test('no bound where something else speaks: a date, another source, a history, or an id naming an old month', () => {
  const dated = { ...model('gpt-6-sol', 'openai'), release_date: { value: '2026-09-01', as_of: '2026-09-01', source: 'x' } };
  assert.equal(bracketedRelease(dated, [listing('gpt-6-sol', 'openai', 'gpt-6-sol')], [], [], names), undefined);
  // LiteLLM (2026-07-24) listing the model would date it better than the bundle.
  assert.equal(bracketedRelease(model('gpt-6-sol', 'openai'), [listing('gpt-6-sol', 'openai', 'gpt-6-sol')], ['litellm'], [], names), undefined);
  const added = { id: '0000000000000002', date: '2026-07-09', model_id: 'gpt-6-sol', kind: 'hosting', field: 'offered', old: false, new: true,
    source: 'litellm', correction: null } as ChangeEvent;
  assert.equal(bracketedRelease(model('gpt-6-sol', 'openai'), [listing('gpt-6-sol', 'openai', 'gpt-6-sol')], [], [added], names), undefined);
  // mistral.yml (2026-08-21) lacks `mistral-ocr-2503`, the bundle has it: the id names March 2025, a late entry.
  assert.equal(bracketedRelease(model('mistral-ocr-2503', 'mistral'), [listing('mistral-ocr-2503', 'mistral', 'mistral-ocr-2503')], [], [], names), undefined);
});

test('attaching dates the model and adds its event to the feed, newest first', () => {
  const models = [model('gpt-6-sol', 'openai'), model('gpt-6-astra', 'openai')];
  const older = { id: '0000000000000003', date: '2026-08-01', model_id: 'other', kind: 'price', field: 'input', old: 1, new: 2,
    source: 'litellm', correction: null } as ChangeEvent;
  const changes = [older];
  const dated = attachBracketedReleases(models, [listing('gpt-6-sol', 'openai', 'gpt-6-sol'), listing('gpt-6-sol', 'openrouter', 'openai/gpt-6-sol')],
    () => ['genai-prices-npm'], changes, names);
  assert.deepEqual(dated, ['gpt-6-sol']);
  assert.equal(models[0].release_date?.value, '2026-09-23');
  assert.equal(models[1].release_date, undefined);
  assert.deepEqual(changes.map((e) => [e.date, e.model_id]), [['2026-09-23', 'gpt-6-sol'], ['2026-08-01', 'other']]);
});
