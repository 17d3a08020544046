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
