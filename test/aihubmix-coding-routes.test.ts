// AIHubMix's `coding-` routes of Xiaomi's MiMo-V2.5 and V2.5-Pro: offers of the same models, their prices held back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get_model } from '../src/ops/get-model.ts';
import { search_models } from '../src/ops/search-models.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const ctx = { today: ds.lifecycleDate };
type Offer = { provider: string; provider_model_id: string; prices: Record<string, unknown>; held_back?: Array<{ field: string; value: number }> };
type Item = { id: string; cheapest_offer: { provider: string; provider_model_id: string } | null };

// models.dev 2026-07-02 (f3fc692299), providers/aihubmix/models/: coding-xiaomi-mimo-v2.5.toml "Coding Xiaomi MiMo-V2.5",
// base_model "xiaomi/mimo-v2.5", input 0.08, output 0.4, cache_read 0.016; coding-xiaomi-mimo-v2.5-pro.toml 0.2/0.6/0.04;
// the plain routes xiaomi-mimo-v2.5{,-pro}.toml at 0.44/2.2/0.088 and 1.1/3.3/0.22.
const ROUTES: Array<[string, string, Array<[string, number]>]> = [
  ['mimo-v2.5', 'coding-xiaomi-mimo-v2.5', [['input', 0.08], ['output', 0.4], ['cache_read', 0.016]]],
  ['mimo-v2.5-pro', 'coding-xiaomi-mimo-v2.5-pro', [['input', 0.2], ['output', 0.6], ['cache_read', 0.04]]],
];

test("AIHubMix's coding routes stay offers of the model they route, with no price served", () => {
  for (const [model, route, held] of ROUTES) {
    const sheet = get_model.handler(ds, get_model.input.parse({ model_id: model }), ctx) as { offers: Offer[] };
    const o = sheet.offers.find((x) => x.provider === 'aihubmix' && x.provider_model_id === route);
    assert.ok(o, `${route} is still listed under ${model}`);
    assert.deepEqual(o.prices, {}, `${route}: its price is not ranked beside pay-as-you-go prices`);
    assert.deepEqual(o.held_back?.map((h) => [h.field, h.value]), held);
    // The plain route keeps its price: only the coding route is in question.
    const plain = sheet.offers.find((x) => x.provider === 'aihubmix' && x.provider_model_id === route.slice('coding-'.length));
    assert.ok(plain && Object.keys(plain.prices).length > 0, `${route.slice('coding-'.length)} stays priced`);
  }
});

test('no coding route is the cheapest offer of MiMo-V2.5 or V2.5-Pro', () => {
  // Before, MiMo-V2.5-Pro's cheapest offer was AIHubMix's coding route at $0.20/$0.60 (blended $0.30 at input share
  // 0.75), below Xiaomi's own $0.435/$0.87.
  for (const [model] of ROUTES) {
    const out = search_models.handler(ds, search_models.input.parse({ q: model, limit: 1 }), ctx) as { items: Item[] };
    assert.equal(out.items[0].id, model);
    assert.ok(out.items[0].cheapest_offer);
    assert.doesNotMatch(out.items[0].cheapest_offer.provider_model_id, /^coding-/);
  }
});
