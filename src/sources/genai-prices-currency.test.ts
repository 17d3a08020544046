// Tests of the note a converted price carries: the currency and rate the source states, and the tier it covers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conversionNote } from './genai-prices-currency.ts';

// Zhipu AI's provider comment and GLM-5.3's model comment in @pydantic/genai-prices 0.1.8, word for word (in part).
const ZHIPU = 'Prices sourced from Zhipu AI open platform pricing (CNY, open.bigmodel.cn/pricing), converted to USD at 1 USD = 7.25 CNY '
  + '(May/June 2026). Zhipu AI does not publish USD prices; CNY is the only billing currency. Flagship models (GLM-4.5-Air, GLM-4.7, '
  + 'GLM-5 series) have tiered pricing by input/output length; prices shown are for the cheapest tier ([0, 32k) input / [0, 0.2k) '
  + 'output where applicable).';
// The models' descriptions, word for word: GLM-5's and GLM-4.7's state a length tier; GLM-5.3's does not.
const GLM5 = 'Zhipu AI GLM-5 model with context caching. 200,000 token context window. Tiered pricing; prices shown for [0, 32k) input tier.';
const GLM47 = "Zhipu AI's GLM-4.7 flagship model with context caching. 200,000 token context window. Tiered pricing; prices shown "
  + 'for [0, 32k) input / [0, 0.2k) output tier.';
const GLM53_DESC = 'Zhipu AI flagship model supporting 1,000,000 token context, long-horizon coding tasks, structured output, function '
  + 'calling, and context caching.';
const GLM53 = 'Standard API rates are 8 CNY input, 2 CNY cached input, and 28 CNY output per million tokens, converted to USD at 1 USD = 7.25 CNY.';

test('a converted price says the currency, the rate with its date, and the length tier its model description states', () => {
  const n = conversionNote(ZHIPU, undefined, GLM5);
  assert.match(n ?? '', /^converted by the source from CNY at 1 USD = 7\.25 CNY \(the source's rate, May\/June 2026\)/);
  assert.match(n ?? '', /prompts under 32K tokens \(/);
  // GLM-4.7's tier ends at a 200-token answer too ("[0, 0.2k) output").
  assert.match(conversionNote(ZHIPU, undefined, GLM47) ?? '', /prompts under 32K tokens, answers under 200 tokens/);
  // GLM-5.3 is of the "GLM-5 series" the provider comment names, but its description states no tier and its comment
  // gives its "Standard API rates": converted, with no tier said.
  const n53 = conversionNote(ZHIPU, GLM53, GLM53_DESC);
  assert.match(n53 ?? '', /^converted by the source from CNY/);
  assert.doesNotMatch(n53 ?? '', /32K/);
});

test('a USD price the provider publishes carries no such note', () => {
  assert.equal(conversionNote('USD prices from the Z.AI pricing page.', undefined, GLM5), undefined);
});
