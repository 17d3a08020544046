// Load section: each target against the service, the plain node:http ceiling and (for MCP) the naive SDK server.
import { formatLatency, runLatency, type LatencyReport } from './latency.ts';
import { runAutocannon, type LoadResult } from './lib/autocannon.ts';
import { isMain } from './lib/main.ts';
import type { Memory } from './lib/proc.ts';
import { fmt, fmtInt, renderTable } from './lib/table.ts';
import { recordRoute, startCeiling, type RecordedRoute, type RunningCeiling } from './servers/ceiling.ts';
import { startNaiveMcp, type RunningNaive } from './servers/naive-mcp.ts';
import { BENCH_KEY_QUOTA, startService, type RunningService } from './servers/service.ts';
import { loadTargets, type Target } from './targets.ts';

export type ServerKind = 'ceiling' | 'service' | 'naive-sdk';

export type LoadOptions = {
  connections: number;
  /** Measured seconds per round; each server runs `rounds` rounds per target, alternating with the others. */
  roundSec: number;
  rounds: number;
  warmupSec: number;
  progress?: (line: string) => void;
};

export type LoadRow = {
  target: string;
  server: ServerKind;
  /** The median round by req/s (its latencies), with requests and failures summed over every round. */
  result: LoadResult;
  roundsRps: number[];
  responseBytes: number;
};

/**
 * One figure per server from several rounds: the median round, so that a burst of other work on the machine
 * during one round (the machine is shared) moves neither the figure nor the ratio between servers.
 */
export function combineRounds(rounds: readonly LoadResult[]): LoadResult {
  const byRps = [...rounds].sort((a, b) => a.rps - b.rps);
  const mid = byRps[Math.floor((byRps.length - 1) / 2)];
  const sum = (k: 'total' | 'non2xx' | 'errors' | 'timeouts') => rounds.reduce((n, r) => n + r[k], 0);
  return { ...mid, total: sum('total'), non2xx: sum('non2xx'), errors: sum('errors'), timeouts: sum('timeouts') };
}

export type LoadReport = {
  options: LoadOptions;
  rows: LoadRow[];
  /** The model sheet (the first target) at a fixed rate, right after its saturation rounds. */
  latency: LatencyReport;
  access: Record<string, string>;
  rateLimitPolicy: string | undefined;
  logLines: number;
  serviceMemoryAfterLoad: Memory;
  ceilingMemoryAfterLoad: Memory;
  naiveMemoryAfterLoad: Memory;
};

/** A recorded answer must be a success, or the run would measure error pages. */
function checkRecorded(target: Target, r: RecordedRoute): void {
  const body = Buffer.from(r.body_base64, 'base64').toString('utf8');
  if (r.status !== 200) throw new Error(`${target.name}: the service answered ${r.status}: ${body.slice(0, 300)}`);
  if (target.path === '/mcp') {
    const j = JSON.parse(body) as { result?: { isError?: boolean; structuredContent?: unknown }; error?: unknown };
    if (!j.result?.structuredContent || j.result.isError) throw new Error(`${target.name}: not a successful tool result: ${body.slice(0, 300)}`);
  }
}

/** The naive server must answer with a successful tool result too; returns its body's size in bytes. */
async function checkNaive(naive: RunningNaive, target: Target): Promise<number> {
  const res = await fetch(naive.url + target.path, { method: 'POST', headers: target.headers, body: target.body });
  const body = Buffer.from(await res.arrayBuffer());
  const j = JSON.parse(body.toString('utf8')) as { result?: { isError?: boolean; structuredContent?: unknown } };
  if (res.status !== 200 || !j.result?.structuredContent || j.result.isError) throw new Error(`naive SDK server: ${res.status} ${body.toString('utf8').slice(0, 300)}`);
  return body.length;
}

async function checkCeiling(ceiling: RunningCeiling, target: Target, r: RecordedRoute): Promise<void> {
  const res = await fetch(ceiling.url + target.path, { method: target.method, headers: target.headers, body: target.body });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== r.status || !body.equals(Buffer.from(r.body_base64, 'base64'))) throw new Error(`ceiling: ${target.name} does not replay the service's bytes`);
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const say = options.progress ?? (() => {});
  const targets = loadTargets();
  let service: RunningService | undefined;
  let ceiling: RunningCeiling | undefined;
  let naive: RunningNaive | undefined;
  try {
    service = await startService();
    const apiKey = service.apiKey;
    const routes: RecordedRoute[] = [];
    for (const t of targets) {
      const r = await recordRoute(service.url, t, apiKey);
      checkRecorded(t, r);
      routes.push(r);
    }
    const rateLimitPolicy = routes[0].headers.find(([k]) => k === 'ratelimit-policy')?.[1];
    ceiling = await startCeiling(routes);
    naive = await startNaiveMcp();
    for (const [i, t] of targets.entries()) await checkCeiling(ceiling, t, routes[i]);

    const rows: LoadRow[] = [];
    let latency: LatencyReport | undefined;
    for (const [i, t] of targets.entries()) {
      const recordedBytes = Buffer.from(routes[i].body_base64, 'base64').length;
      const servers: Array<[ServerKind, string, number]> = [['ceiling', ceiling.url, recordedBytes], ['service', service.url, recordedBytes]];
      // The naive server's answer is its own: the SDK's way, the whole result again as the text content.
      if (t.path === '/mcp') servers.push(['naive-sdk', naive.url, await checkNaive(naive, t)]);
      // Every server gets the same request, key included (the ceiling and the naive server ignore it).
      const request = (base: string) => ({ url: base + t.path, method: t.method, headers: { ...t.headers, 'x-api-key': apiKey }, body: t.body, connections: options.connections });
      say(`  ${t.name}: ${servers.map(([k]) => k).join(', ')}: ${options.warmupSec} s warm-up each, then ${options.rounds} rounds of ${options.roundSec} s, alternating`);
      if (options.warmupSec > 0) for (const [, base] of servers) await runAutocannon({ ...request(base), durationSec: options.warmupSec });
      const results: LoadResult[][] = servers.map(() => []);
      for (let round = 0; round < options.rounds; round++) {
        for (const [k, [, base]] of servers.entries()) results[k].push(await runAutocannon({ ...request(base), durationSec: options.roundSec }));
      }
      for (const [k, [kind, , responseBytes]] of servers.entries()) {
        rows.push({ target: t.name, server: kind, result: combineRounds(results[k]), roundsRps: results[k].map((r) => r.rps), responseBytes });
      }
      // The latency budget names the model sheet; its rate comes from the ceiling's rounds just measured.
      if (i === 0) {
        latency = await runLatency({
          target: t.name, servers: [['ceiling', ceiling.url], ['service', service.url]], request,
          ceilingSaturatedRps: rpsOf({ rows }, t.name, 'ceiling')!,
          options: { connections: options.connections, rounds: options.rounds, roundSec: options.roundSec }, progress: say,
        });
      }
    }
    return {
      options, rows, latency: latency!, access: service.access, rateLimitPolicy, logLines: service.logLines(),
      serviceMemoryAfterLoad: service.memory(), ceilingMemoryAfterLoad: ceiling.memory(), naiveMemoryAfterLoad: naive.memory(),
    };
  } finally {
    await naive?.stop();
    await ceiling?.stop();
    await service?.stop();
  }
}

const ms = (n: number): string => (n === 0 ? '<1' : String(n));

/** requests/s of `server` for `target`, if it ran. */
export function rpsOf(report: Pick<LoadReport, 'rows'>, target: string, server: ServerKind): number | undefined {
  return report.rows.find((r) => r.target === target && r.server === server)?.result.rps;
}

export function formatLoad(report: LoadReport): string {
  const o = report.options;
  const rows = report.rows.map((r) => {
    const ceilingRps = rpsOf(report, r.target, 'ceiling');
    const naiveRps = rpsOf(report, r.target, 'naive-sdk');
    const vsCeiling = r.server === 'ceiling' || !ceilingRps ? undefined : `${fmt((100 * r.result.rps) / ceilingRps, 0)}%`;
    const vsNaive = r.server === 'service' && naiveRps ? `${fmt(r.result.rps / naiveRps, 1)}x` : undefined;
    const bad = r.result.non2xx + r.result.errors + r.result.timeouts;
    const spread = `${fmtInt(Math.min(...r.roundsRps))}-${fmtInt(Math.max(...r.roundsRps))}`;
    return [r.target, r.server, fmtInt(r.result.rps), spread, ms(r.result.p50), ms(r.result.p99), ms(r.result.max), vsCeiling, vsNaive, fmtInt(r.result.total), bad ? `${bad} !` : '0', fmtInt(r.responseBytes)];
  });
  const m = report.serviceMemoryAfterLoad;
  return [
    `${o.connections} connections; per target, each server gets ${o.warmupSec} s of warm-up, then ${o.rounds} measured rounds of ${o.roundSec} s taken in turn with the`,
    'other servers; one load at a time; autocannon runs in its own process. req/s and latencies are the median round\'s; rounds: the range of req/s.',
    `Service: LOG_LEVEL=info to a file (${fmtInt(report.logLines)} lines written), access control on (${Object.entries(report.access).map(([k, v]) => `${k}: ${v}`).join(', ')}),`,
    `every request sends a pro key issued into a temp KEYS_DB with its daily quota raised to ${fmtInt(BENCH_KEY_QUOTA)} so that the limit (counted on every request) does not cap the run${report.rateLimitPolicy ? ` (RateLimit-Policy: ${report.rateLimitPolicy})` : ''}.`,
    'Latencies are autocannon\'s whole milliseconds (truncated: <1 is under 1 ms). The ceiling replays the service\'s recorded status, headers and body.',
    '',
    renderTable(['target', 'server', 'req/s', 'rounds req/s', 'p50 ms', 'p99 ms', 'max ms', 'vs ceiling', 'vs naive', 'requests', 'non-2xx/err', 'body bytes'], rows),
    '',
    formatLatency(report.latency),
    '',
    `Service resident memory after the load: ${fmt(m.rss_mb, 0)} MB (peak ${fmt(m.peak_rss_mb, 0)} MB); ceiling ${fmt(report.ceilingMemoryAfterLoad.rss_mb, 0)} MB; naive SDK server ${fmt(report.naiveMemoryAfterLoad.rss_mb, 0)} MB.`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const report = await runLoad({ connections: 50, roundSec: Number(process.argv[2] ?? 3), rounds: 3, warmupSec: 2, progress: (l) => process.stderr.write(`${l}\n`) });
  process.stdout.write(`${formatLoad(report)}\n`);
}
