// Cold load: every operation over REST and MCP with a new valid input on every request, beside the cached model
// sheet and a plain node:http server replaying an answer of the same size, in the same run; then a cold soak.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import type { AnyOperation } from '../src/ops/operation.ts';
import { restUrl } from '../src/surfaces/rest/url.ts';
import { coldStreams, soakStreams, type ColdStream } from './cold-inputs.ts';
import { runAutocannon, type LoadResult } from './lib/autocannon.ts';
import type { ColdLoadResult, ColdSpec } from './lib/cold-cannon.ts';
import type { Memory } from './lib/proc.ts';
import { readCpuMs, readMemory } from './lib/proc.ts';
import { isMain } from './lib/main.ts';
import { fmt, fmtInt, renderTable } from './lib/table.ts';
import { combineRounds } from './load.ts';
import { startCeiling, TARGET_HEADER, type RecordedRoute, type RunningCeiling } from './servers/ceiling.ts';
import { startService, type RunningService } from './servers/service.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';
import { loadTargets, MCP_HEADERS } from './targets.ts';

export type ColdLoadOptions = {
  connections: number;
  rounds: number;
  roundSec: number;
  warmupSec: number;
  /** Seconds of the mixed cold soak (every operation in turn) during which the service's memory is sampled; 0: none. */
  soakSec: number;
  /** Only these operations (default: all). */
  ops?: readonly string[];
  progress?: (line: string) => void;
};

type Req = { method: 'GET' | 'POST'; path: string; body?: string };

export type ColdTarget = {
  name: string;
  op: string;
  surface: 'rest' | 'mcp';
  stream: ColdStream;
  request(input: Record<string, unknown>): Req;
};

export type ColdLoadRow = {
  target: string;
  op: string;
  surface: 'rest' | 'mcp';
  server: 'ceiling' | 'service';
  result: LoadResult;
  roundsRps: number[];
  /** Requests that repeated an input sent before in this run (the operation's input space is smaller than the load). */
  repeated: number;
  distinctInputs: number;
  /** Body bytes of the answer the ceiling replays: the median size of a sample of the stream's answers. */
  bodyBytes: number;
  /**
   * The server process's CPU time per answered request over its measured rounds, microseconds: the service's, and the
   * ceiling's replaying the same stream in the rounds taken in turn with it (the machine's speed at that moment).
   */
  cpuUsPerRequest?: number;
};

export type ColdLoadReport = {
  options: ColdLoadOptions;
  /** The model sheet repeated (response cache hits), rounds before and after the cold targets. */
  cached: { result: LoadResult; roundsRps: number[]; bodyBytes: number; cpuUsPerRequest: number };
  rows: ColdLoadRow[];
  soak?: { seconds: number; requests: number; rps: number; non2xx: number; samples: Array<{ t: number; rss_mb: number }>; peak_rss_mb: number };
  serviceMemoryAfter: Memory;
};

/** Operations with an opt-in short form: its inputs, added to each of the stream's. Measured as a REST target of its own. */
const SHORT_FORMS: Readonly<Record<string, Record<string, unknown>>> = { estimate_cost: { view: 'summary' } };

export function targetsFor(op: AnyOperation, stream: ColdStream): ColdTarget[] {
  const targets: ColdTarget[] = [
    { name: `GET ${op.path} (${op.name})`, op: op.name, surface: 'rest', stream, request: (input) => ({ method: 'GET', path: restUrl(op, input) }) },
    {
      name: `MCP tools/call ${op.name}`, op: op.name, surface: 'mcp', stream,
      request: (input) => ({ method: 'POST', path: '/mcp', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: op.name, arguments: input } }) }),
    },
  ];
  const short = SHORT_FORMS[op.name];
  if (short) {
    const q = Object.entries(short).map(([k, v]) => `${k}=${String(v)}`).join('&');
    // After the full form's targets: those who take the first REST target of an operation get the default answer.
    targets.push({
      name: `GET ${op.path}?${q} (${op.name}, short form)`, op: op.name, surface: 'rest', stream,
      request: (input) => ({ method: 'GET', path: restUrl(op, { ...input, ...short }) }),
    });
  }
  return targets;
}

/** Enough requests for the fastest server at the longest run; the generator starts the list again if it runs out. */
const REQUESTS_PER_SECOND_HEADROOM = 25_000;

/** Send `target`'s stream from `offset` for `durationSec`; returns the result and how many inputs it used. */
export async function coldRun(
  base: string, target: ColdTarget | ColdTarget[], offset: number, durationSec: number, connections: number, apiKey: string, dir: string, onStart?: () => void,
): Promise<ColdLoadResult> {
  const targets = Array.isArray(target) ? target : [target];
  // At most 400,000 lines (the soak's minute): past them the list starts again, far behind the response cache's reach.
  const n = Math.min(REQUESTS_PER_SECOND_HEADROOM * durationSec, 400_000);
  const lines: string[] = [];
  // Several targets (the soak): their streams interleaved, each at its own position.
  for (let k = 0; k < n; k++) {
    const t = targets[k % targets.length];
    const r = t.request(t.stream.input((offset + Math.floor(k / targets.length)) % t.stream.distinct));
    lines.push(`${r.method}\t${r.path}\t${r.body ?? ''}`);
  }
  const requestsFile = path.join(dir, 'requests.tsv');
  writeFileSync(requestsFile, `${lines.join('\n')}\n`);
  const one = targets[0];
  const headers = { ...(one.surface === 'mcp' ? MCP_HEADERS : { accept: 'application/json' }), 'x-api-key': apiKey, [TARGET_HEADER]: one.name };
  // The soak mixes both kinds of request: the MCP headers are harmless on a GET.
  if (targets.length > 1) Object.assign(headers, MCP_HEADERS);
  const spec: ColdSpec = { url: base, connections, durationSec, headers, requestsFile };
  const specFile = path.join(dir, 'spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  // The list is written before the clock starts: preparing 400,000 requests takes seconds on a busy machine.
  onStart?.();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'bench/lib/cold-cannon.ts'), specFile], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`cold-cannon exited ${code}: ${stderr.slice(-1000)}`))));
  });
  return JSON.parse(out) as ColdLoadResult;
}

/** Ask the service for a sample of the stream; every answer must be a success. The median-sized one is kept. */
async function recordMedian(service: RunningService, t: ColdTarget, sample: number): Promise<RecordedRoute> {
  const answers: Array<{ status: number; headers: Array<[string, string]>; body: Buffer }> = [];
  for (let i = 0; i < sample; i++) {
    const r = t.request(t.stream.input(i % t.stream.distinct));
    const headers = { ...(t.surface === 'mcp' ? MCP_HEADERS : { accept: 'application/json' }), 'x-api-key': service.apiKey };
    const res = await fetch(service.url + r.path, { method: r.method, headers, body: r.body });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${t.name}: ${res.status} for ${r.path}: ${body.toString('utf8').slice(0, 300)}`);
    if (t.surface === 'mcp') {
      const j = JSON.parse(body.toString('utf8')) as { result?: { isError?: boolean } };
      if (!j.result || j.result.isError) throw new Error(`${t.name}: not a successful tool result: ${body.toString('utf8').slice(0, 300)}`);
    }
    const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
    answers.push({ status: res.status, headers: [...res.headers.entries()].filter(([k]) => !skip.has(k)), body });
  }
  answers.sort((a, b) => a.body.length - b.body.length);
  const m = answers[Math.floor(answers.length / 2)];
  return { method: t.surface === 'mcp' ? 'POST' : 'GET', path: t.name, status: m.status, headers: m.headers, body_base64: m.body.toString('base64') };
}

const toLoad = (r: ColdLoadResult): LoadResult => ({
  rps: r.rps, p50: r.p50, p99: r.p99, max: r.max, total: r.total, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts,
});

export async function runColdLoad(options: ColdLoadOptions): Promise<ColdLoadReport> {
  const say = options.progress ?? (() => {});
  const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
  const streams = coldStreams(ds);
  const targets = OPERATIONS.filter((op) => !options.ops || options.ops.includes(op.name)).flatMap((op) => targetsFor(op, streams[op.name]));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-cold-'));
  let service: RunningService | undefined;
  let ceiling: RunningCeiling | undefined;
  try {
    service = await startService();
    const apiKey = service.apiKey;
    const SAMPLE = 15;
    say(`cold: recording ${SAMPLE} answers of each of ${targets.length} targets`);
    const routes: RecordedRoute[] = [];
    for (const t of targets) routes.push(await recordMedian(service, t, SAMPLE));
    ceiling = await startCeiling(routes);
    const sheet = loadTargets()[0];
    const sheetRequest = { url: service.url + sheet.path, method: sheet.method, headers: { ...sheet.headers, 'x-api-key': apiKey }, connections: options.connections };
    const sheetBytes = Buffer.from(await (await fetch(sheetRequest.url, { headers: sheetRequest.headers })).arrayBuffer()).length;
    const cachedRounds: LoadResult[] = [];
    const cpu = { cached: 0, cachedRequests: 0 };
    // CPU per request counts 2xx and non-2xx alike: every answered request is work the service did.
    const answered = (x: LoadResult) => x.total;
    const cachedRound = async () => {
      say(`  cached model sheet: ${options.rounds} rounds of ${options.roundSec} s`);
      for (let r = 0; r < options.rounds; r++) {
        const c0 = readCpuMs(service!.pid);
        const x = await runAutocannon({ ...sheetRequest, durationSec: options.roundSec });
        cpu.cached += readCpuMs(service!.pid) - c0;
        cpu.cachedRequests += answered(x);
        cachedRounds.push(x);
      }
    };
    await cachedRound();

    const rows: ColdLoadRow[] = [];
    for (const [k, t] of targets.entries()) {
      // The service's requests continue the stream from after the recorded sample, run after run; the ceiling's take
      // their own part of it (it answers every URL alike), so that the service never gets an input twice.
      let offset = SAMPLE;
      let ceilingOffset = 50_000_000;
      say(`  ${t.name}: ${options.warmupSec} s warm-up, then ${options.rounds} rounds of ${options.roundSec} s, ceiling and service in turn`);
      const serviceCpu = { ms: 0, requests: 0 };
      const runService = async (sec: number, measured = true) => {
        let c0 = 0;
        // Read when the load starts, after the request list is written (coldRun's onStart).
        const r = await coldRun(service!.url, t, offset, sec, options.connections, apiKey, dir, () => (c0 = readCpuMs(service!.pid)));
        if (measured) {
          serviceCpu.ms += readCpuMs(service!.pid) - c0;
          serviceCpu.requests += answered(r);
        }
        offset += r.used;
        return r;
      };
      const ceilingCpu = { ms: 0, requests: 0 };
      const runCeiling = async (sec: number) => {
        let c0 = 0;
        const pid = ceiling!.pid;
        const r = await coldRun(ceiling!.url, t, ceilingOffset, sec, options.connections, apiKey, dir, () => (c0 = readCpuMs(pid)));
        ceilingCpu.ms += readCpuMs(pid) - c0;
        ceilingCpu.requests += answered(r);
        ceilingOffset += r.used;
        return r;
      };
      if (options.warmupSec > 0) await runService(options.warmupSec, false);
      const results: Record<'ceiling' | 'service', ColdLoadResult[]> = { ceiling: [], service: [] };
      for (let r = 0; r < options.rounds; r++) {
        results.ceiling.push(await runCeiling(options.roundSec));
        results.service.push(await runService(options.roundSec));
      }
      // Requests beyond the stream's distinct inputs repeated one (warm-up included).
      const repeated = Math.max(0, offset - t.stream.distinct);
      for (const kind of ['ceiling', 'service'] as const) {
        rows.push({
          target: t.name, op: t.op, surface: t.surface, server: kind,
          result: combineRounds(results[kind].map(toLoad)), roundsRps: results[kind].map((x) => x.rps),
          repeated: kind === 'service' ? repeated : 0, distinctInputs: t.stream.distinct, bodyBytes: Buffer.from(routes[k].body_base64, 'base64').length,
          cpuUsPerRequest: kind === 'service'
            ? (1000 * serviceCpu.ms) / Math.max(1, serviceCpu.requests) : (1000 * ceilingCpu.ms) / Math.max(1, ceilingCpu.requests),
        });
      }
    }
    await cachedRound();

    let soak: ColdLoadReport['soak'];
    if (options.soakSec > 0) {
      say(`  cold soak: every REST target in turn for ${options.soakSec} s, resident memory sampled every 5 s`);
      const samples: Array<{ t: number; rss_mb: number }> = [];
      let t0 = 0;
      let timer: NodeJS.Timeout | undefined;
      const pid = service.pid;
      const sample = () => samples.push({ t: Math.round((Date.now() - t0) / 1000), rss_mb: readMemory(pid).rss_mb });
      const start = () => {
        t0 = Date.now();
        sample();
        timer = setInterval(sample, 5000);
      };
      // Far into every stream: inputs the targets above did not send; recommend_model's at new contexts too.
      const soakOf = soakStreams(ds);
      const soakTargets = OPERATIONS.filter((op) => !options.ops || options.ops.includes(op.name)).flatMap((op) => targetsFor(op, soakOf[op.name]));
      const r = await coldRun(service.url, soakTargets.filter((x) => x.surface === 'rest'), 5_000_000, options.soakSec, options.connections, apiKey, dir, start)
        .finally(() => clearInterval(timer));
      samples.push({ t: Math.round((Date.now() - t0) / 1000), rss_mb: service.memory().rss_mb });
      soak = {
        seconds: options.soakSec, requests: r.total, rps: r.rps, non2xx: r.non2xx + r.errors + r.timeouts, samples,
        peak_rss_mb: service.memory().peak_rss_mb,
      };
    }
    return {
      options,
      cached: {
        result: combineRounds(cachedRounds), roundsRps: cachedRounds.map((x) => x.rps), bodyBytes: sheetBytes,
        cpuUsPerRequest: (1000 * cpu.cached) / Math.max(1, cpu.cachedRequests),
      },
      rows, soak, serviceMemoryAfter: service.memory(),
    };
  } finally {
    await ceiling?.stop();
    await service?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (n: number): string => (n === 0 ? '<1' : String(n));

/** The cold service's req/s as a share of the cached model sheet's, for one operation and surface. */
export function coldVsCached(r: ColdLoadReport, op: string, surface: 'rest' | 'mcp'): number | undefined {
  const row = r.rows.find((x) => x.op === op && x.surface === surface && x.server === 'service');
  return row ? row.result.rps / r.cached.result.rps : undefined;
}

export function formatColdLoad(r: ColdLoadReport): string {
  const o = r.options;
  const c = r.cached;
  const rows = [
    [
      'GET /models/{id} (cached)', 'service', fmtInt(c.result.rps),
      `${fmtInt(Math.min(...c.roundsRps))}-${fmtInt(Math.max(...c.roundsRps))}`, ms(c.result.p50), ms(c.result.p99), '', '100%', '',
      fmtInt(c.result.total), String(c.result.non2xx + c.result.errors + c.result.timeouts),
      fmtInt(c.bodyBytes), fmtInt(c.cpuUsPerRequest), '1.0x', '',
    ],
    ...r.rows.map((x) => {
      const ceilRow = r.rows.find((y) => y.target === x.target && y.server === 'ceiling')!;
      const ceil = ceilRow.result.rps;
      const vsCeilingCpu = x.server === 'service' && x.cpuUsPerRequest !== undefined && ceilRow.cpuUsPerRequest
        ? `${fmt(x.cpuUsPerRequest / ceilRow.cpuUsPerRequest, 1)}x` : '';
      const bad = x.result.non2xx + x.result.errors + x.result.timeouts;
      return [
        x.target, x.server, fmtInt(x.result.rps), `${fmtInt(Math.min(...x.roundsRps))}-${fmtInt(Math.max(...x.roundsRps))}`, ms(x.result.p50), ms(x.result.p99),
        x.server === 'service' ? `${fmt((100 * x.result.rps) / ceil, 0)}%` : '', x.server === 'service' ? `${fmt((100 * x.result.rps) / c.result.rps, 0)}%` : '',
        x.server === 'service' && x.repeated > 0 ? `${fmtInt(x.repeated)} of ${fmtInt(x.distinctInputs)} distinct` : '', fmtInt(x.result.total), bad ? `${bad} !` : '0', fmtInt(x.bodyBytes),
        x.cpuUsPerRequest === undefined ? '' : fmtInt(x.cpuUsPerRequest),
        x.cpuUsPerRequest === undefined || x.server === 'ceiling' ? '' : `${fmt(x.cpuUsPerRequest / c.cpuUsPerRequest, 1)}x`,
        vsCeilingCpu,
      ];
    }),
  ];
  const lines = [
    `${o.connections} connections. Every cold request carries a new valid input of its operation (bench/cold-inputs.ts); the service runs as in the load section,`,
    `its response cache on (so a cold request is a miss). Per target: ${o.warmupSec} s of warm-up on the service, then ${o.rounds} rounds of ${o.roundSec} s taken in turn by`,
    'the ceiling (a plain node:http server replaying the median-sized of 15 recorded answers of the same stream, whatever the URL) and the service.',
    `The cached row is the model sheet repeated (response cache hits), ${o.rounds} rounds before and ${o.rounds} after the cold targets. Latencies: autocannon's whole ms.`,
    '"repeats": an operation whose input space is smaller than the load (a model id, a podium) had to send inputs again; those may be cache hits.',
    '"cpu us/req": the service process\'s CPU time (all threads, garbage collection included) per request over its measured rounds;',
    '"vs cached" divides it by the cached sheet\'s. Waiting for a core is not counted, but a busy machine still inflates it.',
    '"cpu vs ceiling" divides it by the ceiling\'s CPU per request in the rounds taken in turn with it: the same bytes written, at the',
    'same moments, so that a swing of the machine\'s speed during the run (a third or more within minutes) moves both.',
    '',
    renderTable(
      [
        'target', 'server', 'req/s', 'rounds req/s', 'p50 ms', 'p99 ms', 'vs ceiling', 'vs cached sheet', 'repeats', 'requests',
        'non-2xx/err', 'body bytes', 'cpu us/req', 'vs cached', 'cpu vs ceiling',
      ],
      rows,
    ),
  ];
  if (r.soak) {
    const s = r.soak;
    lines.push('', `Cold soak: ${s.seconds} s, every REST target in turn with new inputs, ${fmtInt(s.requests)} requests (${fmtInt(s.rps)} req/s), ${s.non2xx} non-2xx/errors.`);
    lines.push(`Service resident memory (MB) at ${s.samples.map((x) => `${x.t} s: ${fmt(x.rss_mb, 0)}`).join(', ')}; peak ${fmt(s.peak_rss_mb, 0)}.`);
  }
  return lines.join('\n');
}

if (isMain(import.meta.url)) {
  // [seconds per round] [rounds] [soak seconds] [operations, comma separated]
  const [round, rounds, soak] = process.argv.slice(2, 5).map(Number);
  const ops = process.argv[5]?.split(',');
  const report = await runColdLoad({ connections: 10, roundSec: round || 3, rounds: rounds || 2, warmupSec: 1, soakSec: soak ?? 60, ops, progress: (l) => process.stderr.write(`${l}\n`) });
  process.stdout.write(`${formatColdLoad(report)}\n`);
}
