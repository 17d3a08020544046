// recommend_model never prices or cites an API offer whose shutdown date has passed, with or without keep=eu-only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aDeveloper, aModel, anOffer, aProvider, aRating, f, FIXTURE_DATE } from '../dataset/fixtures.ts';
import { interpret } from './interpret.ts';
import { recommend } from './recommend.ts';

// The data date is 2026-08-01. old-eu shut down on 2026-07-30 (before it, like claude-3-5-sonnet at Bedrock); live-eu
// and far-eu are served. old-eu is the cheapest EU offer: $0.10/$0.10, blended 0.10. live-eu at $1 input, $3 output
// blends to 0.75*1 + 0.25*3 = $1.50 per 1M tokens; us-cloud ($0.50/$0.50) is not EU.
const parts = {
  data_as_of: FIXTURE_DATE,
  developers: [aDeveloper({ id: 'acme' })],
  models: [aModel({ id: 'chat-a', open_weights: f(false) })],
  providers: [aProvider({ id: 'old-eu' }), aProvider({ id: 'live-eu' }), aProvider({ id: 'us-cloud' })],
  offers: [
    anOffer({ model_id: 'chat-a', provider: 'old-eu', prices: { input: f(0.1), output: f(0.1) }, eu_resident: f('yes' as const),
      shutdown_date: f('2026-07-30') }),
    anOffer({ model_id: 'chat-a', provider: 'live-eu', prices: { input: f(1), output: f(3) }, eu_resident: f('region' as const) }),
    anOffer({ model_id: 'chat-a', provider: 'us-cloud', prices: { input: f(0.5), output: f(0.5) }, eu_resident: f('no' as const) }),
  ],
  ratings: [aRating({ model_id: 'chat-a', rating: 1400, rating_lower: 1395, rating_upper: 1405 })],
};
const ds = aDataset(parts);

test('keep=eu-only: the cheapest EU offer still served is priced, not the cheaper one shut down before the data date', () => {
  const r = recommend(ds, interpret(ds, { keep: 'eu-only' }));
  const top = r.recommendations.find((x) => x.model.id === 'chat-a');
  assert.ok(top, 'chat-a stays recommendable through its live EU offer');
  assert.equal(top.option.priced?.offer.provider, 'live-eu');
  assert.equal(top.option.priced?.blended, 1.5);
  assert.deepEqual(top.eu_offers.map((e) => e.provider), ['live-eu'], 'the shut-down offer is not listed as an EU offer');
  assert.ok(!top.reasons.some((s) => /old-eu/.test(s)), 'no reason cites the shut-down offer');
});

test('without keep: the cheapest offer served is us-cloud at $0.50, not the shut-down $0.10 one', () => {
  const top = recommend(ds, interpret(ds, {})).recommendations.find((x) => x.model.id === 'chat-a');
  assert.deepEqual([top?.option.priced?.offer.provider, top?.option.priced?.blended], ['us-cloud', 0.5]);
});

test('an EU offer shut down is no EU offer: with only that one, keep=eu-only eliminates the closed model', () => {
  const only = aDataset({ ...parts, offers: parts.offers.filter((o) => o.provider !== 'live-eu') });
  const r = recommend(only, interpret(only, { keep: 'eu-only' }));
  assert.ok(!r.recommendations.some((x) => x.model.id === 'chat-a'));
  assert.equal(r.steps.find((s) => s.id === 'eu')?.eliminated, 1);
});
