// Tests of the retirement derived from a shutdown date that has passed by the dataset's date.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Model, Offer } from '../schema/index.ts';
import { pastShutdownStatuses, retirePastShutdowns } from './past-shutdowns.ts';
import { closeUnknownWeights } from './closed-developers.ts';

// deprecations-rss, Google's notice of 2026-05-29: gemini-3-pro-image-preview shuts down on 2026-06-25;
// gemini-2.5-pro (notice of 2026-05-07) on 2026-10-16. The dataset is dated 2026-09-23.
const notice = (value: string, as_of: string) => ({ value, as_of, source: 'deprecations-rss' });
const model = (id: string, extra: Partial<Model>): Model =>
  ({ id, vendor: 'google', name: { value: id, as_of: '2026-07-02', source: 'models-dev' }, aliases: [], variants: [], capabilities: {},
    ...extra });

test('a model and an offer whose shutdown date has passed are retired, citing the notice; a future date changes nothing', () => {
  const image = model('gemini-3-pro-image-preview', { shutdown_date: notice('2026-06-25', '2026-05-29') });
  const pro = model('gemini-2.5-pro', { shutdown_date: notice('2026-10-16', '2026-05-07') });
  const offer = {
    model_id: 'gemini-1.5-flash', provider: 'google', provider_model_id: 'gemini-1.5-flash', region: 'global', prices: {},
    eu_resident: { value: 'region', as_of: '2026-01-01', source: 'provider-residency' }, listed_by: ['genai-prices'], sku: 'standard',
    first_party: true, shutdown_date: notice('2025-09-29', '2026-05-01'),
  } as Offer;
  assert.deepEqual(retirePastShutdowns([image, pro], [offer], '2026-09-23'), { models: 1, offers: 1 });
  assert.deepEqual(image.status, {
    value: 'deprecated', as_of: '2026-09-23', source: 'derived',
    derived_from: ['deprecations-rss (2026-05-29): shutdown_date 2026-06-25'],
    note: 'shut down on 2026-06-25, on or before the dataset\'s date 2026-09-23',
  });
  assert.equal(pro.status, undefined, 'shutdown 2026-10-16 is after 2026-09-23');
  assert.equal(offer.status?.value, 'deprecated');
});

test('the shutdown day itself counts as passed, and a status the source gives is kept, saying the shutdown has passed', () => {
  const onTheDay = model('a', { shutdown_date: notice('2026-09-23', '2026-05-01') });
  const given = { value: 'deprecated' as const, as_of: '2026-07-24', source: 'litellm' };
  const stated = model('b', { status: given, shutdown_date: notice('2026-03-09', '2026-05-01') });
  assert.deepEqual(retirePastShutdowns([onTheDay, stated], [], '2026-09-23'), { models: 2, offers: 0 });
  assert.equal(onTheDay.status?.value, 'deprecated');
  assert.deepEqual(stated.status, {
    ...given, note: 'the developer shut the model down on 2026-03-09 (deprecations-rss, read 2026-05-01), on or before the dataset\'s date 2026-09-23',
  });
});

test('a bare `deprecated` read after the developer\'s shutdown says it has passed; one with a note, or a shutdown to come, is kept', () => {
  // Anthropic's deprecations page: claude-3-5-sonnet-20241022 retired 2025-10-28; models.dev, read 2026-07-02, marks
  // it deprecated with no date. "Deprecated" is still callable in Anthropic's terms, "Retired" fails
  // (https://docs.claude.com/en/docs/about-claude/model-deprecations): the answer must say the day has passed.
  const bare = { value: 'deprecated' as const, as_of: '2026-07-02', source: 'models-dev' };
  const sonnet = model('claude-3-5-sonnet-20241022', { status: bare, shutdown_date: notice('2025-10-28', '2026-04-17') });
  const noted = { ...bare, note: 'the developer retired claude-3-opus-20240229, the model\'s newest dated snapshot' };
  const opus = model('claude-3-opus', { status: noted, shutdown_date: notice('2026-01-05', '2026-04-17') });
  // Google's notice for gemini-2.5-pro: shut down 2026-12-01, after the dataset's date.
  const pro = model('gemini-2.5-pro', { status: bare, shutdown_date: notice('2026-12-01', '2026-07-02') });
  const found = pastShutdownStatuses([sonnet, opus, pro], [], '2026-09-23');
  assert.deepEqual([...found.models.keys()].map((m) => m.id), ['claude-3-5-sonnet-20241022']);
  assert.deepEqual(found.models.get(sonnet), {
    value: 'deprecated', as_of: '2026-07-02', source: 'models-dev',
    note: 'the developer shut the model down on 2025-10-28 (deprecations-rss, read 2026-04-17), on or before the dataset\'s date 2026-09-23',
  });
  // Read before that day, the bare word announced the shutdown: past it the status is the one derived from the date.
  assert.equal(pastShutdownStatuses([pro], [], '2026-12-05', '2026-09-23').models.get(pro)?.source, 'derived');
});

test('a bare `deprecated` read before the shutdown day announced it: past that day the status says the day it ended', () => {
  // deprecations-rss: OpenAI's notice, read 2026-03-26, shuts gpt-4o-realtime-preview down on 2026-05-07. On
  // 2026-03-26 the model was still served, so the word dated then was an announcement, not the retirement.
  const read = { value: 'deprecated' as const, as_of: '2026-03-26', source: 'deprecations-rss' };
  const realtime = model('gpt-4o-realtime-preview', { status: read, shutdown_date: notice('2026-05-07', '2026-03-26') });
  // Read after the shutdown (o1-mini, shut down 2025-10-27, the feed read 2026-03-26): the word is the retirement.
  const after = { value: 'deprecated' as const, as_of: '2026-03-26', source: 'deprecations-rss' };
  const mini = model('o1-mini', { status: after, shutdown_date: notice('2025-10-27', '2026-03-26') });
  assert.deepEqual(retirePastShutdowns([realtime, mini], [], '2026-09-23'), { models: 2, offers: 0 });
  assert.equal(realtime.status?.source, 'derived');
  assert.equal(realtime.status?.note, 'shut down on 2026-05-07, on or before the dataset\'s date 2026-09-23');
  assert.deepEqual(mini.status, {
    ...after, note: 'the developer shut the model down on 2025-10-27 (deprecations-rss, read 2026-03-26), on or before the dataset\'s date 2026-09-23',
  });
});

test('past the model\'s shutdown date the developer\'s own offers are retired; a reseller\'s listing keeps its own word', () => {
  // deprecations-rss: Google shut gemini-3-pro-preview down on 2026-03-09; Vertex AI (Google's own) lists it with no
  // date of its own, a reseller lists it too.
  const preview = model('gemini-3-pro-preview', { status: { value: 'deprecated', as_of: '2026-07-24', source: 'litellm' },
    shutdown_date: notice('2026-03-09', '2026-05-01') });
  const offer = (provider: string, first_party: boolean) => ({
    model_id: 'gemini-3-pro-preview', provider, provider_model_id: 'gemini-3-pro-preview', region: 'global', prices: {},
    eu_resident: { value: 'region', as_of: '2026-01-01', source: 'provider-residency' }, listed_by: ['models-dev'], sku: 'standard',
    first_party,
  }) as Offer;
  const vertex = offer('google-vertex', true);
  const reseller = offer('relay', false);
  // The model's bare `deprecated`, read after its shutdown, now says the day passed (pastShutdownNoted).
  assert.deepEqual(retirePastShutdowns([preview], [vertex, reseller], '2026-09-23'), { models: 1, offers: 1 });
  assert.deepEqual([vertex.status?.value, vertex.status?.derived_from],
    ['deprecated', ['deprecations-rss (2026-05-01): shutdown_date 2026-03-09']]);
  assert.match(vertex.status!.note!, /^the developer retired the model: shut down on 2026-03-09/);
  assert.equal(vertex.shutdown_date, undefined, 'the offer gets a status, not a date no source gave it');
  assert.equal(reseller.status, undefined);
});

test('past a closed model\'s shutdown its resellers are retired too (they forward to the developer); open weights keep theirs', () => {
  // gemini-3-pro-preview is closed (models.dev open_weights false): QiHang's listing relays Google's API, which
  // stopped answering on 2026-03-09. An open-weights model's reseller runs the weights itself.
  const fact = <T>(value: T) => ({ value, as_of: '2026-07-02', source: 'models-dev' });
  const closedModel = model('gemini-3-pro-preview', { open_weights: fact(false), shutdown_date: notice('2026-03-09', '2026-05-01') });
  const openModel = model('gemma-2-27b-it', { open_weights: fact(true), shutdown_date: notice('2026-03-09', '2026-05-01') });
  const reseller = (model_id: string) => ({
    model_id, provider: 'qihang', provider_model_id: model_id, region: 'global', prices: {},
    eu_resident: { value: 'unknown', as_of: '2026-01-01', source: 'provider-residency' }, listed_by: ['models-dev'], sku: 'standard',
    first_party: false,
  }) as Offer;
  const [relay, host] = [reseller('gemini-3-pro-preview'), reseller('gemma-2-27b-it')];
  assert.deepEqual(retirePastShutdowns([closedModel, openModel], [relay, host], '2026-09-23'), { models: 2, offers: 1 });
  assert.equal(relay.status?.value, 'deprecated');
  assert.match(relay.status!.note!, /^the developer retired the model: shut down on 2026-03-09/);
  assert.equal(host.status, undefined);
});

test("a reseller's gpt-4.5-preview ends with OpenAI's shutdown once the developer's table reads its weights closed", () => {
  // models.dev and LiteLLM give gpt-4.5-preview no open_weights; OpenAI shut it down on 2025-07-14 (deprecations-rss).
  // OpenRouter listed it at $75/$150: a relay of OpenAI's API, which no longer answers.
  const preview = model('gpt-4.5-preview', { vendor: 'openai', shutdown_date: notice('2025-07-14', '2026-05-01') });
  const relay = {
    model_id: 'gpt-4.5-preview', provider: 'openrouter', provider_model_id: 'openai/gpt-4.5-preview', region: 'global', prices: {},
    eu_resident: { value: 'unknown', as_of: '2026-01-01', source: 'provider-residency' }, listed_by: ['genai-prices'], sku: 'standard',
    first_party: false,
  } as Offer;
  assert.deepEqual(retirePastShutdowns([preview], [relay], '2026-09-23'), { models: 1, offers: 0 }, 'unknown weights: the reseller keeps its word');
  const [again, relayed] = [{ ...preview, status: undefined }, { ...relay }];
  closeUnknownWeights([again], [{ developer: 'openai', url: 'https://crfm.stanford.edu/fmti/', read_on: '2026-11-27', note: 'FMTI: Open weights 0' }]);
  assert.equal(again.open_weights?.value, false);
  assert.deepEqual(retirePastShutdowns([again], [relayed], '2026-09-23'), { models: 1, offers: 1 });
  assert.match(relayed.status!.note!, /^the developer retired the model: shut down on 2025-07-14/);
});

test('a provider that hosts the model itself follows its own notice, and without one is not retired by the developer\'s date', () => {
  // deprecations-rss: OpenAI shut gpt-audio-mini-2025-10-06 down on 2026-07-23; Azure's own notice gives its
  // deployments 2026-09-21. Azure hosts OpenAI's models in its own environment (weight-hosting-providers.csv);
  // OpenRouter relays OpenAI's API. The dataset is dated 2026-09-23.
  const closed = { value: false, as_of: '2026-07-02', source: 'models-dev' };
  const audio = model('gpt-audio-mini-2025-10-06', { vendor: 'openai', open_weights: closed, shutdown_date: notice('2026-07-23', '2026-05-01') });
  const offer = (provider: string, extra: Partial<Offer> = {}) => ({
    model_id: audio.id, provider, provider_model_id: audio.id, region: 'global', prices: {},
    eu_resident: { value: 'unknown', as_of: '2026-01-01', source: 'provider-residency' }, listed_by: ['genai-prices'], sku: 'standard',
    first_party: false, ...extra,
  }) as Offer;
  const dated = offer('azure', { shutdown_date: notice('2026-09-21', '2026-04-25') });
  const undated = offer('azure');
  const relay = offer('openrouter');
  retirePastShutdowns([audio], [dated, undated, relay], '2026-09-23', new Set(['azure']));
  assert.equal(dated.status?.value, 'deprecated');
  assert.match(dated.status!.note!, /^shut down on 2026-09-21/); // Azure's own date, not "the developer retired the model"
  assert.equal(undated.status?.value, 'active');
  assert.equal(undated.status?.note, 'the developer shut its API down on 2026-07-23; this provider hosts the model itself and states no date');
  assert.match(relay.status!.note!, /^the developer retired the model: shut down on 2026-07-23/);
  // Without the class, Azure's undated offer would follow the developer's date.
  const plain = offer('azure');
  retirePastShutdowns([{ ...audio, status: undefined }], [plain], '2026-09-23');
  assert.equal(plain.status?.value, 'deprecated');
});

test('a deprecation note that schedules a shutdown reads as past once the day judged has reached it', () => {
  // deprecations-rss: OpenAI deprecated o3-2025-04-16 on 2026-06-11 with a shutdown on 2026-12-11 (the model's newest
  // dated snapshot, so the model o3 is deprecated: src/ingest/model-status.ts writes the note below).
  const status = { value: 'deprecated' as const, as_of: '2026-07-21', source: 'deprecations-rss',
    note: 'the developer deprecated o3-2025-04-16, the model\'s newest dated snapshot, with a shutdown date of 2026-12-11' };
  const o3 = model('o3', { vendor: 'openai', status, shutdown_date: notice('2026-12-11', '2026-07-21') });
  // Judged on the dataset's date (2026-09-23): still to come, the note stands.
  assert.equal(pastShutdownStatuses([o3], [], '2026-09-23').models.size, 0);
  // Judged on the load day 2026-12-11 (the shutdown day counts as passed) and after: said in the past, the source kept.
  for (const day of ['2026-12-11', '2026-12-12']) {
    assert.deepEqual(pastShutdownStatuses([o3], [], day, '2026-09-23').models.get(o3), { ...status,
      note: 'the developer deprecated o3-2025-04-16, the model\'s newest dated snapshot, shut down on 2026-12-11' }, day);
  }
});
