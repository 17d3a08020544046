// Each call of one operation's cold stream weighed and timed alone: heap allocated by the handler and by the answer's
// writing, and their CPU, with a minor collection before each call and a young generation large enough that none
// falls inside one (allocation, unlike time, does not move with the machine's load). As bench/cold-tail.ts: pretenuring
// off, the warm-up, the stream's far end, both tiers by fullTierAt. Prints the medians and 90th percentiles grouped by
// one input member (its value, or `-` where the input has none); `--json FILE` writes every call.
// Usage: node --expose-gc --single-threaded-gc --max-semi-space-size=64 --import tsx bench/cold-calls.ts OP [calls] [member] [--json FILE]
import { writeFileSync } from 'node:fs';
import { prepareAnswer } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { fullTierAt } from './cold-in-process.ts';
import { coldOneOp } from './cold-one-op.ts';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : undefined;
const [opName = 'recommend_model', callsArg = '3000', member] = args;
const gc = (globalThis as { gc?: (o: { type: string }) => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const n = Number(callsArg);
const BASE_URL = 'http://127.0.0.1:8080';
const { op, ds, stream: s } = coldOneOp(opName);

const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
type Call = { i: number; input: Record<string, unknown>; full: boolean; handlerKB: number; writeKB: number; handlerUs: number; writeUs: number };
const calls: Call[] = [];
for (let i = 0; i < n; i++) {
  const raw = s.input(i);
  const full = fullTierAt(i);
  gc({ type: 'minor' });
  const h0 = process.memoryUsage().heapUsed;
  const c0 = cpu();
  const result = op.handler(ds, validateInput(op, raw), { today: '2026-11-25' });
  const c1 = cpu();
  const h1 = process.memoryUsage().heapUsed;
  prepareAnswer(op, result, ds, full, BASE_URL);
  const c2 = cpu();
  const h2 = process.memoryUsage().heapUsed;
  calls.push({ i, input: raw, full, handlerKB: (h1 - h0) / 1024, writeKB: (h2 - h1) / 1024, handlerUs: c1 - c0, writeUs: c2 - c1 });
}
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(calls));

const at = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const line = (label: string, cs: Call[]) => {
  const call = cs.map((c) => c.handlerKB + c.writeKB);
  const mean = call.reduce((a, b) => a + b, 0) / call.length;
  process.stdout.write(`${label.padEnd(24)} ${String(cs.length).padStart(5)}  call KB mean ${mean.toFixed(1)} p50 ${at(call, 0.5).toFixed(0)} `
    + `p90 ${at(call, 0.9).toFixed(0)} p99 ${at(call, 0.99).toFixed(0)}; handler KB p50 ${at(cs.map((c) => c.handlerKB), 0.5).toFixed(0)} `
    + `p90 ${at(cs.map((c) => c.handlerKB), 0.9).toFixed(0)}; CPU us p50 ${at(cs.map((c) => c.handlerUs + c.writeUs), 0.5)}\n`);
};
line(`${op.name}, all`, calls);
if (member) {
  const groups = new Map<string, Call[]>();
  for (const c of calls) {
    const k = String(c.input[member] ?? '-');
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  for (const [k, cs] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) line(`${member}=${k}`, cs);
}
