// The experts-in-RAM placement kept per machine (expert-placement-kept.ts): asks at one card in turn, each reading its
// own RAM's size and bandwidth against what is kept. Figures worked by hand in the comments.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { hostingBesideRam } from './recommend-hosting-ram.ts';
import type { SpeedFloor } from './recommend-speed.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'no committed dataset';
let real: Dataset | undefined;
const ds = () => (real ??= committedDataset());

test('gpt-oss-120b on an RTX 4090 at 32,768 tokens, asked beside 64, 48 and 64 GB and at DDR4 in turn: each ask its own RAM', { skip }, () => {
  const d = ds();
  const m = d.modelById.get('gpt-oss-120b')!;
  const card = d.hardwareById.get('rtx-4090')!;
  const at = (gb: number, bandwidth: number, floor: SpeedFloor | null = null) => hostingBesideRam(d, m, card, 32768, floor, {
    ram: { gb, usable_fraction: 0.8, bandwidth_gbs: bandwidth }, by: `system_ram_gb=${gb}`, basis: 'test', bandwidth_applied: true,
  });
  const figures = (gb: number, bandwidth: number) => {
    const p = at(gb, bandwidth);
    return p && [p.fit.quantization, p.fit.fit, p.fit.tokens_per_s, p.experts_in_ram!.flags, p.experts_in_ram!.offload.ram.usable];
  };
  // By hand (recommend-ram.test.ts): N = 28 layers' experts in RAM, 28 x 1.692 = 47.38 GB; 64 GiB x 0.8 = 54.98 GB usable
  // (86%: tight). Decode at 0.44 x 89.6 = 39.42 GB/s: 1.481 GB in 37.57 ms, plus 2.53 + 1.47 + 1.62 ms: 23.2 tokens/s.
  const first = figures(64, 89.6);
  assert.deepEqual(first, ['mxfp4', 'tight', 23.2, '-ngl 99 --n-cpu-moe 28', 64 * 2 ** 30 * 0.8]);
  // 48 GiB x 0.8 = 41.23 GB usable, under the 47.38 GB of experts: mxfp4, the only format listed for it, does not place.
  assert.equal(at(48, 89.6), undefined);
  // DDR4-3200 dual channel, 51.2 GB/s: 1.481 GB at 0.44 x 51.2 = 22.53 GB/s is 65.74 ms; 65.74 + 2.53 + 1.47 + 1.62 =
  // 71.36 ms a token: 14.0 tokens/s.
  assert.deepEqual(figures(64, 51.2), ['mxfp4', 'tight', 14, '-ngl 99 --n-cpu-moe 28', 64 * 2 ** 30 * 0.8]);
  // Held to a floor of 20 tokens/s (the ranking reads the kept decode, not the pick written out): 23.2 reaches it, 14.0
  // does not. Fails if the kept placement is not kept per bandwidth (the DDR4 ask would read DDR5's 23.2).
  const floor: SpeedFloor = { tokens_per_s: 20, prefill_s: null, prefill_stated_s: null };
  assert.deepEqual([at(64, 89.6, floor)!.below_floor, at(64, 51.2, floor)!.below_floor], [false, true]);
  // Asked again after the others: as at first (fails if the RAM's size were kept with the placement: 48 GB placed none).
  assert.deepEqual(figures(64, 89.6), first);
  // Beside 96 GB: 96 GiB x 0.8 = 82.46 GB usable, the 47.38 GB of experts 57% of it (comfortable), the card 81%
  // (comfortable): comfortable overall, its level read from this ask's RAM.
  const more = at(96, 89.6)!;
  assert.deepEqual([more.fit.fit, more.experts_in_ram!.offload.ram.usable], ['comfortable', 96 * 2 ** 30 * 0.8]);
});
