// Tests of the reviewed compute table: one basis, preferred to other sources, and every key used by a configuration.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { HardwareObservation } from '../sources/types.ts';
import { loadAcceleratorCompute, unusedComputeKeys } from './accelerator-compute.ts';
import { buildHardware, loadHardwareConfigs, type HardwareConfig } from './hardware.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectTable = path.resolve(here, '../../data/curated/accelerator-compute.csv');
const projectConfigs = path.resolve(here, '../../data/curated/hardware-configs.csv');

// Epoch's RTX 4090 row: 330.3 TFLOPS is its FP16 tensor rate with FP16 accumulate (Ada whitepaper, appendix).
const rtx4090: HardwareObservation = {
  source: 'epoch-hardware', key: 'NVIDIA GeForce RTX 4090', name: 'NVIDIA GeForce RTX 4090', memory_gb: 24, bandwidth_gbs: 1008,
  compute_tflops: 330.3, as_of: '2025-11-14',
};
const rtx3090Ti: HardwareObservation = {
  ...rtx4090, key: 'NVIDIA GeForce RTX 3090 Ti', name: 'NVIDIA GeForce RTX 3090 Ti', compute_tflops: 160,
};
const h100: HardwareObservation = {
  source: 'epoch-hardware', key: 'NVIDIA H100 SXM5 80GB', name: 'NVIDIA H100 SXM5 80GB', memory_gb: 80, bandwidth_gbs: 3350,
  compute_tflops: 989.4, as_of: '2025-11-14',
};
const config = (key: string, id: string): HardwareConfig =>
  ({ id, name: id, class: 'desktop', accelerator_key: [key], count: 1, unified_memory: false, rental_accelerators: [] }) as unknown as
  HardwareConfig;

function table(rows: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'compute-')), 'accelerator-compute.csv');
  writeFileSync(file, `accelerator_key,compute_tflops,source_url,read_on,note\n${rows}`);
  return file;
}

test('the reviewed figure is preferred to other sources; a GeForce card the table omits has none', async () => {
  const row = 'NVIDIA GeForce RTX 4090,330.3,https://example.org/ada.pdf,2026-11-26,whitepaper\n';
  const { compute, issues } = await loadAcceleratorCompute(table(row));
  assert.deepEqual(issues, []);
  const { hardware } = buildHardware([rtx4090, rtx3090Ti, h100], [], [
    config(rtx4090.key, 'rtx-4090'), config(rtx3090Ti.key, 'rtx-3090-ti'), config(h100.key, 'h100'),
  ], compute);
  const byId = new Map(hardware.map((h) => [h.id, h]));
  assert.equal(byId.get('rtx-4090')?.compute_tflops?.value, 330.3);
  assert.equal(byId.get('rtx-4090')?.compute_tflops?.source, 'accelerator-compute');
  assert.match(byId.get('rtx-4090')?.compute_tflops?.note ?? '', /FP16 accumulate.*evidence: https:\/\/example.org\/ada.pdf/);
  // Not in the table: other sources give a GeForce card either this basis or its FP32 shader rate, so no figure.
  assert.equal(byId.get('rtx-3090-ti')?.compute_tflops, undefined);
  // A data-centre card runs FP16 and FP32 accumulate at one rate: Epoch's dense BF16 figure is on the basis.
  assert.equal(byId.get('h100')?.compute_tflops?.value, 989.4);
});

test('bad rows are issues: no URL, a negative figure, a repeated key; an unused key is reported', async () => {
  const { compute, issues } = await loadAcceleratorCompute(table([
    'a,10,not-a-url,2026-11-25,x', 'b,-1,https://example.org,2026-11-25,x',
    'c,5,https://example.org,2026-11-25,x', 'c,6,https://example.org,2026-11-25,x',
  ].join('\n')));
  assert.deepEqual(issues.map((i) => `${i.row} ${i.field}`).sort(), ['a source_url', 'b compute_tflops', 'c accelerator_key']);
  assert.equal(compute.get('c')?.compute_tflops, 5);
  assert.deepEqual(unusedComputeKeys(compute, [['c']]), []);
  assert.deepEqual(unusedComputeKeys(compute, [['d']]).map((i) => i.row), ['c']);
});

test('the project table: every row valid and used, on the stated basis (checked against the vendor documents)', async () => {
  const { compute, issues } = await loadAcceleratorCompute(projectTable);
  assert.deepEqual(issues, []);
  const { configs } = await loadHardwareConfigs(projectConfigs);
  assert.deepEqual(unusedComputeKeys(compute, configs.map((c) => c.accelerator_key)), []);
  // Read by hand from the documents each row cites: Ada whitepaper (RTX 4090, FP16 tensor with FP16 accumulate 330.3),
  // GA102 whitepaper (RTX 3090 142, RTX A6000 154.8), RTX Blackwell whitepaper (RTX 5090 419), L40S datasheet, Apple's
  // M1 Max announcement.
  const expected: Record<string, number> = {
    'NVIDIA GeForce RTX 4090': 330.3, 'NVIDIA GeForce RTX 3090': 142, 'nvidia-rtx-5090': 419, 'nvidia-l40s': 362.05, 'apple-m1-max': 10.4,
    'NVIDIA RTX A6000': 154.8,
  };
  for (const [key, tflops] of Object.entries(expected)) assert.equal(compute.get(key)?.compute_tflops, tflops, key);
  // NVIDIA's published figures, worked by hand onto the basis: A10 datasheet 125 TF dense FP16; RTX 4080 780 AI TOPS
  // (FP8 sparse) / 4 = 195; RTX 4070 466 / 4 = 116.5; RTX 4070 Ti 641 / 4 = 160.25; RTX 5080 1801 AI TOPS (FP4 sparse)
  // / 8 = 225.1; RTX 3060 101 Tensor TFLOPS (FP16 sparse) / 2 = 50.5; RTX 3070 163 / 2 = 81.5; RTX 3080 Ti 273 / 2 =
  // 136.5; RTX 6000 Ada 1457 (FP8 sparse) / 4 = 364.25.
  const published: Record<string, number> = {
    'NVIDIA A10 PCIe': 125, 'NVIDIA GeForce RTX 4080': 195, 'NVIDIA GeForce RTX 4070': 116.5, 'nvidia-rtx-4070-ti': 160.25,
    'nvidia-rtx-5080': 225.1, 'nvidia-rtx-3060-12gb': 50.5, 'nvidia-rtx-3060-8gb': 50.5, 'nvidia-rtx-3070': 81.5,
    'nvidia-rtx-3080-ti': 136.5, 'NVIDIA RTX 6000 Ada Generation': 364.25,
  };
  for (const [key, tflops] of Object.entries(published)) assert.equal(compute.get(key)?.compute_tflops, tflops, key);
  // Matrix rates worked by hand: AMD GPUOpen gives 512 dense FP16 FLOPS per clock per CU on RDNA 3 (and 3.5), 1024 on
  // RDNA 4: RX 7900 XTX 96 CUs x 512 x 2.5 GHz = 122.88; RX 7900 XT 84 x 512 x 2.4 = 103.2; RX 9070 XT 2 x its 97.32
  // vector FP16 = 194.64; Radeon 8060S 40 x 512 x 2.9 = 59.392; Radeon 8050S 32 x 512 x 2.8 = 45.875. NVIDIA's sparse
  // figures halved: H100 NVL and H200 NVL 1,671 / 2 = 835.5; RTX PRO 6000 4,000 AI TOPS (FP4 sparse) / 8 = 500.
  const derived: Record<string, number> = {
    'AMD Radeon RX 7900 XTX': 122.88, 'amd-rx-7900-xt': 103.2, 'amd-rx-9070-xt': 194.64, 'amd-ryzen-ai-max-395': 59.39,
    'amd-ryzen-ai-max-385': 45.88, 'NVIDIA H100 NVL': 835.5, 'nvidia-h200-nvl': 835.5, 'nvidia-rtx-pro-6000': 500,
    // GeForce Blackwell AI TOPS (FP4 sparse) / 8: RTX 5070 Ti 1406 / 8 = 175.75, RTX 5070 988 / 8 = 123.5.
    'nvidia-rtx-5070-ti': 175.75, 'nvidia-rtx-5070': 123.5,
    // RTX 5060 614 AI TOPS (FP4 sparse) / 8 = 76.75. GeForce Ada (FP8 sparse) / 4: RTX 4060 Ti 353 / 4 = 88.25 (both
    // memory sizes), RTX 4060 242 / 4 = 60.5. Ampere workstation datasheets' sparse tensor rate halved: RTX A4000
    // 153.4 / 2 = 76.7, RTX A5000 222.2 / 2 = 111.1. Tesla T4: 65 TFLOPS mixed precision, dense (Turing has no sparsity).
    'nvidia-rtx-5060': 76.75, 'nvidia-rtx-4060-ti-8gb': 88.25, 'nvidia-rtx-4060-ti-16gb': 88.25, 'nvidia-rtx-4060': 60.5,
    'NVIDIA RTX A4000': 76.7, 'NVIDIA RTX A5000': 111.1, 'NVIDIA Tesla T4': 65,
    // Tensor Cores x boost clock x the whitepapers' per-core rate with FP16 accumulate: Turing GeForce 113.8 / (544 x
    // 1.635 GHz) = 128 (RTX 2060 240 x 128 x 1.68 = 51.6; 2070 SUPER 320 x 128 x 1.77 = 72.5; 2080 SUPER 384 x 128 x 1.815
    // = 89.2); GeForce Ampere 142 / (328 x 1.695) = 256 (RTX 3060 Ti 152 x 256 x 1.665 = 64.8).
    'nvidia-rtx-2060': 51.6, 'nvidia-rtx-2070-super': 72.5, 'nvidia-rtx-2080-super': 89.2, 'nvidia-rtx-3060-ti': 64.8,
    // RTX 2060 SUPER 272 x 128 x 1.65 = 57.4. SMs x boost clock x the per-SM rate: GeForce Ada 330.3 / (128 x 2.52 GHz) =
    // 1,024 (RTX 4070 SUPER 56 x 1,024 x 2.475 = 141.9; 4070 Ti SUPER 66 x 2.61 = 176.4; 4080 SUPER 80 x 2.55 = 208.9);
    // GeForce Blackwell 419 / (170 x 2.407) = 1,024 (RTX 5060 Ti 36 x 1,024 x 2.572 = 94.8, both memory sizes).
    'nvidia-rtx-2060-super': 57.4, 'nvidia-rtx-4070-super': 141.9, 'nvidia-rtx-4070-ti-super': 176.4, 'nvidia-rtx-4080-super': 208.9,
    'nvidia-rtx-5060-ti-16gb': 94.8, 'nvidia-rtx-5060-ti-8gb': 94.8,
    // RTX 3050 8 GB: 80 Tensor Cores x 256 x 1.777 GHz = 36.4. RTX 3080 12 GB: 280 x 256 x 1.71 = 122.6 (its listed
    // 980.58 INT4 sparse TOPS / 8 = 122.57). RTX PRO 6000 Max-Q: 188 SMs x 1,024 x 2.288 GHz = 440.5.
    'nvidia-rtx-3050-8gb': 36.4, 'nvidia-rtx-3080-12gb': 122.6, 'nvidia-rtx-pro-6000-max-q': 440.5,
    // RTX 3070 Ti: 192 Tensor Cores x 256 x 1.77 GHz = 87.0 (NVIDIA's 174 sparse Tensor TFLOPS / 2 = 87). Arc B580: 20
    // Xe2 cores x 2,048 FP16 FLOPS per core per clock (half the 4,096 INT8 ops the Arc Pro B60's 197 TOPS at 2.4 GHz
    // gives) x 2.67 GHz = 109.36.
    'nvidia-rtx-3070-ti': 87, 'intel-arc-b580': 109.4,
  };
  for (const [key, tflops] of Object.entries(derived)) assert.equal(compute.get(key)?.compute_tflops, tflops, key);
  // No vendor publishes an A10G tensor figure: a measured FP16 matmul rate stands for it, the slow side of its peak.
  // zzc0721/torch-performance-test-data#126 ("NVIDIA A10G", torch 2.7.0): FP16 10240x10240 69.47 TFLOPS, its best size.
  const a10g = compute.get('NVIDIA A10G');
  assert.equal(a10g?.compute_tflops, 69.47);
  assert.match(a10g?.note ?? '', /a measured rate, not a vendor's peak/);
});
