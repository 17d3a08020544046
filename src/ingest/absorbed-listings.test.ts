// Tests that a developer listing's other SKUs go with it when its price gives way to another listing of the model.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { dropAbsorbedSiblings } from './absorbed-listings.ts';
import { buildOffers } from './build-offers.ts';
import { resolveDeveloperPriceConflicts } from './developer-price-conflicts.ts';

const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider_model_id'>): OfferObservation =>
  ({ provider: 'openai', region: 'global', as_of: '2026-07-24', ...o });

// LiteLLM 2026-07-24: gpt-5.6 and gpt-5.6-sol alike at 5e-06 / 3e-05, *_batches 2.5e-06 / 1.5e-05, EU uplift 1.1;
// genai-prices npm 0.1.8 (2026-09-23): openai/gpt-5.6-sol at $4/$20 from 2026-08-21, its reference OpenAI's model page.
const SOL = [
  obs({ source: 'genai-prices-npm', provider_model_id: 'gpt-5.6-sol', as_of: '2026-09-23', input: 4, output: 20,
    url: 'https://developers.openai.com/api/docs/models/gpt-5.6-sol' }),
  obs({ source: 'litellm', provider_model_id: 'gpt-5.6-sol', input: 5, output: 30, eu_uplift: 1.1 }),
  obs({ source: 'litellm', provider_model_id: 'gpt-5.6-sol', sku: 'batch', input: 2.5, output: 15 }),
  obs({ source: 'litellm', provider_model_id: 'gpt-5.6', input: 5, output: 30, eu_uplift: 1.1 }),
  obs({ source: 'litellm', provider_model_id: 'gpt-5.6', sku: 'batch', input: 2.5, output: 15 }),
];

const run = (list: OfferObservation[]) => {
  const { offers, readings } = buildOffers(list, () => 'gpt-5.6-sol', new Map(), { vendorOf: () => 'openai' });
  const before = [...offers];
  resolveDeveloperPriceConflicts(offers, '2026-09-23', (o) => readings.get(o));
  const issues = dropAbsorbedSiblings(before, offers);
  return { offers, issues };
};

test('gpt-5.6 gives way to gpt-5.6-sol at OpenAI: its batch and EU offers, set beside $5/$30, leave the offers too', () => {
  const { offers, issues } = run(SOL);
  const ids = offers.map((o) => `${o.provider_model_id}:${o.sku}:${o.region}`).sort();
  assert.deepEqual(ids, ['gpt-5.6-sol:batch:global', 'gpt-5.6-sol:regional:eu', 'gpt-5.6-sol:standard:global']);
  // The EU price is derived again from the kept listing: 4 x 1.1 and 20 x 1.1.
  const eu = offers.find((o) => o.region === 'eu')!;
  assert.deepEqual([eu.prices.input?.value, eu.prices.output?.value], [4.4, 22]);
  // gpt-5.6's batch prices are kept as held back on gpt-5.6-sol's batch offer, with the figures that gave way.
  const batch = offers.find((o) => o.sku === 'batch')!;
  const fromAlias = batch.held_back?.filter((h) => /^batch price of listing gpt-5\.6,/.test(h.reason)) ?? [];
  assert.deepEqual(fromAlias.map((h) => [h.field, h.value]), [['input', 2.5], ['output', 15]]);
  assert.match(fromAlias[0].reason, /standard price 5\/30, which gave way to listing gpt-5\.6-sol at 4\/20/);
  assert.equal(issues.length, 2);
});

test('nothing given way, nothing dropped: two listings priced apart by one source both stay with their SKUs', () => {
  // models.dev lists gpt-4o at $2.5/$10 and gpt-4o-2024-05-13 at $5/$15: two products.
  const list = [
    obs({ source: 'models-dev', provider_model_id: 'gpt-4o', input: 2.5, output: 10 }),
    obs({ source: 'models-dev', provider_model_id: 'gpt-4o-2024-05-13', input: 5, output: 15 }),
    obs({ source: 'litellm', provider_model_id: 'gpt-4o-2024-05-13', sku: 'batch', input: 2.5, output: 7.5 }),
  ];
  const { offers, issues } = run(list);
  assert.equal(offers.length, 3);
  assert.deepEqual(issues, []);
});
