// Tests of the reviewed table of what a developer's own pages say of a model's weights.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Dataset } from '../dataset/dataset.ts';
import { translateDeveloperWeights } from './developer-weights.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1.5 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());

const HEADER = 'model_id,open_weights,held_release_date,weights_url,url,read_on,note';

test('a row is an observation of closed weights, with the date it holds back', () => {
  const { models, issues } = translateDeveloperWeights(`${HEADER}
llama-3.3-8b-instruct,false,2024-12-06,,https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct,2026-11-26,the card lists 70B only`);
  assert.deepEqual(issues, []);
  assert.deepEqual(models, [{
    source: 'developer-weights', source_model_id: 'llama-3.3-8b-instruct', canonical_hint: 'llama-3.3-8b-instruct',
    as_of: '2026-11-26', url: 'https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct', open_weights: false,
    held_release_date: '2024-12-06',
  }]);
});

test('a row of published weights names the repository the developer links, and is an observation of open weights', () => {
  const { models, issues } = translateDeveloperWeights(`${HEADER}
codestral-mamba,true,,https://huggingface.co/mistralai/Mamba-Codestral-7B-v0.1,https://docs.mistral.ai/models/codestral-mamba-7b-0-1,2026-11-27,x`);
  assert.deepEqual(issues, []);
  assert.deepEqual(models, [{
    source: 'developer-weights', source_model_id: 'codestral-mamba', canonical_hint: 'codestral-mamba', as_of: '2026-11-27',
    url: 'https://docs.mistral.ai/models/codestral-mamba-7b-0-1', open_weights: true,
    weights_url: 'https://huggingface.co/mistralai/Mamba-Codestral-7B-v0.1',
  }]);
});

test("a row's name is the name the developer's record gives the model; an empty one gives none", () => {
  // Mistral's record mistral-medium-3-1-25-08.ts: name 'Mistral Medium 3.1', type 'Premier', weights [].
  const { models, issues } = translateDeveloperWeights(`${HEADER},name
mistral-medium-3-1,false,,,https://docs.mistral.ai/models/mistral-medium-3-1-25-08,2026-11-27,x,Mistral Medium 3.1
llama-3.3-8b-instruct,false,2024-12-06,,https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct,2026-11-26,x,`);
  assert.deepEqual(issues, []);
  assert.deepEqual(models.map((m) => m.name), ['Mistral Medium 3.1', undefined]);
});

test('open weights without a repository, a repository on closed weights, a bad date or no page is an issue, not an observation', () => {
  const { models, issues } = translateDeveloperWeights(`${HEADER}
a,true,,,https://example.com/a,2026-11-26,x
a2,false,,https://huggingface.co/org/repo,https://example.com/a,2026-11-26,x
a3,yes,,,https://example.com/a,2026-11-26,x
b,false,2024-13-01,,https://example.com/b,2026-11-26,x
c,false,,,not a url,2026-11-26,x`);
  assert.equal(models.length, 0);
  assert.deepEqual(issues.map((i) => i.field), ['weights_url', 'weights_url', 'open_weights', 'held_release_date', 'url']);
});

test('Gemini 1.0 Pro, served on Google\'s API only, is served closed by its row', () => {
  // data/curated/developer-weights.csv: gemini-pro,false,,https://arstechnica.com/.../google-goes-open-ai-with-gemma-...,
  // quoting 'open-weights models built on technology similar to the more powerful but closed Gemini models'.
  const { models, issues } = translateDeveloperWeights(readFileSync(new URL('../../data/curated/developer-weights.csv', import.meta.url), 'utf8'));
  assert.deepEqual(issues, []);
  const row = models.find((m) => m.source_model_id === 'gemini-pro');
  assert.equal(row?.open_weights, false);
  assert.equal(row?.held_release_date, undefined);
  const m = committedOnce().modelById.get('gemini-pro');
  assert.deepEqual([m?.open_weights?.value, m?.open_weights?.source], [false, 'developer-weights']);
});

test("a row's context window is the developer record's; a window that is no whole number of tokens is an issue", () => {
  const { models, issues } = translateDeveloperWeights(`${HEADER},name,context_window
magistral-medium-2509,false,,,https://docs.mistral.ai/models/magistral-medium-1-2-25-09,2026-11-27,x,Magistral Medium 1.2,128000
mistral-medium-3-1,false,,,https://docs.mistral.ai/models/mistral-medium-3-1-25-08,2026-11-27,x,,
bad,false,,,https://example.com/a,2026-11-27,x,,128k`);
  assert.deepEqual(models.map((m) => [m.source_model_id, m.context_window]), [['magistral-medium-2509', 128000], ['mistral-medium-3-1', undefined]]);
  assert.deepEqual(issues.map((i) => i.field), ['context_window']);
});

test('Magistral Medium 1.2 reads the 128k window of its Mistral record, not the 40,000 LiteLLM gives it', () => {
  // mistralai/platform-docs-public src/schema/models/models/magistral-medium-1-2-25-09.ts: name 'Magistral Medium 1.2',
  // contextLength: '128k', type: 'Premier', weights: []; LiteLLM's mistral/magistral-medium-2509 reads 40,000 (1.0's window).
  const m = committedOnce().modelById.get('magistral-medium-2509');
  assert.deepEqual([m?.context_window?.value, m?.context_window?.source], [128000, 'developer-weights']);
  // Closed: its licence is Mistral's terms for its API (data/curated/developer-terms.csv, https://mistral.ai/terms).
  assert.deepEqual([m?.open_weights?.value, m?.licence?.value.id, m?.licence?.source], [false, 'proprietary', 'developer-terms']);
});

test('the API speed tiers Kimi K2.7 Code HighSpeed and MiMo-V2.5-Pro-UltraSpeed read open on their developers\' pages', () => {
  // Moonshot's Kimi K2.7 Code quickstart: HighSpeed is "the same model as Kimi K2.7 Code, but with an output speed of
  // approximately 180 Tokens/s"; Xiaomi's card: "MiMo-V2.5-Pro-FP4-DFlash is the underlying model that powers
  // MiMo-V2.5-Pro-UltraSpeed". Open by the developer's word, not only by models.dev's flag; no licence is read for either.
  for (const [id, repo] of [['kimi-k2.7-code-highspeed', 'moonshotai/Kimi-K2.7-Code'], ['mimo-v2.5-pro-ultraspeed', 'XiaomiMiMo/MiMo-V2.5-Pro-FP4-DFlash']]) {
    const m = committedOnce().modelById.get(id);
    assert.deepEqual([m?.open_weights?.value, m?.open_weights?.source, m?.weights_url?.value], [true, 'developer-weights', `https://huggingface.co/${repo}`], id);
    assert.equal(m?.licence, undefined, id);
  }
});

test("a row's modalities and reasoning are the card's; an unknown word or inputs without outputs is an issue", () => {
  const { models, issues } = translateDeveloperWeights(`${HEADER},name,context_window,input_modalities,output_modalities,reasoning
gemma-3n-e4b-it,true,,https://huggingface.co/google/gemma-3n-E4B-it,https://huggingface.co/google/gemma-3n-E4B-it,2026-11-29,x,,,text;image;video;audio,text,
qwen3-vl-235b-a22b,true,,https://huggingface.co/Qwen/Qwen3-VL-235B-A22B-Instruct,https://github.com/QwenLM/Qwen3-VL,2026-11-29,x,,,,,false
mistral-medium-3-1,false,,,https://docs.mistral.ai/models/mistral-medium-3-1-25-08,2026-11-27,x
smell,false,,,https://example.com/a,2026-11-27,x,,,text;smell,text,
half,false,,,https://example.com/b,2026-11-27,x,,,text;image,,
maybe,false,,,https://example.com/c,2026-11-27,x,,,,,maybe`);
  assert.deepEqual(models.map((m) => [m.source_model_id, m.modalities, m.reasoning]), [
    ['gemma-3n-e4b-it', { input: ['text', 'image', 'video', 'audio'], output: ['text'] }, undefined],
    // A row that states no modalities gives none, and its `false` is a reading, not an absence.
    ['qwen3-vl-235b-a22b', undefined, false],
    // A row written before the columns were added stops before them and reads as it did.
    ['mistral-medium-3-1', undefined, undefined],
  ]);
  assert.deepEqual(issues.map((i) => i.field), ['input_modalities', 'output_modalities', 'reasoning']);
});
