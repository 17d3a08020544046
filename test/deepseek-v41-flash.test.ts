// DeepSeek V4.1 Flash (2026-09-10): V4 Flash retired on DeepSeek's API, V4 Pro kept, the V4.1 rows waiting for a listing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { cheapest_for } from '../src/ops/cheapest-for.ts';
import { estimate_cost } from '../src/ops/estimate-cost.ts';
import { translateDeveloperPrices } from '../src/sources/developer-prices.ts';
import { translateDeveloperReleases } from '../src/sources/developer-releases.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const ctx = { today: '2026-11-27' };
const curated = (file: string) => readFileSync(path.join(import.meta.dirname, '..', 'data', 'curated', file), 'utf8');

// github.com/anomalyco/models.dev/pull/6904 (2026-09-11), quoting api-docs.deepseek.com/quick_start/pricing: "DeepSeek
// released V4.1 Flash on 2026-09-10 ... Requests to `deepseek-v4-flash` are now served by V4.1 Flash"; Wei-Shaw/sub2api
// #6974 quoting api-docs.deepseek.com/news/news260910: the old deepseek-v4-flash and -vision-exp models are offline.
test("DeepSeek's own deepseek-v4-flash listing is shut down on 2026-09-10, replaced by V4.1 Flash", () => {
  const own = (ds.offersByModel.get('deepseek-v4-flash') ?? []).filter((o) => o.provider === 'deepseek');
  assert.equal(own.length, 1);
  assert.equal(own[0].shutdown_date?.value, '2026-09-10');
  assert.equal(own[0].replacement?.value, 'deepseek-v4.1-flash');
  // Open weights: the model stays active at the hosts that run it (DeepInfra, OpenRouter...).
  assert.equal(ds.modelById.get('deepseek-v4-flash')?.open_weights?.value, true);
  assert.notEqual(ds.modelById.get('deepseek-v4-flash')?.status?.value, 'deprecated');
});

test("estimate_cost no longer gives V4 Flash's $0.22/$0.66 as DeepSeek's current price", () => {
  // genai-prices' bundle of 2026-09-23 still lists deepseek-v4-flash at $0.22/$0.66 off-peak: the retired model's price.
  const out = estimate_cost.handler(ds, estimate_cost.input.parse({ model_id: 'deepseek-v4-flash', tokens_millions: 1000 }), ctx) as {
    api: { developer_offer: unknown; offers: Array<{ provider: string }>; not_priced: Array<{ provider: string; reason: string }>; note: string };
  };
  assert.equal(out.api.developer_offer, null);
  assert.ok(!out.api.offers.some((o) => o.provider === 'deepseek'));
  const own = out.api.not_priced.find((o) => o.provider === 'deepseek');
  assert.match(own?.reason ?? '', /^shut down on 2026-09-10/);
  assert.match(out.api.note, /developer's own offer is no longer served: shut down on 2026-09-10/);
});

test("cheapest_for's first-party board no longer ranks DeepSeek's V4 Flash offer", () => {
  // Before the notice, V4 Flash ranked 7th at DeepSeek's $0.22/$0.66 ($0.33 blended at 75% input).
  const out = cheapest_for.handler(ds, cheapest_for.input.parse({ use: 'coding', as_good_as: 'gpt-4o', floor: 'lower_bound', first_party_only: true }), ctx) as {
    items: Array<{ model: { id: string } }>;
  };
  assert.ok(out.items.length > 0);
  assert.ok(!out.items.some((i) => i.model.id === 'deepseek-v4-flash'));
});

test('V4 Pro stays served on DeepSeek: the reroute to V4.1 Flash was announced, then cancelled on 2026-09-11', () => {
  const pro = (ds.offersByModel.get('deepseek-v4-pro') ?? []).filter((o) => o.provider === 'deepseek');
  assert.equal(pro.length, 1);
  assert.equal(pro[0].shutdown_date, undefined);
});

test("V4.1 Flash's release and DeepSeek's price are read from the tables, and wait for a listing of the model", () => {
  // DeepSeek's pricing page, off-peak: $0.15 input (cache miss), $0.003 cache hit, $0.60 output per 1M tokens.
  const price = translateDeveloperPrices(curated('developer-prices.csv')).offers.find((o) => o.provider_model_id === 'deepseek-flash');
  assert.deepEqual([price?.canonical_hint, price?.input, price?.cache_read, price?.output, price?.as_of],
    ['deepseek-v4.1-flash', 0.15, 0.003, 0.6, '2026-09-10']);
  const release = translateDeveloperReleases(curated('developer-releases.csv')).models.find((m) => m.source_model_id === 'deepseek-v4.1-flash');
  assert.equal(release?.release_date, '2026-09-10');
  // No source snapshot lists the model yet, and a curated table creates none (docs/data.md, "Developer prices").
  assert.equal(ds.modelById.has('deepseek-v4.1-flash'), false);
});
