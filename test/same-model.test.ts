// One model, one record: listings of the same weights under a short and a long id resolve to one model with all offers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';

const ds = loadDataset(DEFAULT_DATA_DIR);

// Each pair was found by looking for a short id whose parameter counts equal a longer id's (same developer), then
// checked against the listing or the model card named in data/curated/aliases.csv.
const SAME = [
  {
    canonical: 'qwen3-coder-480b-a35b-instruct',
    // OpenRouter's listing (https://openrouter.ai/qwen/qwen3-coder) and the Hugging Face repo.
    listings: ['openrouter/qwen/qwen3-coder', 'Qwen/Qwen3-Coder-480B-A35B-Instruct'],
    offerFrom: 'openrouter',
  },
  {
    canonical: 'ernie-4.5-300b-a47b',
    // The PaddlePaddle copy of the weights, as Novita lists it, and the plain listing SiliconFlow serves.
    listings: ['novita-ai/baidu/ernie-4.5-300b-a47b-paddle', 'siliconflow/baidu/ERNIE-4.5-300B-A47B'],
    offerFrom: 'novita-ai',
  },
  {
    canonical: 'pixtral-12b',
    // models.dev models/mistral/pixtral-12b.toml: weights https://huggingface.co/mistralai/Pixtral-12B-2409;
    // providers/scaleway/models/pixtral-12b-2409.toml: base_model = "mistral/pixtral-12b". The arena's row
    // (lmarena_vision-2025-08-04.csv: "Pixtral-12B-2409,...,Mistral,Apache 2.0") rates the same weights.
    listings: ['scaleway/pixtral-12b-2409', 'mistral/pixtral-12b-2409', 'watsonx/mistralai/pixtral-12b-2409', 'Pixtral-12B-2409'],
    offerFrom: 'watsonx',
  },
];

for (const s of SAME) {
  test(`${s.canonical}: every listing resolves to it, and it carries their offers`, () => {
    for (const l of s.listings) assert.equal(ds.resolveModelId(l), s.canonical, l);
    const offers = ds.offersByModel.get(s.canonical) ?? [];
    assert.ok(offers.some((o) => o.provider === s.offerFrom), `no ${s.offerFrom} offer on ${s.canonical}`);
  });
}

test('the short duplicate ids are gone', () => {
  assert.equal(ds.modelById.has('qwen3-coder'), false);
  assert.equal(ds.modelById.has('ernie-4.5-300b-a47b-paddle'), false);
  assert.equal(ds.modelById.has('pixtral-12b-2409'), false);
  // Pixtral 12B is open and Apache 2.0 in one record; Scaleway's one listing, spelled two ways, is one offer.
  const pixtral = ds.modelById.get('pixtral-12b')!;
  assert.equal(pixtral.open_weights?.value, true);
  assert.equal(pixtral.licence?.value.id, 'apache-2.0');
  assert.equal((ds.offersByModel.get('pixtral-12b') ?? []).filter((o) => o.provider === 'scaleway').length, 1);
  // The merged Qwen3-Coder keeps its LMArena rating: OpenRouter's listing now reaches a rated model.
  assert.ok((ds.ratingsByModel.get('qwen3-coder-480b-a35b-instruct') ?? []).length > 0);
});

// The arena and OpenRouter spell some models with their words in another order than the developer and the
// resellers do (data/curated/aliases.csv). Each pair names one model: the entry people can buy carries the rating.
// Rated names from lmarena-daily-2026/lmarena-hf-text-2026-08-22.json (model_name), offered ids from the listings.
const REORDERED = [
  { canonical: 'llama-3.3-nemotron-super-49b-v1', rated: 'llama-3.3-nemotron-49b-super-v1', offered: 'nvidia/Llama-3.3-Nemotron-Super-49B-v1' },
  { canonical: 'gemini-1.5-flash', rated: 'gemini-1.5-flash-002', offered: 'openrouter/google/gemini-flash-1.5' },
  { canonical: 'gemini-1.5-pro', rated: 'gemini-1.5-pro-002', offered: 'openrouter/google/gemini-pro-1.5' },
  { canonical: 'llama-3.2-11b-vision-instruct', rated: 'llama-3.2-vision-11b-instruct', offered: 'meta-llama/Llama-3.2-11B-Vision-Instruct' },
  { canonical: 'llama-3.2-90b-vision-instruct', rated: 'llama-3.2-vision-90b-instruct', offered: 'meta-llama/Llama-3.2-90B-Vision-Instruct' },
];

for (const r of REORDERED) {
  test(`${r.rated} and ${r.offered} are one model, rated and offered`, () => {
    assert.equal(ds.resolveModelId(r.rated), r.canonical);
    assert.equal(ds.resolveModelId(r.offered), r.canonical);
    assert.ok((ds.ratingsByModel.get(r.canonical) ?? []).length > 0, `no rating on ${r.canonical}`);
    assert.ok((ds.offersByModel.get(r.canonical) ?? []).length > 0, `no offer on ${r.canonical}`);
  });
}

test('Sao10K L3.3 Euryale 70B v2.3 is one model under its repository and OpenRouter id', () => {
  // https://huggingface.co/Sao10K/L3.3-70B-Euryale-v2.3; https://openrouter.ai/sao10k/l3.3-euryale-70b
  assert.equal(ds.resolveModelId('openrouter/sao10k/l3.3-euryale-70b'), 'l3.3-70b-euryale-v2.3');
  assert.equal(ds.resolveModelId('Sao10K/L3.3-70B-Euryale-v2.3'), 'l3.3-70b-euryale-v2.3');
  const providers = new Set((ds.offersByModel.get('l3.3-70b-euryale-v2.3') ?? []).map((o) => o.provider));
  for (const p of ['deepinfra', 'nano-gpt', 'openrouter', 'kilo']) assert.ok(providers.has(p), `no ${p} offer`);
});

test('QwQ-32B-Preview and QwQ-32B are two models, each with its own ratings and release date', () => {
  // Qwen's announcements: the preview on 2024-11-28 (https://qwenlm.github.io/blog/qwq-32b-preview/), the final
  // model with other weights on 2025-03-06 (https://qwenlm.github.io/blog/qwq-32b/).
  assert.equal(ds.resolveModelId('openrouter/qwen/qwq-32b-preview'), 'qwq-32b-preview');
  assert.equal(ds.resolveModelId('Qwen/QwQ-32B'), 'qwq-32b');
  assert.equal(ds.modelById.get('qwq-32b')?.release_date?.value, '2025-03-06');
  assert.equal(ds.modelById.get('qwq-32b-preview')?.release_date?.value, '2024-11-28');
  // The arena rates both (model_name qwq-32b-preview and qwq-32b): each rating stays with its own model.
  const variants = (id: string) => new Set((ds.ratingsByModel.get(id) ?? []).map((r) => r.variant));
  assert.deepEqual([...variants('qwq-32b')], ['qwq-32b']);
  assert.deepEqual([...variants('qwq-32b-preview')], ['qwq-32b-preview']);
});
