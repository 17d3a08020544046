// The fixed-rate latency figures: the rate offered, one figure from several rounds, and the budget's verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { combinePacedRounds, latencyBudget, offeredRate, type LatencyReport } from './latency.ts';
import type { PacedResult } from './lib/paced.ts';

const round = (p99: number, extra: Partial<PacedResult> = {}): PacedResult => ({
  offeredRps: 4000, rps: 3990 + p99, total: 12000, p50: 1, p99, max: 2 * p99, sendLagP99: 0.5, non2xx: 0, errors: 0, timeouts: 0, ...extra,
});

const report = (serviceP99: number | undefined): LatencyReport => ({
  target: 'GET /models/{id}', options: { connections: 50, roundSec: 3, rounds: 3 }, ceilingSaturatedRps: 8478, share: 0.5, offeredRps: 4239,
  rows: [{ server: 'ceiling', result: round(4), roundsP99: [4] }, ...(serviceP99 === undefined ? [] : [{ server: 'service' as const, result: round(serviceP99), roundsP99: [serviceP99] }])],
});

test('the offered rate is half the ceiling\'s saturated req/s, in whole requests, never 0', () => {
  assert.equal(offeredRate(8478.4), 4239);
  assert.equal(offeredRate(8479), 4240);
  assert.equal(offeredRate(0.6), 1);
  assert.throws(() => offeredRate(0), /no saturated rate/);
  assert.throws(() => offeredRate(Number.NaN), /no saturated rate/);
});

test('the median round by p99 is the figure, whatever order the rounds came in; one disturbed round does not move it', () => {
  const r = combinePacedRounds([round(40), round(3), round(5)]);
  assert.equal(r.p99, 5);
  assert.equal(r.max, 10);
  assert.equal(r.rps, 3995);
});

test('requests and failures are summed over every round, and a failure\'s message is kept from any round', () => {
  const r = combinePacedRounds([round(3), round(5, { timeouts: 2, firstError: 'ECONNRESET' }), round(4, { non2xx: 1 })]);
  assert.equal(r.total, 36000);
  assert.equal(r.timeouts, 2);
  assert.equal(r.non2xx, 1);
  assert.equal(r.firstError, 'ECONNRESET');
  assert.equal(combinePacedRounds([round(3)]).firstError, undefined);
});

test('the p99 budget is judged on the fixed-rate p99, strictly under 10 ms, and shows the saturated p99 beside it', () => {
  const met = latencyBudget(report(9.94), 22);
  assert.equal(met.met, true);
  assert.equal(met.figure, '9.94 ms (at saturation: 22 ms)');
  assert.match(met.budget, /4,239 req\/s offered \(50% of the ceiling's most\)/);
  assert.equal(latencyBudget(report(10), 3).met, false);
  assert.equal(latencyBudget(report(undefined), 22).met, undefined);
  assert.equal(latencyBudget(report(2), 0).figure, '2.00 ms (at saturation: <1 ms)');
});
