// Tests of the break-even sentence when self-hosting never beats the API: figures at the utilization and at full use.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiCosts } from './api-cost.ts';
import { breakEven, costCurve } from './break-even.ts';
import type { SelfHostedOption } from './self-hosted-cost.ts';

const api = (blended: number) =>
  ({ offers: [{ provider: 'nano-gpt', provider_model_id: 'llama', blended_usd_per_mtok: blended }] }) as unknown as ApiCosts;

/** A rented option as self-hosted-cost.ts prices it: marginal = hourly / (tokens/s x utilization x 3600 / 1e6). */
function rented(usdPerHour: number, tokensPerS: number, utilization: number): SelfHostedOption {
  return {
    hardware_id: 'b200-x8', utilization, throughput_tokens_per_s: tokensPerS,
    marginal_usd_per_mtok: Math.round((usdPerHour / ((tokensPerS * utilization * 3600) / 1e6)) * 1e4) / 1e4,
    rental: { provider: 'cloud', instance_type: 'b200x8', usd_per_hour: usdPerHour, source: 'test', as_of: '2026-09-23' },
  } as unknown as SelfHostedOption;
}

test('never crossing: the figure is stated at the utilization used, and at full use worked apart', () => {
  // Llama 3.3 70B on b200-x8 as estimate_cost serves it: $44/h, 32,556.5 tokens/s. At utilization 0.5:
  // 44 / (32,556.5 x 0.5 x 3600 / 1e6 = 58.60 M tokens/h) = 0.7508 USD per 1M; at full use 44 / 117.20 = 0.3754.
  const r = breakEven(api(0.095), [rented(44, 32_556.5, 0.5)]).rented;
  assert.equal(r.tokens_millions, null);
  assert.match(r.reason, /never cross at utilization 0\.5: rented self-hosting costs at least 0\.7508 USD per 1M tokens \(b200-x8\)/);
  assert.match(r.reason, /and 0\.3754 even at full use; the cheapest paid API offer is 0\.095 \(nano-gpt\)/);
  assert.doesNotMatch(r.reason, /0\.7508 USD per 1M tokens even at full use/);
});

test('never crossing at the utilization used, yet below the API at full use: the sentence says a higher utilization crosses', () => {
  // API at 0.5 USD per 1M: 0.7508 at utilization 0.5 is above it, 0.3754 at full use below it.
  const r = breakEven(api(0.5), [rented(44, 32_556.5, 0.5)]).rented;
  assert.equal(r.tokens_millions, null);
  assert.match(r.reason, /at full use it would cost 0\.3754, below the API: a higher utilization crosses/);
});

/** An owned option as estimate_cost writes it: fixed month per machine, power per 1M served, capacity per machine. */
const owned = (hardware_id: string, fixed: number, marginal: number, capacity: number) =>
  ({
    hardware_id, fixed_per_machine_usd: fixed, marginal_usd_per_mtok: marginal, capacity_tokens_millions_per_month: capacity,
    utilization: 0.5,
  });

// DeepSeek V3.2 as estimate_cost answers it at utilization 0.5: crof's blended 0.2225 USD per 1M tokens; mi300x-x4 owned
// 1,732.37 USD a month per machine, 0.0155 USD of power per 1M served, 8,477.14M tokens a month per machine;
// mi300x-x8 3,464.73, 0.01415 and 18,576.62.
const x4 = owned('mi300x-x4', 1732.37, 0.0155, 8477.14);
const x8 = owned('mi300x-x8', 3464.73, 0.01415, 18576.62);
const crof = () =>
  ({ offers: [{ provider: 'crof', provider_model_id: 'deepseek-v3.2', blended_usd_per_mtok: 0.2225 }] }) as unknown as ApiCosts;

test('owned, one configuration: cheaper only just below each whole machine\'s capacity until the windows join', () => {
  // One machine breaks even at 1,732.37 / (0.2225 - 0.0155) = 8,368.94M and is full at 8,477.14M. k machines cost
  // k x 1,732.37 + 0.0155 x volume, no more than the API from k x 8,368.94 up to k x 8,477.14. At 10,000M two machines
  // cost 3,464.74 + 155 = 3,619.74 against the API's 2,225: dearer. The windows join once k x 8,368.94 <= (k - 1) x
  // 8,477.14, k >= 8,477.14 / 108.20 = 78.34: k = 79, so it stays cheaper from 78 x 8,368.94 = 652,777.10M; windows
  // k = 1..77 before that, the second 16,737.87 to 16,954.28, the last 77 x 8,477.14 = 652,739.78.
  const o = breakEven(crof(), [], [x4]).owned;
  assert.equal(o.tokens_millions, 8368.94);
  assert.equal(o.stays_cheaper_from_tokens_millions, 652777.1);
  assert.equal(o.cheaper_windows_count, 77);
  assert.deepEqual(o.cheaper_windows.slice(0, 2), [
    { from_tokens_millions: 8368.94, to_tokens_millions: 8477.14, hardware_id: 'mi300x-x4', machines: 1 },
    { from_tokens_millions: 16737.87, to_tokens_millions: 16954.28, hardware_id: 'mi300x-x4', machines: 2 },
  ]);
  assert.equal(o.cheaper_windows.length, 20);
  assert.doesNotMatch(o.reason, /stays cheaper/);
  assert.match(o.reason, /between 8368\.94 and 8477\.14 million tokens a month, in 76 more windows up to 652739\.78, /);
  assert.match(o.reason, /each ending where the machines then running are full \(the next: 16737\.87 to 16954\.28, 2 machines/);
  assert.match(o.reason, /and at every volume from 652777\.1 on \(mi300x-x4, 78 machines and more\)/);
});

test('owned, the committed answer\'s two configurations: the windows of both, and cheaper for good from 149,664.36M', () => {
  // mi300x-x8 breaks even at 3,464.73 / (0.2225 - 0.01415) = 16,629.37M and is full at 18,576.62M; its windows join from
  // k >= 18,576.62 / (18,576.62 - 16,629.37) = 9.54, k = 10: from 9 x 16,629.37 = 149,664.36M. Below that: mi300x-x4's
  // windows k x 8,368.94 to k x 8,477.14 that start before it (k = 1..17) and mi300x-x8's k = 1..8, the x4's second one
  // (16,737.87 to 16,954.28) inside the x8's first (16,629.37 to 18,576.62), and so on.
  const o = breakEven(crof(), [], [x4, x8]).owned;
  assert.equal(o.tokens_millions, 8368.94);
  assert.equal(o.stays_cheaper_from_tokens_millions, 149664.36);
  const w = (from: number, to: number, hardware_id: string, machines: number) =>
    ({ from_tokens_millions: from, to_tokens_millions: to, hardware_id, machines });
  assert.deepEqual(o.cheaper_windows[1], w(16629.37, 18576.62, 'mi300x-x8', 1));
  assert.deepEqual(o.cheaper_windows.at(-1), w(133034.99, 148612.96, 'mi300x-x8', 8));
  assert.doesNotMatch(o.reason, /stays cheaper/);
  // The curve of the same options agrees at the volumes the answer quoted: owned dearer at 10,000M and 30,000M, cheaper
  // at 100,000M (six x8 machines: 6 x 3,464.73 + 1,415 = 22,203.38 against 22,250).
  const curve = costCurve(crof(), [], [x4, x8], []);
  const at = (v: number) => curve.find((p) => p.tokens_millions === v)!;
  assert.ok(at(10_000).owned_usd! > at(10_000).api_usd! && at(30_000).owned_usd! > at(30_000).api_usd!);
  assert.equal(at(100_000).owned_usd, 22203.38);
  assert.ok(at(300_000).owned_usd! <= at(300_000).api_usd! && at(1_000_000).owned_usd! <= at(1_000_000).api_usd!);
});

test('owned whose first machine already joins the next: "stays cheaper" from the break-even, no windows', () => {
  // 100 USD a month, no power cost, 1,000M a machine, API 1 USD per 1M: x = 100M; 2 x 100 <= 1 x 1,000, so k = 2 joins.
  const o = breakEven(api(1), [], [owned('box', 100, 0, 1000)]).owned;
  assert.equal(o.tokens_millions, 100);
  assert.equal(o.stays_cheaper_from_tokens_millions, 100);
  assert.deepEqual([o.cheaper_windows, o.cheaper_windows_count], [[], 0]);
  assert.match(o.reason, /from 100 million tokens a month, one month of box owned .* and self-hosting stays cheaper above it/);
});

test('rented: the cheapest crossing stays cheaper at every volume above, on the curve too', () => {
  // API 3 USD per 1M. a: 730 x 2.5 = 1,825 USD flat, 1.5 per 1M: crosses at 1,825 / 3 = 608.33M. b: 730 x 1 = 730 flat,
  // 2.9 per 1M: crosses at 243.33M. Above 243.33M b costs max(730, 2.9 v) <= 3 v for good.
  const opt = (id: string, usdPerHour: number, marginal: number) =>
    ({ hardware_id: id, marginal_usd_per_mtok: marginal, utilization: 0.5, rental: { usd_per_hour: usdPerHour } });
  const rentedOptions = [opt('a', 2.5, 1.5), opt('b', 1, 2.9)];
  const r = breakEven(api(3), rentedOptions).rented;
  assert.equal(r.tokens_millions, 243.33);
  assert.equal(r.hardware_id, 'b');
  assert.equal(r.stays_cheaper_from_tokens_millions, 243.33);
  assert.equal(r.cheaper_windows_count, 0);
  assert.match(r.reason, /and self-hosting stays cheaper above it/);
  for (const p of costCurve(api(3), rentedOptions, [], [243.34])) {
    if (p.tokens_millions >= 243.34) assert.ok(p.rented_usd! <= p.api_usd!, `${p.tokens_millions}`);
    else assert.ok(p.rented_usd! > p.api_usd!, `${p.tokens_millions}`);
  }
});
