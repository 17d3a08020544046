// Cold in-process: every operation served on a stream of distinct inputs (no response cache), p50/p99 per operation.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { coldStreams, extremeInputs } from './cold-inputs.ts';
import { isMain } from './lib/main.ts';
import { summarize, timeMs, type Summary } from './lib/stats.ts';
import { fmt, renderTable } from './lib/table.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

export type ColdRow = {
  op: string;
  /** Distinct inputs timed (the stream's own size when it is smaller than the sample). */
  inputs: number;
  served: Summary;
  /** The slowest of the extreme inputs (widest context, full catalogue, largest page), each timed `extremeReps` times. */
  extremesMaxP99?: number;
};

export type ColdInProcessReport = { iterations: number; models: number; rows: ColdRow[] };

const NO_ACCESS = undefined as unknown as AccessControl;

export function runColdInProcess(iterations: number, dataDir = DEFAULT_DATA_DIR): ColdInProcessReport {
  const ds = freshDataset(datasetDataAtScale(readRawDataset(dataDir), 1));
  const executor = createExecutor({ dataset: ds, access: NO_ACCESS, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
  const streams = coldStreams(ds);
  const extremes = extremeInputs(ds);
  // Per-dataset precomputation is the start-up's work (the server's warm-up runs every example): do it first.
  for (const op of OPERATIONS) for (const ex of op.examples) executor.run(op, validateInput(op, ex.input), true);
  const rows: ColdRow[] = [];
  for (const op of OPERATIONS) {
    const s = streams[op.name];
    const n = Math.min(iterations, s.distinct);
    // The stream's far end warms the code paths (JIT) without repeating an input that is then timed.
    for (let i = 0; i < Math.min(50, s.distinct - n); i++) executor.run(op, validateInput(op, s.input(s.distinct - 1 - i)), true);
    const t: number[] = [];
    for (let i = 0; i < n; i++) {
      const raw = s.input(i);
      t.push(timeMs(() => executor.run(op, validateInput(op, raw), (i & 1) === 0)));
    }
    let extremesMaxP99: number | undefined;
    for (const raw of extremes[op.name] ?? []) {
      const e: number[] = [];
      for (let k = 0; k < 50; k++) e.push(timeMs(() => executor.run(op, validateInput(op, raw), (k & 1) === 0)));
      extremesMaxP99 = Math.max(extremesMaxP99 ?? 0, summarize(e).p99);
    }
    rows.push({ op: op.name, inputs: n, served: summarize(t), extremesMaxP99 });
  }
  return { iterations, models: ds.models.length, rows };
}

export function formatColdInProcess(r: ColdInProcessReport): string {
  const rows = r.rows.map((x) => [
    x.op, x.inputs, fmt(x.served.p50, 3), fmt(x.served.p99, 3), fmt(x.served.max, 2), x.extremesMaxP99 === undefined ? '' : fmt(x.extremesMaxP99, 3),
  ]);
  return [
    `The committed dataset (${r.models} models); each operation served (validate, run, project full or partial, serialize) with no response cache,`,
    `on up to ${r.iterations} distinct inputs of its cold stream (bench/cold-inputs.ts). extremes p99: the slowest of the widest inputs (the widest context,`,
    'the full catalogue, the largest page), each called 50 times.',
    '',
    renderTable(['operation', 'distinct inputs', 'cold p50 ms', 'cold p99 ms', 'cold max ms', 'extremes p99 ms'], rows),
  ].join('\n');
}

/** In a process of its own, as the service has: a fresh heap, not the orchestrator's. */
export async function runColdInProcessIsolated(iterations: number): Promise<ColdInProcessReport> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), String(iterations), '--json'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`cold in-process section exited ${code}`))));
  });
  return JSON.parse(out) as ColdInProcessReport;
}

if (isMain(import.meta.url)) {
  const report = runColdInProcess(Number(process.argv[2] ?? 1000));
  process.stdout.write(process.argv.includes('--json') ? `${JSON.stringify(report)}\n` : `${formatColdInProcess(report)}\n`);
}
