// Offers a provider serves to existing customers only (deprecated with no date: Vertex AI, Cohere): listed, never a buyer's pick.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aModel, anOffer, aRating, aSource, f } from '../dataset/fixtures.ts';
import { EXISTING_CUSTOMERS_ONLY } from '../ingest/past-shutdowns.ts';
import { cheapestInFrontier, frontierOf } from '../engines/offer-frontier.ts';
import { cheapestOffer } from '../engines/ranking.ts';
import { cheapest_for } from './cheapest-for.ts';
import { compare_models } from './compare-models.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-10-01' };
type Out = Record<string, any>;
const cost = (ds: Dataset, input: Record<string, unknown>) => estimate_cost.handler(ds, estimate_cost.input.parse(input), ctx) as Out;

// The note the build gives such an offer (src/ingest/deprecation-readings.ts), here for Cohere's own command-r-plus.
const NOTE = `${EXISTING_CUSTOMERS_ONLY} (deprecations-rss's "deprecated" at cohere, read by https://docs.cohere.com/docs/deprecations)`;
const closedStatus = { value: 'deprecated' as const, as_of: '2026-05-01', source: 'deprecations-rss', note: NOTE,
  availability: 'existing_customers_only' as const };

// Prices set by hand so that the closed offer is the cheapest: Cohere 1/4 (blend 0.75 x 1 + 0.25 x 4 = 1.75) against
// a relay at 2.5/10 (blend 4.375); at 10M tokens a month, 17.5 and 43.75 USD.
const own = anOffer({ model_id: 'rplus', provider: 'cohere', provider_model_id: 'command-r-plus', first_party: true,
  prices: { input: f(1), output: f(4) }, status: closedStatus });
const relay = anOffer({ model_id: 'rplus', provider: 'relay', provider_model_id: 'cohere/command-r-plus', prices: { input: f(2.5), output: f(10) } });
const onlyClosed = anOffer({ model_id: 'only', provider: 'google-vertex', provider_model_id: 'claude-4-sonnet',
  prices: { input: f(3), output: f(15) }, status: { ...closedStatus, source: 'models-dev' } });
const rate = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });
const ds = aDataset({
  sources: [aSource(), aSource({ id: 'deprecations-rss' }), aSource({ id: 'models-dev' })],
  models: [aModel({ id: 'rplus' }), aModel({ id: 'only' }), aModel({ id: 'open' })],
  offers: [own, relay, onlyClosed, anOffer({ model_id: 'open', provider: 'relay', prices: { input: f(5), output: f(5) } })],
  ratings: [rate('rplus', 1300), rate('only', 1350), rate('open', 1320)],
});

test('the closed offer is listed with its note after the offers a buyer can buy, and the cheapest is the relay', () => {
  const out = cost(ds, { model_id: 'rplus', tokens_millions: 10 });
  assert.deepEqual(out.api.offers.map((l: Out) => [l.provider, l.monthly_usd, l.lifecycle_note, l.lifecycle_state]),
    [['relay', 43.75, null, null], ['cohere', 17.5, NOTE, 'existing_customers_only']]);
  assert.equal(out.api.cheapest.provider, 'relay');
  assert.equal(out.api.developer_offer, null);
  assert.match(out.api.note, /The developer's own offer \(cohere, \$1\/\$4 input\/output\) is sold to existing customers only: a new customer cannot buy it\./);
  assert.match(out.api.note, /1 listed offer \(cohere\) is left out of the cheapest/);
  // The curve's API month is the relay's: 4.375 USD per 1M x 10.
  assert.equal(out.curve.find((p: Out) => p.tokens_millions === 10).api_usd, 43.75);
});

test('where every offer is closed to new customers, no cheapest is named and the answer says why', () => {
  const out = cost(ds, { model_id: 'only', tokens_millions: 10 });
  assert.equal(out.api.offers.length, 1);
  assert.equal(out.api.cheapest, null);
  assert.match(out.api.note, /No offer of this model can be bought by a new customer: 1 listed offer \(google-vertex\) is priced/);
  assert.match(out.break_even.reason, /no API offer a new customer can buy/);
});

test('the catalogue\'s cheapest, the frontier and cheapest_for never pick a closed offer', () => {
  assert.equal(cheapestOffer([own, relay], 0.75)?.offer, relay);
  assert.equal(cheapestOffer([onlyClosed], 0.75), undefined);
  const all = { first_party_only: false, eu: false };
  assert.equal(cheapestInFrontier(frontierOf([own, relay], '2026-09-23'), 0.75, all)?.offer, relay);
  const out = cheapest_for.handler(ds, cheapest_for.input.parse({ use: 'chat', min_elo: 0 }), ctx) as Out;
  // rplus at the relay's 4.375, open at 5; `only` is left out and counted.
  assert.deepEqual(out.items.map((i: Out) => [i.model.id, i.offer.provider]), [['rplus', 'relay'], ['open', 'relay']]);
  assert.equal(out.counts.existing_customers_only_left_out, 1);
  assert.match(out.note, /1 model is left out because every priced offer still served that fits the filters is sold to existing customers only/);
});

test('the committed dataset: Vertex AI\'s Claude Sonnet 4 is no buyer\'s cheapest, nor Cohere\'s own command-r-plus', () => {
  // Judged on 2026-11-27, as the service answers that day: Bedrock's Claude Sonnet 4 listings are shut down by then.
  const real = committedDataset({ judgedOn: '2026-11-27' });
  // Google: "Claude 3.7 Sonnet on Google Cloud is available to existing customers only" (and so for each model);
  // Anthropic's Vertex page marks Claude Sonnet 4 "Deprecated". Three Vertex listings at $3/$15: 300M tokens at a blend
  // of 0.75 x 3 + 0.25 x 15 = 6 USD is 1,800 USD a month each, and none can be bought.
  const sonnet = cost(real, { model_id: 'claude-sonnet-4-0', tokens_millions: 300, view: 'summary' });
  assert.equal(sonnet.api.cheapest, null);
  assert.equal(sonnet.api.offers_count, 3);
  assert.match(sonnet.api.note, /No offer of this model can be bought by a new customer: 3 listed offers \(Google Vertex AI, Vertex \(Anthropic\)\) are priced/);
  // Cohere: "no longer available to new customers but remain available to existing users until retirement".
  const rplus = cost(real, { model_id: 'command-r-plus', tokens_millions: 300 });
  const cohere = rplus.api.offers.find((l: Out) => l.provider === 'cohere');
  assert.match(cohere.lifecycle_note, /^deprecated with no shutdown date given: available to existing customers only/);
  assert.notEqual(rplus.api.cheapest.provider, 'cohere');
  assert.equal(rplus.api.offers.at(-1).provider, 'cohere', 'listed after the offers a buyer can buy');
  const cmp = compare_models.handler(real, compare_models.input.parse({ models: ['command-r-plus', 'command-a-03-2025'] }), ctx) as Out;
  const list = cmp.rows.find((r: Out) => r.field === 'list_input_price');
  const v = list?.values.find((x: Out) => x.model_id === 'command-r-plus');
  assert.equal(v?.value, null);
  assert.match(v?.detail ?? '', /^no price a new customer can pay among the developer's own offers: Cohere \(command-r-plus\) lists \$2\.5\/\$10 input\/output but sells it to existing customers only/);
});
