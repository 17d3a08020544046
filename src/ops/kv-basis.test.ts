// models_for_hardware and estimate_cost on the same setup: a fit counts every sequence at its longest, a serving batch at
// its mean length; where they differ, each answer says on which basis it counts and points to the other.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? await committedDataset() : null;
const ctx = { today: '2026-11-26' };
type Out = Record<string, any>;

/** Every page of models_for_hardware's answer, and its first page's top-level fields. */
function fits(input: Record<string, unknown>): { items: Out[]; first: Out } {
  const items: Out[] = [];
  let first: Out | undefined;
  let cursor: string | undefined;
  do {
    const page = models_for_hardware.handler(ds!, models_for_hardware.input.parse({ ...input, limit: 100, cursor }), ctx) as Out;
    first ??= page;
    items.push(...page.items);
    cursor = page.page.next_cursor ?? undefined;
  } while (cursor);
  return { items, first: first! };
}

test('Llama 3.3 70B at INT4 on one H100: 13 in the serving batch, 17 at full length do not fit, both say why', { skip: !shipped }, () => {
  const cost = estimate_cost.handler(ds!, estimate_cost.input.parse({
    model_id: 'llama-3.3-70b-instruct', tokens_millions: 3000, hardware: 'h100-80gb-x1', quantization: 'int4_w4a16', concurrency: 17,
  }), ctx) as Out;
  // 8,192 tokens at input share 0.75: 6,144 prompt + 2,048 / 2 of the answer = 7,168 held on average (kv-occupancy.ts).
  // vLLM's budget (vllm-memory.ts): 80 x 2^30 B x 0.9 less 6 GiB = 70.87 GB, less 70.55e9 x 4.51 / 8 = 39.77 GB of INT4
  // weights = 31.09 GB, over 7,175.5 held tokens x 327,680 B = 2.3513 GB: 13 sequences (17, the cap asked, while the
  // room was the service's 0.95 less 0.75 GB, 41.08 GB).
  assert.equal(cost.self_hosting.options[0].batch, 13);
  assert.match(cost.self_hosting.kv_basis, /mean current length in a paged KV cache, 7168 of its 8192 tokens/);
  assert.match(cost.self_hosting.kv_basis, /models_for_hardware's fit holds every sequence at its full 8192 tokens/);
  const at17 = fits({ hardware_id: 'h100-80gb-x1', quantization: 'int4_w4a16', concurrency: 17 });
  assert.equal(at17.items.some((i) => i.model.id === 'llama-3.3-70b-instruct'), false);
  assert.match(at17.first.kv_basis, /each of the 17 sequences at its full 8192 tokens of KV cache/);
  assert.match(at17.first.kv_basis, /estimate_cost sizes its serving batch .* mean current length/);
  const at12 = fits({ hardware_id: 'h100-80gb-x1', quantization: 'int4_w4a16', concurrency: 12 });
  assert.equal(at12.items.find((i) => i.model.id === 'llama-3.3-70b-instruct')?.fit, 'tight');
});
