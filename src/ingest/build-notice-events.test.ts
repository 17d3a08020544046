// Tests of shutdown events from deprecation notices: past shutdowns only, at the provider, merged with catalogue events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangeEvent } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { dedupe } from './build-changes.ts';
import { listingShutdownEvents, noticeEvents } from './build-notice-events.ts';
import { anOffer } from '../dataset/fixtures.ts';

// deprecations.json row 146: Anthropic claude-3-haiku-20240307, deprecated 2026-02-19, shutdown 2026-04-20,
// replacement claude-haiku-4-5-20251001, last observed 2026-04-21.
const HAIKU: ModelObservation = {
  source: 'deprecations-rss', source_model_id: 'claude-3-haiku-20240307', provider: 'anthropic', as_of: '2026-04-21',
  url: 'https://platform.claude.com/docs/en/about-claude/model-deprecations#2026-02-19-claude-haiku-3-model',
  status: 'deprecated', deprecation_date: '2026-02-19', shutdown_date: '2026-04-20', replacement: 'claude-haiku-4-5-20251001',
};
// Row 330: Azure gpt-5.5, retirement 2027-04-23, last observed 2026-04-28.
const AZURE_GPT55: ModelObservation = {
  source: 'deprecations-rss', source_model_id: 'gpt-5.5', provider: 'azure', as_of: '2026-04-28', deprecation_date: '2027-04-23', shutdown_date: '2027-04-23',
};
// The dataset's date: the newest last_observed of the 2026 snapshots' counting sources.
const DATA_AS_OF = '2026-09-23';
const resolve = (o: ModelObservation) => ({ 'claude-3-haiku-20240307': 'claude-3-haiku', 'gpt-5.5': 'gpt-5.5' } as Record<string, string>)[o.source_model_id];

test('a past shutdown is a hosting event at the provider on the shutdown day, a real change', () => {
  const { events, ahead, unresolved } = noticeEvents([HAIKU, AZURE_GPT55], resolve, DATA_AS_OF);
  assert.equal(ahead, 1, 'Azure gpt-5.5 retires after the dataset\'s date: no event yet');
  assert.equal(unresolved, 0);
  assert.deepEqual(events.map((e) => [e.date, e.model_id, e.kind, e.field, e.provider, e.old, e.new, e.source, e.correction]), [
    ['2026-04-20', 'claude-3-haiku', 'hosting', 'offered', 'anthropic', true, false, 'deprecations-rss', false],
  ]);
  assert.match(events[0].subject ?? '', /claude-3-haiku-20240307.*deprecated 2026-02-19.*replacement claude-haiku-4-5-20251001/);
  assert.equal(events[0].variant, 'claude-3-haiku-20240307', 'the dated snapshot withdrawn, not every form of the model');
});

test('a replacement read after the shutdown says when it was read, not that it was named at the time', () => {
  // deprecations.json: Anthropic claude-3-5-sonnet-20241022, deprecated 2025-08-13, shutdown 2025-10-28, replacement
  // claude-sonnet-4-6, last observed 2026-04-17. Anthropic's page named claude-sonnet-4-20250514 on 2025-08-13 and
  // claude-sonnet-4-5-20250929 after the retirement (copies of docs.claude.com/en/docs/about-claude/model-deprecations).
  const sonnet: ModelObservation = {
    source: 'deprecations-rss', source_model_id: 'claude-3-5-sonnet-20241022', provider: 'anthropic', as_of: '2026-04-17',
    url: 'https://platform.claude.com/docs/en/about-claude/model-deprecations#2025-08-13-claude-sonnet-3-5-models',
    status: 'deprecated', deprecation_date: '2025-08-13', shutdown_date: '2025-10-28', replacement: 'claude-sonnet-4-6',
  };
  const [e] = noticeEvents([sonnet], () => 'claude-3-5-sonnet-20241022', DATA_AS_OF).events;
  assert.equal(e.subject, 'anthropic shut down claude-3-5-sonnet-20241022, deprecated 2025-08-13, replacement claude-sonnet-4-6 as named '
    + 'when the notice was read 2026-04-17 (https://platform.claude.com/docs/en/about-claude/model-deprecations#2025-08-13-claude-sonnet-3-5-models)');
  // A notice read before the shutdown it schedules named its replacement before that day: no reading day is added.
  const [scheduled] = noticeEvents([{ ...sonnet, as_of: '2025-09-01' }], () => 'claude-3-5-sonnet-20241022', DATA_AS_OF).events;
  assert.doesNotMatch(scheduled.subject ?? '', /as named when/);
});

test('a notice under the model\'s own id names no variant, and merges with a catalogue\'s record of the same withdrawal', () => {
  const own = { ...HAIKU, source_model_id: 'claude-3-haiku' };
  const catalogue: ChangeEvent = {
    id: '', date: '2026-04-22', model_id: 'claude-3-haiku', kind: 'hosting', field: 'offered', provider: 'anthropic',
    old: true, new: false, source: 'models-dev', correction: null, commit: 'abc1234',
  };
  const ev = noticeEvents([own], (o) => (o.source_model_id === 'claude-3-haiku' ? 'claude-3-haiku' : undefined), DATA_AS_OF).events;
  assert.equal(ev[0].variant, undefined);
  const merged = dedupe([catalogue, ...ev]);
  assert.equal(merged.length, 1);
  assert.equal(merged[0].date, '2026-04-20', 'the earlier record is kept: the notice');
  assert.deepEqual(merged[0].corroborated_by, ['models-dev']);
});

test('notices of models not in the dataset, or without a shutdown date, make no event', () => {
  const other = { ...HAIKU, source_model_id: 'claude-instant-1.2' };
  const noDate = { ...HAIKU, shutdown_date: undefined };
  const { events, unresolved } = noticeEvents([other, noDate], resolve, DATA_AS_OF);
  assert.deepEqual(events, []);
  assert.equal(unresolved, 1);
});

// deprecations.json row 260: Groq llama-3.3-70b-versatile, deprecated 2026-06-17, shutdown 2026-08-16, first and last
// observed 2026-06-19. The page was not read again before the shutdown; the dataset's date (2026-09-23) is after it.
const GROQ_LLAMA: ModelObservation = {
  source: 'deprecations-rss', source_model_id: 'llama-3.3-70b-versatile', provider: 'groq',
  as_of: '2026-06-19', first_observed: '2026-06-19',
  url: 'https://console.groq.com/docs/deprecations#august-16-2026-llama318binstant-and-llama3370bversatile',
  status: 'deprecated', deprecation_date: '2026-06-17', shutdown_date: '2026-08-16', replacement: 'openai/gpt-oss-120b',
};

test('a shutdown scheduled after the notice was read and on or before the dataset\'s date is an event on its day, as a schedule', () => {
  const { events, ahead, scheduled } = noticeEvents([GROQ_LLAMA], () => 'llama-3.3-70b-instruct', DATA_AS_OF);
  assert.equal(ahead, 0);
  assert.equal(scheduled, 1);
  assert.deepEqual(events.map((e) => [e.date, e.as_of, e.model_id, e.provider, e.variant, e.old, e.new, e.source, e.correction]), [
    ['2026-08-16', '2026-06-19', 'llama-3.3-70b-instruct', 'groq', 'llama-3.3-70b-versatile', true, false, 'deprecations-rss', false],
  ]);
  assert.equal(events[0].subject, 'groq scheduled the shutdown of llama-3.3-70b-versatile for 2026-08-16 (announced by 2026-06-19, '
    + 'notice last read 2026-06-19, deprecated 2026-06-17, replacement openai/gpt-oss-120b; '
    + 'https://console.groq.com/docs/deprecations#august-16-2026-llama318binstant-and-llama3370bversatile)');
  // A past shutdown seen on the page keeps no as_of of its own: the event speaks for its date.
  assert.equal(noticeEvents([HAIKU], resolve, DATA_AS_OF).events[0].as_of, undefined);
});

test('the same notice with the dataset dated before the shutdown makes no event: the sheets give it as a date ahead', () => {
  const { events, ahead } = noticeEvents([GROQ_LLAMA], () => 'llama-3.3-70b-instruct', '2026-08-15');
  assert.deepEqual(events, []);
  assert.equal(ahead, 1);
  // The day itself counts, as it does for the sheets (past-shutdowns.ts retires on the day).
  assert.equal(noticeEvents([GROQ_LLAMA], () => 'llama-3.3-70b-instruct', '2026-08-16').events.length, 1);
});

test('the reviewed developer notices count as notices; other sources\' observations do not', () => {
  // data/curated/developer-notices.csv: DeepSeek stopped serving deepseek-coder on its API on 2024-09-05 (read 2026-11-26).
  const coder: ModelObservation = {
    source: 'developer-notices', source_model_id: 'deepseek-coder', canonical_hint: 'deepseek-coder', provider: 'deepseek',
    notice_scope: 'model', as_of: '2026-11-26', shutdown_date: '2024-09-05', replacement: 'deepseek-v2.5',
    url: 'https://deepseeksr1.com/v2-5/',
  };
  const catalogue = { ...coder, source: 'models-dev' };
  const { events } = noticeEvents([coder, catalogue], () => 'deepseek-coder', DATA_AS_OF);
  assert.deepEqual(events.map((e) => [e.date, e.source, e.provider, e.variant, e.as_of]),
    [['2024-09-05', 'developer-notices', 'deepseek', undefined, undefined]]);
});

test('a listing\'s own catalogue shutdown date on or before the dataset\'s date is its withdrawal; notices\' dates are theirs', () => {
  // LiteLLM's sambanova/Meta-Llama-3.1-8B-Instruct: deprecation_date 2026-04-14, LiteLLM read 2026-07-24.
  const sambanova = anOffer({ model_id: 'llama-3.1-8b-instruct', provider: 'sambanova', provider_model_id: 'Meta-Llama-3.1-8B-Instruct',
    shutdown_date: { value: '2026-04-14', as_of: '2026-07-24', source: 'litellm' } });
  // Azure's o3-2025-04-16 as LiteLLM dated it after its reading would be a schedule: as_of is the reading day.
  const later = anOffer({ model_id: 'o3', provider: 'azure', provider_model_id: 'o3-2025-04-16',
    shutdown_date: { value: '2026-08-01', as_of: '2026-07-24', source: 'litellm' } });
  const ahead = anOffer({ model_id: 'o3', provider: 'azure', provider_model_id: 'o3',
    shutdown_date: { value: '2026-10-01', as_of: '2026-07-24', source: 'litellm' } });
  const notice = anOffer({ model_id: 'o3', provider: 'openai', provider_model_id: 'o3',
    shutdown_date: { value: '2026-08-01', as_of: '2026-07-24', source: 'deprecations-rss' } });
  // The notice's own event (noticeEvents) is under the offer's model: the listing needs none of its own.
  const noticed: ChangeEvent = { id: '', date: '2026-08-01', model_id: 'o3', kind: 'hosting', field: 'offered', provider: 'openai',
    old: true, new: false, source: 'deprecations-rss', correction: false, subject: 'OpenAI shut down o3' };
  const events = listingShutdownEvents([sambanova, later, ahead, notice], DATA_AS_OF, [noticed]);
  assert.deepEqual(events.map((e) => [e.date, e.as_of, e.model_id, e.provider, e.variant, e.provider_model_ids, e.source, e.old, e.new]), [
    // The listing's id names the model itself (the vendor prefix aside): no variant, the listing in provider_model_ids.
    ['2026-04-14', undefined, 'llama-3.1-8b-instruct', 'sambanova', undefined, ['Meta-Llama-3.1-8B-Instruct'], 'litellm', true, false],
    ['2026-08-01', '2026-07-24', 'o3', 'azure', 'o3-2025-04-16', ['o3-2025-04-16'], 'litellm', true, false],
  ]);
});

test("a notice's date on a listing of another model than the notice names gets its withdrawal under the listing's model", () => {
  // deprecations-rss deprecations.json: Azure row `gpt-audio-mini`, shutdown 2026-09-21. Its event is under model
  // gpt-audio-mini; Azure's deployment gpt-audio-mini-2025-10-06 is the model the catalogue holds apart, which the notice
  // dates (build-offers.ts), so the sheets retire it on 2026-09-21 and the feed says so under that model.
  const azure = anOffer({ model_id: 'gpt-audio-mini-2025-10-06', provider: 'azure', provider_model_id: 'gpt-audio-mini-2025-10-06',
    shutdown_date: { value: '2026-09-21', as_of: '2026-07-24', source: 'deprecations-rss' } });
  const noticed: ChangeEvent = { id: '', date: '2026-09-21', model_id: 'gpt-audio-mini', kind: 'hosting', field: 'offered',
    provider: 'azure', old: true, new: false, source: 'deprecations-rss', correction: false, subject: 'Azure shut down gpt-audio-mini' };
  const events = listingShutdownEvents([azure], '2026-09-23', [noticed]);
  assert.deepEqual(events.map((e) => [e.date, e.model_id, e.provider, e.source, e.as_of]),
    [['2026-09-21', 'gpt-audio-mini-2025-10-06', 'azure', 'deprecations-rss', '2026-07-24']]);
});

test("a listing another id of the provider's service lists gets its withdrawal under that id, the notice's provider named", () => {
  // deprecations-rss deprecations.json: Azure `o1`, shutdown 2026-09-16, last observed 2026-07-08. Its event is at
  // provider azure; models.dev's azure-cognitive-services/o1 is the same service (provider-ids.ts), dated by the notice.
  const acs = anOffer({ model_id: 'o1', provider: 'azure-cognitive-services', provider_model_id: 'o1',
    shutdown_date: { value: '2026-09-16', as_of: '2026-07-08', source: 'deprecations-rss' } });
  const noticed: ChangeEvent = { id: '', date: '2026-09-16', model_id: 'o1', kind: 'hosting', field: 'offered', provider: 'azure',
    old: true, new: false, source: 'deprecations-rss', correction: false, subject: 'azure scheduled the shutdown of o1 for 2026-09-16' };
  const events = listingShutdownEvents([acs], DATA_AS_OF, [noticed]);
  assert.deepEqual(events.map((e) => [e.date, e.model_id, e.provider, e.source, e.as_of]),
    [['2026-09-16', 'o1', 'azure-cognitive-services', 'deprecations-rss', '2026-07-08']]);
  assert.match(events[0].subject ?? '', /azure's own notice, azure-cognitive-services being azure's service under another provider id/);
});
