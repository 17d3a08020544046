// Tests of a model's cheapest offer read from its frontier: kept at the default share, worked afresh at any other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, f } from '../dataset/fixtures.ts';
import { cheapestInFrontier, frontierOfModel } from './offer-frontier.ts';

// One model sold by a reseller at $1 in / $5 out, by another at $2 in / $2 out, and by its developer at $3 / $3.
const ds = aDataset({
  models: [aModel({ id: 'm' })],
  offers: [
    anOffer({ model_id: 'm', provider: 'a', prices: { input: f(1), output: f(5) } }),
    anOffer({ model_id: 'm', provider: 'b', prices: { input: f(2), output: f(2) } }),
    anOffer({ model_id: 'm', provider: 'acme', first_party: true, prices: { input: f(3), output: f(3) } }),
  ],
});
const any = { first_party_only: false, eu: false };
const own = { first_party_only: true, eu: false };

test('the cheapest offer at the default share (0.75) is kept and the same object on every ask; other shares priced afresh', () => {
  const fr = frontierOfModel(ds, 'm');
  // Worked by hand at 0.75: a 0.75 x 1 + 0.25 x 5 = 2; b 0.75 x 2 + 0.25 x 2 = 2; equal blends go by provider: a.
  const first = cheapestInFrontier(fr, 0.75, any)!;
  assert.deepEqual([first.offer.provider, first.blended], ['a', 2]);
  assert.equal(cheapestInFrontier(fr, 0.75, any), first, 'kept');
  assert.ok(Object.isFrozen(first), 'an ask cannot change what the next one reads');
  // At 0.5: a 3, b 2: b. At 0.9: a 1.4, b 2: a. The developer's own: acme at 3 whatever the share.
  assert.deepEqual([cheapestInFrontier(fr, 0.5, any)!.offer.provider, cheapestInFrontier(fr, 0.5, any)!.blended], ['b', 2]);
  assert.deepEqual([cheapestInFrontier(fr, 0.9, any)!.offer.provider, cheapestInFrontier(fr, 0.9, any)!.blended], ['a', 1.4]);
  assert.deepEqual([cheapestInFrontier(fr, 0.75, own)!.offer.provider, cheapestInFrontier(fr, 0.75, own)!.blended], ['acme', 3]);
  assert.equal(cheapestInFrontier(fr, 0.75, { first_party_only: true, eu: true }), undefined, 'no EU offer: none, kept as none');
  assert.equal(cheapestInFrontier(fr, 0.75, any), first, 'the other filters and shares leave the kept one as it was');
});
