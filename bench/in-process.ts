// In-process section: every operation's examples called directly on the full dataset, p50/p99 per operation.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { isMain } from './lib/main.ts';
import { callHandler, coldMs, exampleCalls, samples, utcToday } from './lib/op-timing.ts';
import { summarize, type Summary } from './lib/stats.ts';
import { fmt, renderTable } from './lib/table.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

export type InProcessOptions = { iterations: number; coldReps: number };

export type OpRow = {
  op: string;
  examples: number;
  /** The handler alone, caches warm (what a response-cache hit never pays, a miss always does). */
  handler: Summary;
  /** A response-cache miss as the surfaces serve it: validate the raw input, run, project, serialize. */
  served: Summary;
  /** The examples once each on a dataset with cold caches (the first requests after a start). */
  coldMs: number;
  slowest: { title: string; p99: number };
};

export type InProcessReport = { options: InProcessOptions; loadMs: number; models: number; rows: OpRow[] };

/** The executor's `run` never consults access control (admission is a separate step): no store is needed. */
const NO_ACCESS = undefined as unknown as AccessControl;

export function runInProcess(options: InProcessOptions): InProcessReport {
  const t0 = performance.now();
  const data = datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1);
  const ds = freshDataset(data);
  const loadMs = performance.now() - t0;
  const today = utcToday();
  const executor = createExecutor({ dataset: ds, access: NO_ACCESS, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
  const ops = OPERATIONS.map((op) => ({ op, calls: exampleCalls(op) }));
  // One untimed pass so that the first operation measured does not also pay for compiling the shared code paths.
  for (const { calls } of ops) coldMs(data, calls, today, 1);

  // Cold first calls for every operation before any warm timing: the throwaway datasets they build are garbage
  // that would otherwise be collected in the middle of the warm samples.
  const cold = ops.map(({ calls }) => coldMs(data, calls, today, options.coldReps));
  const rows: OpRow[] = [];
  for (const [k, { op, calls }] of ops.entries()) {
    const handler: number[] = [];
    const served: number[] = [];
    let slowest = { title: '', p99: -1 };
    for (const c of calls) {
      handler.push(...samples(() => callHandler(ds, c, today), options.iterations));
      // Alternate full (pro, enterprise) and partial (anonymous, free) projections: both are served.
      let i = 0;
      const s = samples(() => executor.run(op, validateInput(op, c.raw), (i++ & 1) === 0), options.iterations);
      served.push(...s);
      const p99 = summarize(s).p99;
      if (p99 > slowest.p99) slowest = { title: c.title, p99 };
    }
    rows.push({ op: op.name, examples: calls.length, handler: summarize(handler), served: summarize(served), coldMs: cold[k], slowest });
  }
  return { options, loadMs, models: ds.models.length, rows };
}

export function formatInProcess(r: InProcessReport): string {
  const rows = r.rows.map((x) => [
    x.op, x.examples, x.served.n, fmt(x.handler.p50, 3), fmt(x.handler.p99, 3),
    fmt(x.served.p50, 3), fmt(x.served.p99, 3), fmt(x.served.max, 2), fmt(x.coldMs, 1),
    `${x.slowest.title} (${fmt(x.slowest.p99, 2)})`,
  ]);
  return [
    `The committed dataset (${r.models} models) read, validated and indexed in ${fmt(r.loadMs, 0)} ms, then every registry example called directly, ${r.options.iterations} times each.`,
    'handler: the operation\'s handler alone, its caches warm. served: what a response-cache miss costs on either surface (validate the raw input,',
    `run the handler, project full or partial, serialize). first calls: the examples once each on a dataset with cold caches (best of ${r.options.coldReps} fresh builds).`,
    '',
    renderTable(['operation', 'examples', 'samples', 'handler p50 ms', 'handler p99 ms', 'served p50 ms', 'served p99 ms', 'served max ms', 'first calls ms', 'slowest example (served p99 ms)'], rows),
  ].join('\n');
}

/**
 * The section in a process of its own, as the service has: a fresh heap, not the orchestrator's after the load and
 * start-up sections, whose garbage collections would land in these timings.
 */
export async function runInProcessIsolated(iterations: number): Promise<InProcessReport> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), String(iterations), '--json'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`in-process section exited ${code}`))));
  });
  return JSON.parse(out) as InProcessReport;
}

if (isMain(import.meta.url)) {
  const report = runInProcess({ iterations: Number(process.argv[2] ?? 200), coldReps: 3 });
  process.stdout.write(process.argv.includes('--json') ? `${JSON.stringify(report)}\n` : `${formatInProcess(report)}\n`);
}
