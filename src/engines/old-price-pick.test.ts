// Tests that a pick of the cheapest (ranking, frontier, API lines, break-even) takes a price set long ago that no other
// source confirms only for want of another, and a live listing at such a price before a listing that may not be sold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anOffer } from '../dataset/fixtures.ts';
import { doubtLevel, preferUndoubted } from './offer-lifecycle.ts';
import { apiCosts } from './api-cost.ts';
import { paidOffer } from './break-even.ts';
import { cheapestOffer, passedOverOldPrice } from './ranking.ts';
import { oldPriceSince } from './price-age.ts';

const DATA_AS_OF = '2026-09-23';
// Kilo Gateway's and OpenRouter's qwen3-235b-a22b-2507 as data/dataset/offers.json holds them: Kilo at models.dev's
// $0.071/$0.10, set 2026-02-16, read 2026-07-02, no other source; OpenRouter at $0.09/$0.10, set 2026-06-07 and
// 2026-05-15, corroborated by genai-prices.
const kilo = anOffer({
  model_id: 'qwen3-235b-a22b-2507', provider: 'kilo', listed_by: ['models-dev'],
  prices: {
    input: { value: 0.071, source: 'models-dev', as_of: '2026-07-02', set_on: '2026-02-16' },
    output: { value: 0.1, source: 'models-dev', as_of: '2026-07-02', set_on: '2026-02-16' },
  },
});
const openrouter = anOffer({
  model_id: 'qwen3-235b-a22b-2507', provider: 'openrouter', listed_by: ['models-dev', 'genai-prices-npm'],
  prices: {
    input: { value: 0.09, source: 'models-dev', as_of: '2026-07-02', set_on: '2026-06-07', corroborated_by: ['genai-prices-npm'] },
    output: { value: 0.1, source: 'models-dev', as_of: '2026-07-02', set_on: '2026-05-15', corroborated_by: ['genai-prices-npm'] },
  },
});
// A developer's own offer only LiteLLM's table lists (listing-evidence.ts), dearer by hand and read without a set day.
const tableOnly = anOffer({
  model_id: 'qwen3-235b-a22b-2507', provider: 'alibaba', first_party: true, listed_by: ['litellm'],
  prices: { input: { value: 0.2, source: 'litellm', as_of: '2026-07-24' }, output: { value: 0.6, source: 'litellm', as_of: '2026-07-24' } },
});

test('Kilo\'s price, set 2026-02-16 and unconfirmed, is old on 2026-09-23; OpenRouter\'s, confirmed, is not', () => {
  assert.equal(oldPriceSince(kilo, DATA_AS_OF), '2026-02-16');
  assert.equal(oldPriceSince(openrouter, DATA_AS_OF), undefined);
  // On 2026-08-15 the cutoff is 2026-02-15: Kilo's price is not yet six months old.
  assert.equal(oldPriceSince(kilo, '2026-08-15'), undefined);
});

test('the ranking, the frontier\'s filter and the break-even\'s offer take OpenRouter\'s over Kilo\'s cheaper old price', () => {
  const offers = Object.freeze([kilo, openrouter, tableOnly]);
  assert.equal(cheapestOffer(offers, 0.75, () => true, undefined, DATA_AS_OF)?.offer, openrouter);
  // Without the data's date, every price is weighed as before.
  assert.equal(cheapestOffer(offers, 0.75)?.offer, kilo);
  assert.deepEqual(preferUndoubted(offers, offers, DATA_AS_OF), [openrouter]);
  const api = apiCosts(offers, { tokens_millions: 1000, input_share: 0.75, data_as_of: DATA_AS_OF });
  assert.deepEqual(api.offers.map((l) => [l.provider, l.price_unchanged_since]), [['kilo', '2026-02-16'], ['openrouter', undefined], ['alibaba', undefined]]);
  // 0.75 x 0.09 + 0.25 x 0.1 = 0.0925 per 1M; x 1,000 = $92.50.
  assert.deepEqual([paidOffer(api)?.provider, paidOffer(api)?.monthly_usd], ['openrouter', 92.5]);
  const taken = cheapestOffer(offers, 0.75, () => true, undefined, DATA_AS_OF)!;
  assert.equal(passedOverOldPrice(offers, taken, 0.75, () => true, DATA_AS_OF)?.offer, kilo);
});

test('with no current price, the old price of a live listing is taken before a listing that may not be sold at all', () => {
  const offers = Object.freeze([kilo, tableOnly]);
  assert.equal(doubtLevel(kilo, new Set(), DATA_AS_OF), 1);
  assert.equal(doubtLevel(tableOnly, new Set([tableOnly]), DATA_AS_OF), 2);
  assert.equal(cheapestOffer(offers, 0.75, () => true, undefined, DATA_AS_OF)?.offer, kilo);
  assert.deepEqual(preferUndoubted(offers, offers, DATA_AS_OF), [kilo]);
  const api = apiCosts(offers, { tokens_millions: 1000, input_share: 0.75, data_as_of: DATA_AS_OF });
  assert.equal(paidOffer(api)?.provider, 'kilo');
  // Nothing passed over when the one taken is itself old.
  assert.equal(passedOverOldPrice(offers, cheapestOffer(offers, 0.75, () => true, undefined, DATA_AS_OF)!, 0.75, () => true, DATA_AS_OF), undefined);
});

test('a listing without a price does not push out an old price: the old one is the offer to take (Mistral Small 3 with tools)', () => {
  // offers.json, mistral-small-24b-instruct-2501: Together AI's listing has no price from any source; DeepInfra's
  // $0.05/$0.08 (litellm, set 2025-08-22) is old and unconfirmed. Filtering to the unpriced listing left no price at all.
  const unpriced = anOffer({ model_id: 'mistral-small-24b-instruct-2501', provider: 'togetherai', prices: {} });
  const deepinfra = anOffer({
    model_id: 'mistral-small-24b-instruct-2501', provider: 'deepinfra', listed_by: ['litellm'],
    prices: {
      input: { value: 0.05, source: 'litellm', as_of: '2026-07-24', set_on: '2025-08-22' },
      output: { value: 0.08, source: 'litellm', as_of: '2026-07-24', set_on: '2025-08-22' },
    },
  });
  assert.deepEqual(preferUndoubted([unpriced, deepinfra], undefined, DATA_AS_OF), [unpriced, deepinfra]);
  assert.equal(cheapestOffer([unpriced, deepinfra], 0.75, () => true, undefined, DATA_AS_OF)?.offer, deepinfra);
});
