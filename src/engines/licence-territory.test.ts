// Tests of a licence that withholds its rights in the EU: the trust profile quotes it, recommend keeps it from EU asks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aDeveloper, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import type { Licence } from '../schema/index.ts';
import { interpret } from './interpret.ts';
import { recommend } from './recommend.ts';
import { CRITERIA, trustProfile } from './trust.ts';

// The Llama 4 acceptable use policy, models/llama4/USE_POLICY.md in meta-llama/llama-models (data/curated/licence-territories.csv).
const CLAUSE = 'With respect to any multimodal models included in Llama 4, the rights granted under Section 1(a) of the Llama 4 '
  + 'Community License Agreement are not being granted to you if you are an individual domiciled in, or a company with a principal '
  + 'place of business in, the European Union. This restriction does not apply to end users of a product or service that '
  + 'incorporates any such multimodal models.';
const LLAMA4: Licence = {
  id: 'llama-4-community', name: 'Llama 4 Community License Agreement', osi_approved: false, commercial_use: true,
  territory_exclusion: {
    excludes_eu: true, territories: ['European Union'], applies_to: 'multimodal', clause: CLAUSE,
    evidence_url: 'https://github.com/meta-llama/llama-models/blob/main/models/llama4/USE_POLICY.md', read: '2026-11-27',
  },
};
const APACHE: Licence = { id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true };
const rated = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });

// who=hospital asks for known trust evidence: the developer is scored on every FMTI indicator (as in recommend.test.ts).
const FMTI_ALL = Object.fromEntries(CRITERIA.filter((c) => c.fmti).map((c, i) => [c.fmti!, f({ score: (i % 2) as 0 | 1 })]));

// Both models are served from an EU-resident offer at the same price; the Llama 4 one is rated higher.
const ds = aDataset({
  developers: [aDeveloper({ id: 'acme', fmti_indicators: FMTI_ALL })],
  models: [
    aModel({ id: 'maverick', open_weights: f(true), licence: f(LLAMA4), modalities: f({ input: ['text', 'image'], output: ['text'] }) }),
    aModel({ id: 'apache-model', open_weights: f(true), licence: f(APACHE) }),
  ],
  providers: [aProvider({ id: 'eu-cloud', jurisdiction: f('EU') })],
  offers: ['maverick', 'apache-model'].map((model_id) =>
    anOffer({ model_id, provider: 'eu-cloud', prices: { input: f(0.2), output: f(0.6) }, eu_resident: f('yes' as const) })),
  ratings: [rated('maverick', 1450), rated('apache-model', 1400)],
});

test('the trust profile shows the exclusion beside commercial use and quotes the clause in open_licence and eu_hosting', () => {
  const p = trustProfile(ds, ds.modelById.get('maverick')!);
  assert.equal(p.compliance.commercial_use?.value, true);
  assert.equal(p.compliance.territory_exclusion?.excludes_eu, true);
  assert.equal(p.compliance.territory_exclusion?.clause, CLAUSE);
  const detail = (id: string) => p.criteria.find((c) => c.id === id)!.evidence.detail;
  assert.equal(p.criteria.find((c) => c.id === 'open_licence')!.status, 'not_met');
  assert.match(detail('open_licence'), /grants no rights in European Union for its multimodal models: "With respect to any multimodal models included in Llama 4/);
  // EU hosting is still met (an EU-resident offer exists), but the evidence says the licence excludes EU companies.
  assert.equal(p.criteria.find((c) => c.id === 'eu_hosting')!.status, 'met');
  assert.match(detail('eu_hosting'), /; but the Llama 4 Community License Agreement grants no rights in European Union/);
  const plain = trustProfile(ds, ds.modelById.get('apache-model')!);
  assert.equal(plain.compliance.territory_exclusion, null);
});

test('keep=eu-only: a model whose licence withholds its rights in the EU is no pick, and the step counts it', () => {
  const r = recommend(ds, interpret(ds, { keep: 'EU only' }));
  assert.deepEqual(r.recommendations.map((x) => x.model.id), ['apache-model']);
  const s = r.steps.find((x) => x.id === 'eu_licence');
  assert.deepEqual([s?.constraint, s?.eliminated], ['keep=eu-only', 1]);
});

test('who=hospital without an EU constraint: the model may be picked, and its licence reason quotes the clause', () => {
  const r = recommend(ds, interpret(ds, { who: 'hospital' }));
  assert.equal(r.steps.find((x) => x.id === 'eu_licence'), undefined);
  const pick = r.recommendations.find((x) => x.model.id === 'maverick');
  assert.ok(pick, 'the higher-rated Llama 4 model is among the picks outside the EU');
  assert.ok(pick.reasons.some((t) => t.includes(`Note: the Llama 4 Community License Agreement grants no rights in European Union for its multimodal models: "${CLAUSE}"`)));
  const other = r.recommendations.find((x) => x.model.id === 'apache-model');
  assert.ok(other && !other.reasons.some((t) => t.includes('grants no rights')));
});
