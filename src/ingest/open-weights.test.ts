import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Fact, Model } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { defaultFalseProviders, openWeightsOf, pointerOpenWeights, type Speaker } from './open-weights.ts';

const reseller = (provider: string, open: boolean, extra: Partial<ModelObservation> = {}): Speaker => ({
  authoritative: false,
  obs: { source: 'models-dev', source_model_id: `${provider}/codestral-2508`, provider, as_of: '2026-07-02', open_weights: open, ...extra },
});
// What the precedence rules picked before: the majority of the provider files (3 of 5 say open).
const majority: Fact<boolean> = { value: true, source: 'models-dev', as_of: '2026-07-02' };

// models.dev 2026-07-02, providers/*/models/**/codestral-2508.toml: openrouter and nano-gpt open_weights = false;
// kilo, cortecs and llmgateway true. No catalogue entry, no Mistral file, no weights link, no licence.
const CODESTRAL_2508 = [reseller('openrouter', false), reseller('nano-gpt', false), reseller('kilo', true), reseller('cortecs', true),
  reseller('llmgateway', true)];

test('codestral-2508: resellers that disagree do not make a model open; the dissent is stated', () => {
  const f = openWeightsOf(majority, CODESTRAL_2508, false, new Set(['models-dev|nano-gpt']));
  assert.equal(f?.value, false);
  assert.deepEqual(f?.conflicts, [{ value: true, source: 'models-dev', as_of: '2026-07-02' }]);
  assert.equal(f?.note, 'resellers disagree (closed: openrouter; open: cortecs, kilo, llmgateway) and no weights repository, '
    + 'licence or listing of the developer shows downloadable weights');
});

test("a file that writes false by default does not dissent: phi-4-mini-instruct's nano-gpt file", () => {
  // providers/nano-gpt/models/phi-4-mini-instruct.toml false; kilo, wandb, github-models, nvidia true.
  const said = [reseller('nano-gpt', false), reseller('kilo', true), reseller('wandb', true), reseller('nvidia', true)];
  assert.equal(openWeightsOf(majority, said, false, new Set(['models-dev|nano-gpt']))?.value, true);
});

test('evidence or a source speaking for the model keeps the picked value', () => {
  const withLink = [...CODESTRAL_2508, reseller('kilo', true, { weights_url: 'https://huggingface.co/mistralai/Codestral-22B-v0.1' })];
  assert.equal(openWeightsOf(majority, withLink, false), majority);
  assert.equal(openWeightsOf(majority, CODESTRAL_2508, true), majority);
  const catalogue: Speaker = {
    authoritative: true, obs: { source: 'models-dev', source_model_id: 'mistral/codestral-2508', as_of: '2026-07-02', open_weights: true },
  };
  assert.equal(openWeightsOf(majority, [...CODESTRAL_2508, catalogue], false), majority);
  assert.equal(openWeightsOf(undefined, CODESTRAL_2508, false), undefined);
});

test('a provider file that marks under 1 in 10 of at least 20 listings open writes false by default', () => {
  const files = (provider: string, open: number, closed: number): ModelObservation[] => Array.from({ length: open + closed }, (_, i) => ({
    source: 'models-dev', source_model_id: `${provider}/m${i}`, provider, as_of: '2026-07-02', open_weights: i < open,
  }));
  // nano-gpt: 9 of 617 open in the snapshot, scaled down; openrouter: 99 of 199.
  const set = defaultFalseProviders([...files('nano-gpt', 1, 30), ...files('openrouter', 10, 10), ...files('tiny', 0, 5)]);
  assert.deepEqual([...set], ['models-dev|nano-gpt']);
});

test('codestral-latest serves codestral-2508, and so takes its weights', () => {
  const m = (id: string, open: boolean): Model => ({ id, vendor: 'mistral', name: { value: id, source: 'models-dev', as_of: '2026-07-02' },
    aliases: [], variants: [], capabilities: {}, open_weights: { value: open, source: 'models-dev', as_of: '2026-07-02' } });
  // models/mistral/codestral-latest.toml open_weights = true (weights link: Codestral-22B-v0.1, that is codestral-2405).
  const models = [m('codestral-latest', true), m('codestral-2405', true), m('codestral-2508', false)];
  const notes = pointerOpenWeights(models);
  assert.equal(models[0].open_weights?.value, false);
  assert.deepEqual(models[0].open_weights?.conflicts, [{ value: true, source: 'models-dev', as_of: '2026-07-02' }]);
  assert.deepEqual(notes, ['model codestral-latest: open_weights false, as codestral-2508 (was true)']);
  assert.equal(models[1].open_weights?.value, true);
});

test("a reviewed row that read the developer's repository outweighs resellers: flux_2-klein-4b", () => {
  // models.dev 2026-07-02: providers/vercel/models/bfl/flux-2-klein-4b.toml open_weights = false; nearai and nvidia true.
  // data/curated/model-architecture.csv: black-forest-labs/FLUX.2-klein-4B, read 2026-11-26 (Apache 2.0 on Hugging Face).
  const flux = (provider: string, open: boolean): Speaker => ({
    authoritative: false,
    obs: { source: 'models-dev', source_model_id: `${provider}/flux-2-klein-4b`, provider, as_of: '2026-07-02', open_weights: open },
  });
  const row: Speaker = { authoritative: true, obs: {
    source: 'model-architecture', source_model_id: 'black-forest-labs/FLUX.2-klein-4B', as_of: '2026-11-26',
    url: 'https://huggingface.co/black-forest-labs/FLUX.2-klein-4B',
  } };
  const said = [flux('vercel', false), flux('nearai', true), flux('nvidia', true)];
  const picked: Fact<boolean> = { value: false, source: 'models-dev', as_of: '2026-07-02' };
  assert.equal(openWeightsOf(picked, said, false)?.value, false, 'without the row, resellers that disagree are no evidence');
  const f = openWeightsOf(picked, [...said, row], false);
  assert.equal(f?.value, true);
  assert.equal(f?.source, 'model-architecture');
  assert.equal(f?.as_of, '2026-11-26');
  assert.deepEqual(f?.conflicts, [{ value: false, source: 'models-dev', as_of: '2026-07-02' }]);
  assert.match(f?.note ?? '', /huggingface\.co\/black-forest-labs\/FLUX\.2-klein-4B/);
  // Even all resellers saying closed yield to the developer's published repository.
  assert.equal(openWeightsOf(picked, [flux('vercel', false), row], false)?.value, true);
  // The developer's own catalogue entry still speaks first.
  const entry: Speaker = { authoritative: true, obs: { source: 'models-dev', source_model_id: 'bfl/flux-2-klein-4b', as_of: '2026-07-02',
    open_weights: false } };
  assert.equal(openWeightsOf(picked, [...said, entry, row], false), picked);
});
