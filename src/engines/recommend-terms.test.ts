// keep=no-training / no-retention on a fixture: API offers count only where their provider's own quoted page says the
// terms are met by default; a condition (opt-out, approved zero retention) is shown, not counted; with no such
// provider the old rule stands (only self-hosting), in the old words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import type { Architecture, Provider } from '../schema/index.ts';
import { interpret, type RawSituation } from './interpret.ts';
import { recommend } from './recommend.ts';
import { notesFor } from './recommend-reasons.ts';

const arch: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/x' };
const APACHE = f({ id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true });
const rated = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });
const QUOTE = 'By default, your data is not used for AI training.';
const page = { url: 'https://eu-router.example/terms', quote: QUOTE, read_on: '2026-11-28' };
const terms = (value: 'yes' | 'condition', quote = QUOTE) => ({ ...f(value), evidence_page: { ...page, quote } });

// Three closed models, each sold by one provider: `eu-router` whose page says no training by default (quoted),
// `opt-out-cloud` whose terms hold only on an opt-out (condition), `silent-cloud` with no page read. `scoped` says no
// training by default for `acme`'s models only (terms_only_for), and sells an `other` model.
function dataset(providers: Provider[]) {
  return aDataset({
    models: [
      aModel({ id: 'routed', open_weights: f(false), context_window: f(131072) }),
      aModel({ id: 'optout', open_weights: f(false), context_window: f(131072) }),
      aModel({ id: 'silent', open_weights: f(false), context_window: f(131072) }),
      aModel({ id: 'other-dev', vendor: 'other', open_weights: f(false), context_window: f(131072) }),
      aModel({ id: 'open-small', open_weights: f(true), licence: APACHE, parameters_total: f(8e9), architecture: f(arch), context_window: f(131072) }),
    ],
    providers,
    offers: [
      anOffer({ model_id: 'routed', provider: 'eu-router', prices: { input: f(1), output: f(2) }, eu_resident: f('yes' as const) }),
      anOffer({ model_id: 'optout', provider: 'opt-out-cloud', prices: { input: f(0.1), output: f(0.2) }, eu_resident: f('yes' as const) }),
      anOffer({ model_id: 'silent', provider: 'silent-cloud', prices: { input: f(0.1), output: f(0.2) }, eu_resident: f('yes' as const) }),
      anOffer({ model_id: 'other-dev', provider: 'scoped', prices: { input: f(0.1), output: f(0.2) }, eu_resident: f('yes' as const) }),
    ],
    ratings: [rated('routed', 1400), rated('optout', 1500), rated('silent', 1500), rated('other-dev', 1500), rated('open-small', 1300)],
    hardware: [aHardware({ id: 'gpu-24', memory_gb: f(24) })],
  });
}

const withTerms = dataset([
  aProvider({ id: 'eu-router', name: 'EU Router', no_training: terms('yes') }),
  aProvider({ id: 'opt-out-cloud', no_training: terms('condition', 'We train unless you opt out.') }),
  aProvider({ id: 'silent-cloud' }),
  aProvider({ id: 'scoped', no_training: terms('yes'), terms_only_for: ['acme'] }),
]);
const run = (ds: ReturnType<typeof dataset>, raw: RawSituation) => {
  const s = interpret(ds, raw);
  const r = recommend(ds, s);
  return { r, notes: notesFor(s, r.plan, r.board, r.on_machine), ids: r.recommendations.map((x) => x.model.id) };
};

test('keep=no-training: only the offer whose provider quotes no training by default qualifies; self-hosting still does', () => {
  const { r, notes, ids } = run(withTerms, { keep: 'no-training' });
  assert.deepEqual([r.plan.api, r.plan.terms_by, r.plan.api_blocked_by], [true, 'keep=no-training', null]);
  // optout (a condition), silent (no page) and other-dev (the page covers acme's models only) are out; open-small
  // self-hosts. So two models: routed through EU Router, open-small on gpu-24.
  assert.deepEqual([...ids].sort(), ['open-small', 'routed']);
  const st = r.steps.find((x) => x.id === 'terms')!;
  assert.deepEqual([st.constraint, st.eliminated], ['keep=no-training', 3]);
  const routed = r.recommendations.find((x) => x.model.id === 'routed')!;
  assert.equal(routed.option.priced!.offer.provider, 'eu-router');
  assert.ok(routed.reasons.some((t) => t.includes(`keep=no-training: EU Router's own terms say "${QUOTE}" (https://eu-router.example/terms, read 2026-11-28)`)));
  const note = notes.find((n) => n.startsWith('keep=no-training: an API offer qualifies only where'))!;
  assert.match(note, /providers with such a page and an offer: EU Router\)/);
  assert.equal(notes.some((n) => n.includes('no evidence that any API offer meets')), false);
});

test('keep=no-training with eu-only and where=eu-cloud: the EU offer at the quoting provider is the pick, not a conflict', () => {
  const { r, ids } = run(withTerms, { keep: 'eu-only,no-training', where: 'eu-cloud' });
  assert.deepEqual(ids, ['routed']);
  assert.equal(r.recommendations[0].option.path, 'api');
});

test('no provider meets keep=no-retention: the old rule and words stand, only self-hosting', () => {
  const { r, notes, ids } = run(withTerms, { keep: 'no-retention' });
  assert.deepEqual([r.plan.api, r.plan.api_blocked_by, r.plan.terms_by], [false, 'keep=no-retention', null]);
  assert.deepEqual(ids, ['open-small']);
  assert.ok(notes.some((n) => n.startsWith('The dataset holds no evidence that any API offer meets keep=no-retention')));
  // Both asked, one met: an offer must meet both, and none does, so both block as before.
  assert.equal(run(withTerms, { keep: 'no-training,no-retention' }).r.plan.api_blocked_by, 'keep=no-training,no-retention');
});

test('a dataset with no terms at all keeps keep=no-training self-hosting only; on-device and data=secret stay API-blocking', () => {
  const bare = dataset([aProvider({ id: 'eu-router' }), aProvider({ id: 'opt-out-cloud' }), aProvider({ id: 'silent-cloud' }), aProvider({ id: 'scoped' })]);
  assert.equal(run(bare, { keep: 'no-training' }).r.plan.api_blocked_by, 'keep=no-training');
  assert.equal(run(withTerms, { keep: 'no-training,on-device', machine: 'gpu-24' }).r.plan.api_blocked_by, 'keep=no-training,on-device');
  assert.equal(run(withTerms, { keep: 'no-training', data: 'secret' }).r.plan.api_blocked_by, 'data=secret');
});
