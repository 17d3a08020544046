import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Fact, Licence, Model } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { defaultFalseProviders, isWeightsLicence, openWeightsOf, pointerOpenWeights, type Speaker } from './open-weights.ts';

const reseller = (provider: string, open: boolean, extra: Partial<ModelObservation> = {}): Speaker => ({
  authoritative: false,
  obs: { source: 'models-dev', source_model_id: `${provider}/codestral-2508`, provider, as_of: '2026-07-02', open_weights: open, ...extra },
});
// data/curated/licences.csv rows, as normaliseLicence returns them.
const lic = (id: string, name: string, osi: boolean | undefined, commercial: boolean | undefined): Licence =>
  ({ id, name, osi_approved: osi, commercial_use: commercial }) as Licence;
const MIT: Fact<Licence> = { value: lic('mit', 'MIT License', true, true), source: 'lmarena', as_of: '2026-08-19' };
// What the precedence rules picked before: the majority of the provider files (3 of 5 say open).
const majority: Fact<boolean> = { value: true, source: 'models-dev', as_of: '2026-07-02' };

// models.dev 2026-07-02, providers/*/models/**/codestral-2508.toml: openrouter and nano-gpt open_weights = false;
// kilo, cortecs and llmgateway true. No catalogue entry, no Mistral file, no weights link, no licence.
const CODESTRAL_2508 = [reseller('openrouter', false), reseller('nano-gpt', false), reseller('kilo', true), reseller('cortecs', true),
  reseller('llmgateway', true)];

test('codestral-2508: resellers that disagree do not make a model open; the dissent is stated', () => {
  const f = openWeightsOf(majority, CODESTRAL_2508, undefined, new Set(['models-dev|nano-gpt']));
  assert.equal(f?.value, false);
  assert.deepEqual(f?.conflicts, [{ value: true, source: 'models-dev', as_of: '2026-07-02' }]);
  assert.equal(f?.note, 'resellers disagree (closed: openrouter; open: cortecs, kilo, llmgateway) and no weights repository, '
    + 'licence or listing of the developer shows downloadable weights');
});

test("a file that writes false by default does not dissent: phi-4-mini-instruct's nano-gpt file", () => {
  // providers/nano-gpt/models/phi-4-mini-instruct.toml false; kilo, wandb, github-models, nvidia true.
  const said = [reseller('nano-gpt', false), reseller('kilo', true), reseller('wandb', true), reseller('nvidia', true)];
  assert.equal(openWeightsOf(majority, said, undefined, new Set(['models-dev|nano-gpt']))?.value, true);
});

test('evidence or a source speaking for the model keeps the picked value', () => {
  const withLink = [...CODESTRAL_2508, reseller('kilo', true, { weights_url: 'https://huggingface.co/mistralai/Codestral-22B-v0.1' })];
  assert.equal(openWeightsOf(majority, withLink, undefined), majority);
  assert.equal(openWeightsOf(majority, CODESTRAL_2508, MIT), majority);
  const catalogue: Speaker = {
    authoritative: true, obs: { source: 'models-dev', source_model_id: 'mistral/codestral-2508', as_of: '2026-07-02', open_weights: true },
  };
  assert.equal(openWeightsOf(majority, [...CODESTRAL_2508, catalogue], undefined), majority);
  assert.equal(openWeightsOf(undefined, CODESTRAL_2508, undefined), undefined);
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

test("a pointer's own reviewed row stands: magistral-small-latest is no weights of Magistral Small 1.0's", () => {
  // data/curated/developer-weights.csv: magistral-small-latest,false (an API name, retired by Mistral on 2026-07-31);
  // magistral-small-2506 (Magistral Small 1.0) publishes Magistral-Small-2506, and is the one 4-digit version of the base.
  const pointer: Model = { id: 'magistral-small-latest', vendor: 'mistral', name: { value: 'Magistral Small', source: 'models-dev', as_of: '2026-07-02' },
    aliases: [], variants: [], capabilities: {}, open_weights: { value: false, source: 'developer-weights', as_of: '2026-11-27' } };
  const v10: Model = { ...pointer, id: 'magistral-small-2506', open_weights: { value: true, source: 'model-architecture', as_of: '2026-11-26' } };
  assert.deepEqual(pointerOpenWeights([pointer, v10]), []);
  assert.deepEqual(pointer.open_weights, { value: false, source: 'developer-weights', as_of: '2026-11-27' });
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
  assert.equal(openWeightsOf(picked, said, undefined)?.value, false, 'without the row, resellers that disagree are no evidence');
  const f = openWeightsOf(picked, [...said, row], undefined);
  assert.equal(f?.value, true);
  assert.equal(f?.source, 'model-architecture');
  assert.equal(f?.as_of, '2026-11-26');
  assert.deepEqual(f?.conflicts, [{ value: false, source: 'models-dev', as_of: '2026-07-02' }]);
  assert.match(f?.note ?? '', /huggingface\.co\/black-forest-labs\/FLUX\.2-klein-4B/);
  // Even all resellers saying closed yield to the developer's published repository.
  assert.equal(openWeightsOf(picked, [flux('vercel', false), row], undefined)?.value, true);
  // The developer's own catalogue entry still speaks first.
  const entry: Speaker = { authoritative: true, obs: { source: 'models-dev', source_model_id: 'bfl/flux-2-klein-4b', as_of: '2026-07-02',
    open_weights: false } };
  assert.equal(openWeightsOf(picked, [...said, entry, row], undefined), picked);
});

test('a licence alone does not make weights open: resellers say closed, the licence says MIT, the fact is left unknown', () => {
  // models.dev 2026-07-02: the reseller's file providers/siliconflow/models/inclusionAI/Ling-flash-2.0.toml says
  // open_weights = false and there is no catalogue entry; LMArena (2026-08-19) labels it MIT. No source of the snapshots links its weights, so
  // neither side is evidence: the licence names terms, not a download, and resellers' files are no word on weights.
  const closed = (provider: string): Speaker => ({ authoritative: false, obs: {
    source: 'models-dev', source_model_id: `${provider}/ling-flash-2.0`, provider, as_of: '2026-07-02', open_weights: false,
  } });
  const picked: Fact<boolean> = { value: false, source: 'models-dev', as_of: '2026-07-02' };
  assert.equal(openWeightsOf(picked, [closed('siliconflow')], MIT), undefined);
  // Without the licence the resellers' false stands (nothing contradicts it).
  assert.equal(openWeightsOf(picked, [closed('openrouter')], undefined), picked);
  // A source that ties the licence to a download decides: a weights link (here a made-up listing that links
  // inclusionAI/Ling-flash-2.0) makes the weights open, sourced to the link. A resellers' open stands as without a licence.
  const linked: Speaker = { authoritative: false, obs: { source: 'models-dev', source_model_id: 'kilo/ling-flash-2.0', provider: 'kilo',
    as_of: '2026-07-02', weights_url: 'https://huggingface.co/inclusionAI/Ling-flash-2.0' } };
  const open: Fact<boolean> = { value: true, source: 'models-dev', as_of: '2026-07-02' };
  assert.equal(openWeightsOf(open, [{ ...closed('kilo'), obs: { ...closed('kilo').obs, open_weights: true } }], MIT), open);
  const f = openWeightsOf(picked, [closed('openrouter'), linked], MIT);
  assert.equal(f?.value, true);
  assert.equal(f?.source, 'models-dev');
  assert.deepEqual(f?.conflicts, [{ value: false, source: 'models-dev', as_of: '2026-07-02' }]);
  assert.match(f?.note ?? '', /linked \(https:\/\/huggingface\.co\/inclusionAI\/Ling-flash-2\.0, models-dev\) under a licence for them \(MIT License, lmarena\)/);
  // The link without a weights licence: the precedence pick, as before.
  assert.equal(openWeightsOf(picked, [closed('openrouter'), linked], undefined), picked);
});

test("a vendor's terms or 'Proprietary' are no evidence of weights: qwen-max stays closed", () => {
  // licences.csv: LMArena writes "Qwen" for the API-only Qwen-Max; "Proprietary" means the weights are not published.
  const qwen: Fact<Licence> = { value: lic('qwen', 'Qwen License Agreement', false, true), source: 'lmarena', as_of: '2026-08-19' };
  const prop: Fact<Licence> = { value: lic('proprietary', 'Proprietary', false, undefined), source: 'lmarena', as_of: '2026-08-19' };
  const picked: Fact<boolean> = { value: false, source: 'models-dev', as_of: '2026-07-02' };
  const said: Speaker[] = [{ authoritative: false, obs: {
    source: 'models-dev', source_model_id: 'openrouter/qwen-max', provider: 'openrouter', as_of: '2026-07-02', open_weights: false,
  } }];
  assert.equal(openWeightsOf(picked, said, qwen), picked);
  assert.equal(openWeightsOf(picked, said, prop), picked);
  // Non-commercial licences of published weights count (CC BY-NC 4.0: Command R+; LMArena's "open": FLUX.1 [dev]).
  assert.equal(isWeightsLicence(lic('cc-by-nc-4.0', 'CC BY-NC 4.0', false, false)), true);
  assert.equal(isWeightsLicence(lic('open-unspecified', 'Open weights, licence not named', undefined, undefined)), true);
});

test('a reviewed row cites the page it read, not the repository it names: ring-2.6-1t', () => {
  // data/curated/model-architecture.csv: inclusionAI/Ring-2.6-1T was read from SGLang's cookbook, not from a repository page.
  const row: Speaker = { authoritative: true, obs: {
    source: 'model-architecture', source_model_id: 'inclusionAI/Ring-2.6-1T', as_of: '2026-11-26',
    url: 'https://huggingface.co/inclusionAI/Ring-2.6-1T', read_url: 'https://docs.sglang.io/cookbook/autoregressive/InclusionAI/Ring-2.6-1T',
  } };
  const said: Speaker[] = [{ authoritative: false, obs: {
    source: 'models-dev', source_model_id: 'kilo/ring-2.6-1t', provider: 'kilo', as_of: '2026-07-02', open_weights: false,
  } }];
  const f = openWeightsOf({ value: false, source: 'models-dev', as_of: '2026-07-02' }, [...said, row], undefined);
  assert.match(f?.note ?? '', /docs\.sglang\.io\/cookbook\/autoregressive\/InclusionAI\/Ring-2\.6-1T/);
  assert.doesNotMatch(f?.note ?? '', /huggingface\.co/);
});
