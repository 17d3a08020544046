// Tests of the two doubtful-price rules: a cache write copying the cache read, and a decimal slip still served.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';

const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider' | 'provider_model_id'>): OfferObservation =>
  ({ region: 'global', as_of: '2026-07-02', ...o });

// models.dev 2026-07-02, providers/anthropic/models/claude-3-sonnet-20240229.toml: input 3, output 15, cache_read 0.3,
// cache_write 0.3. Anthropic's rule gives a 5-minute write at 1.25x input (3.75) and a read at 0.1x (0.3).
test('Claude 3 Sonnet at Anthropic: a cache write equal to the cache read, below the input price, is held back', () => {
  const { offers, held } = buildOffers([obs({ source: 'models-dev', provider: 'anthropic', provider_model_id: 'claude-3-sonnet-20240229',
    input: 3, output: 15, cache_read: 0.3, cache_write: 0.3 })], () => 'claude-3-sonnet', new Map(), { vendorOf: () => 'anthropic' });
  const o = offers[0];
  assert.equal(o.prices.cache_read?.value, 0.3, 'the read, a plausible 0.1x of input, is served');
  assert.equal(o.prices.cache_write, undefined, 'the write is not served');
  assert.deepEqual(o.held_back?.map((h) => [h.field, h.value, h.source]), [['cache_write', 0.3, 'models-dev']]);
  assert.match(o.held_back![0].reason, /equals the cache read .* below the input price 3/);
  assert.equal(held.filter((h) => h.field === 'cache_write').length, 1);
});

test('a cache write equal to the read but at or above the input price, or from another source, is left alone', () => {
  // A flat 0.2/0.2 listing whose cache prices are the input's (a gateway that charges no discount) is no copy.
  const flat = buildOffers([obs({ source: 'models-dev', provider: 'p', provider_model_id: 'm', input: 0.2, output: 0.2, cache_read: 0.2,
    cache_write: 0.2 })], () => 'm', new Map()).offers[0];
  assert.equal(flat.prices.cache_write?.value, 0.2);
  assert.equal(flat.held_back, undefined);
  // Zero cache prices (a plan with no per-token price) are no figure written twice.
  const zero = buildOffers([obs({ source: 'models-dev', provider: 'p', provider_model_id: 'm', input: 0, output: 0, cache_read: 0,
    cache_write: 0 })], () => 'm', new Map()).offers[0];
  assert.equal(zero.prices.cache_write?.value, 0);
});

// LiteLLM 2026-07-24: vertex_ai/mistral-small-2503 1e-06/3e-06 per token (1/3 per 1M); the other providers of Mistral
// Small 3.1 at 0.1/0.3 (Azure, after LiteLLM's 2026-02-26 fix 849de6703a, watsonx, Azure Cognitive Services).
const small = (provider: string, input: number, output: number, source = 'litellm') =>
  obs({ source, provider, provider_model_id: 'mistral-small-2503', input, output, as_of: '2026-07-24' });

test('Vertex AI Mistral Small 3.1 at 1/3, 10x the 0.1/0.3 three other providers serve, is held back as a decimal slip', () => {
  const { offers, held } = buildOffers([small('google-vertex', 1, 3), small('azure', 0.1, 0.3), small('watsonx', 0.1, 0.3),
    small('azure-cognitive-services', 0.1, 0.3, 'models-dev')], () => 'mistral-small-3.1-24b-instruct', new Map());
  const vertex = offers.find((o) => o.provider === 'google-vertex')!;
  assert.equal(vertex.prices.input, undefined);
  assert.equal(vertex.prices.output, undefined);
  assert.deepEqual(vertex.held_back?.map((h) => [h.field, h.value]), [['input', 1], ['output', 3]]);
  // 1 / 0.1 = 10 and 3 / 0.3 = 10: the same power of ten on both prices.
  assert.match(vertex.held_back![0].reason, /^input 1 and output 3 are both 10x the median \(0\.1 and 0\.3\) of what 3 or more other providers/);
  for (const p of ['azure', 'watsonx', 'azure-cognitive-services']) {
    assert.equal(offers.find((o) => o.provider === p)?.prices.input?.value, 0.1, `${p} keeps its price`);
  }
  assert.equal(held.filter((h) => /decimal slip/.test(h.message)).length, 2);
});

test('a decimal slip needs three other providers and the same power of ten on both prices', () => {
  const two = buildOffers([small('google-vertex', 1, 3), small('azure', 0.1, 0.3), small('watsonx', 0.1, 0.3)],
    () => 'mistral-small-3.1-24b-instruct', new Map()).offers.find((o) => o.provider === 'google-vertex')!;
  assert.equal(two.prices.input?.value, 1, 'two other providers are too few to call it');
  // Input 10x but output 5x the others: a price of its own, not one slip on both fields.
  const apart = buildOffers([small('google-vertex', 1, 1.5), small('azure', 0.1, 0.3), small('watsonx', 0.1, 0.3),
    small('azure-cognitive-services', 0.1, 0.3)], () => 'mistral-small-3.1-24b-instruct', new Map()).offers.find((o) => o.provider === 'google-vertex')!;
  assert.equal(apart.prices.output?.value, 1.5);
  assert.equal(apart.held_back, undefined);
});
