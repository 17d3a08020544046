// Tests of the retired-listing rule: a price a catalogue writes for a listing already shut down is marked, with why.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aModel, anOffer } from '../dataset/fixtures.ts';
import type { ChangeEvent } from '../schema/index.ts';
import { listingShutdowns, markLateStops, markRetiredListings } from './retired-listings.ts';

const shutdown = (value: string) => ({ value, as_of: '2026-03-26', source: 'deprecations-rss' });
// deprecations-rss: Anthropic retired claude-3-5-sonnet-20241022 on 2025-10-28; an open model retired by its developer.
const MODELS = [
  aModel({ id: 'claude-3-5-sonnet-20241022', vendor: 'anthropic', shutdown_date: shutdown('2025-10-28'),
    open_weights: { value: false, as_of: '2026-07-02', source: 'models-dev' } }),
  aModel({ id: 'open-7b', vendor: 'acme', shutdown_date: shutdown('2025-10-28'),
    open_weights: { value: true, as_of: '2026-07-02', source: 'models-dev' } }),
];
// Bedrock announced its own, later date for the Anthropic model.
const OFFERS = [anOffer({ model_id: 'claude-3-5-sonnet-20241022', provider: 'amazon-bedrock', shutdown_date: shutdown('2026-06-01') })];
const isDeveloper = (provider: string, model: string) => provider === (model === 'open-7b' ? 'acme' : 'anthropic');
const shutdownOf = listingShutdowns(MODELS, OFFERS, isDeveloper);
const ev = (over: Partial<ChangeEvent>): ChangeEvent => ({
  id: '0000000000000000', date: '2026-03-23', model_id: 'claude-3-5-sonnet-20241022', kind: 'price', field: 'input',
  provider: 'llmgateway', old: 0.8, new: 3, source: 'models-dev', correction: null, ...over,
});

test('a reseller\'s price on a closed model after the developer shut it down is marked, naming the date and source', () => {
  // models.dev "feat: update LLM Gateway models to 204" (2026-03-23): 0.8 -> 3, five months after the shutdown.
  const e = ev({});
  assert.equal(markRetiredListings([e], shutdownOf), 1);
  assert.equal(e.correction, true);
  assert.equal(e.correction_note, 'anthropic shut claude-3-5-sonnet-20241022 down, and llmgateway forwards to its API'
    + ' (2025-10-28, deprecations-rss as of 2026-03-26) before this input price was written: a catalogue keeping a retired'
    + ' listing, not a price change');
});

test('the shutdown day itself, an earlier event, a listing with a later date of its own and an open model\'s reseller stay', () => {
  const kept = [
    ev({ date: '2025-10-28' }), ev({ date: '2025-06-01' }),
    ev({ provider: 'amazon-bedrock', date: '2026-05-31' }),
    ev({ model_id: 'open-7b', provider: 'deepinfra' }),
    ev({ kind: 'hosting', field: 'offered', old: true, new: false }),
  ];
  assert.equal(markRetiredListings(kept, shutdownOf), 0);
  assert.ok(kept.every((e) => e.correction === null));
  // Past Bedrock's own date its listing is retired too; the developer's own listing follows the developer's date.
  const late = [
    ev({ provider: 'amazon-bedrock', date: '2026-06-02' }), ev({ provider: 'anthropic' }), ev({ model_id: 'open-7b', provider: 'acme' }),
  ];
  assert.equal(markRetiredListings(late, shutdownOf), 3);
  assert.match(late[0].correction_note!, /^amazon-bedrock shut its listing claude-3-5-sonnet-20241022 down \(2026-06-01, /);
  assert.match(late[2].correction_note!, /^acme shut open-7b down \(2025-10-28, /);
});

test('an event already marked keeps its reading', () => {
  const e = ev({ correction: true, subject: 'fix: wrong price' });
  assert.equal(markRetiredListings([e], shutdownOf), 0);
  assert.equal(e.correction_note, undefined);
});

test('a provider\'s listings of one model retire apart: the ids an event names decide, else all of them must be shut', () => {
  // deprecations-rss: OpenAI shut gpt-3.5-turbo-0613 on 2024-09-13 and announced gpt-3.5-turbo's own shutdown for 2026-10-23.
  const gpt = aModel({ id: 'gpt-3.5-turbo', vendor: 'openai', open_weights: { value: false, as_of: '2026-07-02', source: 'models-dev' } });
  const offers = [
    anOffer({ model_id: 'gpt-3.5-turbo', provider: 'openai', provider_model_id: 'gpt-3.5-turbo-0613',
      shutdown_date: shutdown('2024-09-13') }),
    anOffer({ model_id: 'gpt-3.5-turbo', provider: 'openai', provider_model_id: 'gpt-3.5-turbo', shutdown_date: shutdown('2026-10-23') }),
  ];
  const of = listingShutdowns([gpt], offers, (p) => p === 'openai');
  const at = (ids?: string[]) => ev({ model_id: 'gpt-3.5-turbo', provider: 'openai', date: '2025-09-26', provider_model_ids: ids });
  // No ids: every listing counts; both named (any case); the retired one alone; the alias still served.
  const events = [at(), at(['GPT-3.5-Turbo-0613', 'gpt-3.5-turbo']), at(['gpt-3.5-turbo-0613']), at(['gpt-3.5-turbo'])];
  assert.equal(markRetiredListings(events, of), 1);
  assert.deepEqual(events.map((e) => e.correction), [null, null, true, null]);
});

test('a provider that hosts the closed model itself has no shutdown of the developer\'s, only its own', () => {
  // Vertex AI runs Claude on Google's servers (weight-hosting-providers.csv); a listing with no date of its own is not
  // shut by Anthropic's 2025-10-28, while a relay (llmgateway) is, and Bedrock keeps its own 2026-06-01.
  const of = listingShutdowns(MODELS, OFFERS, isDeveloper, new Set(['google-vertex', 'amazon-bedrock']));
  assert.equal(of('claude-3-5-sonnet-20241022', 'google-vertex'), undefined);
  assert.equal(of('claude-3-5-sonnet-20241022', 'llmgateway')?.date, '2025-10-28');
  assert.equal(of('claude-3-5-sonnet-20241022', 'amazon-bedrock')?.date, '2026-06-01');
});

test('a catalogue removing a listing after its shutdown is a late record of it; the day itself, a start and a live listing stay', () => {
  // deprecations-rss: Anthropic retired claude-3-5-sonnet-20241022 on 2025-10-28 (as MODELS holds it); a catalogue's
  // stop of Anthropic's own listing months later is that shutdown recorded late, as models.dev's 5e30eb26ba ("chore(anthropic):
  // remove retired Claude 3.5 Haiku models", 2026-06-27) recorded Anthropic's 2026-02-19 retirement of Claude 3.5 Haiku.
  const stop = (over: Partial<ChangeEvent>) => ev({ kind: 'hosting', field: 'offered', old: true, new: false, provider: 'anthropic', ...over });
  const late = stop({ date: '2026-06-27' });
  const kept = [stop({ date: '2025-10-28' }), stop({ date: '2026-06-27', old: false, new: true }),
    stop({ provider: 'amazon-bedrock', date: '2026-05-31' }), stop({ model_id: 'open-7b', provider: 'deepinfra' }),
    stop({ date: '2026-06-27', correction: true, correction_note: 'added and taken away again' })];
  assert.equal(markLateStops([late, ...kept], shutdownOf), 1);
  assert.equal(late.correction, true);
  assert.equal(late.correction_note, 'recorded late by models-dev: the listing was shut down on 2025-10-28 (anthropic shut '
    + 'claude-3-5-sonnet-20241022 down; deprecations-rss as of 2026-03-26); the catalogue removing it on 2026-06-27 catches up '
    + 'with that shutdown, not a new one');
  assert.deepEqual(kept.map((e) => e.correction), [null, null, null, null, true]);
  assert.equal(kept[4].correction_note, 'added and taken away again');
});
