// Gemma 4's KV cache in the committed dataset: 5 of every 6 layers are sliding (window 1024), the global ones own geometry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kvCacheBytes, kvLayout } from '../src/engines/memory.ts';
import { Architecture } from '../src/schema/index.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const arch = (id: string) => {
  const a = ds.modelById.get(id)?.architecture?.value;
  assert.ok(a, `${id} has no architecture`);
  return a;
};

test('gemma-4-31b-it: 50 sliding layers hold 1024 tokens, 10 global layers (4 KV heads x 512) the whole context', () => {
  const a = arch('gemma-4-31b-it');
  assert.deepEqual({ ...kvLayout(a) }, {
    full_layers: 10, sliding_layers: 50, window: 1024, values_per_token_full: 2 * 4 * 512, values_per_token_sliding: 2 * 16 * 256,
    form: 'sliding+global',
  });
  // By hand, f16 (2 bytes): sliding 50 x 8192 values x 1024 tokens x 2 = 838,860,800; global 10 x 4096 x context x 2.
  assert.equal(kvCacheBytes(a, 8192, 1), 838_860_800 + 671_088_640); // 1.51 GB (was 8.05 GB counted as full on 60 layers)
  assert.equal(kvCacheBytes(a, 32768, 1), 838_860_800 + 2_684_354_560); // 3.52 GB (was 32.2 GB)
});

test('gemma-4-26b-a4b-it: 25 sliding layers (8 KV heads x 256), 5 global layers (2 KV heads x 512)', () => {
  const a = arch('gemma-4-26b-a4b-it');
  // Sliding 25 x 4096 x 1024 x 2 = 209,715,200; global 5 x 2048 x 8192 x 2 = 167,772,160.
  assert.equal(kvCacheBytes(a, 8192, 1), 209_715_200 + 167_772_160);
});

test('the global-layer geometry belongs to a sliding-window architecture only', () => {
  const base = { layers: 60, kv_heads: 16, head_dim: 256, hf_repo: 'test/x' };
  assert.equal(Architecture.safeParse({ ...base, attention: 'gqa', global_kv_heads: 4 }).success, false);
  assert.equal(Architecture.safeParse({ ...base, attention: 'sliding', sliding_window: 1024, sliding_layers: 50, global_head_dim: 512 }).success, true);
});
