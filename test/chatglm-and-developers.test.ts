// The ChatGLM weights' own licences over the code's Apache 2.0, and the countries of developers read on a page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trustProfile } from '../src/engines/trust.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();

test("ChatGLM3-6B and ChatGLM2-6B carry their weights' model licences, not the code's Apache 2.0", () => {
  // THUDM/ChatGLM3 MODEL_LICENSE, 'The ChatGLM3-6B License': "Users who wish to use the models for commercial purposes must
  // register here. Registered users may use the models for commercial activities free of charge". THUDM/ChatGLM2-6B README,
  // 协议: code under Apache-2.0, the weights under the Model License, free commercial use after registering.
  // LMArena's rows label both "Apache-2.0", the repositories' code licence.
  for (const [id, licence] of [['chatglm3-6b', 'chatglm3-6b'], ['chatglm2-6b', 'chatglm2-6b']]) {
    const m = ds.modelById.get(id)!;
    assert.equal(m.licence?.value.id, licence, id);
    assert.equal(m.licence?.value.osi_approved, false, id);
    assert.equal(m.licence?.source, 'developer-licences', id);
  }
  // The trust profile's open-licence criterion reads the licence table: the ChatGLM3-6B License is not OSI-approved.
  const open = trustProfile(ds, ds.modelById.get('chatglm3-6b')!).criteria.find((c) => c.id === 'open_licence')!;
  assert.equal(open.status, 'not_met');
});

test('ChatGLM-6B carries its weights\' model licence, free for commercial use after registration, not a non-commercial label', () => {
  // THUDM/ChatGLM-6B README (commit 401bf3a8), 协议: "ChatGLM-6B 权重对学术研究完全开放，在填写问卷进行登记后亦允许免费商业使用"
  // (README_en.md: "free commercial use is also allowed after completing the questionnaire"); MODEL_LICENSE opens
  // "The ChatGLM-6B License". LMArena labels the model non-commercial, naming no licence.
  const m = ds.modelById.get('chatglm-6b')!;
  assert.deepEqual([m.licence?.value.id, m.licence?.value.commercial_use, m.licence?.source], ['chatglm-6b', true, 'developer-licences']);
});

test('the ChatGLM 6B weights are open, at the Hugging Face repositories their GitHub READMEs link', () => {
  // ChatGLM-6B README: 'git clone https://huggingface.co/THUDM/chatglm-6b'; ChatGLM2-6B README: 'git clone
  // https://huggingface.co/THUDM/chatglm2-6b'; ChatGLM3 README: '[ChatGLM3-6B](https://huggingface.co/THUDM/chatglm3-6b)'.
  for (const [id, url] of [['chatglm-6b', 'https://huggingface.co/THUDM/chatglm-6b'], ['chatglm2-6b', 'https://huggingface.co/THUDM/chatglm2-6b'],
    ['chatglm3-6b', 'https://huggingface.co/THUDM/chatglm3-6b']]) {
    const m = ds.modelById.get(id)!;
    assert.deepEqual([m.open_weights?.value, m.open_weights?.source, m.weights_url?.value], [true, 'developer-weights', url], id);
  }
});

test('LMSYS, MosaicML and Together AI read as US developers; those with no page read keep no country', () => {
  // LMSYS Org: "an open research organization founded at the University of California, Berkeley"; MosaicML: "founded in
  // San Francisco in 2021" (acquired by Databricks, 2023); Together AI: inference-providers.csv togetherai,Together AI,US.
  for (const id of ['lmsys', 'mosaicml', 'togetherai']) assert.equal(ds.developerById.get(id)?.country?.value, 'US', id);
  for (const id of ['nexusflow', 'nomic-ai', 'rwkv', 'llava']) assert.equal(ds.developerById.get(id)?.country?.value, undefined, id);
});

test("Dracarys Llama 3.1 70B is Abacus.AI's model, which NVIDIA resells, not NVIDIA's own served model", () => {
  // huggingface.co/abacusai/Dracarys-Llama-3.1-70B-Instruct: Abacus.AI publishes the weights; NVIDIA's NIM API lists
  // them as abacusai/dracarys-llama-3.1-70b-instruct (models.dev providers/nvidia, 2026-07-02), a resale.
  const m = ds.modelById.get('dracarys-llama-3_1-70b-instruct')!;
  assert.equal(m.vendor, 'abacusai');
  assert.equal(ds.developerById.get('abacusai')?.name, 'Abacus.AI');
  const nvidia = (ds.offersByModel.get(m.id) ?? []).filter((o) => o.provider === 'nvidia');
  assert.ok(nvidia.length > 0);
  assert.ok(nvidia.every((o) => !o.first_party));
  // The developer serves it nowhere in the dataset: no "the developer serves it" status.
  assert.doesNotMatch(m.status?.note ?? '', /the developer serves it/);
});
