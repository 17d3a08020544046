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

test('owned: a volume is in the ranges exactly when the cheapest whole-machine fleet costs no more than the API there', () => {
  const option = fc.record({
    hardware_id: fc.constantFrom('a', 'b', 'c'),
    fixed_per_machine_usd: fc.double({ min: 1, max: 5000, noNaN: true }),
    marginal_usd_per_mtok: fc.double({ min: 0, max: 0.5, noNaN: true }),
    capacity_tokens_millions_per_month: fc.double({ min: 10, max: 20_000, noNaN: true }),
  });
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
