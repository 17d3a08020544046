// Tests of the own-repo rule and of counts stated in a model's name, on the cases that went wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ModelObservation } from '../sources/types.ts';
import { countsFromName, developerOrgs, holdsSameWeights, ownRepo, ownRepoLink } from './model-repo.ts';

// Qwen is the developer organisation of Qwen models: a weights link of another Qwen model names it.
const isOrg = developerOrgs([{ vendor: 'alibaba', weights_url: 'https://huggingface.co/Qwen/Qwen3-235B-A22B' }], () => undefined);

test('qwen3-8b: the developer repo, not an unsloth re-upload of the same name (llmfit: 8.19B vs 6.66B)', () => {
  assert.equal(ownRepo({ id: 'qwen3-8b', vendor: 'alibaba' }, ['unsloth/Qwen3-8B', 'Qwen/Qwen3-8B', 'Qwen/Qwen3-8B-FP8', 'nvidia/Qwen3-8B-NVFP4'], isOrg), 'qwen/qwen3-8b');
});

test('qwen3-32b: the weights link decides, so the FP8 and NVFP4 repos (24.27B, 17.16B) never count', () => {
  const own = ownRepo({ id: 'qwen3-32b', vendor: 'alibaba', weights_url: 'https://huggingface.co/Qwen/Qwen3-32B' }, ['Qwen/Qwen3-32B-FP8', 'nvidia/Qwen3-32B-NVFP4'], isOrg);
  assert.equal(own, 'qwen/qwen3-32b');
});

test('qwen-vl-max: Qwen/Qwen-VL is another model (matched through the -max effort rule) and is not its repo', () => {
  assert.equal(ownRepo({ id: 'qwen-vl-max', vendor: 'alibaba' }, ['Qwen/Qwen-VL'], isOrg), undefined);
});

test('a catalogue id without -Instruct names the instruct repo; a reference -BF16 tag and the owner prefix are not part of the name', () => {
  assert.equal(ownRepo({ id: 'qwen3-vl-235b-a22b', vendor: 'alibaba' }, ['Qwen/Qwen3-VL-235B-A22B-Instruct-FP8', 'Qwen/Qwen3-VL-235B-A22B-Instruct', 'Qwen/Qwen3-VL-235B-A22B-Thinking'], isOrg), 'qwen/qwen3-vl-235b-a22b-instruct');
  assert.equal(ownRepo({ id: 'nemotron-3-super-120b-a12b', vendor: 'nvidia' }, ['nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16', 'nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8'], isOrg), 'nvidia/nvidia-nemotron-3-super-120b-a12b-bf16');
});

test('a lone repo of the exact name counts; two owners of the name and no developer among them is no answer', () => {
  assert.equal(ownRepo({ id: 'zephyr-7b-beta', vendor: 'huggingface' }, ['HuggingFaceH4/zephyr-7b-beta'], isOrg), 'huggingfaceh4/zephyr-7b-beta');
  assert.equal(ownRepo({ id: 'some-7b', vendor: 'acme' }, ['a/some-7b', 'b/some-7b'], isOrg), undefined);
});

test('counts in the developer name: Nemotron 3 Ultra 550B A55B, Qwen3 235B-A22B; a dense name gives none', () => {
  assert.deepEqual(countsFromName('Nemotron 3 Ultra 550B A55B'), { total: 550e9, active: 55e9 });
  assert.deepEqual(countsFromName('Qwen3 235B-A22B'), { total: 235e9, active: 22e9 });
  assert.deepEqual(countsFromName('Qwen3-Next 80B-A3B (Thinking)'), { total: 80e9, active: 3e9 });
  assert.equal(countsFromName('Llama 3.3 70B Instruct'), undefined);
  assert.equal(countsFromName('Mixtral 8x7B'), undefined);
});

test('a re-upload or quantization of the same weights may lend its config, a relative may not', () => {
  assert.equal(holdsSameWeights('qwen3-14b', 'nvidia/Qwen3-14B-NVFP4'), true);
  assert.equal(holdsSameWeights('qwen2-5-14b-instruct', 'unsloth/Qwen2.5-14B-Instruct'), true);
  assert.equal(holdsSameWeights('phi-4', 'unsloth/phi-4'), true);
  assert.equal(holdsSameWeights('qwen-vl-max', 'Qwen/Qwen-VL'), false);
  assert.equal(holdsSameWeights('qwen3-8b', 'deepseek-ai/DeepSeek-R1-0528-Qwen3-8B'), false);
  assert.equal(holdsSameWeights('hermes-4-70b', 'NousResearch/Hermes-4-70B-FP8'), true);
});

test('a release tag names a release of the model; two releases under one name give no repo', () => {
  const isOrg = (owner: string) => owner === 'mistralai';
  // Mixtral 8x7B has one instruct release, v0.1 (https://huggingface.co/mistralai/Mixtral-8x7B-Instruct-v0.1).
  assert.equal(ownRepo({ id: 'mixtral-8x7b', vendor: 'mistral' }, ['mistralai/Mixtral-8x7B-Instruct-v0.1', 'TheBloke/Mixtral-8x7B-Instruct-v0.1-GPTQ'], isOrg), 'mistralai/mixtral-8x7b-instruct-v0.1');
  // Mistral 7B Instruct was released as v0.2 and v0.3: which one a bare name means is not known.
  assert.equal(ownRepo({ id: 'mistral-7b', vendor: 'mistral' }, ['mistralai/Mistral-7B-Instruct-v0.2', 'mistralai/Mistral-7B-Instruct-v0.3'], isOrg), undefined);
});

// The Hub snapshot (llmfit-hf-models/hf_models-2026-05-12.json) lists `deepseek-ai/DeepSeek-V3` as spelt here.
const hub = (repo: string, source = 'llmfit'): ModelObservation => ({ source, source_model_id: repo, as_of: '2026-05-12' });
const deepseekOrg = developerOrgs([], (n) => (n === 'deepseek-ai' ? 'deepseek' : undefined));

test('deepseek-v3: no weights link, so the link is its own repo as the Hub snapshot spells it, sourced to that snapshot', () => {
  const link = ownRepoLink({ id: 'deepseek-v3', vendor: 'deepseek' }, ['deepseek-ai/DeepSeek-V3', 'unsloth/DeepSeek-V3-GGUF'], deepseekOrg,
    (r) => (r === 'deepseek-ai/deepseek-v3' ? [hub('deepseek-ai/DeepSeek-V3')] : []));
  assert.equal(link?.value, 'https://huggingface.co/deepseek-ai/DeepSeek-V3');
  assert.equal(link?.source, 'llmfit');
  assert.equal(link?.as_of, '2026-05-12');
  assert.match(link?.note ?? '', /developer's own repository/);
});

test('no link from a lone re-upload, another organisation, a quantized copy or a repo only a reviewed table names', () => {
  const seen = (r: string) => [hub(r)];
  // ownRepo takes a lone repo of the exact name whoever holds it; a download link needs the developer's organisation.
  assert.equal(ownRepoLink({ id: 'deepseek-v3', vendor: 'deepseek' }, ['unsloth/DeepSeek-V3'], deepseekOrg, seen), undefined);
  assert.equal(ownRepoLink({ id: 'deepseek-v3', vendor: 'deepseek' }, ['deepseek-ai/DeepSeek-V3-FP8'], deepseekOrg, seen), undefined);
  assert.equal(ownRepoLink({ id: 'deepseek-v3', vendor: 'deepseek' }, ['deepseek-ai/DeepSeek-V3.1'], deepseekOrg, seen), undefined);
  // A curated row is not the snapshot: the repo must be listed in the Hub snapshot.
  const curatedOnly = (r: string) => [hub(r, 'model-architecture')];
  assert.equal(ownRepoLink({ id: 'deepseek-v3', vendor: 'deepseek' }, ['deepseek-ai/DeepSeek-V3'], deepseekOrg, curatedOnly), undefined);
});
