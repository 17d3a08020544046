// Tests of the ranking engine: best variant, competition ranks, podium ties, blended and cheapest prices, EU offers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, aRating, f } from '../dataset/fixtures.ts';
import { blendedPrice, board, categoriesOf, cheapestOffer, intervalsOverlap, isEuOffer, overallRating, podium } from './ranking.ts';

const r = (model_id: string, rating: number, over: Parameters<typeof aRating>[0] | object = {}) =>
  aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5, ...over });

test('a model is ranked by its best variant, which is named, with every variant kept best first', () => {
  const ds = aDataset({
    models: [aModel({ id: 'opus' }), aModel({ id: 'gpt' })],
    ratings: [r('opus', 1400, { variant: 'opus' }), r('opus', 1450, { variant: 'opus-thinking' }), r('gpt', 1420, { variant: 'gpt' })],
  });
  const b = board(ds, 'text_style_control', 'overall')!;
  assert.deepEqual(b.entries.map((e) => [e.model_id, e.best.variant, e.rank]), [['opus', 'opus-thinking', 1], ['gpt', 'gpt', 2]]);
  assert.deepEqual(b.byModel.get('opus')!.variants.map((v) => v.variant), ['opus-thinking', 'opus']);
});

test('equal ratings share a rank and the next rank skips (competition ranking)', () => {
  const ds = aDataset({
    models: ['a', 'b', 'c'].map((id) => aModel({ id })),
    ratings: [r('a', 1400), r('b', 1400), r('c', 1300)],
  });
  assert.deepEqual(board(ds, 'text_style_control', 'overall')!.entries.map((e) => e.rank), [1, 1, 3]);
});

test('boards are per leaderboard and category; categories are listed per leaderboard; as_of is the newest row', () => {
  const ds = aDataset({
    models: [aModel({ id: 'a' })],
    ratings: [r('a', 1400, { category: 'coding', as_of: '2026-07-01' }), r('a', 1390, { variant: 'a-2', category: 'coding', as_of: '2026-08-01' }), r('a', 1300, { leaderboard: 'text' })],
  });
  assert.deepEqual(categoriesOf(ds, 'text_style_control'), ['coding']);
  assert.deepEqual(categoriesOf(ds, 'vision'), []);
  assert.equal(board(ds, 'text_style_control', 'coding')!.as_of, '2026-08-01');
  assert.equal(board(ds, 'text_style_control', 'overall'), undefined);
});

test('the overall rating prefers style control and falls back to raw text', () => {
  const ds = aDataset({
    models: [aModel({ id: 'a' }), aModel({ id: 'b' })],
    ratings: [r('a', 1400), r('a', 1500, { leaderboard: 'text' }), r('b', 1300, { leaderboard: 'text' })],
  });
  assert.equal(overallRating(ds, 'a')!.board.leaderboard, 'text_style_control');
  assert.equal(overallRating(ds, 'b')!.board.leaderboard, 'text');
});

test('podium: overlapping 95% intervals are ties; third place is compared with the fourth model', () => {
  const ds = aDataset({
    models: ['a', 'b', 'c', 'd', 'e'].map((id) => aModel({ id, open_weights: f(id !== 'a') })),
    ratings: [
      r('a', 1500, { rating_lower: 1490, rating_upper: 1510 }),
      r('b', 1485, { rating_lower: 1475, rating_upper: 1495 }), // overlaps a
      r('c', 1450, { rating_lower: 1445, rating_upper: 1455 }), // overlaps nobody above
      r('d', 1440, { rating_lower: 1430, rating_upper: 1446 }), // overlaps c
      r('e', 1300),
    ],
  });
  const b = board(ds, 'text_style_control', 'overall')!;
  const p = podium(b);
  assert.deepEqual(p.places.map((x) => [x.entry.model_id, x.tie_with_next, x.ties_with]), [
    ['a', true, ['b']], ['b', false, ['a']], ['c', true, []],
  ]);
  assert.equal(p.next!.model_id, 'd');
  const open = podium(b, (id) => ds.modelById.get(id)!.open_weights!.value);
  assert.deepEqual(open.places.map((x) => x.entry.model_id), ['b', 'c', 'd']);
  assert.equal(open.considered, 4);
  assert.equal(open.places[0].entry.rank, 2, 'rank stays the rank on the whole board');
});

test('intervals touching at a bound overlap; disjoint ones do not', () => {
  assert.equal(intervalsOverlap(r('a', 10, { rating_lower: 5, rating_upper: 15 }), r('b', 20, { rating_lower: 15, rating_upper: 25 })), true);
  assert.equal(intervalsOverlap(r('a', 10, { rating_lower: 5, rating_upper: 14 }), r('b', 20, { rating_lower: 15, rating_upper: 25 })), false);
});

test('blended price: share x input + (1 - share) x output; absent when a needed price is absent', () => {
  assert.equal(blendedPrice({ input: f(1), output: f(3) }, 0.75), 1.5);
  assert.equal(blendedPrice({ input: f(0.1), output: f(0.2) }, 0.5), 0.15);
  assert.equal(blendedPrice({ input: f(1) }, 0.75), undefined);
  assert.equal(blendedPrice({ input: f(1) }, 1), 1);
  assert.equal(blendedPrice({ output: f(2) }, 0), 2);
});

test('cheapest offer: lowest blended price, ties by provider; offers without prices are skipped', () => {
  const offers = [
    anOffer({ model_id: 'm', provider: 'zeta', prices: { input: f(1), output: f(1) } }),
    anOffer({ model_id: 'm', provider: 'alpha', prices: { input: f(1), output: f(1) } }),
    anOffer({ model_id: 'm', provider: 'dear', prices: { input: f(5), output: f(5) } }),
    anOffer({ model_id: 'm', provider: 'none', prices: {} }),
  ];
  assert.equal(cheapestOffer(offers, 0.75)!.offer.provider, 'alpha');
  assert.equal(cheapestOffer(offers, 0.75, (o) => o.provider !== 'alpha')!.offer.provider, 'zeta');
  assert.equal(cheapestOffer(offers, 0.75, (o) => o.provider === 'dear')!.blended, 5);
});

test('cheapest offer: at an equal blend the developer\'s own offer before a reseller\'s, whatever their names', () => {
  const offers = [
    anOffer({ model_id: 'm', provider: 'aaa', prices: { input: f(1), output: f(4) } }),
    anOffer({ model_id: 'm', provider: 'zed', first_party: true, prices: { input: f(1), output: f(4) } }),
    anOffer({ model_id: 'm', provider: 'bbb', prices: { input: f(1), output: f(3.96) } }),
  ];
  // By hand at 0.75: aaa and zed 0.75 + 1 = 1.75; bbb 0.75 + 0.99 = 1.74, cheaper, so it wins outright.
  assert.equal(cheapestOffer(offers, 0.75)!.offer.provider, 'bbb');
  assert.equal(cheapestOffer(offers, 0.75, (o) => o.provider !== 'bbb')!.offer.provider, 'zed', 'the tie goes to the developer');
});

test('EU offers: resident, an EU region to choose, or an EU-regional SKU; unknown is not EU', () => {
  assert.equal(isEuOffer(anOffer({ model_id: 'm', eu_resident: f('yes' as const) })), true);
  assert.equal(isEuOffer(anOffer({ model_id: 'm', eu_resident: f('region' as const) })), true);
  assert.equal(isEuOffer(anOffer({ model_id: 'm', region: 'eu' })), true);
  assert.equal(isEuOffer(anOffer({ model_id: 'm', eu_resident: f('unknown' as const) })), false);
  assert.equal(isEuOffer(anOffer({ model_id: 'm', eu_resident: f('no' as const) })), false);
});

test('free tiers and subscription plans ($0 input and output) are not the cheapest offer: their cost is not per token', () => {
  const offers = [
    anOffer({ model_id: 'm', provider: 'coding-plan', prices: { input: f(0), output: f(0) } }),
    anOffer({ model_id: 'm', provider: 'paid', prices: { input: f(0.1), output: f(0.2) } }),
    anOffer({ model_id: 'm', provider: 'free-input', prices: { input: f(0), output: f(1) } }),
  ];
  assert.equal(cheapestOffer(offers, 0.75)!.offer.provider, 'paid');
  assert.equal(cheapestOffer(offers, 1)!.offer.provider, 'free-input', 'a $0 input with a paid output is still a per-token price');
  assert.equal(cheapestOffer(offers.slice(0, 1), 0.75), undefined);
});

test('the cheapest offer reads base SKUs only: an :extended, stealth or :free listing never stands for the price', () => {
  // OpenAI gpt-4o (genai-prices npm 0.1.8): `gpt-4o` 2.5/10, `gpt-4o:extended` 6/18; Kilo's stealth/ claude-opus-4.6 4/20.
  const offers = [
    anOffer({ model_id: 'm', provider: 'openai', provider_model_id: 'gpt-4o:extended', sku: 'extended', prices: { input: f(6), output: f(18) } }),
    anOffer({ model_id: 'm', provider: 'openai', provider_model_id: 'gpt-4o', prices: { input: f(2.5), output: f(10) } }),
    anOffer({ model_id: 'm', provider: 'kilo', provider_model_id: 'stealth/gpt-4o', sku: 'stealth', prices: { input: f(1), output: f(2) } }),
    anOffer({ model_id: 'm', provider: 'openrouter', provider_model_id: 'gpt-4o:free', sku: 'free', prices: { input: f(0.5), output: f(0.5) } }),
    anOffer({ model_id: 'm', provider: 'azure', provider_model_id: 'eu/gpt-4o', sku: 'regional', region: 'eu', prices: { input: f(2.75), output: f(11) } }),
  ];
  // Blend at 0.75: 0.75 x 2.5 + 0.25 x 10 = 4.375 for the standard offer.
  assert.deepEqual([cheapestOffer(offers, 0.75)?.offer.provider_model_id, cheapestOffer(offers, 0.75)?.blended], ['gpt-4o', 4.375]);
  // EU-only: the Azure EU data-zone SKU is a base SKU: 0.75 x 2.75 + 0.25 x 11 = 4.8125.
  assert.equal(cheapestOffer(offers, 0.75, isEuOffer)?.blended, 4.8125);
  // Asked for: the stealth listing (0.75 x 1 + 0.25 x 2 = 1.25).
  assert.equal(cheapestOffer(offers, 0.75, undefined, ['stealth'])?.blended, 1.25);
  // A `free` SKU is free whatever it lists: never a per-token price.
  assert.equal(cheapestOffer(offers, 0.75, undefined, ['free']), undefined);
});
