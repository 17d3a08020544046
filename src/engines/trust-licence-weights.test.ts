// Tests that a licence alone never reads as open weights: open needs a source that names downloadable weights.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, aModel, aSource, f } from '../dataset/fixtures.ts';
import type { Model } from '../schema/index.ts';
import { trustProfile } from './trust.ts';

// LMArena's rows give chatglm3-6b "Apache 2.0" and granite-3.1-8b-instruct "Apache 2.0", and no source of the snapshots
// names their weights (no weights link, no Hugging Face repo matched): the licence is known, the weights are not.
const APACHE = { id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true };
const BITS = { layers: 28, kv_heads: 2, head_dim: 128, attention: 'gqa' as const, hf_repo: 'x/y' };

function profile(model: Partial<Model>) {
  const m = aModel({ id: 'm', ...model });
  const ds = aDataset({ models: [m], sources: [aSource()], hardware: [aHardware({ id: 'gpu-24', memory_gb: f(24) })] });
  return trustProfile(ds, ds.modelById.get('m')!);
}
const criterion = (p: ReturnType<typeof trustProfile>, id: string) => p.criteria.find((c) => c.id === id)!;

test('a licence with no open_weights fact: open weights unknown, self-hosting unknown, the licence still judged', () => {
  const p = profile({ licence: f(APACHE), parameters_total: f(6e9), architecture: f(BITS), context_window: f(8192) });
  assert.equal(criterion(p, 'open_weights').status, 'unknown');
  assert.match(criterion(p, 'open_weights').evidence.detail, /no source in the dataset says whether the weights are downloadable/);
  assert.equal(criterion(p, 'self_hostable').status, 'unknown', 'a 6B model that would fit 24 GB is not self-hostable on a licence');
  assert.equal(criterion(p, 'open_licence').status, 'met', 'Apache 2.0 is OSI-approved: the licence criterion is the licence\'s');
});

test('a closed model under its developer\'s terms: the licence criterion is not met and names the terms', () => {
  // OpenAI publishes no weights of gpt-5-pro; its API is used under the OpenAI Services Agreement
  // (https://openai.com/policies/services-agreement/), which licenses no weights: "Proprietary" is not OSI-approved.
  const note = 'weights not published: used under OpenAI Services Agreement, the developer\'s terms for its API '
    + '(https://openai.com/policies/services-agreement/, read 2026-11-29: "This OpenAI Services Agreement only applies to use of OpenAI\'s APIs")';
  const proprietary = { id: 'proprietary', name: 'Proprietary', osi_approved: false, commercial_use: null };
  const p = profile({ open_weights: f(false), licence: { ...f(proprietary), note } });
  const c = criterion(p, 'open_licence');
  assert.equal(c.status, 'not_met');
  assert.match(c.evidence.detail, /^licence Proprietary \(proprietary\) is not OSI-approved; weights not published: used under OpenAI Services Agreement/);
  assert.deepEqual(c.evidence.derived_from, ['licence = proprietary (test-source, 2026-08-01)']);
});

test('a proprietary label with no terms named says only that it is not OSI-approved', () => {
  const p = profile({ open_weights: f(false), licence: f({ id: 'proprietary', name: 'Proprietary', osi_approved: false, commercial_use: null }) });
  assert.equal(criterion(p, 'open_licence').status, 'not_met');
  assert.match(criterion(p, 'open_licence').evidence.detail, /^licence Proprietary \(proprietary\) is not OSI-approved \(licence table\)$/);
});

test("the licence criterion names the model's own licence page from the fact's evidence_page, whatever its note says", () => {
  // data/curated/licences.csv's modified-mit-mistral row cites Devstral 2's record for the text; developer-licences.csv
  // read Mistral Medium 3.5's label on its own record (docs.mistral.ai/models/mistral-medium-3-5-26-04, 2026-11-28).
  const text = 'https://docs.mistral.ai/models/devstral-2-25-12';
  const own = 'https://docs.mistral.ai/models/mistral-medium-3-5-26-04';
  const licence = { id: 'modified-mit-mistral', name: 'Modified MIT (Mistral)', osi_approved: false, commercial_use: true, evidence_url: text };
  const page = { url: own, quote: 'License: Modified MIT', read_on: '2026-11-28' };
  // A note reworded so that it no longer opens with the page: the page is still the field's.
  const reworded = { ...f(licence), note: `read on Mistral's record (${own})`, evidence_page: page };
  const detail = criterion(profile({ licence: reworded }), 'open_licence').evidence.detail;
  assert.match(detail, /\(licence table, text https:\/\/docs\.mistral\.ai\/models\/devstral-2-25-12; this model's label: https:\/\/docs\.mistral\.ai\/models\/mistral-medium-3-5-26-04\)$/);
  // The model whose record is the text's page is not told of it twice; a fact with no page names none.
  const same = { ...f(licence), evidence_page: { ...page, url: text } };
  assert.doesNotMatch(criterion(profile({ licence: same }), 'open_licence').evidence.detail, /this model's label/);
  assert.doesNotMatch(criterion(profile({ licence: { ...f(licence), note: `${own}, read 2026-11-28: "x"` } }), 'open_licence').evidence.detail,
    /this model's label/);
});
