// Tests of the least need kept a model: whether a model fits one device read from it is the fit engine's own answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from '../../test/committed-dataset.ts';
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

test('over the catalogue\'s configurations of several cards, a fit read from the least need is fitsAtAll\'s', () => {
  // Several cards add the overhead a card and, under vLLM, hold the KV cache more than once (mla-cache.ts): one copy a
  // card for MLA, cards / KV heads for a GQA model with fewer KV heads than cards. The table keeps one copy and the
  // comparison multiplies it by the configuration's copies, in headroomAt's order of sums.
  const ds = committedDataset();
  const several = ds.hardware.filter((h) => h.count > 1);
  assert.ok(several.length > 10, `${several.length} configurations of several cards`);
  let fits = 0;
  let not = 0;
  for (const h of several) {
    for (const context of [8192, 32768, 131072]) {
      const opts = selfHostingOptions(context, 'batch');
      const needs = leastNeeds(ds, h, opts);
      ds.models.forEach((m, i) => {
        const kept = fitsByLeastNeed(needs, i, h) ?? fitsAtAll(m, h, opts) === true;
        assert.equal(kept, fitsAtAll(m, h, opts) === true, `${m.id} on ${h.id} at ${context}`);
        if (kept) fits++;
        else not++;
      });
    }
  }
  assert.ok(fits > 1000 && not > 1000, `${fits} fit, ${not} do not`);
});

test('Kimi K2 on four H200s at 32,768 tokens: one card\'s copy of the cache would fit, the four vLLM holds do not', () => {
  // By hand: usable 0.95 x 564 GiB = 575.31e9 bytes; the least weights INT4 W4A16's 1e12 x 4.51 / 8 = 563.75e9; the MLA
  // latent 61 layers x (512 + 64) x 2 bytes x 32,768 tokens = 2.303e9 bytes a copy; overhead 4 x 0.75e9. One copy:
  // 569.05e9, would fit; four (vLLM keeps the latent whole on every card): 575.96e9, over. On a single card of the
  // same usable memory the one copy is all there is.
  const ds = committedDataset();
  const h = ds.hardware.find((x) => x.id === 'h200-x4')!;
  const i = ds.models.findIndex((m) => m.id === 'kimi-k2');
  const needs = leastNeeds(ds, h, selfHostingOptions(32768, 'batch'));
  assert.equal(needs.runtime, 'vllm');
  assert.equal(needs.weights[i], 563.75e9);
  assert.equal(needs.kv[i], 61 * 576 * 2 * 32768);
  assert.equal(fitsByLeastNeed(needs, i, h), false);
  assert.equal(fitsByLeastNeed(leastNeeds(ds, h, selfHostingOptions(8192, 'batch')), i, h), true);
});
