// Tests of a model's cheapest offer read from its frontier: kept at the default share, worked afresh at any other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, f } from '../dataset/fixtures.ts';
import { cheapestAtPrompt, cheapestInFrontier, frontierOf, frontierOfModel, silentAtPrompt } from './offer-frontier.ts';

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

test('above a tier threshold a flat offer is a pick only within its own window; one with a shorter window never stands for a longer', () => {
  // Claude Sonnet 4.6's shape: the developer flat at 3 / 15 to 1,000,000 tokens (genai-prices: surcharge removed
  // 2026-03-13); a reseller at the old 6 / 22.5 above 200k; a cheaper flat reseller whose own window is 409,600
  // (models.dev gmicloud lists 409,600 for anthropic/claude-sonnet-4.6, here at 2.4 / 12 to make it cheapest).
  const offers = Object.freeze([
    anOffer({ model_id: 's', provider: 'anthropic', first_party: true, context_window: f(1_000_000), prices: { input: f(3), output: f(15) } }),
    anOffer({ model_id: 's', provider: 'vercel', prices: { input: f(3), output: f(15), tiers: f([{ above_tokens: 200_000, input: 6, output: 22.5 }]) } }),
    anOffer({ model_id: 's', provider: 'short', context_window: f(409_600), prices: { input: f(2.4), output: f(12) } }),
    anOffer({ model_id: 's', provider: 'nowindow', prices: { input: f(1), output: f(2) } }),
  ]);
  const fr = frontierOf(offers, '2026-11-25');
  // 300,000 tokens: short's window reaches it, 0.75 x 2.4 + 0.25 x 12 = 4.8; nowindow states none, silent.
  assert.deepEqual([cheapestAtPrompt(fr, 0.75, any, 300_000)!.offer.provider, cheapestAtPrompt(fr, 0.75, any, 300_000)!.blended], ['short', 4.8]);
  assert.equal(silentAtPrompt(fr, 0.75, any, 300_000), true);
  // 500,000 tokens: past short's window, the developer's flat 0.75 x 3 + 0.25 x 15 = 6, not vercel's 10.125.
  const at500 = cheapestAtPrompt(fr, 0.75, any, 500_000)!;
  assert.deepEqual([at500.offer.provider, at500.blended, at500.tier], ['anthropic', 6, undefined]);
  // 200,000 tokens: no threshold crossed, every offer at base: nowindow 0.75 x 1 + 0.25 x 2 = 1.25.
  assert.equal(cheapestAtPrompt(fr, 0.75, any, 200_000)!.offer.provider, 'nowindow');
});
