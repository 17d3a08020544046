// Memory bandwidths read from the built dataset where a catalogued figure was found wrong: decode speed is bandwidth
// bound, so a wrong bandwidth is a wrong tokens/s in every models_for_hardware and estimate_cost answer on the card.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const real = existsSync(DEFAULT_DATA_DIR) ? committedDataset() : undefined;
const skip = !real;

test('the RTX 2080 SUPER runs 15.5 Gbps memory on 256 bits, 496 GB/s, not the RTX 2080\'s 448', { skip }, () => {
  // purepc.pl (April 2020): 'RTX 2080 SUPER (15,5 Gbps)'; 15.5 x 256 / 8 = 496. The 448 held before was a table
  // written before the card went on sale, with the RTX 2080's 14 Gbps.
  const c = real!.hardware.find((h) => h.id === 'rtx-2080-super');
  assert.equal(c?.bandwidth_gbs?.value, 496);
  assert.equal(c?.bandwidth_gbs?.source, 'hardware-accelerators');
  assert.match(c?.bandwidth_gbs?.note ?? '', /purepc\.pl/);
  // The RTX 2070 SUPER keeps 14 Gbps x 256 / 8 = 448: the fix is to one card, not to the SUPER family.
  assert.equal(real!.hardware.find((h) => h.id === 'rtx-2070-super')?.bandwidth_gbs?.value, 448);
});

test('the RTX 40 desktop cards carry the bandwidth and board power of NVIDIA\'s CES 2024 table', { skip }, () => {
  // svethardware.cz (January 2024), NVIDIA's specifications tabled: 'Paměťová propustnost 504 GB/s 504 GB/s 504 GB/s
  // 672 GB/s 717 GB/s 736 GB/s 1008 GB/s' and 'TGP 200 W 220 W 285 W 285 W 320 W 320 W 450 W' (4070, 4070 SUPER,
  // 4070 Ti, 4070 Ti SUPER, 4080, 4080 SUPER, 4090). The table rounds (the 4080's 22.4 Gbps x 256 / 8 = 716.8).
  const rows: [id: string, gbs: number, watts: number][] = [
    ['rtx-4070', 504, 200], ['rtx-4070-super', 504, 220], ['rtx-4070-ti', 504, 285], ['rtx-4070-ti-super', 672, 285],
    ['rtx-4080', 717, 320], ['rtx-4080-super', 736, 320], ['rtx-4090', 1008, 450],
  ];
  const byId = new Map(real!.hardware.map((h) => [h.id, h]));
  for (const [id, gbs, watts] of rows) {
    const h = byId.get(id);
    assert.ok(Math.abs((h?.bandwidth_gbs?.value ?? 0) - gbs) <= 0.5, `${id} bandwidth ${h?.bandwidth_gbs?.value}`);
    assert.equal(h?.power_w?.value, watts, `${id} board power`);
  }
});
