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
  // The merged Qwen3-Coder keeps its LMArena rating: OpenRouter's listing now reaches a rated model.
  assert.ok((ds.ratingsByModel.get('qwen3-coder-480b-a35b-instruct') ?? []).length > 0);
});
