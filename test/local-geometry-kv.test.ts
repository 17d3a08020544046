// Open models most asked about for local use, once "not assessed" for want of an architecture (Mistral Nemo, Mistral
// Small 3.2, Llama 4 Scout, Qwen3.6-27B): their KV cache worked by hand from the cited geometry. F16 cache: 2 bytes a value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';
import { QUANTIZATIONS } from '../src/engines/constants.ts';
import { kvCacheBytes, modelFacts, weightsBytes } from '../src/engines/memory.ts';

const ds = loadDataset(DEFAULT_DATA_DIR);
const model = (id: string) => {
  const m = ds.modelById.get(id);
  assert.ok(m, `no model ${id}`);
  return m;
};
const kv = (id: string, context: number) => {
  const a = model(id).architecture?.value;
  assert.ok(a, `no architecture for ${id}`);
  return kvCacheBytes(a, context, 1, 'f16');
};

test('each now has what sizing needs (no "missing" list)', () => {
  for (const id of ['mistral-nemo', 'mistral-small-2506', 'llama-4-scout-17b-instruct', 'qwen3.6-27b']) {
    const facts = modelFacts(model(id));
    assert.ok(!('missing' in facts), `${id}: ${JSON.stringify(facts)}`);
  }
});

test('Mistral Nemo and Mistral Small 3.2: 40 layers of 8 KV heads x 128', () => {
  // 40 x 2 x 8 x 128 = 81,920 values a token, x 2 B = 163,840 B; x 32,768 tokens = 5,368,709,120.
  assert.equal(kv('mistral-nemo', 32_768), 5_368_709_120);
  assert.equal(kv('mistral-small-2506', 32_768), 5_368_709_120);
  // At the default 8,192 tokens a quarter of that: 1,342,177,280 (the 1.34 GB models_for_hardware serves).
  assert.equal(kv('mistral-nemo', 8_192), 1_342_177_280);
});

test('Llama 4 Scout: 12 full layers and 36 chunked layers that never hold more than 8,192 tokens', () => {
  // 2 x 8 x 128 x 2 B = 4,096 B a token a layer. At 32,768 tokens: 12 x 32,768 x 4,096 = 1,610,612,736 and
  // 36 x 8,192 x 4,096 = 1,207,959,552; sum 2,818,572,288 (all 48 layers full would be 6,442,450,944).
  assert.equal(kv('llama-4-scout-17b-instruct', 32_768), 2_818_572_288);
  // Below one chunk every layer holds the whole context: 48 x 4,096 x 4,096 = 805,306,368.
  assert.equal(kv('llama-4-scout-17b-instruct', 4_096), 805_306_368);
});

test('Qwen3.6-27B: only the 16 full-attention layers of 64 keep a cache', () => {
  // 16 x 2 x 4 x 256 x 2 B = 65,536 B (64 KiB) a token, as the GGUF write-ups of qwen35 models state;
  // x 32,768 = 2,147,483,648. Reading all 64 layers as attention would give four times that.
  assert.equal(kv('qwen3.6-27b', 32_768), 2_147_483_648);
});

test('weights at Q4_K_M agree with a published file of the same geometry', () => {
  // Qwen3.6-27B: 27,781,427,952 x 4.89 / 8 = 16.98 GB. The Q4_K_M GGUF of Jackrong's Qwopus3.6-27B (a Qwen3.6-27B
  // fine-tune, 64 layers + 1 MTP layer) is 16,810,711,616 bytes, 1% under: the figure does not understate the file.
  const q4km = QUANTIZATIONS.find((x) => x.id === 'q4_k_m');
  assert.ok(q4km);
  const bytes = weightsBytes(model('qwen3.6-27b').parameters_total?.value ?? 0, q4km);
  assert.equal(Math.round(bytes / 1e7) / 100, 16.98);
  assert.ok(bytes >= 16_810_711_616 && bytes / 16_810_711_616 < 1.02, `${bytes}`);
});
