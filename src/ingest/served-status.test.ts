import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Model, Offer } from '../schema/index.ts';
import { keepActiveWhereServed } from './served-status.ts';

const active = (id: string) => ({ id, status: { value: 'active', source: 'derived', as_of: '2026-09-23',
  derived_from: [`models-dev (2026-09-23): openai ${id}`], note: 'the developer serves it (its listing read 2026-09-23); no retirement announced' } }) as unknown as Model;
const offer = (model_id: string, x: Partial<Offer> = {}) => ({ model_id, first_party: true, listed_by: ['models-dev'], ...x }) as unknown as Offer;
const ASOF = '2026-09-23';

test('a derived active stays only where a first-party offer is live with no retirement announced', () => {
  // codex-mini: OpenAI's offer carries the notice's shutdown 2026-02-12 (deprecations-rss); ft-gpt-4-0613 a shutdown
  // still to come (2026-10-23), which a later day would pass; gpt-5.5's offer announces nothing; gpt-oss-120b has
  // only a reseller's offer.
  const models = [active('codex-mini'), active('ft-gpt-4-0613'), active('gpt-5.5'), active('gpt-oss-120b')];
  const dropped = keepActiveWhereServed(models, [
    offer('codex-mini', { status: { value: 'deprecated', source: 'derived', as_of: '2026-09-23' }, shutdown_date: { value: '2026-02-12', source: 'deprecations-rss', as_of: '2026-07-21' } } as Partial<Offer>),
    offer('ft-gpt-4-0613', { shutdown_date: { value: '2026-10-23', source: 'deprecations-rss', as_of: '2026-07-21' } } as Partial<Offer>),
    offer('gpt-5.5'),
    offer('gpt-oss-120b', { first_party: false }),
  ], ASOF);
  assert.equal(dropped, 3);
  assert.deepEqual(models.map((m) => m.status?.value), [undefined, undefined, 'active', undefined]);
});

test("a status of the developer's own word is left alone", () => {
  const beta = { id: 'grok-5', status: { value: 'beta', source: 'models-dev', as_of: '2026-09-23' } } as unknown as Model;
  assert.equal(keepActiveWhereServed([beta], [], ASOF), 0);
  assert.equal(beta.status?.value, 'beta');
});

test('an offer that only schedules its shutdown keeps active a model carrying that date', () => {
  // Google's gemini-2.5-flash (deprecations-rss: deprecation and shutdown 2026-10-16, read 2026-07-22): the model and
  // its Gemini API offer carry the date. A model without the date (`gpt-y`) would read active past it: dropped.
  const shut = { value: '2026-10-16', source: 'deprecations-rss', as_of: '2026-07-22' };
  const flash = { ...active('gemini-2.5-flash'), shutdown_date: shut } as unknown as Model;
  const models = [flash, active('gpt-y')];
  const dated = { deprecation_date: shut, shutdown_date: shut } as Partial<Offer>;
  assert.equal(keepActiveWhereServed(models, [offer('gemini-2.5-flash', dated), offer('gpt-y', dated)], ASOF), 1);
  assert.deepEqual(models.map((m) => m.status?.value), ['active', undefined]);
  // A deprecation before the shutdown is no mere schedule: dropped.
  const early = { ...active('gemini-2.5-flash'), shutdown_date: shut } as unknown as Model;
  const dep = { value: '2026-08-01', source: 'deprecations-rss', as_of: '2026-07-22' };
  assert.equal(keepActiveWhereServed([early], [offer('gemini-2.5-flash', { deprecation_date: dep, shutdown_date: shut } as Partial<Offer>)], ASOF), 1);
});

test("an offer only LiteLLM lists, or a listing read long before the data's date, keeps no model active", () => {
  // codellama-70b-instruct's perplexity/codellama-70b-instruct and xai/grok-beta are in LiteLLM's 2026-07-24 table
  // only; Perplexity's model list of mid-2024 (docs.perplexity.ai/docs/model-cards) no longer had CodeLlama.
  const models = [active('grok-beta'), active('grok-4.3')];
  assert.equal(keepActiveWhereServed(models, [offer('grok-beta', { listed_by: ['litellm'] }),
    offer('grok-4.3', { listed_by: ['litellm', 'models-dev'] })], ASOF), 1);
  assert.deepEqual(models.map((m) => m.status?.value), [undefined, 'active']);
  // 120 days before 2026-09-23 is 2026-05-26 (31 + 31 + 30 + 28 days back, to 23 August, July, June, then 26 May):
  // a reading of 2026-05-25 is out, 2026-05-26 in.
  const read = (as_of: string) => ({ ...active('gpt-5.5'), status: { ...active('gpt-5.5').status!, as_of } }) as Model;
  const old = [read('2026-05-25'), read('2026-05-26')];
  assert.equal(keepActiveWhereServed(old, [offer('gpt-5.5')], ASOF), 1);
  assert.deepEqual(old.map((m) => m.status?.value), [undefined, 'active']);
});
