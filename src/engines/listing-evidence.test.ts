// Tests of which developer offers no live listing confirms, and that a pick of the cheapest takes one only for want of another.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, anOffer, aModel, aSource, f } from '../dataset/fixtures.ts';
import { isUnconfirmedListing, unconfirmedListingNote } from './listing-evidence.ts';
import { preferUndoubted } from './offer-lifecycle.ts';
import type { Offer } from '../schema/index.ts';
import { apiCosts } from './api-cost.ts';
import { paidOffer } from './break-even.ts';
import { cheapestOffer } from './ranking.ts';

// Perplexity's pplx-70b-online as LiteLLM's 2026-07-24 snapshot lists it (perplexity/pplx-70b-online:
// output_cost_per_token 0.0000028, i.e. $2.8 per 1M tokens); no other source lists it.
const tableOnly = anOffer({
  model_id: 'm', provider: 'perplexity', first_party: true, listed_by: ['litellm'],
  prices: { input: f(0.5, 'litellm', '2026-07-24'), output: f(2.8, 'litellm', '2026-07-24') },
});
// A listing of the developer on another of its platforms that a live catalogue (models.dev) also lists, dearer by hand: $1/$4.
const live = anOffer({
  model_id: 'm', provider: 'perplexity-cloud', provider_model_id: 'm-live', first_party: true, listed_by: ['litellm', 'models-dev'],
  prices: { input: f(1, 'models-dev'), output: f(4, 'models-dev') },
});

const alone = (o: Offer) => isUnconfirmedListing(o, [o]);

test('a developer offer LiteLLM alone lists is unconfirmed; one a live catalogue also lists, or a reseller\'s, is not', () => {
  assert.equal(alone(tableOnly), true);
  assert.equal(alone(live), false);
  assert.equal(alone({ ...tableOnly, listed_by: ['genai-prices-npm', 'litellm'] }), false);
  assert.equal(alone({ ...tableOnly, listed_by: ['developer-prices', 'litellm'] }), false);
  // A reseller's listing says nothing of whether the developer sells the model: not judged.
  assert.equal(alone({ ...tableOnly, first_party: false }), false);
});

test('a dated name or regional SKU LiteLLM alone lists beside a live listing of the model at the provider is not marked', () => {
  // OpenAI's gpt-4.1: LiteLLM's snapshot lists gpt-4.1-2025-04-14 and models.dev providers/openai/models/gpt-4.1.toml the
  // undated name, both $2/$8: the developer sells the model; the dated name is one of its names, not a retired model.
  const undated = anOffer({ model_id: 'gpt-4.1', provider: 'openai', first_party: true, listed_by: ['litellm', 'models-dev'] });
  const dated = anOffer({ model_id: 'gpt-4.1', provider: 'openai', provider_model_id: 'gpt-4.1-2025-04-14', first_party: true, listed_by: ['litellm'] });
  const eu = anOffer({ model_id: 'gpt-4.1', provider: 'openai', region: 'eu', first_party: true, listed_by: ['litellm'] });
  assert.equal(isUnconfirmedListing(dated, [undated, dated, eu]), false);
  assert.equal(isUnconfirmedListing(eu, [undated, dated, eu]), false);
  // Another provider's live listing says nothing of this one (Vertex AI's listing beside the Gemini API's).
  const vertex = anOffer({ model_id: 'gpt-4.1', provider: 'azure', first_party: true, listed_by: ['litellm'] });
  assert.equal(isUnconfirmedListing(vertex, [undated, vertex]), true);
});

test('a developer notice that dates the listing confirms it is served until then', () => {
  // Google's gemini-2.5-pro on the Gemini API: LiteLLM lists the listing, the developer's notice dates its shutdown
  // 2026-12-01 (data/curated/developer-notices.csv): served until then.
  assert.equal(alone({ ...tableOnly, shutdown_date: f('2026-12-01', 'developer-notices') }), false);
  assert.equal(alone({ ...tableOnly, status: f('deprecated' as const, 'deprecations-rss') }), false);
  // A date LiteLLM alone gives is no notice of the developer.
  assert.equal(alone({ ...tableOnly, shutdown_date: f('2026-12-01', 'litellm') }), true);
});

test('the note cites the table with the date its snapshot was read, and is absent on a confirmed offer', () => {
  const ds = aDataset({ models: [aModel({ id: 'm' })], offers: [tableOnly, live], sources: [
    aSource(), aSource({ id: 'models-dev' }), aSource({ id: 'litellm', retrieved: '2026-07-24' }),
  ] });
  assert.match(unconfirmedListingNote(ds, tableOnly)!, /\(litellm, 2026-07-24\).*no live listing or notice confirms that the developer still sells it/);
  assert.equal(unconfirmedListingNote(ds, live), null);
});

test('the cheapest pick takes the confirmed offer over a cheaper unconfirmed one, and the unconfirmed one alone', () => {
  // At input share 0.75: $0.5/$2.8 blends to 0.75 x 0.5 + 0.25 x 2.8 = $1.075; $1/$4 to 0.75 + 1 = $1.75.
  assert.equal(cheapestOffer([tableOnly, live], 0.75)?.offer, live);
  assert.equal(cheapestOffer([tableOnly], 0.75)?.offer, tableOnly);
  assert.deepEqual(preferUndoubted([tableOnly, live]), [live]);
  assert.deepEqual(preferUndoubted([tableOnly]), [tableOnly]);
  const api = apiCosts([tableOnly, live], { tokens_millions: 100, input_share: 0.75 });
  // Both lines listed, cheapest first, the unconfirmed one marked; the break-even weighs the confirmed $175 a month.
  assert.deepEqual(api.offers.map((l) => [l.provider_model_id, l.monthly_usd, l.listing_unconfirmed]), [['m', 107.5, true], ['m-live', 175, undefined]]);
  assert.equal(paidOffer(api)?.provider_model_id, 'm-live');
  assert.equal(paidOffer(apiCosts([tableOnly], { tokens_millions: 100, input_share: 0.75 }))?.provider_model_id, 'm');
});
