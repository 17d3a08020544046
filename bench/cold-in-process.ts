// Cold in-process: every operation served on a stream of distinct inputs (no response cache), p50/p99 per operation.
// Usage: node --import tsx bench/cold-in-process.ts [inputs per round] [rounds] [--only op1,op2] [--json]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { stopPretenuring } from '../src/lifecycle/pretenuring.ts';
import { promoteWarmUpSurvivors } from '../src/lifecycle/promote-warm-up.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { warmInputsOf } from '../src/ops/warm.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { coldStreams, extremeInputs } from './cold-inputs.ts';
import { isMain } from './lib/main.ts';
import { median, summarize, timeMs, type Summary } from './lib/stats.ts';
import { fmt, renderTable } from './lib/table.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

export type ColdRow = {
  op: string;
  /** Distinct inputs timed in each round (the stream's own size when it is smaller than the sample). */
  inputs: number;
  /** Wall time per call over every round. */
  served: Summary;
  /** The median over the rounds of each round's p99: a burst of other work on a shared machine moves one round. */
  roundP99: number;
  /** CPU time of the process per call (all its threads: garbage collection included, waiting for a core not), p99. */
  cpuP99: number;
  /** The slowest of the extreme inputs (widest context, full catalogue, largest page), each timed 50 times, p99. */
  extremesMaxP99?: number;
};

export type ColdInProcessReport = { iterations: number; rounds: number; models: number; rows: ColdRow[] };

const NO_ACCESS = undefined as unknown as AccessControl;

/**
 * The tier of the stream's i-th call: about every other call, but uncorrelated with i's residues, which the streams
 * use to pick input families (list_hardware's six classes are i % 6: with even calls full, three classes were never
 * asked at the partial tier). The top bit of Knuth's multiplicative hash of i.
 */
export const fullTierAt = (i: number): boolean => Math.imul(i, 0x9e3779b1) >>> 31 === 0;

/**
 * The main thread's CPU time where Node has it (process.threadCpuUsage, Node 23.9 and later); else the process's,
 * all threads summed: V8's helper threads (concurrent marking, parallel scavenging, the optimizing compiler) count
 * in it, so a call during which they run reads more CPU than wall time. Both are microsecond-grained here (measured:
 * deltas of process.cpuUsage() over sub-0.1 ms calls read 0 or ~100 us, not multiples of a 4 or 10 ms tick).
 */
const threadCpuUsage = (process as { threadCpuUsage?: (prev?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage;
const cpuUsage: (prev?: NodeJS.CpuUsage) => NodeJS.CpuUsage = threadCpuUsage ? threadCpuUsage.bind(process) : process.cpuUsage.bind(process);
export const CPU_SCOPE = threadCpuUsage ? 'main thread' : 'process';

/** Wall and CPU milliseconds of one call. */
function timeBoth(fn: () => unknown): [number, number] {
  const c0 = cpuUsage();
  const t = timeMs(fn);
  const c = cpuUsage(c0);
  return [t, (c.user + c.system) / 1000];
}

/**
 * Every operation served with no response cache on `iterations` distinct inputs per round, `rounds` rounds, each
 * round on inputs of its own (the per-dataset caches bounded by recent asks would otherwise answer a repeat).
 */
export function runColdInProcess(
  iterations: number, rounds = 3, dataDir = DEFAULT_DATA_DIR, only?: readonly string[],
): ColdInProcessReport {
  const ds = freshDataset(datasetDataAtScale(readRawDataset(dataDir), 1));
  const executor = createExecutor({ dataset: ds, access: NO_ACCESS, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
  const streams = coldStreams(ds);
  const extremes = extremeInputs(ds);
  // As the server before its warm-up (src/server.ts): V8's pretenuring off (src/lifecycle/pretenuring.ts).
  stopPretenuring();
  // Per-dataset precomputation is the start-up's work: as the server's warm-up (ops/warm.ts), every example (and
  // warm-up input) is run and its answer written at both tiers (kept texts and partial projections made), before anything is timed.
  for (const op of OPERATIONS) {
    for (const ex of warmInputsOf(op)) for (const full of [true, false]) executor.run(op, validateInput(op, ex.input), full);
  }
  // As the server once its warm-up is done: its survivors moved to the old generation (src/lifecycle/promote-warm-up.ts).
  if (process.env.COLD_NO_PROMOTE !== '1') promoteWarmUpSurvivors();
  const rows: ColdRow[] = [];
  for (const op of OPERATIONS) {
    if (only && !only.includes(op.name)) continue;
    const s = streams[op.name];
    const n = Math.min(iterations, Math.floor(s.distinct / rounds));
    // The stream's far end warms the code paths (JIT) without repeating an input that is then timed.
    for (let i = 0; i < Math.min(50, s.distinct - n * rounds); i++) executor.run(op, validateInput(op, s.input(s.distinct - 1 - i)), true);
    const wall: number[] = [];
    const cpu: number[] = [];
    const p99s: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const round: number[] = [];
      for (let i = r * n; i < (r + 1) * n; i++) {
        const raw = s.input(i);
        const [w, c] = timeBoth(() => executor.run(op, validateInput(op, raw), fullTierAt(i)));
        round.push(w);
        cpu.push(c);
      }
      wall.push(...round);
      p99s.push(summarize(round).p99);
    }
    let extremesMaxP99: number | undefined;
    for (const raw of extremes[op.name] ?? []) {
      const e: number[] = [];
      for (let k = 0; k < 50; k++) e.push(timeMs(() => executor.run(op, validateInput(op, raw), (k & 1) === 0)));
      extremesMaxP99 = Math.max(extremesMaxP99 ?? 0, summarize(e).p99);
    }
    rows.push({ op: op.name, inputs: n, served: summarize(wall), roundP99: median(p99s), cpuP99: summarize(cpu).p99, extremesMaxP99 });
  }
  return { iterations, rounds, models: ds.models.length, rows };
}

export function formatColdInProcess(r: ColdInProcessReport): string {
  const rows = r.rows.map((x) => [
    x.op, `${r.rounds} x ${x.inputs}`, fmt(x.served.p50, 3), fmt(x.roundP99, 3), fmt(x.cpuP99, 3), fmt(x.served.max, 2), x.extremesMaxP99 === undefined ? '' : fmt(x.extremesMaxP99, 3),
  ]);
  return [
    `The committed dataset (${r.models} models); each operation served (validate, run, project full or partial, serialize) with no response cache, on`,
    `distinct inputs of its cold stream (bench/cold-inputs.ts), ${r.rounds} rounds of up to ${r.iterations} each. p99: the median of the rounds' p99 (wall time).`,
    `cpu p99: ${CPU_SCOPE} CPU time per call (garbage collection included${CPU_SCOPE === 'process' ? ', and V8\'s helper threads' : ''}, time spent waiting`
      + ' for a core excluded: the figure a busy shared machine',
    'disturbs least). extremes p99: the slowest of the widest inputs (the widest context, the full catalogue, the largest page), each called 50 times.',
    '',
    renderTable(['operation', 'inputs', 'cold p50 ms', 'cold p99 ms', 'cpu p99 ms', 'cold max ms', 'extremes p99 ms'], rows),
  ].join('\n');
}

export type ColdInProcessArgs = { iterations: number; rounds: number; only?: string[]; json: boolean };

/**
 * The command line: `[inputs per round] [rounds] [--only op1,op2] [--json]`. An unknown operation name is an error
 * (a typo would otherwise time nothing and print an empty table).
 */
export function parseColdInProcessArgs(argv: readonly string[]): ColdInProcessArgs {
  const positional: string[] = [];
  let only: string[] | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') json = true;
    else if (a === '--only' || a.startsWith('--only=')) {
      const list = a === '--only' ? argv[++i] : a.slice('--only='.length);
      only = (list ?? '').split(',').map((x) => x.trim()).filter(Boolean);
      const known = new Set(OPERATIONS.map((op) => op.name));
      const unknown = only.filter((x) => !known.has(x));
      if (only.length === 0 || unknown.length > 0) {
        throw new Error(`--only takes operation names separated by commas (unknown: ${unknown.join(', ') || 'none given'}); `
          + `known: ${[...known].join(', ')}`);
      }
    } else if (a.startsWith('--')) {
      throw new Error(`unknown option ${a}; usage: cold-in-process.ts [inputs] [rounds] [--only op1,op2] [--json]`);
    } else positional.push(a);
  }
  const num = (x: string | undefined, d: number, what: string) => {
    if (x === undefined) return d;
    const n = Number(x);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a positive whole number, got ${x}`);
    return n;
  };
  return { iterations: num(positional[0], 1000, 'inputs per round'), rounds: num(positional[1], 3, 'rounds'), only, json };
}

/** In a process of its own, as the service has: a fresh heap, not the orchestrator's. */
export async function runColdInProcessIsolated(iterations: number, rounds: number): Promise<ColdInProcessReport> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), String(iterations), String(rounds), '--json'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`cold in-process section exited ${code}`))));
  });
  return JSON.parse(out) as ColdInProcessReport;
}

if (isMain(import.meta.url)) {
  const args = parseColdInProcessArgs(process.argv.slice(2));
  const report = runColdInProcess(args.iterations, args.rounds, DEFAULT_DATA_DIR, args.only);
  process.stdout.write(args.json ? `${JSON.stringify(report)}\n` : `${formatColdInProcess(report)}\n`);
}
