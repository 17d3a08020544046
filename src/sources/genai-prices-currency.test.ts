// Tests of the note a converted price carries: the currency and rate the source states, and the tier it covers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conversionNote } from './genai-prices-currency.ts';

// Zhipu AI's provider comment and GLM-5.3's model comment in @pydantic/genai-prices 0.1.8, word for word (in part).
const ZHIPU = 'Prices sourced from Zhipu AI open platform pricing (CNY, open.bigmodel.cn/pricing), converted to USD at 1 USD = 7.25 CNY '
  + '(May/June 2026). Zhipu AI does not publish USD prices; CNY is the only billing currency. Flagship models (GLM-4.5-Air, GLM-4.7, '
  + 'GLM-5 series) have tiered pricing by input/output length; prices shown are for the cheapest tier ([0, 32k) input / [0, 0.2k) '
  + 'output where applicable).';
const GLM53 = 'Standard API rates are 8 CNY input, 2 CNY cached input, and 28 CNY output per million tokens, converted to USD at 1 USD = 7.25 CNY.';

test('a converted price says the currency, the rate with its date, and for a flagship model the tier it covers', () => {
  const n = conversionNote(ZHIPU, GLM53, 'GLM-5.3');
  assert.match(n ?? '', /^converted by the source from CNY at 1 USD = 7\.25 CNY \(the source's rate, May\/June 2026\)/);
  assert.match(n ?? '', /prompts under 32K tokens/);
  // GLM-4-Plus is not among the flagship models the comment names: no tier said.
  assert.doesNotMatch(conversionNote(ZHIPU, undefined, 'GLM-4-Plus') ?? '', /32K/);
});

test('a USD price the provider publishes carries no such note', () => {
  assert.equal(conversionNote('USD prices from the Z.AI pricing page.', undefined, 'GLM-5.3'), undefined);
});
