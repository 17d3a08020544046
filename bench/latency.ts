// Latency at stated loads: the model sheet at fixed offered rates, shares of the most the ceiling served in the same run.
import { runPaced, type PacedRequest, type PacedResult } from './lib/paced.ts';
import { fmt, fmtInt, renderTable } from './lib/table.ts';
import type { BudgetLine } from './budgets.ts';

/**
 * The offered rates, as shares of the ceiling's saturated req/s: a tenth, a quarter and half of the most this
 * machine can serve with Node. At saturation every connection is always busy and the mean latency is connections /
 * throughput (Little's law), so a latency budget only means something at a load below it; which load is not
 * stated, so the latency is measured at several, and the table shows how it grows with the load.
 */
export const OFFERED_SHARES: readonly number[] = [0.1, 0.25, 0.5];

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

export type LatencyLevel = {
  share: number;
  offeredRps: number;
  rows: LatencyRow[];
};

export type LatencyReport = {
  target: string;
  options: LatencyOptions;
  ceilingSaturatedRps: number;
  /** One per offered rate, lowest first. */
  levels: LatencyLevel[];
};

/** Whole requests per second, at least 1. */
export function offeredRate(ceilingSaturatedRps: number, share: number): number {
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
  const levels: LatencyLevel[] = [];
  for (const share of OFFERED_SHARES) {
    const rate = offeredRate(run.ceilingSaturatedRps, share);
    run.progress?.(`  ${run.target}: fixed rate ${fmtInt(rate)} req/s (${fmt(100 * share, 0)}% of the ceiling's ${fmtInt(run.ceilingSaturatedRps)}), ${o.rounds} rounds of ${o.roundSec} s, alternating`);
    const results: PacedResult[][] = run.servers.map(() => []);
    for (let round = 0; round < o.rounds; round++) {
      for (const [k, [, base]] of run.servers.entries()) {
        results[k].push(await runPaced({ ...run.request(base), connections: o.connections, rate, durationSec: o.roundSec, warmupSec: CLIENT_WARMUP_SEC }));
      }
    }
    levels.push({
      share, offeredRps: rate,
      rows: run.servers.map(([server], k) => ({ server, result: combinePacedRounds(results[k]), roundsP99: results[k].map((r) => r.p99) })),
    });
  }
  return { target: run.target, options: o, ceilingSaturatedRps: run.ceilingSaturatedRps, levels };
}

export function latencyFailures(report: LatencyReport): number {
  return report.levels.reduce((n, l) => n + l.rows.reduce((m, r) => m + r.result.non2xx + r.result.errors + r.result.timeouts, 0), 0);
}

const p99Of = (level: LatencyLevel, server: LatencyServer): number | undefined => level.rows.find((r) => r.server === server)?.result.p99;

/**
 * The "p99 under 10 ms at 50 connections" line. The budget states no load, and the machine limits what any server
 * can show: it is judged at the highest offered rate at which the plain node:http server itself keeps its p99
 * under the limit (the service must too), so that neither the machine's limit nor an arbitrary rate decides it.
 * The highest rate at which the service keeps it, and its p99 at saturation, are shown beside it.
 */
export function latencyBudget(report: LatencyReport, saturatedP99: number): BudgetLine {
  const limit = `< ${LATENCY_LIMIT_MS} ms`;
  const atSaturation = `at saturation: ${saturatedP99 === 0 ? '<1' : saturatedP99} ms`;
  const under = (l: LatencyLevel, server: LatencyServer) => { const p = p99Of(l, server); return p !== undefined && p < LATENCY_LIMIT_MS; };
  const judged = [...report.levels].reverse().find((l) => under(l, 'ceiling'));
  const serviceHolds = [...report.levels].reverse().find((l) => under(l, 'service'));
  const holds = serviceHolds ? `the service holds it up to ${fmtInt(serviceHolds.offeredRps)} req/s` : 'the service holds it at no rate tried';
  const budget = `GET /models/{id}: p99 at ${report.options.connections} connections, at the highest fixed rate where the plain server's p99 is ${limit}`;
  if (!judged) {
    // What the machine allows at the lowest rate, side by side: the service is then judged against the plain server.
    const low = report.levels[0];
    const pair = low ? `at ${fmtInt(low.offeredRps)} req/s: plain server ${fmt(p99Of(low, 'ceiling') ?? Number.NaN, 2)} ms, service ${fmt(p99Of(low, 'service') ?? Number.NaN, 2)} ms; ` : '';
    return { budget, limit, figure: `not judged: the plain server's p99 is over the limit at every rate tried (${pair}${holds}; ${atSaturation})`, met: undefined, verdict: 'not judged' };
  }
  const svc = p99Of(judged, 'service');
  if (svc === undefined) return { budget, limit, figure: `not run (${atSaturation})`, met: undefined };
  return {
    budget, limit,
    figure: `${fmt(svc, 2)} ms at ${fmtInt(judged.offeredRps)} req/s (${fmt(100 * judged.share, 0)}% of the ceiling's most; plain server ${fmt(p99Of(judged, 'ceiling')!, 2)} ms); ${holds}; ${atSaturation}`,
    met: svc < LATENCY_LIMIT_MS,
  };
}

export function formatLatency(report: LatencyReport): string {
  const o = report.options;
  const rows = report.levels.flatMap((level) => level.rows.map((r) => {
    const x = r.result;
    const bad = x.non2xx + x.errors + x.timeouts;
    return [
      report.target, `${fmt(100 * level.share, 0)}%`, r.server, fmtInt(x.offeredRps), fmtInt(x.rps), fmt(x.p50, 1), fmt(x.p99, 1), fmt(x.max, 1),
      `${fmt(Math.min(...r.roundsP99), 1)}-${fmt(Math.max(...r.roundsP99), 1)}`, fmt(x.sendLagP99, 1), fmtInt(x.total), bad ? `${bad} !` : '0',
    ];
  }));
  const errors = report.levels.flatMap((l) => l.rows.flatMap((r) => (r.result.firstError ? [`${r.server} at ${fmtInt(l.offeredRps)} req/s: first error: ${r.result.firstError}`] : [])));
  return [
    `Fixed rates: ${report.levels.map((l) => `${fmtInt(l.offeredRps)} req/s (${fmt(100 * l.share, 0)}%)`).join(', ')} of the ceiling's ${fmtInt(report.ceilingSaturatedRps)} req/s at saturation above,`,
    `evenly spaced over ${o.connections} keep-alive connections (each request on the first free one); ${o.rounds} rounds of ${o.roundSec} s per server and rate, taken in turn,`,
    `each after ${CLIENT_WARMUP_SEC} s paced and discarded while the client process warms up. The paced client (bench/lib/paced.ts) runs in its own process.`,
    'Latency in ms from the time each request was due, so waiting for a free connection or a late client counts; median round by p99.',
    '',
    renderTable(['target', 'load', 'server', 'offered req/s', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'rounds p99 ms', 'send lag p99 ms', 'requests', 'non-2xx/err'], rows),
    ...errors,
  ].join('\n');
}
