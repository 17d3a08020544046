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

test('gpt-oss-20b on an M2 Pro with 32 GB, a machine no source prices: what it serves as your own machine, and its electricity', { skip: !shipped }, () => {
  // OpenAI's gpt-oss-20b card: "can run within 16GB of memory" (MXFP4 weights), so it fits 32 GB of unified memory.
  // Before: possible true, "no configuration considered has a rental or purchase price and fits", no figure at all.
  const out = run({ model_id: 'gpt-oss-20b', tokens_millions: 10, hardware: 'M2 Pro 32GB' });
  const s = out.self_hosting;
  assert.equal(s.possible, true);
  assert.match(s.reason, /^open weights, and the model fits m2-pro-32gb \(mxfp4, comfortable\), but no source in the dataset prices that configuration/);
  const own = s.own_machine;
  assert.deepEqual([own.hardware_id, own.quantization, own.purchase, own.machines], ['m2-pro-32gb', 'mxfp4', null, 1]);
  assert.ok(own.capacity_tokens_millions_per_month >= 10, 'one machine serves 10M tokens a month');
  // The electricity from the answer's own hours: board watts busy, idle watts the rest, at 0.15 USD/kWh.
  const p = own.power;
  assert.equal(p.active_hours + p.idle_hours, 730);
  const kwh = (p.active_hours * p.watts + p.idle_hours * p.idle_watts) / 1000;
  assert.ok(Math.abs(kwh * 0.15 - own.monthly_usd) < 0.01, `${kwh * 0.15} vs ${own.monthly_usd}`);
  assert.equal(own.monthly_usd, p.monthly_usd);
  // No price, so nothing is weighed: no owned option, break-even or verdict rests on it.
  assert.deepEqual([s.owned_options, s.options, out.cheaper, out.break_even_owned.tokens_millions], [[], [], null, null]);
  assert.ok(estimate_cost.output.safeParse(out).success);
  // A priced machine, or no machine named, has none.
  assert.equal(run({ model_id: 'gpt-oss-20b', tokens_millions: 10, hardware: 'rx-7900-xtx' }).self_hosting.own_machine, null);
  assert.equal(run({ model_id: 'gpt-oss-20b', tokens_millions: 10 }).self_hosting.own_machine, null);
});
