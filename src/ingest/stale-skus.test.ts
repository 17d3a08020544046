// Tests of the stale service-tier rule: batch, flex and priority prices set beside a standard price since replaced.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';

const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider' | 'provider_model_id'>): OfferObservation =>
  ({ region: 'global', as_of: '2026-07-24', ...o });
const run = (list: OfferObservation[]) =>
  buildOffers(list, (o) => o.provider_model_id.replace(/^openai\//, ''), new Map(), { vendorOf: () => 'openai' });

// genai-prices npm 0.1.8, openai/gpt-5.6-luna: 1/6, then 0.2/1.2 from start_date 2026-07-30 (in force on 2026-09-23).
// LiteLLM 2026-07-24, gpt-5.6-luna: input 1e-06, output 6e-06; *_batches and *_flex 5e-07 / 3e-06; *_priority 2e-06 / 1.2e-05.
const luna = [
  obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-5.6-luna', as_of: '2026-09-23', input: 0.2, output: 1.2 }),
  obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.6-luna', input: 1, output: 6 }),
  obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.6-luna', sku: 'batch', input: 0.5, output: 3 }),
  obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.6-luna', sku: 'flex', input: 0.5, output: 3, cache_read: 0.05 }),
  obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.6-luna', sku: 'priority', input: 2, output: 12 }),
];

test('gpt-5.6-luna: batch and flex at 0.5/3, above the cut standard price 0.2/1.2, are held back, not served', () => {
  const { offers, held } = run(luna);
  const by = new Map(offers.map((o) => [o.sku, o]));
  assert.deepEqual([by.get('standard')?.prices.input?.value, by.get('standard')?.prices.output?.value], [0.2, 1.2]);
  for (const sku of ['batch', 'flex', 'priority'] as const) {
    const o = by.get(sku)!;
    assert.equal(o.prices.input, undefined, `${sku} input not served`);
    assert.equal(o.prices.output, undefined, `${sku} output not served`);
    assert.ok(o.held_back?.every((h) => h.source === 'litellm' && /standard price 1, which genai-prices-npm replaced with 0.2/.test(h.reason)));
  }
  // Every field the source gave for the tier goes, its cache price too: 2 + 3 + 2 readings.
  assert.equal(held.filter((h) => /stale/.test(h.message)).length, 7);
});

test('a batch price beside the standard price it was set with stays: LiteLLM gives both, and they agree', () => {
  // LiteLLM gpt-4.1: 2/8, batches 1/4; genai-prices 2/8 too (corroboration, no newer price).
  const { offers } = run([
    obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-4.1', as_of: '2026-09-23', input: 2, output: 8 }),
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-4.1', input: 2, output: 8 }),
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-4.1', sku: 'batch', input: 1, output: 4 }),
  ]);
  const batch = offers.find((o) => o.sku === 'batch')!;
  assert.deepEqual([batch.prices.input?.value, batch.prices.output?.value, batch.held_back], [1, 4, undefined]);
});

test('a tier whose source is the one the standard price is served from stays', () => {
  const { offers } = run([
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'o4-mini', input: 1.1, output: 4.4 }),
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'o4-mini', sku: 'flex', input: 0.55, output: 2.2 }),
  ]);
  assert.equal(offers.find((o) => o.sku === 'flex')?.prices.input?.value, 0.55);
});
