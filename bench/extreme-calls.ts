// Each of an operation's extreme calls timed one by one, as bench/cold-in-process.ts makes them (after the server's
// warm-up and the operation's cold stream; 50 calls an input, both tiers in turn), with the collections that fell in
// each call (wall ms / CPU ms, then [s|M|i|w duration]): which calls set the extremes' p99 (the slowest of 50), and whether it is a few outliers or every call.
// Usage: node --import tsx bench/extreme-calls.ts [operation] [stream calls] [--tree DIR] [--late]
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const lateAt = args.indexOf('--late');
const late = lateAt >= 0 && args.splice(lateAt, 1).length === 1;
const t = args.indexOf('--tree');
const root = t >= 0 ? path.resolve(args.splice(t, 2)[1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [opName = 'models_for_hardware', streamArg] = args;
const streamCalls = Number(streamArg ?? 3000);
const imp = (p: string) => import(pathToFileURL(path.join(root, p)).href);
const [{ DEFAULT_DATA_DIR }, { OPERATIONS }, { createExecutor }, { validateInput }, cold, syn, warm, pre] = await Promise.all([
  imp('src/config/env.ts'), imp('src/ops/registry.ts'), imp('src/surfaces/execute.ts'), imp('src/surfaces/validate.ts'),
  imp('bench/cold-inputs.ts'), imp('bench/synthetic.ts'), imp('src/ops/warm.ts'), imp('src/lifecycle/pretenuring.ts'),
]);
type Op = { name: string };
const ds = syn.freshDataset(syn.datasetDataAtScale(syn.readRawDataset(DEFAULT_DATA_DIR), 1));
const executor = createExecutor({ dataset: ds, access: undefined, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
// As the server (src/server.ts): pretenuring off, then the warm-up; `--late`: off after the warm-up, as the service did
// up to the eighteenth round, on the same tree.
if (!late) pre.stopPretenuring();
for (const o of OPERATIONS) for (const ex of warm.warmInputsOf(o)) for (const full of [true, false]) executor.run(o, validateInput(o, ex.input), full);
pre.stopPretenuring();
const op = (OPERATIONS as Op[]).find((o) => o.name === opName)!;
const s = cold.coldStreams(ds)[opName];
const fullTierAt = (i: number): boolean => Math.imul(i, 0x9e3779b1) >>> 31 === 0;
for (let i = 0; i < 50; i++) executor.run(op, validateInput(op, s.input(s.distinct - 1 - i)), true);
// Collections, by start time (performance.now's clock) and kind: 1 young (scavenge), 4 incremental marking, 8 weak
// callbacks, 2 full (mark-compact).
const gcs: Array<{ start: number; ms: number; kind: number }> = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ start: e.startTime, ms: e.duration, kind: (e as unknown as { detail: { kind: number } }).detail.kind });
}).observe({ entryTypes: ['gc'] });
if (process.env.MARK) process.stdout.write('--- stream ---\n');
const streamFrom = performance.now();
for (let i = 0; i < Math.min(streamCalls, s.distinct - 50); i++) executor.run(op, validateInput(op, s.input(i)), fullTierAt(i));

const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
const streamTo = performance.now();
await new Promise((r) => setTimeout(r, 20));
const inStream = gcs.filter((g) => g.kind === 1 && g.start >= streamFrom && g.start < streamTo);
process.stdout.write(`stream: ${inStream.length} scavenges, ${(inStream.reduce((a, g) => a + g.ms, 0) / Math.max(1, inStream.length)).toFixed(2)} ms each (mean)\n`);
if (process.env.MARK) process.stdout.write('--- extremes ---\n');
const calls: Array<{ input: number; k: number; t0: number; wall: number; cpu: number; heap: number }> = [];
(cold.extremeInputs(ds)[opName] as unknown[]).forEach((raw, n) => {
  for (let k = 0; k < 50; k++) {
    const h0 = process.memoryUsage().heapUsed;
    const c0 = cpu();
    const t0 = performance.now();
    executor.run(op, validateInput(op, raw), (k & 1) === 0);
    const wall = performance.now() - t0;
    calls.push({ input: n, k, t0, wall, cpu: cpu() - c0, heap: process.memoryUsage().heapUsed - h0 });
  }
});
await new Promise((r) => setTimeout(r, 50));
for (let n = 0; n <= calls[calls.length - 1].input; n++) {
  const mine = calls.filter((c) => c.input === n);
  const sorted = mine.map((c) => c.wall).sort((a, b) => a - b);
  const cpus = mine.map((c) => c.cpu / 1000).sort((a, b) => a - b);
  const line = mine.map((c) => {
    const met = gcs.filter((g) => g.start >= c.t0 && g.start < c.t0 + c.wall);
    const tag = met.map((g) => `${g.kind === 1 ? 's' : g.kind === 2 ? 'M' : g.kind === 4 ? 'i' : 'w'}${g.ms.toFixed(1)}`).join('+');
    return `${c.k}:${c.wall.toFixed(2)}/${(c.cpu / 1000).toFixed(2)}${tag ? `[${tag}]` : ''}`;
  });
  const alloc = mine.map((c) => c.heap).filter((h) => h > 0).sort((a, b) => a - b);
  process.stdout.write(`input ${n}: wall p50 ${sorted[25].toFixed(2)} max ${sorted[49].toFixed(2)} ms, CPU p50 ${cpus[25].toFixed(2)} max ${cpus[49].toFixed(2)}; ` +
    `heap growth a call (no collection) median ${(alloc[Math.floor(alloc.length / 2)] / 1024).toFixed(0)} KB\n  ${line.join(' ')}\n`);
}
