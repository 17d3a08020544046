// estimate_cost on the shipped dataset: the self-contained machines (Mac Studio, MacBook Pro, DGX Spark, Strix Halo)
// are bought at the latest dated price read, are their own host, and draw their whole machine's power.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? await committedDataset() : null;
type Out = Record<string, any>;
const owned = (model_id: string, hardware: string) => {
  const out = estimate_cost.handler(ds!, estimate_cost.input.parse({ model_id, tokens_millions: 30, hardware }), { today: '2026-11-27' }) as Out;
  return out.self_hosting.owned_options[0];
};

test('a DGX Spark, a Framework Desktop and a Mac Studio are bought at the latest dated price over 36 months, with no host beside', { skip: !shipped }, () => {
  // data/curated/machine-prices.csv: DGX Spark 4,699 USD since 2026-02-23 (launched at 3,999), Framework Desktop 128 GB
  // 3,449 (its 2026 list price, "System $3,449" in the sunkcost table, which was written between 2026-08-25 and
  // 2026-09-22; launched at 1,999 on 2025-02-25), Mac Studio M3 Ultra 512 GB 9,499 (March 2025, its last list price: the
  // option was withdrawn in March 2026). Over the default 36 months: 4,699 / 36 = 130.53, 3,449 / 36 = 95.81,
  // 9,499 / 36 = 263.86. Each purchase is dated by its price, not by the day the table was read.
  for (const [model, id, usd, monthly, asOf, opens] of [
    ['gpt-oss-120b', 'dgx-spark', 4699, 130.53, '2026-02-23', 'list price since 2026-02-23 (launch price 3,999 USD on 2025-10-15)'],
    ['gpt-oss-120b', 'strix-halo-128gb', 3449, 95.81, '2026-08-25',
      'list price read between 2026-08-25 and 2026-09-22, the source giving no day (launch price 1,999 USD on 2025-02-25)'],
    ['qwen3-30b-a3b', 'm3-ultra-512gb', 9499, 263.86, '2025-03-05', 'discontinued in 2026-03; price is the last list price'],
  ] as const) {
    const o = owned(model, id);
    assert.equal(o.hardware_id, id);
    assert.deepEqual([o.purchase.usd, o.purchase.source, o.purchase.amortization_months, o.purchase.monthly_usd], [usd, 'machine-prices', 36, monthly]);
    assert.equal(o.purchase.as_of, asOf, id);
    assert.ok(o.purchase.note.startsWith(opens), `${id}: ${o.purchase.note.slice(0, 120)}`);
    assert.deepEqual([o.host_machine.basis, o.host_machine.usd, o.host_machine.monthly_usd], ['in_purchase_price', 0, 0]);
    // The month is the purchase share and the electricity, nothing else (each rounded to the cent on its own).
    // Two halves rounded apart differ from the rounded whole by at most a cent (95.81 + 1.59 against 97.39), float aside.
    assert.ok(Math.abs(o.purchase.monthly_usd + o.power.monthly_usd - o.monthly_usd) <= 0.01 + 1e-9, id);
    assert.ok(o.derived_from.some((l: string) => l.startsWith(`${id}.host_machine: `) && l.includes('the whole machine')), id);
  }
});

test('the DGX Spark month: the machine\'s 138.4 W at work, its measured idle, and no host draw beside it', { skip: !shipped }, () => {
  const o = owned('gpt-oss-120b', 'dgx-spark');
  // The machine's peak wall draw under LLM load (Jeff Geerling's ai-benchmarks README: Dell Pro Max with GB10, 138.4 W
  // on DeepSeek R1 14b), not the GB10 chip's 140 W; idle the reported wall reading after NVIDIA's February 2026
  // software update (tectack.org: "idle draw drops from ~37W to ~25W"), not the 0.2 x 138.4 = 27.68 W fallback.
  assert.deepEqual([o.power.watts, o.power.idle_watts, o.power.host_watts], [138.4, 25, undefined]);
  assert.match(o.power.idle_basis, /the whole machine's idle draw at the wall/);
  // active_hours x 138.4 W + idle_hours x 25 W, at 0.15 USD/kWh, from the answer's own hours.
  const kwh = (o.power.active_hours * 138.4 + o.power.idle_hours * 25) / 1000;
  assert.ok(Math.abs(kwh * 0.15 - o.power.monthly_usd) < 0.01, `${kwh * 0.15} vs ${o.power.monthly_usd}`);
  assert.equal(o.power.active_hours + o.power.idle_hours, 730);
});

test('a Mac Studio and a Strix Halo mini PC idle at a whole-machine figure, never a share of a GPU card\'s board power', { skip: !shipped }, () => {
  // data/curated/accelerator-idle-power.csv. Apple's Mac Studio table (support.apple.com/102027) has no M3 Ultra row:
  // its highest idle at the wall is the M1 Ultra's 13 W (M2 Ultra 10 W, M2 Max 9 W, M1 Max 11 W), taken as a stated
  // assumption, not 0.2 x 180 W = 36 W. A Strix Halo mini PC: ServeTheHome's Minisforum MS-S1 Max (Ryzen AI Max+ 395),
  // "idle power consumption is around 9 to 12 Watts" at the wall, the top taken: 12 W, not 0.2 x 120 W = 24 W.
  for (const [model, id, watts, idle, says] of [
    ['deepseek-v3.2', 'm3-ultra-512gb', 180, 13, /no Apple idle figure for the M3 Ultra is stored.*M1 Ultra's 13 W, an assumption/],
    ['gpt-oss-120b', 'strix-halo-128gb', 120, 12, /ServeTheHome's measurement of a Minisforum MS-S1 Max.*9 to 12 Watts/],
  ] as const) {
    const o = owned(model, id);
    assert.deepEqual([o.power.watts, o.power.idle_watts], [watts, idle], id);
    assert.match(o.power.idle_basis, /the whole machine's idle draw at the wall/, id);
    assert.match(o.power.idle_basis, says, id);
    assert.doesNotMatch(o.power.idle_basis, /nvidia-smi|consumer card/, id);
    // active_hours x board power + idle_hours x the idle figure, at 0.15 USD/kWh, from the answer's own hours.
    const kwh = (o.power.active_hours * watts + o.power.idle_hours * idle) / 1000;
    assert.ok(Math.abs(kwh * 0.15 - o.power.monthly_usd) < 0.01, `${id}: ${kwh * 0.15} vs ${o.power.monthly_usd}`);
  }
});

test('the configurations no page prices stay out of the owned options', { skip: !shipped }, () => {
  // The 20-core GPU M4 Pro with 64 GB (the price read is the 16-core bin's, m4-pro-64gb) and the M3 Max 128 GB (no price read).
  for (const id of ['m4-pro-20c-64gb', 'm3-max-128gb']) {
    const out = estimate_cost.handler(ds!, estimate_cost.input.parse({ model_id: 'qwen3-8b', tokens_millions: 30, hardware: id }), { today: '2026-11-27' }) as Out;
    assert.deepEqual(out.self_hosting.owned_options, [], id);
    assert.equal(out.self_hosting.skipped.no_purchase_price, 1, id);
  }
});

test('a bought machine with no power figure is listed after every month that counts electricity and is not the cheapest', { skip: !shipped }, () => {
  // strix-halo-385-32gb once had no power figure and ranked first at 1,100 / 36 = 30.56 USD with no electricity (its
  // launch price; its 2026 list price is 1,269, so 1,269 / 36 = 35.25 now); it now carries the Ryzen AI Max family's
  // 120 W configurable-TDP ceiling, so its month is that share plus electricity.
  const out = estimate_cost.handler(ds!, estimate_cost.input.parse({ model_id: 'qwen3-30b-a3b', tokens_millions: 30, options_limit: 200 }), {
    today: '2026-11-27',
  }) as Out;
  const list: Out[] = out.self_hosting.owned_options;
  const strix = list.find((o) => o.hardware_id === 'strix-halo-385-32gb');
  assert.ok(strix, 'the 385 is listed');
  assert.equal(strix.power.watts, 120);
  assert.ok(Math.abs(strix.monthly_usd - (35.25 + strix.power.monthly_usd)) <= 0.01, `${strix.monthly_usd}`);
  // Every month that leaves electricity out comes after every month that counts it, and none of them is first.
  const firstUnpowered = list.findIndex((o) => o.power === null);
  if (firstUnpowered >= 0) {
    assert.ok(firstUnpowered > 0);
    assert.ok(list.slice(firstUnpowered).every((o) => o.power === null));
    assert.ok(list.slice(firstUnpowered).every((o) => o.derived_from.some((l: string) => l.includes('not weighed as the cheapest owned one'))));
  }
  assert.notEqual(list[0].power, null);
});

test('a bought H100 SXM and H200 say which kind of price each is; a card at its plain launch price carries no note', { skip: !shipped }, () => {
  // Epoch's 33,600 for the H100 SXM is its estimate ('No official MSRP', 1/8 of a DGX H100's reported 269k); the
  // Hugging Face table's H200 msrp, 32,000, cites no source. An RTX 4090 is at Epoch's launch price, 1,599 USD.
  const h100 = owned('qwen3-8b', 'h100-80gb-x1');
  assert.equal(h100.purchase.usd, 33600);
  assert.ok(h100.purchase.note.startsWith('estimated price of the accelerator (epoch-hardware: "No official MSRP.'), h100.purchase.note);
  const h200 = owned('qwen3-8b', 'h200-x1');
  assert.equal(h200.purchase.usd, 32000);
  assert.ok(h200.purchase.note.startsWith('MSRP of the accelerator (the Hugging Face hardware table\'s msrp figure'), h200.purchase.note);
  const rtx = owned('qwen3-8b', 'rtx-4090');
  assert.equal(rtx.purchase.usd, 1599);
  assert.equal(rtx.purchase.note, undefined);
});

test('a GeForce, Radeon or Arc card is bought at its maker\'s announced price, not the Hugging Face table\'s rounding', { skip: !shipped }, () => {
  // accelerators-extra.csv, each row quoting a report of the announcement: RTX 4070 Ti 799 (the table: 800), RX 7900 XT
  // 899 (900), Arc B580 249 (250), RTX 4060 Ti 8 GB 399 (unpriced before: the table's 500 is one figure for 8 and 16 GB).
  // Over the default 36 months: 799 / 36 = 22.19, 899 / 36 = 24.97, 249 / 36 = 6.92, 399 / 36 = 11.08.
  for (const [id, usd, monthly] of [
    ['rtx-4070-ti', 799, 22.19], ['rx-7900-xt', 899, 24.97], ['arc-b580', 249, 6.92], ['rtx-4060-ti-8gb', 399, 11.08],
  ] as const) {
    const o = owned('qwen3-8b', id);
    assert.ok(o, `${id} is an owned option`);
    assert.deepEqual([o.purchase.usd, o.purchase.monthly_usd, o.purchase.source], [usd, monthly, 'accelerators-extra'], id);
  }
});
