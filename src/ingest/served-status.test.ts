import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Model, Offer } from '../schema/index.ts';
import { keepActiveWhereServed } from './served-status.ts';

const active = (id: string) => ({ id, status: { value: 'active', source: 'derived', as_of: '2026-09-23',
  derived_from: [`models-dev (2026-09-23): openai ${id}`], note: 'the developer serves it (its listing read 2026-09-23); no retirement announced' } }) as unknown as Model;
const offer = (model_id: string, x: Partial<Offer> = {}) => ({ model_id, first_party: true, ...x }) as unknown as Offer;

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
  ]);
  assert.equal(dropped, 3);
  assert.deepEqual(models.map((m) => m.status?.value), [undefined, undefined, 'active', undefined]);
});

test("a status of the developer's own word is left alone", () => {
  const beta = { id: 'grok-5', status: { value: 'beta', source: 'models-dev', as_of: '2026-09-23' } } as unknown as Model;
  assert.equal(keepActiveWhereServed([beta], []), 0);
  assert.equal(beta.status?.value, 'beta');
});

test('an offer that only schedules its shutdown keeps active a model carrying that date', () => {
  // Google's gemini-2.5-flash (deprecations-rss: deprecation and shutdown 2026-10-16, read 2026-07-22): the model and
  // its Gemini API offer carry the date. A model without the date (`gpt-y`) would read active past it: dropped.
  const shut = { value: '2026-10-16', source: 'deprecations-rss', as_of: '2026-07-22' };
  const flash = { ...active('gemini-2.5-flash'), shutdown_date: shut } as unknown as Model;
  const models = [flash, active('gpt-y')];
  const dated = { deprecation_date: shut, shutdown_date: shut } as Partial<Offer>;
  assert.equal(keepActiveWhereServed(models, [offer('gemini-2.5-flash', dated), offer('gpt-y', dated)]), 1);
  assert.deepEqual(models.map((m) => m.status?.value), ['active', undefined]);
  // A deprecation before the shutdown is no mere schedule: dropped.
  const early = { ...active('gemini-2.5-flash'), shutdown_date: shut } as unknown as Model;
  const dep = { value: '2026-08-01', source: 'deprecations-rss', as_of: '2026-07-22' };
  assert.equal(keepActiveWhereServed([early], [offer('gemini-2.5-flash', { deprecation_date: dep, shutdown_date: shut } as Partial<Offer>)]), 1);
});
