// Tests of the binned Apple chips: a Mac sold only with the smaller GPU gets that bin's bandwidth and compute.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { committedDataset } from '../../test/committed-dataset.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const csvRow = (file: string, key: string) => readFileSync(path.join(root, 'data/curated', file), 'utf8').split('\n').find((l) => l.startsWith(`${key},`));
const ds = committedDataset();
const hw = (id: string) => ds.hardware.find((h) => h.id === id)!;

test('the 96 GB Mac Studio is the 60-core M3 Ultra: 819 GB/s like the 80-core, three quarters of its compute', () => {
  // Macworld (reprinted), Mac Studio 2025: "M3 Ultra chip with a 28-core CPU (...), 60-core GPU, 96GB of unified memory
  // (819GBps memory bandwidth)", "options for a 32-core CPU, 80-core GPU, 512GB of RAM".
  assert.match(csvRow('accelerators-extra.csv', 'apple-m3-ultra-60c')!, /60-core GPU, 96GB of unified memory \(819GBps memory bandwidth\)/);
  assert.match(csvRow('hardware-configs.csv', 'm3-ultra-96gb')!, /,apple-m3-ultra-60c;hf:Apple\/Apple M3 Ultra,/);
  // Hugging Face's table: "Apple M3 Ultra": { tflops: 28.4 } for the 80-core GPU; 28.4 x 60 / 80 = 21.3.
  assert.equal(hw('m3-ultra-96gb').compute_tflops?.value, 21.3);
  assert.equal(hw('m3-ultra-96gb').bandwidth_gbs?.value, 819);
  assert.equal(hw('m3-ultra-512gb').compute_tflops?.value, 28.4);
  assert.equal(hw('m3-ultra-512gb').bandwidth_gbs?.value, 819);
  assert.match(hw('m3-ultra-96gb').accelerator, /60-core GPU/);
});

test('the 36 GB M4 Max is the 14-core CPU / 32-core GPU bin: 410 GB/s, not the 40-core 546', () => {
  // Macworld (reprinted): "M4 Max chip that has a 14-core CPU (...), a 32-core GPU, 36GB of unified memory (410GBps
  // memory bandwidth)"; the 16-core CPU / 40-core GPU option: 546 GB/s (Apple's M4 Max announcement, "546GB/s").
  assert.match(csvRow('accelerators-extra.csv', 'apple-m4-max-32c')!, /a 32-core GPU, 36GB of unified memory \(410GBps memory bandwidth\)/);
  const m36 = hw('m4-max-36gb');
  assert.equal(m36.memory_gb.value, 36);
  assert.equal(m36.bandwidth_gbs?.value, 410);
  // Hugging Face's "Apple M4 Max": { tflops: 18.4 } (40-core); 18.4 x 32 / 40 = 14.72.
  assert.equal(m36.compute_tflops?.value, 14.72);
  assert.equal(hw('m4-max-48gb').bandwidth_gbs?.value, 546);
  assert.equal(hw('m4-max-48gb').compute_tflops?.value, 18.4);
});
