// Tests of the least need kept a model: whether a model fits one device read from it is the fit engine's own answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from '../../test/committed-dataset.ts';
import { aHardware, f } from '../dataset/fixtures.ts';
import { isRefusal } from './machine.ts';
import { resolveMachineText } from './machine-cache.ts';
import { fitsAtAll } from './hardware-fit.ts';
import { fitsByLeastNeed, leastNeeds } from './fit-least-need.ts';
import { selfHostingOptions } from './self-hosting.ts';

test('over the committed catalogue, a fit read from the least need is fitsAtAll\'s, size by size and context by context', () => {
  // fitsAtAll tries every candidate (rankedHeadroom); the table keeps only the least weights and adds the cache and
  // overhead once. Sizes around the catalogue's models (a 7-8B at Q4 needs about 6 GB, a 70B about 43), contexts from
  // the fit's floor to a million tokens (over most windows and the unknown-window limit): every model agrees.
  const ds = committedDataset();
  let fits = 0;
  let not = 0;
  for (const text of ['4 GB GPU', '6 GB GPU', '8 GB GPU', '24 GB GPU', '48 GB GPU', '80 GB GPU', '141 GB GPU', '354 GB GPU', '32 GB laptop', '128 GB unified memory']) {
    const r = resolveMachineText(ds, text);
    assert.ok(!isRefusal(r) && r.hardware, text);
    const h = r.hardware;
    for (const context of [512, 8192, 32768, 131072, 1048576]) {
      const opts = selfHostingOptions(context, 'batch');
      const needs = leastNeeds(ds, h, opts);
      ds.models.forEach((m, i) => {
        const kept = fitsByLeastNeed(needs, i, h) ?? fitsAtAll(m, h, opts) === true;
        assert.equal(kept, fitsAtAll(m, h, opts) === true, `${m.id} on ${text} at ${context}`);
        if (kept) fits++;
        else not++;
      });
    }
  }
  // Both answers are met many times (the sizes span the catalogue), so the comparison is not of one side only.
  assert.ok(fits > 1000 && not > 1000, `${fits} fit, ${not} do not`);
});

test('the table is for one device: a configuration of several is refused, not answered from one card\'s sums', () => {
  // Two cards share a model's KV cache by the runtime's split (KV copies, overhead a card), which the table leaves out.
  const ds = committedDataset();
  const two = aHardware({ id: 'gpu-24gb-x2', count: 2, memory_gb: f(48), bandwidth_gbs: undefined });
  assert.throws(() => leastNeeds(ds, two, selfHostingOptions(8192, 'batch')), /2 devices/);
});
