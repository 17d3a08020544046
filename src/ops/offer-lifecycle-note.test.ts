// Offers served only on their host's silence past the developer's shutdown: the answers say so and pick another offer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aModel, anOffer, aSource, f } from '../dataset/fixtures.ts';
import { frontierOf, cheapestInFrontier } from '../engines/offer-frontier.ts';
import { cheapestOffer } from '../engines/ranking.ts';
import { estimate_cost } from './estimate-cost.ts';
import { toOfferView } from './shapes.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-10-01' };
type Out = Record<string, any>;
const run = (ds: Dataset, input: Record<string, unknown>) => estimate_cost.handler(ds, estimate_cost.input.parse(input), ctx) as Out;

// The status src/ingest/past-shutdowns.ts gives Vertex AI's claude-4-sonnet listing in the committed dataset: Anthropic
// shut claude-sonnet-4-0 down on 2026-06-15 and Vertex AI, which hosts the model itself, states no date of its own.
const NOTE = 'the developer shut its API down on 2026-06-15; this provider hosts the model itself and states no date';
const silent = { value: 'active' as const, as_of: '2026-09-23', source: 'derived', note: NOTE,
  derived_from: ['deprecations-rss (2026-05-14): the model\'s shutdown_date 2026-06-15'], availability: 'hosted_past_developer_shutdown' as const };

// Prices set by hand so that the doubtful offer is the cheaper: Vertex 2/10 (blend 0.75 x 2 + 0.25 x 10 = 4) against
// Bedrock 3/15 (blend 6); at 10M tokens a month, 40 and 60 USD.
const vertex = anOffer({ model_id: 'sonnet', provider: 'google-vertex', provider_model_id: 'claude-4-sonnet',
  prices: { input: f(2), output: f(10) }, status: silent });
const bedrock = anOffer({ model_id: 'sonnet', provider: 'amazon-bedrock', provider_model_id: 'anthropic.claude-sonnet-4',
  prices: { input: f(3), output: f(15) } });
const ds = aDataset({
  sources: [aSource(), aSource({ id: 'derived', kind: 'derived' })],
  models: [aModel({ id: 'sonnet', vendor: 'anthropic', open_weights: f(false) }), aModel({ id: 'only-silent', vendor: 'anthropic', open_weights: f(false) })],
  offers: [vertex, bedrock, anOffer({ model_id: 'only-silent', provider: 'google-vertex', prices: { input: f(2), output: f(10) }, status: silent })],
});

test('a cheaper offer in doubt is listed with its lifecycle_note, and the cheapest pick is the offer without one', () => {
  const out = run(ds, { model_id: 'sonnet', tokens_millions: 10 });
  assert.deepEqual(out.api.offers.map((l: Out) => [l.provider, l.monthly_usd, l.lifecycle_note, l.lifecycle_state]),
    [['google-vertex', 40, NOTE, 'hosted_past_developer_shutdown'], ['amazon-bedrock', 60, null, null]]);
  assert.equal(out.api.cheapest.provider, 'amazon-bedrock');
  // The curve's API month at the volume asked is the pick's: 6 USD per 1M x 10.
  assert.equal(out.curve.find((p: Out) => p.tokens_millions === 10).api_usd, 60);
  const summary = run(ds, { model_id: 'sonnet', tokens_millions: 10, view: 'summary' });
  assert.equal(summary.api.cheapest.provider, 'amazon-bedrock');
  assert.equal(summary.api.offers[0].lifecycle_note, NOTE);
});

test('where every offer is in doubt, the cheapest is one of them and the note says it may no longer be sold', () => {
  const out = run(ds, { model_id: 'only-silent', tokens_millions: 10 });
  assert.equal(out.api.cheapest.lifecycle_note, NOTE);
  assert.match(out.api.note, /may no longer be sold: the developer shut its API down on 2026-06-15; this provider hosts the model itself/);
});

test('the catalogue\'s cheapest offer and the frontier pick the offer without doubt; the offer view carries the note', () => {
  assert.equal(cheapestOffer([vertex, bedrock], 0.75)?.offer, bedrock);
  assert.equal(cheapestInFrontier(frontierOf([vertex, bedrock], '2026-09-23'), 0.75, { first_party_only: false, eu: false })?.offer, bedrock);
  // Alone, the doubtful offer is still the cheapest: it is priced, just not vouched for.
  assert.equal(cheapestOffer([vertex], 0.75)?.offer, vertex);
  assert.equal(toOfferView(ds, vertex).lifecycle_note, NOTE);
  assert.equal(toOfferView(ds, vertex).lifecycle_state, 'hosted_past_developer_shutdown');
  assert.equal('lifecycle_note' in toOfferView(ds, bedrock), false);
  assert.equal('lifecycle_state' in toOfferView(ds, bedrock), false);
});

test('the committed dataset: Bedrock\'s three claude-3-opus listings are priced with the note, none is called served for sure', () => {
  // data/dataset/offers.json: amazon-bedrock eu., regional. and us.anthropic.claude-3-opus-20240229-v1:0, status
  // note "the developer shut its API down on 2026-01-05; ..." (Anthropic's claude-3-opus shutdown, deprecations-rss).
  const real = committedDataset();
  const out = run(real, { model_id: 'claude-3-opus', tokens_millions: 10 });
  const bedrock = out.api.offers.filter((l: Out) => l.provider === 'amazon-bedrock');
  assert.equal(bedrock.length, 3);
  for (const l of bedrock) {
    assert.equal(l.lifecycle_note, 'the developer shut its API down on 2026-01-05; this provider hosts the model itself and states no date');
    assert.equal(l.lifecycle_state, 'hosted_past_developer_shutdown');
  }
  assert.match(out.api.note, /may no longer be sold/);
  // Azure's gpt-4.5-preview is retired on Azure's own date (developer-notices: retired-models page, July 14, 2025).
  const gpt45 = run(real, { model_id: 'gpt-4.5-preview', tokens_millions: 10 });
  assert.equal(gpt45.api.cheapest, null);
  assert.ok(gpt45.api.not_priced.some((n: Out) => n.provider === 'azure' && /shut down on 2025-07-14/.test(n.reason)));
});
