// A reseller listing a model at the developer's own price is no cheaper than the developer: at an equal blended price
// the developer's offer is the one cheapest_for and estimate_cost name, not the reseller's that sorts first by name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from '../../test/committed-dataset.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aModel, anOffer, aRating, f } from '../dataset/fixtures.ts';
import { cheapest_for } from './cheapest-for.ts';
import { estimate_cost } from './estimate-cost.ts';

const ctx = { today: '2026-10-01' };
type Out = Record<string, any>;
const price = (input: number, output: number) => ({ input: f(input), output: f(output) });
const rate = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });

// Every fixture model's developer is `acme`. `aaa-resale` sorts before `acme` by name and lists the same $1/$4;
// `zz-cheaper` undercuts both on `dearer`, so a truly cheaper reseller still wins.
const ds = aDataset({
  models: [aModel({ id: 'flash' }), aModel({ id: 'dearer' })],
  offers: [
    anOffer({ model_id: 'flash', provider: 'aaa-resale', prices: price(1, 4) }),
    anOffer({ model_id: 'flash', provider: 'acme', first_party: true, prices: price(1, 4) }),
    anOffer({ model_id: 'dearer', provider: 'acme', first_party: true, prices: price(1, 4) }),
    anOffer({ model_id: 'dearer', provider: 'zz-cheaper', prices: price(0.9, 4) }),
  ],
  ratings: [rate('flash', 1400), rate('dearer', 1300)],
});

const cheapest = (d: Dataset, input: Record<string, unknown>) => cheapest_for.handler(d, cheapest_for.input.parse(input), ctx) as Out;
const cost = (d: Dataset, input: Record<string, unknown>) => estimate_cost.handler(d, estimate_cost.input.parse(input), ctx) as Out;

test('cheapest_for: at the developer\'s own price the developer\'s offer is shown, and the sentence does not call it a reseller\'s', () => {
  const out = cheapest(ds, {});
  const flash = out.items.find((i: Out) => i.model.id === 'flash');
  // By hand at 0.75 input: both 0.75 x 1 + 0.25 x 4 = 1.75.
  assert.deepEqual([flash.offer.provider, flash.first_party, flash.blended_price.value], ['acme', true, 1.75]);
  assert.doesNotMatch(flash.why, /reseller/);
  // dearer: zz-cheaper 0.75 x 0.9 + 0.25 x 4 = 1.675 < acme's 1.75: a cheaper reseller still wins.
  const dearer = out.items.find((i: Out) => i.model.id === 'dearer');
  assert.deepEqual([dearer.offer.provider, dearer.blended_price.value], ['zz-cheaper', 1.675]);
});

test('estimate_cost: the cheapest offer at a tie is the developer\'s, and the note does not call it a reseller\'s listing', () => {
  const out = cost(ds, { model_id: 'flash', tokens_millions: 100 });
  assert.deepEqual([out.api.cheapest.provider, out.api.cheapest.first_party, out.api.cheapest.monthly_usd], ['acme', true, 175]);
  assert.doesNotMatch(out.api.note ?? '', /reseller's listing/);
});

test('committed dataset: Gemini 3.6 Flash, listed by GitHub Copilot at Google\'s own $0.75/$3.75, is priced at Google\'s offer', () => {
  const committed = committedDataset();
  // The developer's own offer and the reseller's, both at $0.75 input and $3.75 output (as the dataset records them):
  // 0.75 x 0.75 + 0.25 x 3.75 = 1.5 blended. Before, the reseller won the tie by its name (github-copilot < google).
  const offers = committed.offersByModel.get('gemini-3.6-flash') ?? [];
  const own = offers.find((o) => o.provider === 'google' && o.sku === 'standard');
  const resold = offers.find((o) => o.provider === 'github-copilot');
  assert.deepEqual([own?.prices.input?.value, own?.prices.output?.value], [0.75, 3.75]);
  assert.deepEqual([resold?.prices.input?.value, resold?.prices.output?.value], [0.75, 3.75]);
  const out = cheapest(committed, { use: 'coding', min_rank: 30, limit: 100 });
  const item = out.items.find((i: Out) => i.model.id === 'gemini-3.6-flash');
  assert.deepEqual([item.offer.provider, item.first_party, item.blended_price.value], ['google', true, 1.5]);
  const c = cost(committed, { model_id: 'gemini-3.6-flash', tokens_millions: 100 });
  assert.deepEqual([c.api.cheapest.provider, c.api.cheapest.monthly_usd], ['google', 150]);
});

test('cheapest_for: a reseller\'s pick beside a developer offer listed at $0 reads as one sentence after the semicolon', () => {
  const d = aDataset({
    models: [aModel({ id: 'freebie' })],
    offers: [
      anOffer({ model_id: 'freebie', provider: 'acme', first_party: true, prices: price(0, 0) }),
      anOffer({ model_id: 'freebie', provider: 'resell', prices: price(1, 1) }),
    ],
    ratings: [rate('freebie', 1400)],
  });
  const why = cheapest(d, {}).items[0].why as string;
  // Was "Sold by a reseller; The developer's own offer (...) is listed at $0 ...": a capital after a semicolon.
  assert.match(why, /Sold by a reseller; the developer's own offer \(.+\) is listed at \$0 \(a free tier or not a per-token price\)/);
});
