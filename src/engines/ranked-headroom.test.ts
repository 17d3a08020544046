// rankedHeadroom (the ranking's sum, without objects) against assessFit (the written-out fit): the same bytes and choice.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { assessFit, rankedHeadroom, type FitOptions } from './hardware-fit.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

test('committed dataset: every model\'s ranked headroom is exactly usable - total at the quantization assessFit chooses', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  const ds = committedDataset();
  const asks: FitOptions[] = [
    { context: 8192, concurrency: 1 },
    { context: 131072, concurrency: 4, kv_cache: 'q8_0' },
    { context: 2048, concurrency: 16, min_bits_per_weight: 8 },
  ];
  let fits = 0;
  for (const id of ['rtx-4090', 'm4-max-128gb', 'h100-80gb-x8']) {
    const hw = ds.hardwareById.get(id)!;
    for (const opts of asks) {
      for (const m of ds.models) {
        const h = rankedHeadroom(m, hw, opts);
        const a = assessFit(m, hw, opts);
        if (!('facts' in a)) {
          assert.equal(h, undefined, m.id);
          continue;
        }
        if (!a.chosen) assert.equal(h, null, m.id);
        else {
          fits++;
          // Exact equality: the same additions in the same order, not a tolerance.
          assert.equal(h, a.usable - a.chosen.need.total, `${m.id} on ${id}`);
        }
      }
    }
  }
  assert.ok(fits > 500, `${fits} fits compared`);
});
