// The committed dataset's sliding-window models: KV cache at 32k tokens as the config.json layer pattern implies,
// worked by hand from each config (F16 cache: 2 bytes a value; K and V: 2 x kv_heads x head_dim values per token).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kvCacheBytes } from '../src/engines/memory.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const kv32k = (id: string) => {
  const a = ds.modelById.get(id)?.architecture?.value;
  assert.ok(a, `no architecture for ${id}`);
  return kvCacheBytes(a, 32_768, 1, 'f16');
};

test('gemma-3-1b-it: 22 of 26 layers keep only the 512-token window (config.json sliding_window 512, pattern 6)', () => {
  // 1 KV head x 256 head_dim: 2 x 1 x 256 x 2 B = 1,024 B per token per layer.
  // 4 global layers x 32,768 x 1,024 = 134,217,728; 22 sliding x 512 x 1,024 = 11,534,336; sum 145,752,064.
  // Every layer at full context (the old reading, "26 full layers") was 26 x 32,768 x 1,024 = 872,415,232.
  assert.equal(kv32k('gemma-3-1b-it'), 145_752_064);
});

test('OLMo 3: three of every four layers keep a 4,096-token window (config.json layer_types, sliding_window 4096)', () => {
  // 7B: 32 KV heads x 128: 16,384 B per token per layer. 8 full x 32,768 x 16,384 = 4,294,967,296;
  // 24 sliding x 4,096 x 16,384 = 1,610,612,736; sum 5,905,580,032 (all 32 layers full: 17,179,869,184).
  assert.equal(kv32k('olmo-3-7b-instruct'), 5_905_580_032);
  assert.equal(kv32k('olmo-3-7b-think'), 5_905_580_032);
  // 32B: 8 KV heads x 128: 4,096 B. 16 full x 32,768 x 4,096 = 2,147,483,648; 48 sliding x 4,096 x 4,096 = 805,306,368;
  // sum 2,952,790,016 (all 64 layers full: 8,589,934,592).
  assert.equal(kv32k('olmo-3.1-32b-instruct'), 2_952_790_016);
});

test('gpt-oss-20b: alternate layers keep a 128-token window (config.json layer_types, sliding_window 128)', () => {
  // 8 KV heads x 64: 2,048 B. 12 full x 32,768 x 2,048 = 805,306,368; 12 sliding x 128 x 2,048 = 3,145,728.
  assert.equal(kv32k('gpt-oss-20b'), 808_452_096);
});
