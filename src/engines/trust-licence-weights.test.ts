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
