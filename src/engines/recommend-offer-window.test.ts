// recommend_model's `context` checks each offer's own context window, with the helper cheapest_for uses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, aRating, f } from '../dataset/fixtures.ts';
import { interpret } from './interpret.ts';
import { recommend } from './recommend.ts';

// Llama 4 Maverick as the source snapshots state it:
// - the model's window: models.dev models/meta/llama-4-maverick-17b-instruct.toml, [limit] context = 1_000_000
//   (models.dev-toml-HEAD-2026-07-02.tar.gz);
// - lambda_ai's listing: LiteLLM model_prices_and_context_window-2026-07-24.json,
//   lambda_ai/llama-4-maverick-17b-128e-instruct-fp8: input_cost_per_token 5e-8, output_cost_per_token 1e-7,
//   max_input_tokens 131072 ($0.05/$0.10 per 1M tokens);
// - cortecs' listing: models.dev providers/cortecs/models/llama-4-maverick.toml, [cost] input = 0.124, output = 0.603,
//   base_model meta/llama-4-maverick-17b-instruct (its window, 1,000,000); cortecs is EU-resident (inference-providers).
const maverick = aModel({ id: 'llama-4-maverick-17b-instruct', context_window: f(1_000_000), open_weights: f(false) });
const lambda = anOffer({
  model_id: maverick.id, provider: 'lambda_ai', provider_model_id: 'llama-4-maverick-17b-128e-instruct-fp8',
  prices: { input: f(0.05), output: f(0.1) }, context_window: f(131_072, 'test-source', '2026-07-24'), eu_resident: f('unknown' as const),
});
const cortecs = anOffer({
  model_id: maverick.id, provider: 'cortecs', provider_model_id: 'llama-4-maverick',
  prices: { input: f(0.124), output: f(0.603) }, context_window: f(1_000_000, 'test-source', '2026-07-02'), eu_resident: f('yes' as const),
});
const rating = aRating({ model_id: maverick.id, rating: 1400, rating_lower: 1395, rating_upper: 1405 });
const ds = aDataset({ models: [maverick], offers: [lambda, cortecs], ratings: [rating] });
const pickAt = (context: number | undefined, raw = {}) => recommend(ds, interpret(ds, { where: 'any-cloud', ...raw }), 3, context)
  .recommendations[0];

test('a context within every listing\'s window: the cheapest listing, lambda_ai', () => {
  for (const context of [undefined, 131_072]) {
    const r = pickAt(context);
    assert.equal(r.option.priced!.offer.provider, 'lambda_ai');
    // 0.75 x 0.05 + 0.25 x 0.10 (75% input, the default share) = 0.0625 USD per 1M tokens.
    assert.equal(r.option.priced!.blended, 0.0625);
  }
});

test('a context longer than a listing\'s own window is not sent there: lambda_ai states 131,072 tokens', () => {
  for (const context of [131_073, 500_000, 1_000_000]) {
    const r = pickAt(context);
    assert.equal(r.option.priced!.offer.provider, 'cortecs', `context ${context}`);
    // 0.75 x 0.124 + 0.25 x 0.603 = 0.093 + 0.15075 = 0.24375 USD per 1M tokens.
    assert.equal(r.option.priced!.blended, 0.24375);
    assert.match(r.reasons[1], /Cheapest offer: .*llama-4-maverick\)/);
  }
});

test('with no listing serving the context the model has no API offer, and the EU list leaves out the short listing', () => {
  const onlyLambda = aDataset({ models: [maverick], offers: [lambda], ratings: [rating] });
  const r = recommend(onlyLambda, interpret(onlyLambda, { where: 'any-cloud' }), 3, 500_000);
  assert.equal(r.qualified, 0);
  assert.equal(r.steps.find((s) => s.id === 'api_offer')?.eliminated, 1);
  // lambda_ai is not EU-resident in any case; an EU-resident short listing is left out of eu_offers at a longer context.
  const euShort = anOffer({ ...lambda, provider: 'nebius', eu_resident: f('yes' as const) });
  const both = aDataset({ models: [maverick], offers: [euShort, cortecs], ratings: [rating] });
  const eu = (context?: number) => recommend(both, interpret(both, { where: 'eu-cloud' }), 3, context).recommendations[0].eu_offers
    .map((o) => o.provider);
  assert.deepEqual(eu(), ['cortecs', 'nebius']);
  assert.deepEqual(eu(500_000), ['cortecs']);
});
