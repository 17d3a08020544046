// Tests of per-offer context windows: an offer's own stated limit, not the model's, decides what it serves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, f } from '../dataset/fixtures.ts';
import { frontierOfModel } from './offer-frontier.ts';
import {
  developerCheapest, frontierServing, offersServingContext, offerServes, offerWindow, offerWindowNote,
} from './offer-context.ts';

// Llama 4 Maverick as LiteLLM's snapshot of 2026-07-24 lists it: the model's window 1,048,576; lambda_ai's own listing
// (lambda_ai/llama-4-maverick-17b-128e-instruct-fp8) max_input_tokens 131,072 at $0.05/$0.10; deepinfra's listing
// 1,048,576 at $0.15/$0.60; a third listing with no stated limit at $0.27/$0.85.
const maverick = aModel({ id: 'maverick', context_window: f(1_048_576) });
const lambda = anOffer({ model_id: 'maverick', provider: 'lambda_ai', prices: { input: f(0.05), output: f(0.1) },
  context_window: f(131_072, 'test-source', '2026-07-24') });
const deepinfra = anOffer({ model_id: 'maverick', provider: 'deepinfra', prices: { input: f(0.15), output: f(0.6) },
  context_window: f(1_048_576, 'test-source', '2026-07-24') });
const silent = anOffer({ model_id: 'maverick', provider: 'together', prices: { input: f(0.27), output: f(0.85) } });
const ds = aDataset({ models: [maverick], offers: [lambda, deepinfra, silent] });

test('an offer serves what its own source states, else the model window', () => {
  assert.equal(offerWindow(lambda, maverick), 131_072);
  assert.equal(offerWindow(silent, maverick), 1_048_576);
  assert.equal(offerWindow(silent, aModel({ id: 'x' })), undefined);
  assert.equal(offerServes(lambda, maverick, 131_072), true, 'exactly the limit is served');
  assert.equal(offerServes(lambda, maverick, 500_000), false);
  assert.equal(offerServes(silent, maverick, 500_000), true);
  assert.equal(offerServes(silent, aModel({ id: 'x' }), 2_000_000), true, 'no window known anywhere: nothing says it cannot');
});

test('the frontier at a context keeps only the offers that serve it', () => {
  const full = frontierOfModel(ds, 'maverick');
  assert.equal(frontierServing(ds, maverick, full, undefined), full);
  assert.equal(frontierServing(ds, maverick, full, 100_000), full, 'every offer serves 100k: the same frontier, no work');
  const at500k = frontierServing(ds, maverick, full, 500_000);
  // Whole frontier (every filter slot): lambda_ai, the cheapest on both prices, is the only offer left at base size.
  assert.deepEqual(full.served[0].map((o) => o.provider), ['lambda_ai']);
  assert.deepEqual(at500k.served[0].map((o) => o.provider), ['deepinfra'], 'lambda_ai (131,072) is out; deepinfra dominates together');
  assert.equal(frontierServing(ds, maverick, full, 500_000), at500k, 'kept per dataset and size');
});

test('estimate_cost leaves out, with why, the offers whose own window is below the prompt', () => {
  const offers = Object.freeze([lambda, deepinfra, silent]);
  assert.equal(offersServingContext(maverick, offers, undefined).offers, offers);
  assert.equal(offersServingContext(maverick, offers, 8192).offers, offers);
  const r = offersServingContext(maverick, offers, 500_000);
  assert.deepEqual(r.offers.map((o) => o.provider), ['deepinfra', 'together']);
  assert.equal(r.left_out.length, 1);
  assert.equal(r.left_out[0].provider, 'lambda_ai');
  assert.match(r.left_out[0].reason, /131,072 tokens \(test-source, 2026-07-24\), is below the 500,000-token prompt/);
  // The prompt is capped at the model's window, as the cost takes it: 2,000,000 asked is 1,048,576 priced.
  assert.match(offersServingContext(maverick, offers, 2_000_000).left_out[0].reason, /below the 1,048,576-token prompt/);
});

test('the note says what the rule did, and nothing when it did nothing', () => {
  assert.equal(offerWindowNote(500_000, 0, 0), null);
  assert.equal(offerWindowNote(undefined, 3, 1), null);
  const n = offerWindowNote(500_000, 1, 2)!;
  assert.match(n, /Context is checked per offer/);
  assert.match(n, /1 model had a cheaper offer whose own window is below 500,000 tokens/);
  assert.match(n, /2 models left out: no offer kept by the filters serves 500,000 tokens/);
});

test('prompts that keep the same offers get the same array (the API side keeps its ordering per array)', () => {
  const offers = Object.freeze([lambda, deepinfra, silent]);
  // lambda_ai states 131,072 tokens: any prompt from 131,073 up to deepinfra's own window keeps deepinfra and together.
  const a = offersServingContext(maverick, offers, 200_000);
  const b = offersServingContext(maverick, offers, 300_000);
  assert.deepEqual(a.offers.map((o) => o.provider), ['deepinfra', 'together']);
  assert.equal(a.offers, b.offers, 'one array for one kept set');
  assert.match(b.left_out[0].reason, /below the 300,000-token prompt/, 'the reason still names the prompt asked');
  assert.equal(offersServingContext(maverick, offers, 100_000).offers, offers, 'nothing short: the array itself');
});

test('the developer price is its published offer before a converted one, kept apart per filter', () => {
  // A model whose developer sells it twice: in the EU at $2/$8 as published, and outside it at $1/$4 converted by the
  // source from CNY (the note converted-price.ts reads). Blended at 0.75 input: EU 3.5, converted 1.75.
  const note = 'converted by the source from CNY at 7.25 CNY per USD';
  const m = aModel({ id: 'dev-model' });
  const eu = anOffer({ model_id: 'dev-model', provider: 'dev-eu', first_party: true, region: 'eu', prices: { input: f(2), output: f(8) } });
  const cny = anOffer({ model_id: 'dev-model', provider: 'dev-cn', first_party: true, region: 'global',
    prices: { input: { ...f(1), note }, output: { ...f(4), note } } });
  const d = aDataset({ models: [m], offers: [eu, cny] });
  const fr = frontierOfModel(d, 'dev-model');
  const at = (euOnly: boolean) => developerCheapest(d, m, fr, 0.75, { first_party_only: true, eu: euOnly }, undefined)?.offer.provider;
  // Anywhere: the published EU offer, though the converted one is cheaper; asked again, the same (kept).
  assert.equal(at(false), 'dev-eu');
  assert.equal(at(false), 'dev-eu');
  // With only the converted offer sold, it is the developer's price.
  const only = aDataset({ models: [m], offers: [cny] });
  assert.equal(developerCheapest(only, m, frontierOfModel(only, 'dev-model'), 0.75, { first_party_only: true, eu: false }, undefined)
    ?.offer.provider, 'dev-cn');
  // The EU filter has its own kept answer: the EU offer; at another share the answer is worked out, the same offer.
  assert.equal(at(true), 'dev-eu');
  assert.equal(developerCheapest(d, m, fr, 0.5, { first_party_only: true, eu: false }, undefined)?.offer.provider, 'dev-eu');
});
