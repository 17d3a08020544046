// estimate_cost and the trust profile on the shipped dataset: a vLLM server on a card under 80 GB is sized in vLLM's own
// budget, so neither offers a configuration whose server would not start.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { get_trust_profile } from './get-trust-profile.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? await committedDataset() : null;
type Out = Record<string, any>;

// Gemma 4 26B-A4B: 26,544,131,376 parameters (llmfit); at INT4 W4A16, 4.51 bits a weight, 14.96 GB of weights. A T4
// has 16 GiB (NVIDIA's T4 datasheet: "16 GB GDDR6"). vLLM takes 0.9 of it (gpu_memory_utilization's default,
// vllm/config/cache.py) and keeps about 2 GiB of profiled activations, non-torch memory and CUDA graphs on a card
// under 70 GiB (vllm-memory.ts: logs of an RTX 3090, 2.80 GiB, and an A100 40GB, 1.73): 14.4 - 2 = 12.4 GiB, 13.31 GB,
// less than the weights, so the server does not start. The service's former sums (0.95 of the card less 0.75 GB:
// 16.32 GB usable) put weights and cache at 16.09 GB and costed an owned T4; at any reserve of 0.5 GiB or more the
// verdict is the same (14.4 - 0.5 = 13.9 GiB = 14.93 GB, under 14.96).
test('gemma-4-26b-a4b-it on a T4: estimate_cost finds no server that starts', { skip: !shipped }, () => {
  const r = estimate_cost.handler(ds!, estimate_cost.input.parse({ model_id: 'gemma-4-26b-a4b-it', tokens_millions: 100, hardware: 't4' }),
    { today: '2026-11-30' }) as Out;
  assert.equal(r.self_hosting.possible, false);
  assert.deepEqual(r.self_hosting.owned_options, []);
  assert.match(r.self_hosting.reason, /a vLLM server takes 0\.9 of each card's memory .* \(2 on an A100 and on cards under 70 GiB\)/);
});

test('gemma-4-26b-a4b-it: the trust profile\'s self-hostable criterion names no T4, whose server would not start', { skip: !shipped }, () => {
  const r = get_trust_profile.handler(ds!, get_trust_profile.input.parse({ model_id: 'gemma-4-26b-a4b-it' }), { today: '2026-11-30' }) as Out;
  const c3 = r.criteria.find((c: Out) => c.id === 'self_hostable');
  assert.equal(c3.status, 'met');
  assert.notEqual(c3.evidence.value, 't4');
  assert.doesNotMatch(c3.evidence.detail, /T4/);
});
