// fitChoice (the choice alone, as estimate_cost sizes every configuration) against assessFit: the same quantization and level.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { MIN_SELF_HOSTING_BITS } from './constants.ts';
import { assessFit, type FitOptions } from './hardware-fit.ts';
import { candidatesFor, choiceAt, fitBasis, fitChoice } from './fit-basis.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

let loaded: Dataset | undefined;
/** The committed dataset, loaded once for both tests (a load is 1.5 s of CPU; the dataset is frozen). */
const committed = () => (loaded ??= committedDataset());

test('committed dataset: fitChoice picks what assessFit picks, on every configuration, at the asks estimate_cost makes', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  const ds = committed();
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

test('candidate lists kept per ladder never mix floors or formats asked, and stay right past the bound', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  // Bits per weight of llama.cpp's GGUF types (its quantize table): Q8_0 8.5, Q6_K 6.56, Q5_K_M 5.69, Q4_K_M 4.89,
  // Q3_K_M 3.91. A floor of 4 bits keeps four of them, a floor of 5 three; asking for one format gives it alone.
  const hw = committed().hardwareById.get('rtx-4090')!;
  const ask = (opts: Partial<FitOptions>) => candidatesFor(null, { context: 8192, concurrency: 1, ...opts }, hw).list.map((q) => q.id);
  const four = ['q8_0', 'q6_k', 'q5_k_m', 'q4_k_m'];
  const five = ['q8_0', 'q6_k', 'q5_k_m'];
  assert.deepEqual(ask({ min_bits_per_weight: 4 }), four);
  assert.deepEqual(ask({ min_bits_per_weight: 5 }), five);
  assert.deepEqual(ask({ min_bits_per_weight: 4 }), four);
  assert.deepEqual(ask({ min_bits_per_weight: 4, quantization: 'q4_k_m' }), ['q4_k_m']);
  assert.deepEqual(ask({ min_bits_per_weight: 4 }), four);
  // Floors a caller may send are any number: 300 of them pass the cache's bound of 256 lists, which empties and refills.
  for (let i = 0; i < 300; i++) ask({ min_bits_per_weight: 4 + i / 1000 });
  assert.deepEqual(ask({ min_bits_per_weight: 5 }), five);
  assert.deepEqual(ask({ min_bits_per_weight: 4 }), four);
  assert.deepEqual(ask({ min_bits_per_weight: 4.9 }), five, 'Q4_K_M (4.89) is under a floor of 4.9');
});
