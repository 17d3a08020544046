// Tests of cheapest_for's kept row parts: what one ask adds (the blended prices, the floor) never carries into the next.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { projectBody, writeBody } from '../access/index.ts';
import { aDataset, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import { cheapest_for } from './cheapest-for.ts';
import { isStitched, stitched } from './json-fragment.ts';

const price = (input: number, output: number) => ({ input: f(input), output: f(output) });

// One model, sold by a reseller at $1 in / $3 out and by its developer (acme) at $2 in / $6 out.
const ds = aDataset({
  models: [aModel({ id: 'm' })],
  offers: [
    anOffer({ model_id: 'm', provider: 'a', prices: price(1, 3) }),
    anOffer({ model_id: 'm', provider: 'acme', first_party: true, prices: price(2, 6) }),
  ],
  ratings: [aRating({ model_id: 'm', rating: 1400, rating_lower: 1395, rating_upper: 1405 })],
});

type Out = Record<string, any> & { items: Array<Record<string, any>> };
const run = (input: Record<string, unknown>) => cheapest_for.handler(ds, cheapest_for.input.parse(input), { today: '2026-10-01' }) as Out;

/** The answer as the executor writes it (kept parts copied as text), and as projected and serialized whole. */
function written(out: Out, full: boolean): [string, string] {
  const body = { data_as_of: ds.meta.data_as_of, ...out };
  const opts = { full, sources: ds.sourceById, baseUrl: 'http://x' };
  assert.ok(isStitched(out), 'the answer is written from kept parts');
  return [writeBody(stitched(body), opts).pieces.join(''), JSON.stringify(projectBody(body, opts))];
}

test('each ask prices the kept offer at its own input share, in the figures and in the sentence', () => {
  // 0.75 x $1 + 0.25 x $3 = $1.5 (reseller); 0.75 x $2 + 0.25 x $6 = $3 (developer).
  const a = run({ input_share: 0.75 }).items[0];
  // 0.25 x $1 + 0.75 x $3 = $2.5; 0.25 x $2 + 0.75 x $6 = $5.
  const b = run({ input_share: 0.25, min_elo: 1390 }).items[0];
  assert.deepEqual([a.blended_price.value, a.offer.blended_price.value, a.developer_offer.blended_price.value], [1.5, 1.5, 3]);
  assert.deepEqual([b.blended_price.value, b.offer.blended_price.value, b.developer_offer.blended_price.value], [2.5, 2.5, 5]);
  assert.deepEqual([a.offer.blended_price.input_share, b.developer_offer.blended_price.input_share], [0.75, 0.25]);
  // The fixture's reseller listing is listed by test-source alone (an aggregator) and the model's weights are not known
  // open: the sentence says it rests on that one catalogue (cheapest-for-evidence.ts) before who sells it.
  assert.match(a.why,
    /per 1M tokens: \$1\.5 blended at 75% input\. Listed by one catalogue only \(test-source\); no page of a's own was read\. Sold by a reseller; the developer's own offer \(acme\) is \$3 blended\.$/);
  assert.match(b.why,
    /, at or above the floor of 1390; its cheapest offer is a \(m\) at .*: \$2\.5 blended at 25% input\..* \$5 blended\.$/);
  assert.doesNotMatch(b.why, /floor of 1390.*floor|75%/);
  // The offer's own facts are the same objects in both answers (kept once), its blend a new one each time.
  assert.equal(a.offer.prices, b.offer.prices);
  assert.notEqual(a.offer.blended_price, b.offer.blended_price);
});

test('the blend names the prices it reads: input only at share 1, output only at share 0', () => {
  assert.deepEqual(run({ input_share: 1 }).items[0].blended_price, { value: 1, input_share: 1, derived_from: ['prices.input'] });
  assert.deepEqual(run({ input_share: 0 }).items[0].blended_price, { value: 3, input_share: 0, derived_from: ['prices.output'] });
  assert.deepEqual(run({ input_share: 0.5 }).items[0].blended_price.derived_from, ['prices.input', 'prices.output']);
});

test('answers written from kept parts equal the answer projected and serialized whole, ask after ask, both tiers', () => {
  for (const share of [0.75, 0.1, 0.75, 0.9]) {
    for (const full of [true, false]) {
      const [kept, whole] = written(run({ input_share: share }), full);
      assert.equal(kept, whole, `share ${share} ${full ? 'full' : 'partial'}`);
    }
  }
  // The partial tier drops the offer's sources and lists them once.
  const [partial] = written(run({}), false);
  assert.doesNotMatch(partial, /"listed_by"/);
  assert.match(partial, /"sources":\[\{"id":/);
});

test('at the default share (0.75) an offer\'s whole view is kept: the same in every ask, its blend the item\'s', () => {
  const a = run({}).items[0];
  const c = run({ min_elo: 1390 }).items[0];
  assert.equal(a.offer, c.offer, 'one view per offer at the default share');
  assert.equal(a.developer_offer, c.developer_offer);
  assert.ok(Object.isFrozen(a.offer) && Object.isFrozen(a.blended_price), 'kept views cannot be changed by an ask');
  assert.equal(a.blended_price, a.offer.blended_price);
  // As above, worked by hand: 0.75 x $1 + 0.25 x $3 = $1.5; the developer's 0.75 x $2 + 0.25 x $6 = $3.
  assert.deepEqual(a.blended_price, { value: 1.5, input_share: 0.75, derived_from: ['prices.input', 'prices.output'] });
  assert.equal(a.developer_offer.blended_price.value, 3);
  // Another share is priced afresh, and the kept view is left as it was.
  assert.equal(run({ input_share: 0.5 }).items[0].offer.blended_price.value, 2);
  assert.equal(run({}).items[0].offer.blended_price.value, 1.5);
});

test('at the default share an item\'s members but its position and sentence are one kept run, the same across asks', () => {
  const a = run({}).items[0];
  const c = run({ min_elo: 1390 }).items[0];
  assert.deepEqual(Object.keys(a), ['position', 'model', 'rating', 'blended_price', 'offer', 'first_party', 'developer_offer',
    'parameters_total', 'model_status', 'why']);
  for (const k of ['model', 'rating', 'blended_price', 'offer', 'developer_offer'] as const) assert.equal(a[k], c[k], k);
  assert.notEqual(a.why, c.why, 'the sentence names each ask\'s floor');
  assert.equal(a.first_party, false);
  // Both tiers byte for byte as the answer projected and serialized whole (kept run and plain answer alike).
  for (const full of [true, false]) {
    const [kept, whole] = written(run({ min_elo: 1390 }), full);
    assert.equal(kept, whole);
  }
});

test('a reseller-only place names the developer\'s shut-down offer, never "sells it through no offer"', () => {
  // DeepSeek V3.2 as the data holds it: DeepSeek's own deepseek-chat listing shut down on 2026-04-24 (its notice), a
  // reseller still sells the model. The place must say the developer's offer is gone, and when, not that none exists.
  const gone = aDataset({
    models: [aModel({ id: 'v' })],
    offers: [
      anOffer({ model_id: 'v', provider: 'r', prices: price(0.2, 0.4) }),
      anOffer({
        model_id: 'v', provider: 'acme', provider_model_id: 'acme-chat', first_party: true, prices: price(0.28, 0.42),
        shutdown_date: f('2026-04-24'),
      }),
    ],
    ratings: [aRating({ model_id: 'v', rating: 1400, rating_lower: 1395, rating_upper: 1405 })],
  });
  const item = (cheapest_for.handler(gone, cheapest_for.input.parse({}), { today: '2026-10-01' }) as Out).items[0];
  assert.equal(item.offer.provider, 'r');
  assert.match(item.why, /the developer's own offer \(acme-chat\) is no longer served: shut down on 2026-04-24 \(test-source\)/);
  assert.doesNotMatch(item.why, /through no offer/);
});

test('a closed-weights model sold only by a reseller says its price is tied to no developer offer', () => {
  // grok-4.1 as the data holds it: closed weights, one reseller (302.AI) and no xAI listing in any source read.
  const relay = aDataset({
    models: [aModel({ id: 'c', open_weights: f(false) }), aModel({ id: 'o', open_weights: f(true) })],
    offers: [anOffer({ model_id: 'c', provider: 'r', prices: price(2, 10) }), anOffer({ model_id: 'o', provider: 'r', prices: price(1, 2) })],
    ratings: [
      aRating({ model_id: 'c', rating: 1400, rating_lower: 1395, rating_upper: 1405 }),
      aRating({ model_id: 'o', rating: 1390, rating_lower: 1385, rating_upper: 1395 }),
    ],
  });
  const items = (cheapest_for.handler(relay, cheapest_for.input.parse({}), { today: '2026-10-01' }) as Out).items;
  const why = (id: string) => items.find((i) => i.model.id === id)!.why as string;
  assert.match(why('c'), /its weights are closed, so this listing can only relay a developer API the dataset does not list/);
  assert.doesNotMatch(why('o'), /weights are closed/, 'an open model may be run by the reseller itself');
});

test('an open-weights model\'s cheapest listing is a third party\'s, not a reseller\'s; a closed one\'s a reseller\'s', () => {
  // DeepInfra runs Llama 3.1 8B's open weights itself: "Sold by a reseller" misnamed it (estimate_cost says the same).
  // OpenRouter routes to such hosts, and the dataset does not tell the two apart: "a third party" is true of both.
  const open = aDataset({
    models: [aModel({ id: 'o', open_weights: f(true) })],
    offers: [
      anOffer({ model_id: 'o', provider: 'host', prices: price(1, 3) }),
      anOffer({ model_id: 'o', provider: 'acme', first_party: true, prices: price(2, 6) }),
    ],
    ratings: [aRating({ model_id: 'o', rating: 1400, rating_lower: 1395, rating_upper: 1405 })],
  });
  const why = (cheapest_for.handler(open, cheapest_for.input.parse({}), { today: '2026-10-01' }) as Out).items[0]!.why as string;
  // 0.75 x $1 + 0.25 x $3 = $1.5 (the host); 0.75 x $2 + 0.25 x $6 = $3 (the developer).
  assert.match(why, /\$1\.5 blended at 75% input\. Sold by a third party; the developer's own offer \(acme\) is \$3 blended\.$/);
  assert.doesNotMatch(why, /reseller/);
  assert.match(run({}).items[0]!.why, /Sold by a reseller; the developer's own offer \(acme\) is \$3 blended\.$/);
});

test('an open-weights model\'s listing is sold by a host or a router where the provider\'s own page says which', () => {
  // 0.75 x $1 + 0.25 x $3 = $1.5 (the listing ranked); 0.75 x $2 + 0.25 x $6 = $3 (the developer's own offer).
  const page = (role: 'host' | 'router') => ({ ...f(role), evidence_page: { url: 'https://example.com/page', quote: 'what the page says', read_on: '2026-11-29' } });
  const why = (role: 'host' | 'router' | undefined) => {
    const d = aDataset({
      models: [aModel({ id: 'o', open_weights: f(true) })],
      providers: [aProvider({ id: 'seller', name: 'Seller', ...(role ? { serving_role: page(role) } : {}) })],
      offers: [
        anOffer({ model_id: 'o', provider: 'seller', prices: price(1, 3) }),
        anOffer({ model_id: 'o', provider: 'acme', first_party: true, prices: price(2, 6) }),
      ],
      ratings: [aRating({ model_id: 'o', rating: 1400, rating_lower: 1395, rating_upper: 1405 })],
    });
    return (cheapest_for.handler(d, cheapest_for.input.parse({}), { today: '2026-10-01' }) as Out).items[0]!.why as string;
  };
  assert.match(why('host'), /\$1\.5 blended at 75% input\. Sold by a host that runs the weights; the developer's own offer \(acme\) is \$3 blended\.$/);
  // A router's upstream per listing is in no source (models.dev's router files give prices and limits only), so the
  // reason says the host is not known rather than naming one.
  assert.match(why('router'), /\$1\.5 blended at 75% input\. Sold by a router, which forwards each request to a provider that runs the weights \(which one is not known: no source in the dataset lists its upstream endpoints\); the developer's own offer \(acme\) is \$3 blended\.$/);
  assert.match(why(undefined), /Sold by a third party; the developer's own offer \(acme\) is \$3 blended\.$/);
});
