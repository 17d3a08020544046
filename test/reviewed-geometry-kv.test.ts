// The open models once "not assessed" for want of an architecture (Step3, Step-3.5-Flash, DeepSeek-V3.2-Exp, Moonlight,
// Kimi-VL-A3B, Sarvam-105B): their KV cache at 32k tokens worked by hand from the cited geometry, and their weights
// against a published GGUF file. F16 cache: 2 bytes a value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QUANTIZATIONS } from '../src/engines/constants.ts';
import { kvCacheBytes, modelFacts, weightsBytes } from '../src/engines/memory.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const model = (id: string) => {
  const m = ds.modelById.get(id);
  assert.ok(m, `no model ${id}`);
  return m;
};
const kv32k = (id: string) => {
  const a = model(id).architecture?.value;
  assert.ok(a, `no architecture for ${id}`);
  return kvCacheBytes(a, 32_768, 1, 'f16');
};

test('every one of them now has what sizing needs (no "missing" list)', () => {
  for (const id of ['step-3', 'step-3.5-flash', 'deepseek-v3.2-exp', 'moonlight-16b-a3b-instruct', 'kimi-vl-a3b-thinking', 'sarvam-105b']) {
    const facts = modelFacts(model(id));
    assert.ok(!('missing' in facts), `${id}: ${JSON.stringify(facts)}`);
  }
});

test('Step3 (MFA): one key and one value head of 256 on each of 61 layers', () => {
  // 61 x 2 x 1 x 256 = 31,232 values a token; x 32,768 x 2 B = 2,046,820,352. The Step-3 paper (arXiv 2507.19427)
  // gives 1.02 GB at 32k for its 1-byte (FP8) cache, half of this: 31,232 x 32,768 = 1,023,410,176.
  assert.equal(kv32k('step-3'), 2_046_820_352);
  // llmfit had read every one of the 64 heads as a KV head: 64 times this.
});

test('Step-3.5-Flash: 12 full layers and 33 layers with a 512-token window, 8 KV heads of 128 on both', () => {
  // 2 x 8 x 128 x 2 B = 4,096 B a token a layer. 12 x 32,768 x 4,096 = 1,610,612,736; 33 x 512 x 4,096 = 69,206,016;
  // sum 1,679,818,752. llmfit's reading (45 full layers of 64 KV heads) was 45 x 32,768 x 32,768 = 48,318,382,080.
  assert.equal(kv32k('step-3.5-flash'), 1_679_818_752);
});

test('MLA models cache one latent of kv_lora_rank 512 + rope 64 = 576 values a layer', () => {
  // DeepSeek-V3.2-Exp, 61 layers: 61 x 576 x 32,768 x 2 = 2,302,672,896 (the indexer's own small cache not counted).
  assert.equal(kv32k('deepseek-v3.2-exp'), 2_302_672_896);
  // Moonlight and Kimi-VL-A3B, 27 layers: 27 x 576 x 32,768 x 2 = 1,019,215,872.
  assert.equal(kv32k('moonlight-16b-a3b-instruct'), 1_019_215_872);
  assert.equal(kv32k('kimi-vl-a3b-thinking'), 1_019_215_872);
  // Sarvam-105B, 32 layers: 32 x 576 x 32,768 x 2 = 1,207,959,552.
  assert.equal(kv32k('sarvam-105b'), 1_207_959_552);
});

test('parameter counts agree with published GGUF files', () => {
  // Moonlight-16B-A3B-Instruct IQ4_XS (llama.cpp load log, ik_llama.cpp issue 737): "model size = 8.139 GiB (4.380 BPW)",
  // so 8.139 x 2^30 x 8 / 4.380 = 15.96e9 parameters; the dataset's count (llmfit's reading of the repo) is 15,960,111,936.
  const moonlight = model('moonlight-16b-a3b-instruct').parameters_total?.value ?? 0;
  const fromGguf = (8.139 * 2 ** 30 * 8) / 4.38;
  assert.ok(Math.abs(moonlight - fromGguf) / fromGguf < 0.001, `${moonlight} vs ${fromGguf}`);
  // Step-3.5-Flash: StepFun's README gives its int4 GGUF (step3.5_flash_Q4_K_S.gguf) as 111.5 GB. Over the dataset's
  // 199,384,301,376 parameters that is 111.5e9 x 8 / 199.38e9 = 4.47 bits a weight: a 4-bit K-quant, between the
  // engine's Q3_K_M and Q4_K_M, so the count is that of the weights the file holds (an FP8-packed count would not be).
  const step = model('step-3.5-flash').parameters_total?.value ?? 0;
  const bits = (111.5e9 * 8) / step;
  const q = (id: string) => QUANTIZATIONS.find((x) => x.id === id)?.bits_per_weight ?? NaN;
  assert.ok(bits > q('q3_k_m') && bits < q('q4_k_m'), `${bits} bits a weight`);
  // The engine's Q4_K_M figure for it is then the larger one: 199.38e9 x 4.89 / 8 = 121.87 GB.
  const q4km = QUANTIZATIONS.find((x) => x.id === 'q4_k_m');
  assert.ok(q4km);
  assert.equal(Math.round(weightsBytes(step, q4km) / 1e7) / 100, 121.87);
});
