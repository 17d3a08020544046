// Which calls of one operation's cold stream make its slowest 1%: each call timed (wall and CPU, the handler and the
// answer's writing apart), the scavenges and collections met during it counted, the slowest listed with their input.
// As bench/cold-in-process.ts (pretenuring off, the warm-up, the stream's far end for the JIT, both tiers by fullTierAt).
// Usage: node --single-threaded-gc --import tsx bench/cold-tail.ts [operation] [calls] [--json FILE]
import { writeFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { prepareAnswer } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { fullTierAt } from './cold-in-process.ts';
import { coldOneOp } from './cold-one-op.ts';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : undefined;
const [opName = 'recommend_model', callsArg = '3000'] = args;
const n = Number(callsArg);
const BASE_URL = 'http://127.0.0.1:8080';
const TODAY = '2026-11-25';

const { op, ds, stream: s } = coldOneOp(opName);

const gcs: Array<{ start: number; end: number; kind: number }> = [];
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcs.push({ start: e.startTime, end: e.startTime + e.duration, kind: (e as unknown as { detail: { kind: number } }).detail.kind });
  }
});
obs.observe({ entryTypes: ['gc'] });
const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
type Call = {
  i: number; input: Record<string, unknown>; full: boolean; wall: number; cpu: number; handler: number; write: number; t0: number; t1: number; gc?: string;
};
const calls: Call[] = [];
for (let i = 0; i < n; i++) {
  const raw = s.input(i);
  const full = fullTierAt(i);
  const c0 = cpu();
  const t0 = performance.now();
  const result = op.handler(ds, validateInput(op, raw), { today: TODAY });
  const c1 = cpu();
  prepareAnswer(op, result, ds, full, BASE_URL);
  const t2 = performance.now();
  const c2 = cpu();
  calls.push({ i, input: raw, full, wall: (t2 - t0) * 1000, cpu: c2 - c0, handler: c1 - c0, write: c2 - c1, t0, t1: t2 });
}
await new Promise((r) => setTimeout(r, 100));
obs.disconnect();
// kind: 1 scavenge (minor), 2 mark-compact (major), 4 incremental marking, 8 weak callbacks.
for (const c of calls) {
  const met = gcs.filter((g) => g.start < c.t1 && g.end > c.t0);
  if (met.length) c.gc = met.map((g) => `${g.kind === 1 ? 'scavenge' : g.kind === 2 ? 'mark-compact' : `gc${g.kind}`} ${((g.end - g.start) * 1000).toFixed(0)}us`).join(', ');
}
// Ranked by CPU: on a shared machine the wall time of a call is mostly the machine's.
const byWall = [...calls].sort((a, b) => b.cpu - a.cpu);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const top = byWall.slice(0, Math.max(1, Math.round(n / 100)));
process.stdout.write(`${op.name}: ${n} calls, wall p50 ${pct(calls.map((c) => c.wall), 50).toFixed(0)} p99 ${pct(calls.map((c) => c.wall), 99).toFixed(0)} us; `
  + `cpu p99 ${pct(calls.map((c) => c.cpu), 99)} us; the dearest 1% by CPU (${top.length}), CPU us: call / handler / writing:\n`);
for (const c of top) {
  process.stdout.write(`${String(c.cpu).padStart(6)} ${String(c.handler).padStart(6)} ${String(c.write).padStart(5)} ${c.full ? 'full' : 'part'} #${c.i} ${JSON.stringify(c.input)}${c.gc ? ` [${c.gc}]` : ''}\n`);
}
process.stdout.write(`calls meeting a collection: ${calls.filter((c) => c.gc).length} of ${n}; of the slowest 1%: ${top.filter((c) => c.gc).length}\n`);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(calls.map(({ t0: _a, t1: _b, ...c }) => c)));
