// Tests of a promotional price past its stated end: from the day after it the list price is the price, the cut a record.
// The figures are running-promotions.csv's OpenAI GPT-5.6 Sol row, written here by hand: $4/$20 "available at least
// through 2026-11-21" (OpenAI's pricing page as CultivateLabs/raif pull request 545 quotes it), list $5/$30.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Offer } from '../schema/index.ts';
import { endedPromotionPrices, promotionEnd } from './ended-promotions.ts';

// The note's shape is the one ingest/running-promotions.ts `promotionNote` writes.
const promo = (value: number, list: number, span: string) => ({
  value, as_of: '2026-09-23', source: 'genai-prices-npm',
  note: `promotional price${span} (OpenAI's pricing page, https://github.com/CultivateLabs/raif/pull/545); the list price is $${list} per 1M tokens. Long prompts differ.`,
});
const offer = (span: string): Offer => ({
  model_id: 'gpt-5.6-sol', provider: 'openai', provider_model_id: 'gpt-5.6-sol', region: 'global', sku: 'standard',
  first_party: true, listed_by: ['genai-prices-npm'], eu_resident: { value: 'unknown', as_of: '2026-09-23', source: 'derived' },
  prices: { input: promo(4, 5, span), output: promo(20, 30, span), cache_read: { value: 0.4, as_of: '2026-09-23', source: 'genai-prices-npm' } },
} as Offer);
const SOL = ' since 2026-08-21, available at least through 2026-11-21';

test('the span\'s end is its last day after "through"; a span with no end has none', () => {
  assert.equal(promotionEnd('since 2026-08-21, available at least through 2026-11-21'), '2026-11-21');
  assert.equal(promotionEnd('no end stated'), undefined);
  // A start alone is no end.
  assert.equal(promotionEnd('since 2026-08-21'), undefined);
});

test('on its last promised day the promotional price stands; the day after, the list price', () => {
  const o = offer(SOL);
  assert.equal(endedPromotionPrices([o], '2026-11-21').size, 0);
  const after = endedPromotionPrices([o], '2026-11-22').get(o);
  assert.ok(after);
  // $5 and $30, the row's list prices, not the $4 and $20 cut.
  assert.equal(after.input?.value, 5);
  assert.equal(after.output?.value, 30);
  assert.equal(after.input?.source, 'derived');
  assert.equal(after.input?.as_of, '2026-11-22');
  // The cut stays as a record: its figure, its span, and the reading it came from.
  assert.match(after.input!.note!, /^list price from 2026-11-22: the promotion \(\$4 during it, since 2026-08-21, available at least through 2026-11-21\)/);
  assert.ok(after.input!.derived_from![0].startsWith('genai-prices-npm (2026-09-23): $4, a promotional price since 2026-08-21'));
  // A field the promotion does not name keeps its reading; the offer itself is not changed in place.
  assert.equal(after.cache_read?.value, 0.4);
  assert.equal(o.prices.input?.value, 4);
});

test('a promotion with no stated end is left as quoted, whatever the day', () => {
  // OpenRouter's gateway 50% off: no source gives its end, nor the price after it.
  const o = offer(', no end stated');
  assert.equal(endedPromotionPrices([o], '2027-06-01').size, 0);
});
