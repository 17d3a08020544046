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
    assert.ok(o.held_back?.every((h) => h.source === 'litellm'));
    const why = (f: string) => o.held_back?.find((h) => h.field === f)?.reason;
    const says = (f: string, old: number, now: number) => new RegExp(
      `^${sku} ${f} price from litellm, set beside its standard ${f} price ${old}, which genai-prices-npm replaced with ${now} `);
    assert.match(why('input') ?? '', says('input', 1, 0.2));
    assert.match(why('output') ?? '', says('output', 6, 1.2));
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

// genai-prices npm 0.1.8, openai/gpt-5.6-terra: 2.5/15 (cache read 0.25), then 2/12 (0.2) from 2026-07-30.
// LiteLLM 2026-07-24, gpt-5.6-terra: 2.5e-06 / 1.5e-05 (cache read 2.5e-07); *_batches 1.25e-06 / 7.5e-06.
test('each held-back field names its own standard price: gpt-5.6-terra batch output 7.5 beside 15, cut to 12', () => {
  const { offers } = run([
    obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-5.6-terra', as_of: '2026-09-23', input: 2, output: 12,
      cache_read: 0.2 }),
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.6-terra', input: 2.5, output: 15, cache_read: 0.25 }),
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.6-terra', sku: 'batch', input: 1.25, output: 7.5,
      cache_read: 0.125 }),
  ]);
  const held = new Map(offers.find((o) => o.sku === 'batch')!.held_back!.map((h) => [h.field, h]));
  assert.equal(held.get('output')?.value, 7.5);
  assert.equal(held.get('output')?.reason, 'batch output price from litellm, set beside its standard output price 15, '
    + 'which genai-prices-npm replaced with 12 (as of 2026-09-23): stale');
  assert.match(held.get('input')?.reason ?? '', /standard input price 2.5, which genai-prices-npm replaced with 2 /);
  assert.match(held.get('cache_read')?.reason ?? '', /standard cache_read price 0.25, which genai-prices-npm replaced with 0.2 /);
});
