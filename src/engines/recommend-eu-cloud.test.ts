// where=eu-cloud on a fixture: the constraint steps and the note say only what the engine did (self-hosting ruled
// out, so open weights pass no step), and an EU-resident router whose processing has no jurisdiction in the providers
// table (cortecs: keeping to EU-based providers is a setting, not its default) scores no eu_jurisdiction and says why.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aDeveloper, aHardware, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import type { Architecture } from '../schema/index.ts';
import { interpret, type RawSituation } from './interpret.ts';
import { recommend } from './recommend.ts';
import { notesFor } from './recommend-reasons.ts';
import { CRITERIA } from './trust.ts';

const arch: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/x' };
const APACHE = f({ id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true });
const rated = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });
const ROUTER_NOTE = 'by default: the router passes each request to an upstream provider in Europe; a provider based in the EU only on a setting';

// who=public-sector asks for known trust evidence (8 of 16 criteria): the developer's 10 FMTI indicators give it.
const FMTI_ALL = Object.fromEntries(CRITERIA.filter((c) => c.fmti).map((c) => [c.fmti!, f({ score: 1 as const })]));

const ds = aDataset({
  developers: [aDeveloper({ id: 'acme', fmti_indicators: FMTI_ALL })],
  models: [
    aModel({ id: 'routed', open_weights: f(false), context_window: f(131072) }),
    aModel({ id: 'hosted', open_weights: f(false), context_window: f(131072) }),
    aModel({ id: 'open-small', open_weights: f(true), licence: APACHE, parameters_total: f(8e9), architecture: f(arch), context_window: f(131072) }),
  ],
  // `eu-router` has a headquarters but no jurisdiction (cortecs' row); `eu-host` is under EU jurisdiction (Scaleway's).
  providers: [aProvider({ id: 'eu-router', name: 'EU Router', hq_country: f('AT') }), aProvider({ id: 'eu-host', name: 'EU Host', jurisdiction: f('EU') })],
  offers: [
    anOffer({ model_id: 'routed', provider: 'eu-router', eu_resident: { ...f('yes' as const), note: ROUTER_NOTE } }),
    anOffer({ model_id: 'hosted', provider: 'eu-host', eu_resident: f('yes' as const) }),
  ],
  ratings: [rated('routed', 1400), rated('hosted', 1400), rated('open-small', 1400)],
  hardware: [aHardware({ id: 'gpu-24', memory_gb: f(24) })],
});
const ask = (raw: RawSituation) => {
  const s = interpret(ds, raw);
  const r = recommend(ds, s);
  return { r, notes: notesFor(s, r.plan, r.board, r.on_machine) };
};

test('where=eu-cloud: self-hosting is ruled out, so no step offers open weights to self-host and the note says so', () => {
  const { r, notes } = ask({ who: 'public-sector', where: 'eu-cloud' });
  const rules = r.steps.map((x) => x.rule);
  assert.ok(rules.includes('a priced API offer (self-hosting is ruled out)'));
  assert.equal(r.steps.find((x) => x.id === 'eu')?.rule, 'an API offer with EU data residency');
  assert.ok(!rules.some((x) => x.includes('open weights to self-host')), rules.join(' | '));
  const note = notes.find((n) => n.startsWith('where=eu-cloud:'))!;
  assert.match(note, /Self-hosting is not considered: where=eu-cloud rules it out\.$/);
  assert.doesNotMatch(note, /Self-hosting qualifies/);
  assert.ok(!r.recommendations.some((x) => x.model.id === 'open-small'), 'no self-hosted pick');
});

test('keep=eu-only still lets open weights through to self-host, and its step says so', () => {
  const { r, notes } = ask({ keep: 'eu-only' });
  assert.equal(r.steps.find((x) => x.id === 'eu')?.rule, 'an API offer with EU data residency, or open weights to self-host');
  assert.match(notes.find((n) => n.startsWith('keep=eu-only:'))!, /Self-hosting qualifies when your hardware is in the EU/);
});

test('an EU-resident router with no jurisdiction for its processing scores eu_jurisdiction 0, and its reason says why', () => {
  const { r } = ask({ who: 'public-sector', where: 'eu-cloud' });
  const routed = r.recommendations.find((x) => x.model.id === 'routed')!;
  const hosted = r.recommendations.find((x) => x.model.id === 'hosted')!;
  assert.deepEqual([routed.option.parts.eu_residency, routed.option.parts.eu_jurisdiction], [1, 0]);
  assert.deepEqual([hosted.option.parts.eu_residency, hosted.option.parts.eu_jurisdiction], [1, 1]);
  // Same rating, same price: only the jurisdiction part tells them apart, so the EU-hosted model ranks first.
  assert.deepEqual(r.recommendations.map((x) => x.model.id), ['hosted', 'routed']);
  assert.ok(routed.reasons.some((t) => t.includes("The jurisdiction of EU Router's processing is not established in the dataset (headquartered in AT), "
    + `so it is not counted as EU (eu_jurisdiction 0); its residency reads: ${ROUTER_NOTE}.`)), routed.reasons.join('\n'));
  assert.ok(!hosted.reasons.some((t) => t.includes('jurisdiction')), 'a provider under EU jurisdiction needs no such sentence');
});
