// Tests of estimate_cost with a price a source converted from another currency: the developer's USD price is its offer,
// and a converted cheapest length tier is not taken for the price of a longer prompt.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Fact } from '../schema/index.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aModel, anOffer, aRating, f } from '../dataset/fixtures.ts';
import { conversionNote } from '../sources/genai-prices-currency.ts';
import { cheapest_for } from './cheapest-for.ts';
import { estimate_cost } from './estimate-cost.ts';

const ctx = { today: '2026-10-01' };
type Out = Record<string, any>;
const run = (ds: Dataset, input: Record<string, unknown>) => estimate_cost.handler(ds, estimate_cost.input.parse(input), ctx) as Out;

// The note genai-prices' Zhipu AI provider comment gives (npm 0.1.8), as the ingest writes it on GLM-5.3's prices.
const COMMENT = 'Prices sourced from Zhipu AI open platform pricing (CNY, open.bigmodel.cn/pricing), converted to USD at '
  + '1 USD = 7.25 CNY (May/June 2026). Zhipu AI does not publish USD prices. Flagship models (GLM-4.5-Air, GLM-4.7, GLM-5 '
  + 'series) have tiered pricing by input/output length; prices shown are for the cheapest tier ([0, 32k) input / [0, 0.2k) '
  + 'output where applicable)';
// A model whose description states the [0, 32k) input tier (GLM-5's words), on GLM-5.3's prices for the figures.
const note = conversionNote(COMMENT, undefined, 'Tiered pricing; prices shown for [0, 32k) input tier.')!;
const noted = (v: number): Fact<number> => ({ ...f(v), note });

// GLM-5.3 in genai-prices 0.1.8: zhipuai 1.103/3.862 (CNY 8/28 at 7.25), zai 1.4/4.4 in USD, a reseller at 1.12/3.52.
const glm = () => aModel({ id: 'glm-5.3', open_weights: f(false), context_window: f(1_000_000) });
const offers = [
    anOffer({ model_id: 'glm-5.3', provider: 'zhipuai', first_party: true, context_window: f(1_000_000),
      prices: { input: noted(1.103), output: noted(3.862) } }),
    anOffer({ model_id: 'glm-5.3', provider: 'zai', first_party: true, context_window: f(1_000_000), prices: { input: f(1.4), output: f(4.4) } }),
    anOffer({ model_id: 'glm-5.3', provider: 'quicksilverpro', context_window: f(1_048_576), prices: { input: f(1.12), output: f(3.52) } }),
];
const ds = aDataset({ models: [glm()], offers });

test('the developer\'s offer is the one it prices in USD, not the cheaper one converted from CNY', () => {
  const out = run(ds, { model_id: 'glm-5.3', tokens_millions: 1000 });
  // zai: 0.75 x 1.4 + 0.25 x 4.4 = 2.15 per 1M tokens; zhipuai 0.75 x 1.103 + 0.25 x 3.862 = 1.79275, still listed;
  // quicksilverpro 0.75 x 1.12 + 0.25 x 3.52 = 1.72.
  assert.deepEqual([out.api.developer_offer.provider, out.api.developer_offer.blended_usd_per_mtok], ['zai', 2.15]);
  assert.deepEqual(out.api.offers.map((l: Out) => l.provider), ['quicksilverpro', 'zhipuai', 'zai']);
  assert.equal(out.api.cheapest.provider, 'quicksilverpro');
});

test('a prompt of 32K tokens or more is not priced at the converted under-32K tier, and says why', () => {
  const short = run(ds, { model_id: 'glm-5.3', tokens_millions: 1000, context: 31_999 });
  assert.ok(short.api.offers.some((l: Out) => l.provider === 'zhipuai'), 'a 31,999-token prompt is in the tier');
  const out = run(ds, { model_id: 'glm-5.3', tokens_millions: 1000, context: 65_536 });
  assert.deepEqual(out.api.offers.map((l: Out) => l.provider), ['quicksilverpro', 'zai']);
  const held = out.api.not_priced.find((n: Out) => n.provider === 'zhipuai');
  assert.match(held.reason, /cheapest length tier, prompts under 32K tokens.*65,536-token prompt/);
});

test('each prompt past the tier is named in its own reason, asked one after the other', () => {
  // The lines are kept per band of prompts between tier edges; the reason names the prompt, so a kept band must not
  // give a later ask the size an earlier one asked (65,536 then 131,072: both past 32K, in one band here).
  const reason = (context: number) => run(ds, { model_id: 'glm-5.3', tokens_millions: 1000, context })
    .api.not_priced.find((n: Out) => n.provider === 'zhipuai').reason as string;
  assert.match(reason(65_536), /not taken for the price of a 65,536-token prompt$/);
  assert.match(reason(131_072), /not taken for the price of a 131,072-token prompt$/);
  assert.match(reason(65_536), /not taken for the price of a 65,536-token prompt$/);
});

test('with no USD offer of its own the developer\'s converted offer is still its offer', () => {
  const only = aDataset({ models: [glm()], offers: offers.filter((o) => o.provider !== 'zai') });
  const out = run(only, { model_id: 'glm-5.3', tokens_millions: 1000 });
  assert.equal(out.api.developer_offer.provider, 'zhipuai');
});

test('cheapest_for names the same developer offer as estimate_cost: Z.ai\'s USD price, not the converted CNY one', () => {
  const rated = aDataset({ models: [glm()], offers, ratings: [aRating({ model_id: 'glm-5.3', rating: 1450, rating_lower: 1445, rating_upper: 1455 })] });
  const items = (cheapest_for.handler(rated, cheapest_for.input.parse({ limit: 10 }), ctx) as Out).items;
  const item = items.find((i: Out) => i.model.id === 'glm-5.3');
  // The reseller at 1.72 blended is the cheapest; the developer's is zai at 1.4/4.4 (2.15 blended), as estimate_cost says.
  assert.equal(item.offer.provider, 'quicksilverpro');
  const dev = item.developer_offer;
  assert.deepEqual([dev.provider, dev.prices.input.value, dev.prices.output.value], ['zai', 1.4, 4.4]);
  assert.equal(run(rated, { model_id: 'glm-5.3', tokens_millions: 1000 }).api.developer_offer.provider, dev.provider);
  assert.match(item.why, /\$2\.15 blended/);
});
