// A listing whose source converts the provider's CNY list serves that converted price, not another source's USD figure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';

// genai-prices' note on each Zhipu AI price (genai-prices-currency.ts), from its provider comment in npm 0.1.8:
// "converted to USD at 1 USD = 7.25 CNY (May/June 2026). Zhipu AI does not publish USD prices".
const NOTE = 'converted by the source from CNY at 1 USD = 7.25 CNY (the source\'s rate, May/June 2026): the provider bills in CNY, not a USD price it publishes';
const noted = (fields: readonly ('input' | 'output' | 'cache_read')[], as_of: string) =>
  Object.fromEntries(fields.map((f) => [f, { as_of, note: NOTE }]));

// models.dev providers/zhipuai/models/glm-5.1.toml after f3fc692299 "fix glm-5.1 price" (2026-07-02 +08:00):
// input 1.4, output 4.4, cache_read 0.26 (Z.ai's international USD list), set 2026-07-01 in its history.
const modelsDev: OfferObservation = { source: 'models-dev', provider: 'zhipuai', provider_model_id: 'glm-5.1', region: 'cn',
  as_of: '2026-07-02', input: 1.4, output: 4.4, cache_read: 0.26 };
// genai-prices npm 0.1.8, zhipuai GLM-5.1: input_mtok 0.828, output_mtok 3.31, cache_read_mtok 0.179; by hand from
// Zhipu's CNY list as models.dev first read it (6/24/1.3): 6/7.25 = 0.8276, 24/7.25 = 3.3103, 1.3/7.25 = 0.1793.
const genai = (converted: boolean): OfferObservation => ({ source: 'genai-prices-npm', provider: 'zhipuai',
  provider_model_id: 'glm-5.1', region: 'cn', as_of: '2026-06-09', input: 0.828, output: 3.31, cache_read: 0.179,
  ...(converted ? { price_dates: noted(['input', 'output', 'cache_read'], '2026-06-09') } : {}) });

// models.dev's reading was set later (2026-07-01) than genai-prices' (2026-06-09): the newest would win without the rule.
const SET: Record<string, string> = { 'models-dev': '2026-07-01', 'genai-prices-npm': '2026-06-09' };
const run = (list: OfferObservation[]) => buildOffers(list, () => 'glm-5.1', new Map(),
  { vendorOf: () => 'zhipuai', evidence: (o) => SET[o.source] }).offers[0];

test("Zhipu AI's GLM-5.1 serves genai-prices' CNY-converted 0.828/3.31/0.179 over models.dev's later USD 1.4/4.4/0.26", () => {
  const o = run([modelsDev, genai(true)]);
  assert.deepEqual([o.prices.input?.value, o.prices.output?.value, o.prices.cache_read?.value], [0.828, 3.31, 0.179]);
  assert.equal(o.prices.input?.source, 'genai-prices-npm');
  // The USD figure stays visible, and the note says why it was passed over.
  assert.deepEqual(o.prices.input?.conflicts?.map((c) => [c.source, c.value]), [['models-dev', 1.4]]);
  assert.match(o.prices.input?.note ?? '', /models-dev's 1\.4, set later, passed over: .*bills in another currency/);
  assert.match(o.prices.input?.note ?? '', /converted by the source from CNY at 1 USD = 7\.25 CNY/);
});

test('without a conversion note the usual choice stands: the reading set later wins', () => {
  const o = run([modelsDev, genai(false)]);
  assert.deepEqual([o.prices.input?.value, o.prices.output?.value, o.prices.cache_read?.value], [1.4, 4.4, 0.26]);
});

test('a converted reading alone, or agreeing with the other source, is served with no passed-over note', () => {
  const alone = run([genai(true)]);
  assert.equal(alone.prices.output?.value, 3.31);
  const agree = run([{ ...modelsDev, input: 0.828, output: 3.31, cache_read: 0.179 }, genai(true)]);
  assert.equal(agree.prices.input?.value, 0.828);
  assert.doesNotMatch(agree.prices.input?.note ?? '', /passed over/);
});
