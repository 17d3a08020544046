// The fixed-rate latency figures: the rates offered, one figure from several rounds, and the budget's verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { combinePacedRounds, latencyBudget, offeredRate, type LatencyReport } from './latency.ts';
import type { PacedResult } from './lib/paced.ts';

const round = (p99: number, extra: Partial<PacedResult> = {}): PacedResult => ({
  offeredRps: 4000, rps: 3990 + p99, total: 12000, p50: 1, p99, max: 2 * p99, sendLagP99: 0.5, non2xx: 0, errors: 0, timeouts: 0, ...extra,
});

/** A report with the ceiling's and the service's p99 at 10%, 25% and 50% of the ceiling's most. */
const report = (ceiling: number[], service: Array<number | undefined>): LatencyReport => ({
  target: 'GET /models/{id}', options: { connections: 50, roundSec: 3, rounds: 3 }, ceilingSaturatedRps: 8478,
  levels: [0.1, 0.25, 0.5].map((share, i) => ({
    share, offeredRps: offeredRate(8478, share),
    rows: [
      { server: 'ceiling' as const, result: round(ceiling[i]!), roundsP99: [ceiling[i]!] },
      ...(service[i] === undefined ? [] : [{ server: 'service' as const, result: round(service[i]!), roundsP99: [service[i]!] }]),
    ],
  })),
});

test('the offered rate is a share of the ceiling\'s saturated req/s, in whole requests, never 0', () => {
  assert.equal(offeredRate(8478.4, 0.5), 4239);
  assert.equal(offeredRate(8479, 0.5), 4240);
  assert.equal(offeredRate(8478, 0.1), 848);
  assert.equal(offeredRate(0.6, 0.5), 1);
  assert.throws(() => offeredRate(0, 0.5), /no saturated rate/);
  assert.throws(() => offeredRate(Number.NaN, 0.5), /no saturated rate/);
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

test('the p99 budget is judged at the highest rate where the plain server keeps its p99 under 10 ms', () => {
  // The plain server holds it at 10% and 25%, not at 50%: judged at 25%.
  const met = latencyBudget(report([2, 4, 19], [3, 9.94, 300]), 22);
  assert.equal(met.met, true);
  assert.match(met.figure, /^9\.94 ms at 2,120 req\/s \(25% of the ceiling's most; plain server 4\.00 ms\); the service holds it up to 2,120 req\/s; at saturation: 22 ms$/);
  const missed = latencyBudget(report([2, 4, 19], [3, 10, 300]), 22);
  assert.equal(missed.met, false, 'strictly under 10 ms');
  assert.match(missed.figure, /holds it up to 848 req\/s/);
  // Where even the plain server misses at every rate, the machine cannot show the budget: not judged.
  const machine = latencyBudget(report([12, 15, 19], [3, 11, 300]), 0);
  assert.equal(machine.met, undefined);
  assert.match(machine.figure, /not judged: .*at 848 req\/s: plain server 12\.00 ms, service 3\.00 ms; the service holds it up to 848 req\/s; at saturation: <1 ms/);
  assert.equal(latencyBudget(report([2, 4, 19], [undefined, undefined, undefined]), 22).met, undefined);
});
