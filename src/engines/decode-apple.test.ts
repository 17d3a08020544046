// Large models on a Mac Studio M3 Ultra 512 GB: the service's batch-1 figures against published llama-bench runs.
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

test('DeepSeek-R1 Q4_K_M on an M3 Ultra 512 GB reads within 5% of llama-bench tg128 on that Mac', skip, () => {
  // Published: 20.21 tokens/s, llama-bench build 4d3726278 (7315), -fa 1, tg128, one Mac Studio M3 Ultra 32/80-core,
  // 512 GB (https://github.com/geerlingguy/beowulf-ai-cluster/issues/17). By hand at 512 tokens of context: 37e9 active
  // parameters x 4.89 bits / 8 = 22.62 GB, scaled to the published 404.43 GB file (671e9 x 4.89 / 8 = 410.15 GB flat):
  // 22.30 GB / (0.61 x 819 GB/s) = 44.64 ms + 61 layers x 45 us = 2.75 ms, plus the MLA cache (61 x 576 x 2 B x 512
  // tokens = 36 MB / (0.82 x 819 GB/s) = 0.05 ms): 47.44 ms, + the Metal MoE term 61 x 41 us = 2.50 ms: 49.94 ms, 20.0
  // tokens/s (0.99x; 19.8 at the flat 22.62 GB, 20.8 and 1.03x without the term).
  const ds = committed();
  const m3 = ds.hardware.find((h) => h.id === 'm3-ultra-512gb')!;
  const r = fitModel(ds.models.find((m) => m.id === 'deepseek-r1')!, m3, { context: 512, concurrency: 1 }) as FitAssessed;
  assert.equal(r.quantization, 'q4_k_m');
  assert.equal(r.speed?.tokens_per_s, 20);
  assert.ok(Math.abs(r.speed!.tokens_per_s / 20.21 - 1) < 0.05, `${r.speed!.tokens_per_s} against 20.21`);
});

test('Qwen3-30B-A3B Q8_0 on an M2 Ultra reads within 10% of llama.cpp\'s own 2026 run and 20% over its 2025 one', skip, () => {
  // Published on ggerganov's M2 Ultra 76-core: tg32 94.35 tokens/s (llama.cpp#28439, September 2026) and tg128 76.31
  // (llama.cpp#15616, August 2025), the same file. By hand at 512 tokens: 3.3e9 active x 8.5 bits / 8 = 3.506 GB, scaled
  // to the published 32.48 GB file (30.53e9 x 8.5 / 8 = 32.44 GB flat): 3.511 GB / (0.61 x 800 GB/s) = 7.19 ms + 48 x 45
  // us = 2.16 ms + the cache (48 x 2 x 4 x 128 x 2 B x 512 = 50 MB / (0.82 x 800 GB/s) = 0.08 ms): 9.43 ms, + the Metal
  // MoE term 48 x 41 us = 1.97 ms: 11.40 ms, 87.7 tokens/s: 0.93x and 1.15x (87.8 at the flat bytes; 106.1, 1.12x and
  // 1.39x, without the term).
  const ds = committed();
  const m2 = ds.hardware.find((h) => h.id === 'm2-ultra-192gb')!;
  const r = fitModel(ds.models.find((m) => m.id === 'qwen3-30b-a3b')!, m2, { context: 512, concurrency: 1 }) as FitAssessed;
  assert.equal(r.quantization, 'q8_0');
  assert.equal(r.speed?.tokens_per_s, 87.7);
  assert.ok(Math.abs(r.speed!.tokens_per_s / 94.35 - 1) < 0.1 && r.speed!.tokens_per_s / 76.31 < 1.2, `${r.speed!.tokens_per_s}`);
});
