// Tests that one provider's start or stop of a model on one day is one event, and a later catalogue's record of it folds in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChangeEvent } from '../schema/index.ts';
import { noticeEvents } from './build-notice-events.ts';
import { foldCaughtUp } from './late-records.ts';
import { noticeIdOf, oneHostingEvent } from './one-hosting-event.ts';

const hosting = (over: Partial<ChangeEvent>): ChangeEvent => ({
  id: '0000000000000000', date: '2026-06-08', model_id: 'o1-preview', kind: 'hosting', field: 'offered', provider: 'azure',
  old: true, new: false, source: 'models-dev', correction: null, ...over,
} as ChangeEvent);

test("Azure's stop recorded under azure and azure-cognitive-services is one event of the service, listed under both", () => {
  // data/dataset/changes.json before this rule: models.dev commit 04ba6ca94e (2026-06-08, "feat(azure): add reasoning
  // options") removed o1-preview at both ids; the azure one read as a late record of Azure's 2025-07-28 retirement.
  const acs = hosting({ id: 'f238b7b266dc51b3', provider: 'azure-cognitive-services', provider_model_ids: ['o1-preview'], commit: '04ba6ca94e' });
  const az = hosting({ id: 'caad5d2e44d54311', provider_model_ids: ['o1-preview'], commit: '04ba6ca94e' });
  const { events, merged } = oneHostingEvent([acs, az]);
  assert.equal(merged, 1);
  assert.equal(events.length, 1);
  assert.equal(events[0], az, "the service's own id's event is kept");
  assert.deepEqual([events[0].provider, events[0].listed_under, events[0].provider_model_ids],
    ['azure', ['azure', 'azure-cognitive-services'], ['o1-preview']]);
  // Alone, an azure-cognitive-services stop kept as the plain change takes the service's id and a new id hash.
  const fixed = hosting({ correction: true, provider_model_ids: ['o1-preview'] });
  const plain = hosting({ provider: 'azure-cognitive-services', provider_model_ids: ['o1-preview'] });
  const one = oneHostingEvent([fixed, plain]).events;
  assert.deepEqual([one.length, one[0] === plain, one[0].provider, one[0].correction], [1, true, 'azure', null]);
  assert.notEqual(one[0].id, '0000000000000000');
});

test("a notice withdrawing a model's name and its dated snapshot the same day is one event naming both ids", () => {
  // Deprecations feed, OpenAI (https://platform.openai.com/docs/deprecations#2026-04-22-legacy-gpt-model-snapshots):
  // o3-deep-research and o3-deep-research-2025-06-26 shut down 2026-07-23; the feed held two events.
  const notice = (id: string) => ({
    source: 'deprecations-rss', source_model_id: id, provider: 'openai', shutdown_date: '2026-07-23', as_of: '2026-08-01',
    deprecation_date: '2026-04-22', replacement: 'gpt-5.6-sol',
    url: 'https://platform.openai.com/docs/deprecations#2026-04-22-legacy-gpt-model-snapshots',
  });
  const built = noticeEvents([notice('o3-deep-research'), notice('o3-deep-research-2025-06-26')] as never, () => 'o3-deep-research', '2026-09-23');
  assert.equal(built.events.length, 2);
  assert.equal(noticeIdOf.get(built.events[0]), 'o3-deep-research');
  const { events } = oneHostingEvent(built.events);
  assert.equal(events.length, 1);
  assert.deepEqual([events[0].variant, events[0].provider, events[0].listed_under, events[0].provider_model_ids],
    [undefined, 'openai', undefined, ['o3-deep-research', 'o3-deep-research-2025-06-26']]);
});

test('a start and a stop, two providers or two days stay apart', () => {
  const start = hosting({ old: false, new: true });
  const events = [hosting({}), start, hosting({ provider: 'openai' }), hosting({ date: '2026-06-09' })];
  assert.equal(oneHostingEvent(events).events.length, 4);
});

test("a later catalogue's record of a start folds into the first: one start, the later record its evidence", () => {
  // data/dataset/changes.json before this rule: deepseek-v4-flash at deepseek listed by genai-prices 9275f6b122 on
  // 2026-05-14, by LiteLLM da80605a5f on 2026-06-21 ("recorded late", a second start in the counts).
  const first = hosting({ model_id: 'deepseek-v4-flash', provider: 'deepseek', date: '2026-05-14', old: false, new: true, source: 'genai-prices', commit: '9275f6b122' });
  const late = hosting({ model_id: 'deepseek-v4-flash', provider: 'deepseek', date: '2026-06-21', old: false, new: true, source: 'litellm', commit: 'da80605a5f' });
  const { events, folded } = foldCaughtUp([late, first]);
  assert.equal(folded, 1);
  assert.deepEqual(events, [first]);
  assert.deepEqual(first.recorded_later, [{ source: 'litellm', date: '2026-06-21', commit: 'da80605a5f' }]);
  assert.deepEqual(first.corroborated_by, ['litellm']);
  assert.equal(first.correction, null);
  // A stop in between makes the later listing a second start, kept.
  const stop = hosting({ model_id: 'deepseek-v4-flash', provider: 'deepseek', date: '2026-06-01', source: 'deprecations-rss' });
  const again = { ...late };
  assert.equal(foldCaughtUp([{ ...first, recorded_later: undefined, corroborated_by: undefined }, stop, again]).events.length, 3);
});
