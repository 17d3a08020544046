// estimate_cost on the shipped dataset: a DSA model is never costed on a GPU its serving runtime has no kernel for.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? await committedDataset() : null;
type Out = Record<string, any>;
const run = (input: Record<string, unknown>) =>
  estimate_cost.handler(ds!, estimate_cost.input.parse(input), { today: '2026-11-27' }) as Out;

test('deepseek-v3.2 and glm-5.1: no A100 option (vLLM has no DSA kernel on SM80); the cheapest rented is 8 x H100', { skip: !shipped }, () => {
  // Before the rule: a100-80gb-x8 at 14.32 USD/h x 730 h = 10,453.60 USD a month, a configuration vLLM cannot start
  // (vllm-project/vllm#40851: GLM 5.1 on A800, "No valid attention backend"). The cheapest that runs: h100-80gb-x8,
  // 23.60 USD/h x 730 h = 17,228 USD a month, one machine at 100M tokens.
  for (const model_id of ['deepseek-v3.2', 'glm-5.1']) {
    const r = run({ model_id, tokens_millions: 100 });
    const ids = [...r.self_hosting.options, ...r.self_hosting.owned_options].map((o: Out) => o.hardware_id);
    assert.ok(!ids.some((id: string) => /^a100/.test(id)), `${model_id}: ${ids.join(', ')}`);
    assert.deepEqual([r.self_hosting.cheapest.hardware_id, r.self_hosting.cheapest.monthly_usd], ['h100-80gb-x8', 17228]);
    assert.ok(r.assumptions.some((a: string) => /DeepSeek Sparse Attention/.test(a)));
  }
  // A model without DSA keeps its A100 options.
  assert.equal(run({ model_id: 'gpt-oss-120b', tokens_millions: 100 }).self_hosting.cheapest.hardware_id, 'a100-80gb-pcie');
});
