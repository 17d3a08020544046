// Open models most asked about for local use, once "not assessed" for want of an architecture (Mistral Nemo, Mistral
// Small 3.2, Llama 4 Scout and Maverick, Qwen3.6-27B and 35B-A3B): their KV cache worked by hand from the cited geometry.
// F16 cache: 2 bytes a value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QUANTIZATIONS } from '../src/engines/constants.ts';
import { kvCacheBytes, modelFacts, weightsBytes } from '../src/engines/memory.ts';
import { models_for_hardware } from '../src/ops/models-for-hardware.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const model = (id: string) => {
  const m = ds.modelById.get(id);
  assert.ok(m, `no model ${id}`);
  return m;
};
const MOE = ['llama-4-maverick-17b-instruct', 'qwen3.6-35b-a3b'];
const kv = (id: string, context: number) => {
  const a = model(id).architecture?.value;
  assert.ok(a, `no architecture for ${id}`);
  return kvCacheBytes(a, context, 1, 'f16');
};

test('each now has what sizing needs (no "missing" list)', () => {
  for (const id of ['mistral-nemo', 'mistral-small-2506', 'llama-4-scout-17b-instruct', 'qwen3.6-27b', ...MOE]) {
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

test('Llama 4 Maverick: the same attention as Scout (12 full layers, 36 chunked at 8,192), so the same cache', () => {
  // 48 layers, 8 KV heads x 128: 2 x 8 x 128 x 2 B = 4,096 B a token a layer. At 32,768 tokens: 12 x 32,768 x 4,096 =
  // 1,610,612,736 plus 36 x 8,192 x 4,096 = 1,207,959,552; sum 2,818,572,288, as Scout's.
  assert.equal(kv('llama-4-maverick-17b-instruct', 32_768), 2_818_572_288);
  // At its 1,048,576-token window (config.json max_position_embeddings): 12 x 1,048,576 x 4,096 = 51,539,607,552
  // plus the same 1,207,959,552 for the chunked layers = 52,747,567,104 (all 48 full would be 206,158,430,208).
  assert.equal(kv('llama-4-maverick-17b-instruct', 1_048_576), 52_747_567_104);
  // Its MoE (128 experts on every other layer) is in the weights: all experts resident, 401,583,781,376 parameters
  // (the repo's count, llmfit) x 4.89 / 8 = 245.47 GB at Q4_K_M (the card's rounded 400B would give 244.50 GB).
  const q4km = QUANTIZATIONS.find((x) => x.id === 'q4_k_m');
  assert.ok(q4km);
  const bytes = weightsBytes(model('llama-4-maverick-17b-instruct').parameters_total?.value ?? 0, q4km);
  assert.equal(Math.round(bytes / 1e7) / 100, 245.47);
  assert.equal(model('llama-4-maverick-17b-instruct').parameters_active?.value, 17_000_000_000);
});

test('Qwen3.6-35B-A3B: only the 10 full-attention layers of 40 keep a cache', () => {
  // 10 x 2 x 2 KV heads x 256 x 2 B = 20,480 B (20 KiB) a token; x 32,768 = 671,088,640.
  // Reading all 40 layers as attention would give four times that (2,684,354,560).
  assert.equal(kv('qwen3.6-35b-a3b', 32_768), 671_088_640);
  // At its full 262,144-token window: 20,480 x 262,144 = 5,368,709,120.
  assert.equal(kv('qwen3.6-35b-a3b', 262_144), 5_368_709_120);
});

test('models_for_hardware assesses both on eight H100s and a 512 GB M3 Ultra (none left "not assessable")', () => {
  for (const hardware_id of ['h100-80gb-x8', 'm3-ultra-512gb']) {
    const seen = new Map<string, { fit: string; memory: { kv_cache_gb: number } }>();
    let cursor: string | undefined;
    for (;;) {
      const input = models_for_hardware.input.parse({ hardware_id, context: 32_768, limit: 100, ...(cursor ? { cursor } : {}) });
      const out = models_for_hardware.handler(ds, input, { today: '2026-11-26' }) as {
        items: Array<{ model: { id: string }; fit: string; memory: { kv_cache_gb: number } }>;
        page: { next_cursor: string | null };
        not_assessable: { models: Array<{ model_id: string }> };
      };
      for (const i of out.items) if (MOE.includes(i.model.id)) seen.set(i.model.id, i);
      for (const id of MOE) assert.ok(!out.not_assessable.models.some((m) => m.model_id === id), `${id} not assessable on ${hardware_id}`);
      if (!out.page.next_cursor) break;
      cursor = out.page.next_cursor;
    }
    // The KV cache each answer shows is the hand-worked figure above, in GB (1e9 bytes) to two places.
    assert.equal(seen.get('llama-4-maverick-17b-instruct')?.memory.kv_cache_gb, 2.82, hardware_id);
    // On eight H100s vLLM runs the cards tensor parallel and keeps at least one KV head a card: Qwen3.6's 2 KV heads are
    // held 8 / 2 = 4 times, 4 x 671,088,640 = 2,684,354,560 B, 2.68 GB (vllm/config/model.py get_num_kv_heads).
    assert.equal(seen.get('qwen3.6-35b-a3b')?.memory.kv_cache_gb, hardware_id === 'h100-80gb-x8' ? 2.68 : 0.67, hardware_id);
    // Maverick's weights (427 GB at Q8_0, 329 GB at Q6_K) fit both; the 36B Qwen fits either with room to spare.
    for (const id of MOE) assert.notEqual(seen.get(id)?.fit, 'no', `${id} on ${hardware_id}`);
  }
});
