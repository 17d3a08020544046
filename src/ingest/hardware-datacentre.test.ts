// Data-centre cards against NVIDIA's datasheets as astroC86/gpu-datasheet tables them (README.md at commit 01ede5fe,
// each row linking the datasheet): memory, bandwidth and dense FP16 tensor TFLOPS, read from the built dataset. The
// datasheets round (1.55 TB/s, 696 GB/s) and give FP16 with sparsity for Hopper and Blackwell, so each expected figure
// is worked out here from the datasheet's and compared within its rounding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const real = existsSync(DEFAULT_DATA_DIR) ? committedDataset() : undefined;
const skip = !real;

/** [configuration, memory GB, bandwidth GB/s (null: not compared), dense FP16 TFLOPS], from the row named beside it. */
const DATASHEET: [id: string, memoryGb: number, bandwidthGbs: number | null, denseFp16: number][] = [
  ['h100-80gb-x1', 80, 3350, 1979 / 2], // H100: 80 GB, 3.35 TB/s, 1979 TFLOPS BF16/FP16 (with sparsity)
  ['h200-x1', 141, 4800, 1979 / 2], // H200: 141 GB, 4.8 TB/s, 1979 TFLOPS (with sparsity)
  ['a100-40gb-x1', 40, 1550, 312], // A100 40 GB: 1.55 TB/s, 312 TFLOPS FP16 (dense, Ampere's datasheet figure)
  ['a100-80gb-pcie', 80, 1940, 312], // A100 80 GB: 1.94 TB/s (the PCIe card's 1,935 rounded), 312 TFLOPS
  ['a10', 24, 600, 125], // A10: 24 GB, 600 GB/s, 125 TFLOPS FP16
  ['a40', 48, 696, 149.7], // A40: 48 GB, 696 GB/s, 149.7 TFLOPS BF16/FP16
  // DGX B200: 1.44 TB and 36 PFLOPS FP16 (sparse) over 8 GPUs. Its 64 TB/s over 8 is 8,000 GB/s a GPU, against the
  // 7,700 Epoch reads in NVIDIA's B200 datasheet: two NVIDIA figures for two systems, so bandwidth is not compared.
  ['b200-x1', 1440 / 8, null, 36000 / 8 / 2],
];

test('data-centre cards carry their datasheet memory, bandwidth and dense FP16 rate', { skip }, () => {
  const byId = new Map(real!.hardware.map((h) => [h.id, h]));
  for (const [id, memoryGb, bandwidthGbs, denseFp16] of DATASHEET) {
    const h = byId.get(id);
    assert.ok(h, id);
    assert.equal(h.memory_gb?.value, memoryGb, `${id} memory`);
    // within 0.5%: the datasheets give bandwidth to three figures (1.55 TB/s for the A100's 1,555 GB/s)
    if (bandwidthGbs !== null) {
      assert.ok(Math.abs((h.bandwidth_gbs?.value ?? 0) / bandwidthGbs - 1) <= 0.005, `${id} bandwidth ${h.bandwidth_gbs?.value}`);
    }
    assert.ok(Math.abs((h.compute_tflops?.value ?? 0) / denseFp16 - 1) <= 0.001, `${id} FP16 ${h.compute_tflops?.value}`);
  }
});
