// The ranges where self-hosting costs no more than the API, checked against the curve's own monthly cost, volume by volume.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { ApiCosts } from './api-cost.ts';
import { breakEven, ownedAt, rentedAt } from './break-even.ts';
import { MAX_WINDOWS, ownedRanges, rentedRanges, type CheaperRange, type OwnedTerms } from './cheaper-ranges.ts';

const inRanges = (ranges: CheaperRange[], v: number) => ranges.some((r) => v >= r.from && (r.to === null || v <= r.to));
/** Volumes to probe: random ones, and each edge a hair inside and outside, never the edge itself (rounding decides there). */
const probes = (ranges: CheaperRange[], random: number[]) => [
  ...random,
  ...ranges.flatMap((r) => [r.from, r.to].filter((e): e is number => e !== null).flatMap((e) => [e * (1 - 1e-7), e * (1 + 1e-7)])),
];
const nearEdge = (ranges: CheaperRange[], v: number) =>
  ranges.some((r) => [r.from, r.to].some((e) => e !== null && Math.abs(v - e) <= e * 1e-9));

// One owned configuration: a fixed month per machine, a marginal cost per 1M tokens and what one machine serves.
const option = fc.record({
  hardware_id: fc.constantFrom('a', 'b', 'c'),
  fixed_per_machine_usd: fc.double({ min: 1, max: 5000, noNaN: true }),
  marginal_usd_per_mtok: fc.double({ min: 0, max: 0.5, noNaN: true }),
  capacity_tokens_millions_per_month: fc.double({ min: 10, max: 20_000, noNaN: true }),
});

test('owned: a volume is in the ranges exactly when the cheapest whole-machine fleet costs no more than the API there', () => {
  fc.assert(fc.property(
    fc.array(option, { minLength: 1, maxLength: 3 }), fc.double({ min: 0.01, max: 1, noNaN: true }),
    fc.array(fc.double({ min: 0.001, max: 3e6, noNaN: true }), { minLength: 20, maxLength: 20 }),
    (options: OwnedTerms[], a, random) => {
      const { ranges, capped } = ownedRanges(options, a);
      fc.pre(!capped);
      const last = ranges.at(-1);
      // Any option that ever costs less stays cheaper in the end: the last range is unbounded.
      if (last) assert.equal(last.to, null);
      for (const v of probes(ranges, random)) {
        if (nearEdge(ranges, v)) continue;
        const cheapest = Math.min(...options.map((o) => ownedAt({ ...o, utilization: 0.5 }, v)));
        assert.equal(inRanges(ranges, v), cheapest <= a * v, `at ${v}: fleet ${cheapest}, API ${a * v}, ranges ${JSON.stringify(ranges.slice(0, 3))}...`);
      }
    },
  ), { numRuns: 300, endOnFailure: true });
});

test('rented: one unbounded range from the cheapest crossing, matching the curve\'s monthly cost', () => {
  const option = fc.record({
    hardware_id: fc.constantFrom('a', 'b'),
    marginal_usd_per_mtok: fc.double({ min: 0.001, max: 2, noNaN: true }),
    rental: fc.record({ usd_per_hour: fc.double({ min: 0.1, max: 100, noNaN: true }) }),
  });
  fc.assert(fc.property(
    fc.array(option, { minLength: 1, maxLength: 3 }), fc.double({ min: 0.01, max: 1, noNaN: true }),
    fc.array(fc.double({ min: 0.001, max: 3e6, noNaN: true }), { minLength: 20, maxLength: 20 }),
    (options, a, random) => {
      const { ranges } = rentedRanges(options, a);
      assert.ok(ranges.length <= 1 && (ranges.length === 0 || ranges[0].to === null));
      for (const v of probes(ranges, random)) {
        if (nearEdge(ranges, v)) continue;
        const cheapest = Math.min(...options.map((o) => rentedAt({ ...o, utilization: 0.5 }, v)));
        // Options whose marginal cost equals the API's never cost less; the generator makes that measure-zero.
        assert.equal(inRanges(ranges, v), cheapest <= a * v, `at ${v}`);
      }
    },
  ), { numRuns: 300, endOnFailure: true });
});

test('an option within a hair of the API at capacity: windows counted up to the cap, and the sentence says "at least"', () => {
  // x = 99.999 / (1 - 0) = 99.999M against 100M a machine: k x <= (k - 1) 100 from k = 100 / 0.001 = 100,000.
  const o = { hardware_id: 'close', fixed_per_machine_usd: 99.999, marginal_usd_per_mtok: 0, capacity_tokens_millions_per_month: 100 };
  const r = ownedRanges([o], 1);
  assert.equal(r.capped, true);
  assert.equal(r.ranges.length, MAX_WINDOWS + 1);
  assert.equal(r.ranges.at(-1)!.from, 99_999 * 99.999);
  const api = { offers: [{ provider: 'p', provider_model_id: 'm', blended_usd_per_mtok: 1 }] } as unknown as ApiCosts;
  const be = breakEven(api, [], [{ ...o, utilization: 0.5 }]).owned;
  assert.match(be.reason, /in at least 9999 more windows/);
  assert.equal(be.cheaper_windows_count, MAX_WINDOWS);
});

test('overlapping windows of two configurations: each range names one configuration at one machine count', () => {
  // API at 1 USD per 1M, no power. A: 95 USD a machine, 100M each: x = 95, windows [95m, 100m], joined from k = 20
  // (20 x 95 <= 19 x 100). B: 45 USD, 48M each: x = 45, windows [45m, 48m], joined from k = 16 (16 x 45 <= 15 x 48),
  // so B stays cheaper from 15 x 45 = 675 and only windows starting below it count. A's first window [95, 100] overlaps
  // B's second [90, 96]: at 98 two B machines are full (96), three cost 135 > 98, one A costs 95 <= 98. So [90, 96] is
  // B with 2 machines and [96, 100] A with 1, not one range under B's name.
  const a = { hardware_id: 'a', fixed_per_machine_usd: 95, marginal_usd_per_mtok: 0, capacity_tokens_millions_per_month: 100 };
  const b = { hardware_id: 'b', fixed_per_machine_usd: 45, marginal_usd_per_mtok: 0, capacity_tokens_millions_per_month: 48 };
  const { ranges } = ownedRanges([a, b], 1);
  const plain = ranges.map(({ from, to, hardware_id, machines }) => [from, to, hardware_id, machines]);
  assert.deepEqual(plain.slice(0, 4), [[45, 48, 'b', 1], [90, 96, 'b', 2], [96, 100, 'a', 1], [135, 144, 'b', 3]]);
  // A's [475, 500] then B's 11th window [495, 528] goes on from 500; the last: B's 14th [630, 672], A's 7th [665, 700]
  // from 672, and B's unbounded range from 700, where ceil(700 / 48) = 15 machines run.
  assert.deepEqual(plain.slice(14, 16), [[480, 500, 'a', 5], [500, 528, 'b', 11]]);
  assert.deepEqual(plain.slice(-3), [[630, 672, 'b', 14], [672, 700, 'a', 7], [700, null, 'b', 15]]);
  const api = { offers: [{ provider: 'p', provider_model_id: 'm', blended_usd_per_mtok: 1 }] } as unknown as ApiCosts;
  const be = breakEven(api, [], [{ ...a, utilization: 0.5 }, { ...b, utilization: 0.5 }]).owned;
  // Self-hosting costs no more at every volume from 630 on (three ranges touching), the windows are the ranges before.
  assert.equal(be.stays_cheaper_from_tokens_millions, 630);
  assert.equal(be.cheaper_windows_count, plain.length - 3);
  assert.deepEqual(be.cheaper_windows[2], { from_tokens_millions: 96, to_tokens_millions: 100, hardware_id: 'a', machines: 1 });
  assert.match(be.reason, /from 630 on \(14 machines of b up to 672, then 7 machines of a up to 700, then 15 machines of b and more\)/);
});

test('every range is one configuration at one machine count that costs no more than the API across it', () => {
  fc.assert(fc.property(
    fc.uniqueArray(option, { minLength: 1, maxLength: 3, selector: (o) => o.hardware_id }), fc.double({ min: 0.01, max: 1, noNaN: true }),
    (options: OwnedTerms[], a) => {
      const { ranges, capped } = ownedRanges(options, a);
      fc.pre(!capped);
      ranges.forEach((r, i) => {
        if (i > 0) assert.ok(r.from >= ranges[i - 1].to!, `range ${i} overlaps the one before`);
        const o = options.find((x) => x.hardware_id === r.hardware_id)!;
        const c = o.capacity_tokens_millions_per_month;
        // Inside a window the machines stay at its count: the fleet of `machines` costs no more than the API there.
        const probesIn = r.to === null ? [r.from * (1 + 1e-6)] : [0.25, 0.5, 0.75].map((t) => r.from + t * (r.to! - r.from));
        for (const v of probesIn) {
          if (r.to !== null) assert.equal(Math.ceil(v / c), r.machines, `machines at ${v} in ${JSON.stringify(r)}`);
          assert.ok(ownedAt({ ...o, utilization: 0.5 }, v) <= a * v * (1 + 1e-9), `${r.hardware_id} dearer than the API at ${v}`);
        }
      });
    },
  ), { numRuns: 300, endOnFailure: true });
});
