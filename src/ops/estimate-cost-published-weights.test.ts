// estimate_cost on the shipped dataset: the serving batch counts the weights the fit counts (the published file).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? await committedDataset() : null;
type Out = Record<string, any>;
const ctx = { today: '2026-11-27' };

test('DeepSeek V3.2 Q4_K_M on an M3 Ultra 512 GB: the serving batch fits what the 404.43 GB file leaves', { skip: !shipped }, () => {
  // By hand: usable 512 GiB x 0.75 = 412.32 GB, less 0.75 GB of overhead and the published Q4_K_M file, 404.43 GB (the
  // DeepSeek-V3-0324 file of the same architecture): 7.14 GB for caches. A request of 8,192 tokens at 75% input holds
  // 7,175.5 tokens on average (6,144 of prompt + 1,024 of answer + half a 16-token block), each 61 layers x 576 values
  // x 2 bytes = 70,272 B: 0.504 GB a sequence, so 7.14 / 0.504 = 14.2: 14 sequences. The flat estimate the batch read
  // before, 671e9 x 4.89 / 8 = 410.15 GB, left 1.42 GB: 2 sequences, where the answer's own reasoning and
  // models_for_hardware both stated the 404.43 GB file.
  const r = estimate_cost.handler(ds!, estimate_cost.input.parse({ model_id: 'deepseek-v3.2', tokens_millions: 1000, hardware: 'm3-ultra-512gb' }), ctx) as Out;
  const o = [...(r.self_hosting.options ?? []), ...(r.self_hosting.owned_options ?? [])].find((x: Out) => x.hardware_id === 'm3-ultra-512gb');
  assert.ok(o, 'm3-ultra-512gb is costed');
  assert.equal(o.quantization, 'q4_k_m');
  assert.equal(o.serving.mean_sequence_tokens, 7168);
  assert.equal(o.serving.batch, 14);
  assert.equal(o.serving.bound, 'memory');
  assert.ok(o.derived_from.some((d: string) => /weights Q4_K_M = 404\.43 GB/.test(d)), 'the answer states the file it sized');
  // models_for_hardware at the same 8 sequences of 8,192 tokens fits them on the same file.
  const fit = models_for_hardware.handler(ds!, models_for_hardware.input.parse(
    { hardware_id: 'm3-ultra-512gb', context: 8192, concurrency: 8, quantization: 'q4_k_m', limit: 100 }), ctx) as Out;
  const entry = fit.items.find((i: Out) => i.model.id === 'deepseek-v3.2');
  assert.equal(entry.memory.weights_gb, 404.43);
});

test('the bytes a token reads are the published file\'s: all of it for a dense model, the active share for an MoE', { skip: !shipped }, () => {
  // Llama 3.3 70B Q4_K_M: the 42.52 GB file (bartowski), not 70,553,706,496 x 4.89 / 8 = 43.13 GB. DeepSeek V3.2: 37e9 x
  // 4.89 / 8 = 22.62 GB x 404.43 / 410.15 = 22.30 GB.
  const fit = models_for_hardware.handler(ds!, models_for_hardware.input.parse(
    { hardware_id: 'm3-ultra-512gb', context: 8192, concurrency: 1, quantization: 'q4_k_m', limit: 100 }), ctx) as Out;
  const speed = (id: string) => fit.items.find((i: Out) => i.model.id === id).speed;
  assert.equal(speed('llama-3.3-70b-instruct').active_weights_gb, 42.52);
  assert.equal(speed('deepseek-v3.2').active_weights_gb, 22.3);
});
