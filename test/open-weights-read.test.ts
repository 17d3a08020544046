// Open weights read on the developers' own pages for models whose only licence fact was LMArena's label, and MiniMax-M1's identity.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trustProfile } from '../src/engines/trust.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const model = (id: string) => {
  const m = ds.modelById.get(ds.resolveModelId(id) ?? id);
  assert.ok(m, id);
  return m;
};

test('MiniMax-M1 is one model: the 80k repository MiniMax uses "for MiniMax-M1" resolves to it, open, 456B with 45.9B active', () => {
  // MiniMax-AI/MiniMax-M1 README (commit 2abb4f4): "the world's first open-weight, large-scale hybrid-attention reasoning
  // model", "456 billion parameters with 45.9 billion parameters activated per token", two versions with 40K and 80K
  // thinking budgets, "We use the MiniMax-M1-80k model here for MiniMax-M1"; LICENSE Apache 2.0.
  const m = model('minimax-m1');
  assert.deepEqual([m.open_weights?.value, m.open_weights?.source, m.weights_url?.value],
    [true, 'developer-weights', 'https://huggingface.co/MiniMaxAI/MiniMax-M1-80k']);
  assert.deepEqual([m.parameters_total?.value, m.parameters_active?.value], [456e9, 45.9e9]);
  assert.equal(ds.modelById.get('minimax-m1-80k'), undefined);
  for (const spelling of ['minimax-m1-80k', 'MiniMaxAI/MiniMax-M1-80k', 'novita/minimaxai/minimax-m1-80k']) {
    assert.equal(ds.resolveModelId(spelling), 'minimax-m1', spelling);
  }
  // The trust profile's open-weights criterion reads open_weights: met, as the Apache 2.0 licence already was.
  const criteria = trustProfile(ds, m).criteria;
  const status = (id: string) => criteria.find((c) => c.id === id)?.status;
  assert.deepEqual([status('open_weights'), status('open_licence')], ['met', 'met']);
});

test('models LMArena labels with an OSI licence are open once the developer\'s repository is read, never on the label', () => {
  // Each repository read on its own page (data/curated/developer-weights.csv): databricks/dolly-v2-12b ("The model is
  // available on Hugging Face as databricks/dolly-v2-12b"), allenai/OLMo-7B-Instruct, ibm-granite/granite-3.1-8b-instruct,
  // Qwen/QwQ-32B-Preview, HuggingFaceH4/zephyr-7b-alpha, zai-org/GLM-5.3.
  for (const [id, repo] of [['dolly-v2-12b', 'databricks/dolly-v2-12b'], ['olmo-7b-instruct', 'allenai/OLMo-7B-Instruct'],
    ['granite-3.1-8b-instruct', 'ibm-granite/granite-3.1-8b-instruct'], ['qwq-32b-preview', 'Qwen/QwQ-32B-Preview'],
    ['zephyr-7b-alpha', 'HuggingFaceH4/zephyr-7b-alpha'], ['glm-5.3', 'zai-org/GLM-5.3']]) {
    const m = model(id);
    assert.deepEqual([m.open_weights?.value, m.open_weights?.source, m.weights_url?.value],
      [true, 'developer-weights', `https://huggingface.co/${repo}`], id);
  }
  // No repository found: an arena name of Meta's and IBM's, Inkling Small (Thinking Machines' Inkling collection lists
  // Inkling and Inkling-NVFP4 only) and Phi-3-mini's June 2024 update (its weights replaced phi-3-mini-4k-instruct's in
  // place). Their OSI labels leave open_weights unknown, and so the trust criterion.
  for (const id of ['muse-glimmer', 'ibm-granite-h-small', 'inkling-small', 'phi-3-mini-4k-instruct-june-2024']) {
    const m = model(id);
    assert.equal(m.licence?.value.osi_approved, true, id);
    assert.equal(m.open_weights, undefined, id);
    assert.equal(trustProfile(ds, m).criteria.find((c) => c.id === 'open_weights')?.status, 'unknown', id);
  }
});

test('a dense model\'s active count is its total: Granite-4.0-H-Micro and the counts the overrides table corrects', () => {
  // IBM's launch: "Granite-4.0-H-Micro: dense hybrid model with 3B parameters" (llmfit: 3,191,396,096, no experts).
  // architecture-overrides.csv, worked from config.json: Mistral-7B-Instruct-v0.1 7,241,732,096; openchat_3.5 7,241,748,480.
  for (const [id, n] of [['granite-4.0-h-micro', 3_191_396_096], ['mistral-7b-instruct-v0.1', 7_241_732_096], ['openchat-3.5', 7_241_748_480]] as const) {
    const m = model(id);
    assert.deepEqual([m.parameters_total?.value, m.parameters_active?.value], [n, n], id);
  }
});
