// Tests of the Hugging Face hardware table adapter: SKUs read without running the files, options kept as options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hfKey, hfTasksHardware, parseSkus } from './hf-tasks-hardware.ts';

const shared = path.resolve(fileURLToPath(import.meta.url), '../../../../shared/data/sources');

const NVIDIA = `export const NVIDIA_SKUS = {
    H100: {
        tflops: 267.6,
        memory: [80],
        computeCapability: 9.0,
        msrp: 30_000,
        power: 700,
        releaseYear: 2022,
    },
    "RTX 3060": {
        tflops: 12.74,
        memory: [12, 8],
        msrp: 350,
        power: 170,
        releaseYear: 2021,
    },
};
`;
const HARDWARE = `export const SKUS = {
    GPU: {
        NVIDIA: NVIDIA_SKUS,
        INTEL: {
            "Arc B580": {
                tflops: 27.34,
                memory: [12],
                msrp: 250,
                power: 190,
                releaseYear: 2024,
            },
        },
    },
    "Apple Silicon": {
        "-": {
            "Apple M3 Max": {
                tflops: 14.2,
                memory: [36, 48, 64, 96, 128],
                msrp: 5_000,
                power: 90,
                releaseYear: 2023,
            },
        },
    },
};
`;

function roots(): { sources: string; curated: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hf-hw-'));
  mkdirSync(path.join(dir, 'hf-tasks-hardware'));
  writeFileSync(path.join(dir, 'hf-tasks-hardware', 'hardware-nvidia.js'), NVIDIA);
  writeFileSync(path.join(dir, 'hf-tasks-hardware', 'hardware-amd.js'), 'export const AMD_GPU_SKUS = {\n};\n');
  writeFileSync(path.join(dir, 'hf-tasks-hardware', 'hardware.js'), HARDWARE);
  return { sources: dir, curated: dir };
}

test('the innermost objects are the SKUs, with the keys that enclose them', () => {
  const skus = parseSkus(HARDWARE);
  assert.deepEqual(skus.map((s) => s.path.slice(1)), [['GPU', 'INTEL', 'Arc B580'], ['Apple Silicon', '-', 'Apple M3 Max']]);
  assert.equal(skus[1].fields.memory, '[36, 48, 64, 96, 128]');
});

test('one memory size is the memory; several are options; MSRP and power kept; the shader TFLOPS is not read as tensor', async () => {
  const r = await hfTasksHardware.read(roots());
  assert.deepEqual(r.issues, []);
  const by = new Map(r.hardware!.map((h) => [h.key, h]));
  const h100 = by.get(hfKey('NVIDIA', 'H100'))!;
  assert.equal(h100.memory_gb, 80);
  assert.equal(h100.launch_price_usd, 30000, '30_000 in the file');
  assert.equal(h100.power_w, 700);
  assert.equal(h100.compute_tflops, undefined, '267.6 is FP16 shader throughput, not dense tensor');
  const rtx3060 = by.get(hfKey('NVIDIA', 'RTX 3060'))!;
  assert.equal(rtx3060.memory_gb, undefined);
  assert.deepEqual(rtx3060.memory_options_gb, [8, 12]);
  assert.equal(by.get(hfKey('Intel', 'Arc B580'))?.memory_gb, 12);
  const m3max = by.get(hfKey('Apple', 'Apple M3 Max'))!;
  assert.deepEqual(m3max.memory_options_gb, [36, 48, 64, 96, 128]);
  assert.equal(m3max.kind, 'unified-memory SoC');
  assert.equal(r.hardware!.length, 4, 'GPU > NVIDIA is a reference, not a SKU');
});

test('the real snapshot: RTX 4090 24 GB at 450 W and 1,600 USD; Apple M4 Max sold in 36/48/64/128 GB', { skip: !existsSync(path.join(shared, 'hf-tasks-hardware')) }, async () => {
  const r = await hfTasksHardware.read({ sources: shared, curated: shared });
  assert.deepEqual(r.issues, []);
  const by = new Map(r.hardware!.map((h) => [h.key, h]));
  // Values as written in hardware-nvidia.js and hardware.js of @huggingface/tasks 0.21.54.
  assert.equal(by.get(hfKey('NVIDIA', 'RTX 4090'))?.memory_gb, 24);
  assert.equal(by.get(hfKey('NVIDIA', 'RTX 4090'))?.power_w, 450);
  assert.equal(by.get(hfKey('NVIDIA', 'RTX 4090'))?.launch_price_usd, 1600);
  assert.deepEqual(by.get(hfKey('Apple', 'Apple M4 Max'))?.memory_options_gb, [36, 48, 64, 128]);
  assert.equal(by.get(hfKey('AMD', 'MI250'))?.memory_gb, 128);
});
