// Tests of the Trust Index: each criterion's rule, unknown kept unknown, per-developer evidence, index and coverage.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aDeveloper, aHardware, aModel, anOffer, aProvider, aRating, aSource, f } from '../dataset/fixtures.ts';
import type { Architecture, Developer, Model } from '../schema/index.ts';
import { CRITERIA, trustProfile } from './trust.ts';

const ARCH_8B: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/eight-b' };
const APACHE = { id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true };
const EU_LIST = aSource({ id: 'eu-gpai-code', kind: 'index', retrieved: '2025-12-01' });
const FMTI = aSource({ id: 'fmti', kind: 'index', retrieved: '2025-12-09' });

const status = (p: ReturnType<typeof trustProfile>, id: string) => p.criteria.find((c) => c.id === id)!.status;
const evidence = (p: ReturnType<typeof trustProfile>, id: string) => p.criteria.find((c) => c.id === id)!.evidence;

function profile(model: Partial<Model> = {}, parts: Parameters<typeof aDataset>[0] = {}) {
  const m = aModel({ id: 'm', ...model });
  const ds = aDataset({ models: [m], sources: [aSource(), EU_LIST, FMTI], ...parts });
  return trustProfile(ds, ds.modelById.get('m')!);
}

test('the 16 criteria of DESIGN.md section 8, in order, FMTI and EU list ones per developer', () => {
  assert.equal(CRITERIA.length, 16);
  assert.deepEqual(CRITERIA.map((c) => c.id).slice(0, 4), ['open_weights', 'open_licence', 'self_hostable', 'eu_hosting']);
  assert.equal(CRITERIA[15].id, 'independent_evaluation');
  assert.deepEqual(CRITERIA.map((c, i) => [i + 1, c.scope]).filter(([, s]) => s === 'developer').map(([n]) => n), [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
});

test('with no evidence, criteria stay unknown and earn nothing; absence from lists the dataset holds is not met', () => {
  const p = profile({}, { sources: [aSource()] });
  assert.equal(p.counts.total, 16);
  // No offer at all and no rating at all are facts about the catalogue; everything else is unknown.
  assert.deepEqual(p.criteria.filter((c) => c.status !== 'unknown').map((c) => [c.id, c.status]), [['eu_hosting', 'not_met'], ['independent_evaluation', 'not_met']]);
  assert.equal(status(p, 'eu_gpai_code_signatory'), 'unknown', 'no EU list in this dataset');
  assert.deepEqual([p.trust_index, p.coverage], [0, 2 / 16]);
  assert.equal(p.compliance.eu_code, null);
});

test('FMTI criteria read the named indicator of the developer, and say they are per developer', () => {
  const dev: Developer = aDeveloper({
    id: 'acme', name: 'Acme',
    fmti_indicators: {
      'Data acquisition methods': f({ score: 1 as const, justification: 'Lists crawling and licensing.' }, 'fmti', '2025-12-09'),
      'Energy usage for final training run': f({ score: 0 as const }, 'fmti', '2025-12-09'),
    },
  });
  const p = profile({}, { developers: [dev] });
  assert.equal(status(p, 'training_data_disclosed'), 'met');
  assert.equal(status(p, 'energy_disclosed'), 'not_met');
  assert.equal(status(p, 'training_compute_disclosed'), 'unknown', 'an indicator the developer has no score for');
  const e = evidence(p, 'training_data_disclosed');
  assert.deepEqual([e.indicator, e.score, e.source, e.as_of, e.justification], ['Data acquisition methods', 1, 'fmti', '2025-12-09', 'Lists crawling and licensing.']);
  assert.match(e.detail, /per developer/);
  assert.match(evidence(p, 'training_compute_disclosed').detail, /per developer/);
});

test('trust_index = round(100 x met / 16) and coverage = known / 16', () => {
  const indicators = Object.fromEntries(CRITERIA.filter((c) => c.fmti).map((c) => [c.fmti!, f({ score: 1 as const }, 'fmti')]));
  const p = profile(
    { open_weights: f(true), licence: f(APACHE) },
    { developers: [aDeveloper({ id: 'acme', fmti_indicators: indicators, eu_code: f({ status: 'signatory' as const, chapters: 'all' }, 'eu-gpai-code') })], ratings: [aRating({ model_id: 'm', leaderboard: 'text', votes: 1000 })] },
  );
  // met: open_weights, open_licence, 10 FMTI, EU code, independent evaluation = 14; self_hostable unknown (no facts); eu_hosting not met (no offer).
  assert.deepEqual(p.counts, { met: 14, not_met: 1, unknown: 1, total: 16 });
  assert.equal(p.trust_index, 88);
  assert.equal(p.coverage, 15 / 16);
});

test('self_hostable: open weights that fit a catalogued configuration at 4 bits or more; no facts, unknown', () => {
  const small = aHardware({ id: 'gpu-24', memory_gb: f(24) });
  const eightB = { open_weights: f(true), parameters_total: f(8e9), architecture: f(ARCH_8B), context_window: f(131072) };
  const fits = profile(eightB, { hardware: [small] });
  assert.equal(status(fits, 'self_hostable'), 'met');
  assert.equal(evidence(fits, 'self_hostable').value, 'gpu-24');
  assert.equal(evidence(fits, 'self_hostable').source, 'derived');
  assert.ok(evidence(fits, 'self_hostable').derived_from!.some((d) => d.startsWith('parameters_total')));
  // 400B parameters need about 245 GB at Q4_K_M: no 24 GB card holds them, and Q3 does not count.
  const huge = profile({ ...eightB, parameters_total: f(400e9) }, { hardware: [small] });
  assert.equal(status(huge, 'self_hostable'), 'not_met');
  assert.equal(status(profile({ open_weights: f(true) }, { hardware: [small] }), 'self_hostable'), 'unknown');
  assert.equal(status(profile({ open_weights: f(false) }, { hardware: [small] }), 'self_hostable'), 'not_met');
});

test('eu_hosting: an offer resident or with EU regions is met; unknown residency stays unknown; provider "no" is not met', () => {
  const offer = (provider: string, v: 'yes' | 'region' | 'no' | 'unknown') => anOffer({ model_id: 'm', provider, eu_resident: f(v, 'test-source') });
  const providers = [aProvider({ id: 'eu-host' }), aProvider({ id: 'us-host' }), aProvider({ id: 'who-knows' })];
  assert.equal(status(profile({}, { providers, offers: [offer('eu-host', 'region'), offer('us-host', 'no')] }), 'eu_hosting'), 'met');
  assert.equal(status(profile({}, { providers, offers: [offer('who-knows', 'unknown'), offer('us-host', 'no')] }), 'eu_hosting'), 'unknown');
  assert.equal(status(profile({}, { providers, offers: [offer('us-host', 'no')] }), 'eu_hosting'), 'not_met');
  const sku = profile({}, { providers, offers: [anOffer({ model_id: 'm', provider: 'us-host', region: 'eu', eu_resident: f('yes' as const) })] });
  assert.equal(status(sku, 'eu_hosting'), 'met');
  assert.deepEqual(sku.compliance.eu_offers.map((o) => [o.provider, o.region]), [['us-host', 'eu']]);
});

test('eu_hosting not met: the evidence names the listings without EU residency, counted in words that fit 1, 2 and 3', () => {
  // A provider with EU data zones may still list a model only at a global SKU (Azure's Global Standard): residency is
  // the listing's, so the text names listings, never "providers without EU data residency".
  const providers = [aProvider({ id: 'azure', name: 'Azure' }), aProvider({ id: 'us-host', name: 'US Host' })];
  const offer = (provider: string, id: string) => anOffer({ model_id: 'm', provider, provider_model_id: id, eu_resident: f('no' as const, 'test-source') });
  const detail = (offers: ReturnType<typeof anOffer>[]) => evidence(profile({}, { providers, offers }), 'eu_hosting').detail;
  assert.equal(detail([offer('azure', 'grok-4')]), 'the 1 offer is a listing without EU data residency: Azure grok-4 (global, standard SKU)');
  assert.equal(detail([offer('azure', 'grok-4'), offer('us-host', 'grok-4')]),
    'both offers are listings without EU data residency: Azure grok-4 (global, standard SKU), US Host grok-4 (global, standard SKU)');
  assert.match(detail([offer('azure', 'a'), offer('azure', 'b'), offer('us-host', 'c')]), /^all 3 offers are listings without EU data residency: /);
});

test('EU Code: all chapters signed is met; partial or declined is not; absent from the list is not met and says not_listed', () => {
  const withCode = (status: 'signatory' | 'partial' | 'declined', chapters?: string) =>
    profile({}, { developers: [aDeveloper({ id: 'acme', eu_code: f({ status, ...(chapters ? { chapters } : {}) }, 'eu-gpai-code', '2025-12-01') })] });
  assert.equal(status(withCode('signatory', 'all'), 'eu_gpai_code_signatory'), 'met');
  assert.equal(status(withCode('partial', 'Safety and Security only'), 'eu_gpai_code_signatory'), 'not_met');
  assert.equal(status(withCode('declined'), 'eu_gpai_code_signatory'), 'not_met');
  const absent = profile();
  assert.equal(status(absent, 'eu_gpai_code_signatory'), 'not_met');
  assert.equal(absent.compliance.eu_code?.value.status, 'not_listed');
  assert.equal(absent.compliance.eu_code?.source, 'eu-gpai-code');
});

test('EU Code: a caveat the list carries travels with every status read from it, in the fact and the criterion', () => {
  const caveat = 'the list is a secondary compilation: check the Commission\'s page';
  const list = aSource({ id: 'eu-gpai-code', kind: 'index', retrieved: '2025-12-01', caveat });
  const signed = profile({}, { sources: [aSource(), list, FMTI],
    developers: [aDeveloper({ id: 'acme', eu_code: f({ status: 'signatory' as const, chapters: 'all' }, 'eu-gpai-code', '2025-12-01') })] });
  assert.equal(signed.compliance.eu_code?.note, caveat);
  assert.match(evidence(signed, 'eu_gpai_code_signatory').detail!, /signed the EU GPAI Code of Practice, chapters: all \(per developer\); the list is a secondary/);
  const absent = profile({}, { sources: [aSource(), list, FMTI] });
  assert.equal(absent.compliance.eu_code?.note, `not on the list of signatories, partial signatories and organisations that declined; ${caveat}`);
  // A list without a caveat adds none.
  assert.equal(profile().compliance.eu_code?.note, 'not on the list of signatories, partial signatories and organisations that declined');
});

test('independent evaluation: 1,000 votes on a text leaderboard; fewer is not met; no vote count is unknown', () => {
  const rated = (over: Parameters<typeof aRating>[0]) => profile({}, { ratings: [aRating(over)] });
  assert.equal(status(rated({ model_id: 'm', leaderboard: 'text_style_control', votes: 1000 }), 'independent_evaluation'), 'met');
  assert.equal(status(rated({ model_id: 'm', leaderboard: 'text', votes: 999 }), 'independent_evaluation'), 'not_met');
  assert.equal(status(rated({ model_id: 'm', leaderboard: 'vision', votes: 50000 }), 'independent_evaluation'), 'not_met', 'vision is not a text leaderboard');
  const noVotes = aRating({ model_id: 'm', leaderboard: 'text' });
  delete (noVotes as { votes?: number }).votes;
  assert.equal(status(profile({}, { ratings: [noVotes] }), 'independent_evaluation'), 'unknown');
});

test('compliance: licence and commercial use, developer country, offer counts', () => {
  const p = profile(
    { licence: f({ id: 'llama-3.3', name: 'Llama 3.3 Community', osi_approved: false, commercial_use: true }, 'test-source', '2026-01-02') },
    { developers: [aDeveloper({ id: 'acme', country: f('FR') })], offers: [anOffer({ model_id: 'm' })] },
  );
  // Commercial use is the licence table's reading of the licence; the label's source is named apart (licence_sources).
  assert.deepEqual(p.compliance.commercial_use, { value: true, as_of: '2026-01-02', source: 'licence-table' });
  assert.deepEqual(p.compliance.licence_sources?.label, { source: 'test-source', as_of: '2026-01-02' });
  assert.equal(p.compliance.developer.country?.value, 'FR');
  // The one offer's residency is unknown: no EU offer of any kind, so each split count is 0 too.
  assert.deepEqual(p.compliance.offers,
    { total: 1, eu_resident: 0, eu_resident_providers: 0, residency_unknown: 1, eu_resident_yes: 0, eu_region: 0, eu_region_on_condition: 0 });
  assert.equal(status(p, 'open_licence'), 'not_met');
  // The criterion's evidence is the licence table's, with the label's source and day among what it is derived from.
  assert.equal(evidence(p, 'open_licence').source, 'licence-table');
  assert.deepEqual(evidence(p, 'open_licence').derived_from, ['licence = llama-3.3 (test-source, 2026-01-02)']);
});
