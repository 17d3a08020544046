// estimate_cost on the shipped dataset: a configuration is checked for fit before price, so a machine too small for
// the model says so whether or not any source prices it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? await committedDataset() : null;
type Out = Record<string, any>;
const run = (input: Record<string, unknown>) =>
  estimate_cost.handler(ds!, estimate_cost.input.parse(input), { today: '2026-11-27' }) as Out;

test('Llama 3.3 70B on an M2 Pro with 32 GB, a machine no source prices: not possible, too small, as on a priced one', { skip: !shipped }, () => {
  // Its Q4_K_M weights alone are a 42.52 GB file (bartowski/Meta-Llama-3.1-70B-Instruct-GGUF's table, the same
  // 70.6B-parameter architecture as 3.3), more than the 32 GB of unified memory Apple sells that M2 Pro with.
  for (const model_id of ['llama-3.3-70b-instruct', 'gpt-oss-120b']) {
    const s = run({ model_id, tokens_millions: 10, hardware: 'M2 Pro 32GB' }).self_hosting;
    assert.equal(s.possible, false, model_id);
    assert.match(s.reason, /^not possible on m2-pro-32gb: open weights, but the configuration named is too small/, model_id);
    assert.deepEqual(s.skipped, { no_rental_price: 0, no_purchase_price: 0, does_not_fit: 1 }, model_id);
  }
  // The same answer as on a priced card of less memory (an RX 7900 XTX, 24 GB, has a purchase price).
  const priced = run({ model_id: 'llama-3.3-70b-instruct', tokens_millions: 10, hardware: 'rx-7900-xtx' }).self_hosting;
  assert.equal(priced.possible, false);
});

test('among every configuration, the unpriced ones too small for a 70B model are counted too small, not unpriced', { skip: !shipped }, () => {
  const s = run({ model_id: 'llama-3.3-70b-instruct', tokens_millions: 10 }).self_hosting;
  // 42.52 GB (10^9 bytes) of Q4_K_M weights are 39.6 GiB, and the catalogue states memory in GiB (2^30 bytes): every
  // configuration with less memory in all cannot hold the weights alone, priced or not.
  const cannot = ds!.hardware.filter((h) => h.memory_gb.value * h.count < 39.6);
  const unpriced = cannot.filter((h) => !h.rental && !h.purchase_price_usd);
  assert.ok(unpriced.some((h) => h.id === 'm2-pro-32gb'));
  assert.ok(s.skipped.does_not_fit >= cannot.length, `${s.skipped.does_not_fit} counted too small, ${cannot.length} cannot hold it`);
  // Every configuration is counted once: fitting and rented, fitting without a rental price, or too small.
  assert.equal(s.fitting.rented + s.skipped.no_rental_price + s.skipped.does_not_fit, ds!.hardware.length);
});
