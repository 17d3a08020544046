// fitChoice (the choice alone, as estimate_cost sizes every configuration) against assessFit: the same quantization and level.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { loadDataset } from '../dataset/load.ts';
import { MIN_SELF_HOSTING_BITS } from './constants.ts';
import { assessFit, type FitOptions } from './hardware-fit.ts';
import { choiceAt, fitBasis, fitChoice } from './fit-basis.ts';

test('committed dataset: fitChoice picks what assessFit picks, on every configuration, at the asks estimate_cost makes', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  const ds = loadDataset(DEFAULT_DATA_DIR);
  // estimate_cost's fit options (self-hosted-cost.ts sizing): one sequence, 4 bits or more, the serving runtime's formats;
  // then a floor, an exact quantization, a quantized KV cache, and contexts from the smallest to past most windows.
  const base: FitOptions = { context: 8192, concurrency: 1, min_bits_per_weight: MIN_SELF_HOSTING_BITS, figure: 'serving' };
  const asks: FitOptions[] = [
    base,
    { ...base, context: 512 },
    { ...base, context: 32768, kv_cache: 'q8_0' },
    { ...base, context: 1_048_576 },
    { ...base, min_bits_per_weight: 8 },
    { ...base, quantization: 'q4_k_m' },
    { ...base, context: 4096, concurrency: 8, figure: 'batch' },
  ];
  const models = ds.models.filter((m) => m.open_weights?.value === true);
  const counts = { fits: 0, none: 0, not_assessable: 0 };
  for (const hw of ds.hardware) {
    for (const opts of asks) {
      for (const m of models) {
        const c = fitChoice(m, hw, opts);
        const a = assessFit(m, hw, opts);
        // A basis made at another context and KV type (as kept for estimate_cost's sizings) chooses the same.
        const basis = fitBasis(m, hw, { ...opts, context: 8192, kv_cache: undefined });
        assert.deepEqual(basis && choiceAt(basis, m, opts), c, `${m.id} on ${hw.id} at ${JSON.stringify(opts)}, kept basis`);
        if (!('facts' in a)) {
          assert.equal(c, undefined, `${m.id} on ${hw.id}`);
          counts.not_assessable++;
        } else if (!a.chosen) {
          assert.equal(c, null, `${m.id} on ${hw.id} at ${JSON.stringify(opts)}`);
          counts.none++;
        } else {
          assert.equal(c?.q, a.chosen.q, `${m.id} on ${hw.id} at ${JSON.stringify(opts)}`);
          assert.equal(c?.level, a.chosen.level, `${m.id} on ${hw.id} at ${JSON.stringify(opts)}`);
          counts.fits++;
        }
      }
    }
  }
  // Every branch is met many times over, so that agreement is not agreement on one case.
  assert.ok(counts.fits > 5000 && counts.none > 1000 && counts.not_assessable > 100, JSON.stringify(counts));
});
