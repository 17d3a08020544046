// Same weights, same verdict: DeepSeek-V3, V3.1 and R1 on an M3 Ultra 512 GB, on the committed dataset.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { fitModel, type FitAssessed } from './hardware-fit.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const skip = { skip: !existsSync(DEFAULT_DATA_DIR) };
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());

test('M3 Ultra 512 GB at 32,768 tokens: DeepSeek-V3.1 and R1 fit as V3 does, from V3\'s published Q4_K_M file', skip, () => {
  // By hand: usable = 512 x 2^30 x 0.75 = 412.32 GB. Weights: bartowski's DeepSeek-V3-0324 Q4_K_M, 404.43 GB (the card;
  // data/curated/gguf-file-sizes.csv). MLA cache = 61 layers x (512 + 64) x 2 B x 32,768 tokens = 2.30 GB; overhead
  // 0.75 GB: 407.48 GB, 98.8% of usable: tight. The flat estimate 671e9 x 4.89 / 8 = 410.15 GB gave 413.20 GB: no.
  const ds = committed();
  const m3 = ds.hardware.find((h) => h.id === 'm3-ultra-512gb')!;
  const fit = (id: string) => fitModel(ds.models.find((m) => m.id === id)!, m3, { context: 32768, concurrency: 1 }) as FitAssessed;
  const v3 = fit('deepseek-v3');
  for (const id of ['deepseek-v3', 'deepseek-v3.1', 'deepseek-r1']) {
    const r = fit(id);
    assert.equal(r.quantization, 'q4_k_m', id);
    assert.equal(r.fit, 'tight', id);
    assert.deepEqual([r.memory.weights_gb, r.memory.total_gb], [404.43, 407.48], id);
    assert.equal(r.speed?.tokens_per_s, v3.speed?.tokens_per_s, id);
  }
  const basis = fit('deepseek-v3.1').derived_from.find((d) => d.startsWith('weights Q4_K_M'))!;
  const words = "the published size of deepseek-v3's Q4_K_M, same architecture (671B parameters, 37B active, 61 layers";
  assert.ok(basis.startsWith(`weights Q4_K_M = 404.43 GB, ${words}`), basis);
  assert.match(basis, /the file deepseek-ai_DeepSeek-V3-0324-Q4_K_M\.gguf \(https:\/\/huggingface\.co\/bartowski\//);
});

test('RTX 4090 at 4,096 tokens: Nous-Hermes-2-Mixtral-8x7B-DPO fits as Mixtral-8x7B does, from Mixtral\'s Q3_K_M file', skip, () => {
  // By hand: usable = 24 x 2^30 x 0.95 = 24.48 GB. Weights: TheBloke's Mixtral-8x7B-Instruct Q3_K_M, 20.36 GB; the DPO
  // fine-tune adds 2 tokens (16,384 parameters, 7,143 bytes). KV cache = 32 layers x 8 KV heads x 128 x 2 (K, V) x 2 B
  // x 4,096 = 0.54 GB; overhead 0.75 GB: 21.65 GB. Before, the flat 46,702,809,088 x 3.9 / 8 estimate gave 22.77 GB.
  const ds = committed();
  const rtx = ds.hardware.find((h) => h.id === 'rtx-4090')!;
  const fit = (id: string) => fitModel(ds.models.find((m) => m.id === id)!, rtx, { context: 4096, concurrency: 1 }) as FitAssessed;
  for (const id of ['mixtral-8x7b', 'nous-hermes-2-mixtral-8x7b-dpo']) {
    const r = fit(id);
    assert.equal(r.quantization, 'q3_k_m', id);
    assert.deepEqual([r.memory.weights_gb, r.memory.kv_cache_gb, r.memory.total_gb, r.memory.usable_gb], [20.36, 0.54, 21.65, 24.48], id);
  }
  const basis = fit('nous-hermes-2-mixtral-8x7b-dpo').derived_from.find((d) => d.startsWith('weights Q3_K_M'))!;
  assert.match(basis, /mixtral-8x7b's Q3_K_M plus 2 added tokens' rows/);
});
