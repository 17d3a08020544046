// Tests that the marks read here are the ones the genai-prices ingest writes into a converted price's note.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { conversionNote } from '../sources/genai-prices-currency.ts';
import { isConvertedPrice, shortTierReason } from './converted-price.ts';

// genai-prices' Zhipu AI provider comment (npm 0.1.8), abridged to the sentences conversionNote reads.
const ZHIPU = 'Prices sourced from Zhipu AI open platform pricing (CNY, open.bigmodel.cn/pricing), converted to USD at 1 USD = '
  + '7.25 CNY (May/June 2026). Flagship models (GLM-4.5-Air, GLM-4.7, GLM-5 series) have tiered pricing by input/output '
  + 'length; prices shown are for the cheapest tier ([0, 32k) input / [0, 0.2k) output where applicable)';

// GLM-5's and GLM-4.7's descriptions in the same bundle, in the part that states the tier.
const GLM5 = 'Tiered pricing; prices shown for [0, 32k) input tier.';
const GLM47 = 'Tiered pricing; prices shown for [0, 32k) input / [0, 0.2k) output tier.';

test('a tiered GLM price converted from CNY is converted and short-tier; an untiered one converted only', () => {
  const flagship = { note: conversionNote(ZHIPU, undefined, GLM5) };
  assert.equal(isConvertedPrice({ input: flagship }), true);
  assert.equal(shortTierReason({ prices: { input: { ...flagship, value: 1.103, source: 's', as_of: '2026-09-23' } } }, 31_999), undefined);
  assert.match(shortTierReason({ prices: { input: { ...flagship, value: 1.103, source: 's', as_of: '2026-09-23' } } }, 32_000) ?? '',
    /prompts under 32K tokens/);
  const flash = { note: conversionNote(ZHIPU, undefined, 'Fast and affordable GLM-4.7 model with context caching.'), value: 0.1, source: 's', as_of: '2026-09-23' };
  assert.equal(isConvertedPrice({ output: flash }), true);
  assert.equal(shortTierReason({ prices: { input: flash } }, 200_000), undefined);
});

test('a tier that ends at a 200-token answer is never priced, whatever the prompt', () => {
  const answer = { note: conversionNote(ZHIPU, undefined, GLM47), value: 0.8, source: 's', as_of: '2026-09-23' };
  assert.match(shortTierReason({ prices: { input: answer } }, undefined) ?? '', /answers under 200 tokens/);
  assert.match(shortTierReason({ prices: { input: answer } }, 8_192) ?? '', /answers under 200 tokens/);
});

test('a USD price with a dating note is not converted', () => {
  const note = 'dated 2026-09-23 by the npm bundle @pydantic/genai-prices 0.1.8, the first copy that states it';
  assert.equal(isConvertedPrice({ input: { note }, output: { note } }), false);
});
