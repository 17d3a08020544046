// The ranking with each candidate's known window kept: the models over their window are counted, never read.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import type { Model } from '../schema/index.ts';
import { fitCandidates, knownWindows, rankForHardware } from './hardware-rank.ts';
import { modelFacts } from './memory.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1.5 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());

test('knownWindows: the window where the ranking reads it, NaN without facts or without a window', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  const ds = committedOnce();
  const { candidates } = fitCandidates(ds.models);
  const w = knownWindows(candidates);
  assert.equal(w.length, candidates.length);
  const withWindow = candidates.findIndex((m) => m.context_window !== undefined && !('missing' in modelFacts(m)));
  assert.ok(withWindow >= 0);
  assert.equal(w[withWindow], candidates[withWindow].context_window!.value);
  const noWindow = candidates.findIndex((m) => m.context_window === undefined);
  if (noWindow >= 0) assert.ok(Number.isNaN(w[noWindow]));
  const lacking = candidates.findIndex((m) => m.context_window !== undefined && 'missing' in modelFacts(m));
  assert.ok(lacking >= 0, 'a model with a window but without the facts');
  assert.ok(Number.isNaN(w[lacking]));
});

test('a ranking given the known windows answers as one that reads every model', { skip: !existsSync(DEFAULT_DATA_DIR) }, () => {
  const ds = committedOnce();
  const split = fitCandidates(ds.models);
  const windows = knownWindows(split.candidates);
  const rating = () => null;
  let skipped = 0;
  for (const id of ['rtx-4090', 'm4-max-128gb', 'h100-80gb-x8']) {
    const hw = ds.hardwareById.get(id)!;
    // Around the windows the catalogue uses most (8,192, 32,768, 131,072 and 1,048,576 tokens): at, and one over.
    for (const context of [512, 4096, 4097, 8192, 8193, 32768, 32769, 131072, 131073, 1048576]) {
      for (const concurrency of [1, 16]) {
        const opts = { context, concurrency };
        const read = rankForHardware(ds.models, hw, opts, rating, split);
        const kept = rankForHardware(ds.models, hw, opts, rating, { ...split, windows });
        assert.deepEqual(kept, read, `${id} at ${context} x ${concurrency}`);
        skipped += split.candidates.filter((_m: Model, i) => context > windows[i]).length;
      }
    }
  }
  // The shortcut is taken (most models' windows are under a million tokens), not only allowed.
  assert.ok(skipped > 1000, `${skipped} models counted over their window`);
});

test('a model over its known window is counted as not fitting, one within it is ranked', { skip: !existsSync(DEFAULT_DATA_DIR) }, () => {
  const ds = committedOnce();
  const hw = ds.hardwareById.get('h100-80gb-x8')!;
  // A small model with a window of its own: 640 GB of HBM holds it at its window and one token over alike, so only the
  // window decides (the ranking's rule: a context over the window fits at no quantization).
  const split = fitCandidates(ds.models);
  const i = split.candidates.findIndex((m) => (m.parameters_total?.value ?? Infinity) < 10e9 && m.context_window !== undefined
    && !('missing' in modelFacts(m)) && m.context_window.value <= 131072);
  assert.ok(i >= 0);
  const model = split.candidates[i];
  const window = model.context_window!.value;
  const one = { candidates: [model], excluded: split.excluded, windows: knownWindows([model]) };
  const at = rankForHardware([model], hw, { context: window, concurrency: 1 }, () => null, one);
  assert.equal(at.ranked.length, 1);
  assert.equal(at.does_not_fit, 0);
  const over = rankForHardware([model], hw, { context: window + 1, concurrency: 1 }, () => null, one);
  assert.equal(over.ranked.length, 0);
  assert.equal(over.does_not_fit, 1);
});
