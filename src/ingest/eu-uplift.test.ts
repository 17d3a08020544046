import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Provider } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';

const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider' | 'provider_model_id'>): OfferObservation =>
  ({ region: 'global', as_of: '2026-07-24', ...o });
const PROVIDERS = new Map<string, Provider>([['openai', { id: 'openai', name: 'OpenAI',
  eu_data_residency: fact('region' as const, '2026-11-21', 'inference-providers') }]]);
const run = (list: OfferObservation[]) =>
  buildOffers(list, (o) => o.provider_model_id.replace(/:.*$/, ''), PROVIDERS, { vendorOf: () => 'openai' }).offers;

// LiteLLM 2026-07-24 [gpt-5.6-luna]: 1/6 per 1M, regional_processing_uplift_multiplier_eu 1.1; genai-prices npm-0.1.8
// openai gpt-5.6-luna: 0.2/1.2 from 2026-07-30 (OpenAI cut the price by 80%), cache read 0.02.
const LUNA = [
  obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.6-luna', input: 1, output: 6, cache_read: 0.1, eu_uplift: 1.1 }),
  obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-5.6-luna', as_of: '2026-09-23', input: 0.2, output: 1.2,
    cache_read: 0.02 }),
];

test('gpt-5.6-luna: the EU SKU is its own offer at the served price x 1.1 ($0.22/$1.32), the global one is not EU-resident', () => {
  const offers = run(LUNA);
  const eu = offers.find((o) => o.region === 'eu');
  const global = offers.find((o) => o.region === 'global' && o.sku === 'standard');
  // 0.2 x 1.1 = 0.22, 1.2 x 1.1 = 1.32, 0.02 x 1.1 = 0.022 (worked by hand).
  const got = [eu?.sku, eu?.prices.input?.value, eu?.prices.output?.value, eu?.prices.cache_read?.value];
  assert.deepEqual(got, ['regional', 0.22, 1.32, 0.022]);
  assert.equal(eu?.prices.input?.note, 'LiteLLM: regional_processing_uplift_multiplier_eu 1.1');
  assert.deepEqual(eu?.prices.input?.derived_from, ['genai-prices-npm (2026-09-23): input 0.2 per 1M tokens',
    'litellm (2026-07-24): regional_processing_uplift_multiplier_eu 1.1']);
  assert.equal(eu?.eu_resident.value, 'yes');
  assert.equal(eu?.first_party, true);
  assert.deepEqual([global?.prices.input?.value, global?.eu_resident.value], [0.2, 'no']);
  assert.match(global?.eu_resident.note ?? '', /\$0\.22\/\$1\.32/);
});

test('no multiplier, no EU SKU: gpt-4o keeps its provider row at the list price', () => {
  // LiteLLM [gpt-4o] has no regional_processing_uplift_multiplier_eu (released before 2026-03-05).
  const offers = run([obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-4o', input: 2.5, output: 10 })]);
  assert.deepEqual(offers.map((o) => [o.region, o.eu_resident.value]), [['global', 'region']]);
});

test('only the standard SKU gets an EU twin; its batch SKU is not EU-resident at the global batch price', () => {
  const offers = run([...LUNA,
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.6-luna', sku: 'batch', input: 0.1, output: 0.6,
      eu_uplift: 1.1 })]);
  assert.deepEqual(offers.filter((o) => o.region === 'eu').map((o) => o.sku), ['regional']);
  assert.equal(offers.find((o) => o.sku === 'batch')?.eu_resident.value, 'no');
});

test('a source listing the EU listing itself wins over the uplifted twin', () => {
  const offers = run([...LUNA,
    obs({ source: 'models-dev', provider: 'openai', provider_model_id: 'gpt-5.6-luna', region: 'eu', input: 0.25, output: 1.5 })]);
  const eu = offers.filter((o) => o.region === 'eu');
  assert.deepEqual(eu.map((o) => [o.prices.input?.value, o.listed_by]), [[0.25, ['models-dev']]]);
});
