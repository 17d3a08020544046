// estimate_cost on the shipped dataset: every owned figure of an answer (the owned break-even and its windows, the
// curve, cheaper_basis, the first owned option) names one bought configuration, the owned basis.
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

test('gpt-oss-120b: one owned break-even whatever the volume asked, on machines bought whole; at 10,000M the verdict rests on rtx-3090-x4 x2', { skip: !shipped }, () => {
  // rtx-3090-x4: four cards at 1,499 USD = 5,996 / 36 = 166.56, the EPYC workstation 1,314 / 36 = 36.50
  // (host-machines.csv), 4 x 24 W idle x 730 h x 0.15 USD/kWh = 10.51: 213.57 USD a machine flat. Power per 1M tokens:
  // (1,400 - 96) W x 0.15 USD/kWh x 0.5 / (about 4,292 tokens/s, vLLM's prompts at the GeForce FP32-accumulate rate,
  // half the FP16-accumulate rating, x 3,600 x 0.5 / 1e6 = 7.7724M a paid hour) = 0.012582 USD per 1M (0.01266 and
  // 7.725M before the serving cache read was refitted at 0.73 on vLLM's memory budget, constants.ts; the 24 GB cards keep
  // their room, so their batch decodes a little faster). OpenRouter blends 0.03/0.15 at 3:1 to 0.06 USD per 1M.
  // Break-even 213.57 / (0.06 - 0.012582) = 4,504.0M (4,511.4M before); at 10,000M two machines, 2 x 213.57 + 10,000 x
  // 0.012582 = 552.96 (553.74 before).
  // rtx-4090-x4 x2 (477.55) and mi300x-x1 (453.08) cost less but no source prices their host: neither is the basis.
  const r = run({ model_id: 'gpt-oss-120b', tokens_millions: 10000 });
  const be = r.break_even_owned;
  assert.equal(be.hardware_id, 'rtx-3090-x4');
  assert.equal(be.tokens_millions, 4504.02);
  assert.ok(be.cheaper_windows.every((w: Out) => w.hardware_id === 'rtx-3090-x4'));
  assert.deepEqual(r.cheaper_basis.self_hosted, { hardware_id: 'rtx-3090-x4', owned: true, machines: 2, monthly_usd: 552.96 });
  const first = r.self_hosting.owned_options[0];
  assert.deepEqual([first.hardware_id, first.machines, first.monthly_usd, first.host_machine.usd], ['rtx-3090-x4', 2, 552.96, 1314]);
  // The cheaper hostless month is still listed, after the basis.
  assert.equal(r.self_hosting.owned_options[1].hardware_id, 'mi300x-x1');
  assert.equal(r.self_hosting.owned_options[1].host_machine, null);
  assert.match(be.reason, /at 10000M tokens the cheapest is rtx-3090-x4 x2, 552\.96 USD a month, the verdict's owned month; mi300x-x1 costs less \(453\.08 USD\)/);
  // The curve weighs every configuration counted whole, the cheapest at each volume: at 10,000M the basis (552.96); at
  // 100,000M ceil(100,000 / 5,673.88) = 18 rtx-3090-x4, 18 x 213.57 + 100,000 x 0.012582 = 5,102.5 (5,110.26 before); at 100M
  // strix-halo-128gb, one machine at 3,449 USD / 36 = 95.81 a month plus its idle and serving power, less than
  // rtx-3090-x4's 213.57 + 1.27 = 214.84 there. (The hostless mi300x-x1 is listed after the basis, not weighed.)
  const at = (v: number) => r.curve.find((p: Out) => p.tokens_millions === v).owned_usd;
  assert.deepEqual([at(10000), at(100000)], [552.96, 5102.51]);
  assert.ok(at(100) > 95.81 && at(100) < 214.84, `owned at 100M: ${at(100)}`);
  // "From when does owning pay?" has one answer whatever the volume asked; the curve at a volume is the verdict's
  // owned month asked at that volume.
  for (const v of [1, 100, 1000000]) {
    const other = run({ model_id: 'gpt-oss-120b', tokens_millions: v });
    assert.equal(other.break_even_owned.tokens_millions, 4504.02, `asked at ${v}M`);
    assert.equal(other.break_even_owned.hardware_id, 'rtx-3090-x4', `asked at ${v}M`);
  }
  const at100 = run({ model_id: 'gpt-oss-120b', tokens_millions: 100 });
  assert.equal(at100.self_hosting.owned_options[0].hardware_id, 'strix-halo-128gb');
  assert.equal(at100.self_hosting.owned_options[0].monthly_usd, at(100));
  // The short form rests on the same configuration.
  const s = run({ model_id: 'gpt-oss-120b', tokens_millions: 10000, view: 'summary' });
  assert.deepEqual([s.break_even_owned.hardware_id, s.cheaper_basis.self_hosted.hardware_id, s.self_hosting.owned_options[0].hardware_id],
    ['rtx-3090-x4', 'rtx-3090-x4', 'rtx-3090-x4']);
});

test('where only a hostless configuration is costed, it is the basis and the answer says its host is unpriced', { skip: !shipped }, () => {
  // rtx-4090-x4 named: 4 x 1,599 = 6,396 / 36 = 177.67, 4 x 22 W idle = 9.64 USD: 187.30 flat, no host priced.
  const r = run({ model_id: 'gpt-oss-120b', tokens_millions: 10000, hardware: 'rtx-4090-x4' });
  assert.equal(r.break_even_owned.hardware_id, 'rtx-4090-x4');
  assert.match(r.break_even_owned.reason, /none with its host machine priced; .* so they are lower bounds$/);
  assert.equal(r.cheaper, null);
  assert.equal(r.cheaper_basis, null);
});
