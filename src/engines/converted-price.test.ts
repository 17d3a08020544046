// Tests that the marks read here are the ones the genai-prices ingest writes into a converted price's note.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { conversionNote } from '../sources/genai-prices-currency.ts';
import { isConvertedPrice, shortTierReason } from './converted-price.ts';

// genai-prices' Zhipu AI provider comment (npm 0.1.8), abridged to the sentences conversionNote reads.
const ZHIPU = 'Prices sourced from Zhipu AI open platform pricing (CNY, open.bigmodel.cn/pricing), converted to USD at 1 USD = '
  + '7.25 CNY (May/June 2026). Flagship models (GLM-4.5-Air, GLM-4.7, GLM-5 series) have tiered pricing by input/output '
  + 'length; prices shown are for the cheapest tier ([0, 32k) input / [0, 0.2k) output where applicable)';

test('a flagship GLM price converted from CNY is converted and short-tier; a GLM-4-Flash one converted only', () => {
  const flagship = { note: conversionNote(ZHIPU, undefined, 'GLM-5.3') };
  assert.equal(isConvertedPrice({ input: flagship }), true);
  assert.equal(shortTierReason({ prices: { input: { ...flagship, value: 1.103, source: 's', as_of: '2026-09-23' } } }, 31_999), undefined);
  assert.match(shortTierReason({ prices: { input: { ...flagship, value: 1.103, source: 's', as_of: '2026-09-23' } } }, 32_000) ?? '',
    /prompts under 32K tokens/);
  const flash = { note: conversionNote(ZHIPU, undefined, 'GLM-4-Flash'), value: 0.1, source: 's', as_of: '2026-09-23' };
  assert.equal(isConvertedPrice({ output: flash }), true);
  assert.equal(shortTierReason({ prices: { input: flash } }, 200_000), undefined);
});

test('a USD price with a dating note is not converted', () => {
  const note = 'dated 2026-09-23 by the npm bundle @pydantic/genai-prices 0.1.8, the first copy that states it';
  assert.equal(isConvertedPrice({ input: { note }, output: { note } }), false);
});
