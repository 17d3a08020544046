// Latency at a stated load: the model sheet at a fixed offered rate, half the most the ceiling served in the same run.
import { runPaced, type PacedRequest, type PacedResult } from './lib/paced.ts';
import { fmt, fmtInt, renderTable } from './lib/table.ts';
import type { BudgetLine } from './budgets.ts';

/**
 * The offered rate as a share of the ceiling's saturated req/s: "half the most this machine can serve with Node".
 * At saturation every connection is always busy and the mean latency is connections / throughput (Little's law),
 * so a latency budget only means something at a load below it.
 */
export const OFFERED_SHARE = 0.5;

export const LATENCY_LIMIT_MS = 10;

/** Paced and discarded before each round, for the client's sake (see PacedRequest.warmupSec); the servers are warm. */
const CLIENT_WARMUP_SEC = 0.5;

export type LatencyServer = 'ceiling' | 'service';

export type LatencyOptions = { connections: number; roundSec: number; rounds: number };

export type LatencyRow = {
  server: LatencyServer;
  /** The median round by p99 (its rate and latencies), with requests and failures summed over every round. */
  result: PacedResult;
  roundsP99: number[];
};

export type LatencyReport = {
  target: string;
  options: LatencyOptions;
  ceilingSaturatedRps: number;
  share: number;
  offeredRps: number;
  rows: LatencyRow[];
};

/** Whole requests per second, at least 1. */
export function offeredRate(ceilingSaturatedRps: number, share = OFFERED_SHARE): number {
  if (!Number.isFinite(ceilingSaturatedRps) || ceilingSaturatedRps <= 0) throw new Error(`no saturated rate to take a share of: ${ceilingSaturatedRps}`);
  return Math.max(1, Math.round(ceilingSaturatedRps * share));
}

/**
 * One figure per server from several rounds at the same offered rate. The req/s hardly differ between rounds
 * (that is the point of a fixed rate), so the median is taken by p99, the figure the budget judges: one round
 * disturbed by other work on the shared machine moves it no more than one quiet round does.
 */
export function combinePacedRounds(rounds: readonly PacedResult[]): PacedResult {
  if (rounds.length === 0) throw new Error('no rounds to combine');
  const byP99 = [...rounds].sort((a, b) => a.p99 - b.p99);
  const mid = byP99[Math.floor((byP99.length - 1) / 2)];
  const sum = (k: 'total' | 'non2xx' | 'errors' | 'timeouts') => rounds.reduce((n, r) => n + r[k], 0);
  const firstError = rounds.find((r) => r.firstError)?.firstError;
  const { firstError: _, ...figures } = mid;
  return { ...figures, total: sum('total'), non2xx: sum('non2xx'), errors: sum('errors'), timeouts: sum('timeouts'), ...(firstError ? { firstError } : {}) };
}

export type LatencyRun = {
  target: string;
  /** The servers by kind and base URL, loaded in this order in every round. */
  servers: ReadonlyArray<[LatencyServer, string]>;
  /** The request for a server's base URL, as the saturation rounds send it. */
  request: (base: string) => Omit<PacedRequest, 'rate' | 'durationSec' | 'connections'>;
  ceilingSaturatedRps: number;
  options: LatencyOptions;
  progress?: (line: string) => void;
};

export async function runLatency(run: LatencyRun): Promise<LatencyReport> {
  const o = run.options;
  const rate = offeredRate(run.ceilingSaturatedRps);
  run.progress?.(`  ${run.target}: fixed rate ${fmtInt(rate)} req/s (${fmt(100 * OFFERED_SHARE, 0)}% of the ceiling's ${fmtInt(run.ceilingSaturatedRps)}), ${o.rounds} rounds of ${o.roundSec} s, alternating`);
  const results: PacedResult[][] = run.servers.map(() => []);
  for (let round = 0; round < o.rounds; round++) {
    for (const [k, [, base]] of run.servers.entries()) {
      results[k].push(await runPaced({ ...run.request(base), connections: o.connections, rate, durationSec: o.roundSec, warmupSec: CLIENT_WARMUP_SEC }));
    }
  }
  return {
    target: run.target, options: o, ceilingSaturatedRps: run.ceilingSaturatedRps, share: OFFERED_SHARE, offeredRps: rate,
    rows: run.servers.map(([server], k) => ({ server, result: combinePacedRounds(results[k]), roundsP99: results[k].map((r) => r.p99) })),
  };
}

export function latencyFailures(report: LatencyReport): number {
  return report.rows.reduce((n, r) => n + r.result.non2xx + r.result.errors + r.result.timeouts, 0);
}

/** The "p99 under 10 ms at 50 connections" line: judged at the fixed rate, with the saturated p99 shown beside it. */
export function latencyBudget(report: LatencyReport, saturatedP99: number): BudgetLine {
  const svc = report.rows.find((r) => r.server === 'service');
  const atSaturation = `at saturation: ${saturatedP99 === 0 ? '<1' : saturatedP99} ms`;
  const budget = `GET /models/{id}: p99 at ${report.options.connections} connections, ${fmtInt(report.offeredRps)} req/s offered (${fmt(100 * report.share, 0)}% of the ceiling's most)`;
  if (!svc) return { budget, limit: `< ${LATENCY_LIMIT_MS} ms`, figure: `not run (${atSaturation})`, met: undefined };
  return { budget, limit: `< ${LATENCY_LIMIT_MS} ms`, figure: `${fmt(svc.result.p99, 2)} ms (${atSaturation})`, met: svc.result.p99 < LATENCY_LIMIT_MS };
}

export function formatLatency(report: LatencyReport): string {
  const o = report.options;
  const rows = report.rows.map((r) => {
    const x = r.result;
    const bad = x.non2xx + x.errors + x.timeouts;
    return [
      report.target, r.server, fmtInt(x.offeredRps), fmtInt(x.rps), fmt(x.p50, 1), fmt(x.p99, 1), fmt(x.max, 1),
      `${fmt(Math.min(...r.roundsP99), 1)}-${fmt(Math.max(...r.roundsP99), 1)}`, fmt(x.sendLagP99, 1), fmtInt(x.total), bad ? `${bad} !` : '0',
    ];
  });
  const errors = report.rows.flatMap((r) => (r.result.firstError ? [`${r.server}: first error: ${r.result.firstError}`] : []));
  return [
    `Fixed rate: ${fmtInt(report.offeredRps)} req/s offered, ${fmt(100 * report.share, 0)}% of the ceiling's ${fmtInt(report.ceilingSaturatedRps)} req/s at saturation above,`,
    `evenly spaced over ${o.connections} keep-alive connections (each request on the first free one); ${o.rounds} rounds of ${o.roundSec} s per server, taken in turn,`,
    `each after ${CLIENT_WARMUP_SEC} s paced and discarded while the client process warms up. The paced client (bench/lib/paced.ts) runs in its own process.`,
    'Latency in ms from the time each request was due, so waiting for a free connection or a late client counts; median round by p99.',
    '',
    renderTable(['target', 'server', 'offered req/s', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'rounds p99 ms', 'send lag p99 ms', 'requests', 'non-2xx/err'], rows),
    ...errors,
  ].join('\n');
}
