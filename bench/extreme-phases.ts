// One extreme input of an operation, called over and over: CPU a call split into the handler and the answer's writing
// (prepareAnswer: projecting, serializing, encoding to bytes), bytes
// allocated a call, and the young-generation collections met. Both tiers in turn, as bench/cold-in-process.ts calls
// its extremes. Two checkouts side by side (`--base DIR`): each tree's own modules and dataset in one process, the
// trees taking turns by blocks of calls, so both meet the same machine.
// Usage: node --expose-gc --import tsx bench/extreme-phases.ts <operation> [calls] [--input N] [--base DIR | --tree DIR] [--blocks K]
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Tree = {
  label: string;
  run: (full: boolean) => { handler: number; write: number; bytes: number };
};

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const baseDir = flag('--base');
// `--tree DIR`: that checkout alone (its collections then its own, as in a process of its own).
const treeDir = flag('--tree');
const inputAt = Number(flag('--input') ?? -1);
const blocks = Number(flag('--blocks') ?? 20);
const [opName, callsArg] = args;
const calls = Number(callsArg ?? 600);
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const cpu = (): number => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

async function load(root: string, label: string): Promise<Tree> {
  const imp = (p: string) => import(pathToFileURL(path.join(root, p)).href);
  const [{ DEFAULT_DATA_DIR }, { OPERATION_BY_NAME }, exec, { validateInput }, { extremeInputs }, syn] = await Promise.all([
    imp('src/config/env.ts'), imp('src/ops/registry.ts'), imp('src/surfaces/execute.ts'), imp('src/surfaces/validate.ts'),
    imp('bench/cold-inputs.ts'), imp('bench/synthetic.ts'),
  ]);
  const ds = syn.freshDataset(syn.datasetDataAtScale(syn.readRawDataset(DEFAULT_DATA_DIR), 1));
  const op = OPERATION_BY_NAME.get(opName);
  if (!op) throw new Error(`unknown operation ${opName}`);
  // As the server (src/server.ts), where the tree has it: V8's pretenuring off before the warm-up (src/lifecycle/pretenuring.ts;
  // one flag for the process: with two trees, from the first tree's loading on).
  await imp('src/lifecycle/pretenuring.ts').then((m) => m.stopPretenuring(), () => undefined);
  // As the server's warm-up and bench/cold-in-process.ts: every example (and warm-up input, where the tree has them)
  // run and written at both tiers first.
  type Op = { examples: Array<{ input: Record<string, unknown> }> };
  const warmInputsOf: (o: Op) => Array<{ input: Record<string, unknown> }> =
    (await imp('src/ops/warm.ts')).warmInputsOf ?? ((o: Op) => o.examples);
  for (const o of OPERATION_BY_NAME.values()) {
    for (const ex of warmInputsOf(o)) for (const full of [true, false]) exec.prepareAnswer(o, o.handler(ds, validateInput(o, ex.input), { today: '2026-11-25' }), ds, full, 'http://127.0.0.1:8080');
  }
  const all = extremeInputs(ds)[opName] as Array<Record<string, unknown>>;
  // The input given, or the one whose answer is longest.
  let raw = all[Math.max(0, inputAt)];
  if (inputAt < 0) {
    let most = -1;
    for (const r of all) {
      const n = exec.prepareAnswer(op, op.handler(ds, validateInput(op, r), { today: '2026-11-25' }), ds, true, 'http://127.0.0.1:8080').bytes.length;
      if (n > most) [most, raw] = [n, r];
    }
  }
  process.stdout.write(`${label}: ${opName} ${JSON.stringify(raw)}\n`);
  const input = validateInput(op, raw);
  return {
    label,
    run(full) {
      const c0 = cpu();
      const result = op.handler(ds, input, { today: '2026-11-25' });
      const c1 = cpu();
      const { bytes } = exec.prepareAnswer(op, result, ds, full, 'http://127.0.0.1:8080');
      const c2 = cpu();
      return { handler: c1 - c0, write: c2 - c1, bytes: bytes.length };
    },
  };
}

const trees = [await load(treeDir ? path.resolve(treeDir) : here, treeDir ? treeDir : 'this tree')];
if (baseDir && !treeDir) trees.unshift(await load(path.resolve(baseDir), 'base'));

let scavenges = 0;
let scavengeMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
    if (kind === 1) {
      scavenges++;
      scavengeMs += e.duration;
    }
  }
}).observe({ entryTypes: ['gc'] });

type Stats = { handler: number[]; write: number[]; total: number[]; alloc: number[]; wall: number[]; scavenges: number; scavengeMs: number };
const stats = new Map<string, Stats>(trees.map((t) => [t.label, { handler: [], write: [], total: [], alloc: [], wall: [], scavenges: 0, scavengeMs: 0 }]));
// Warm the code paths (JIT) of each tree.
for (const t of trees) for (let i = 0; i < 200; i++) t.run((i & 1) === 0);
const gc = (globalThis as { gc?: () => void }).gc;
const perBlock = Math.max(2, Math.floor(calls / blocks));
for (let b = 0; b < blocks; b++) {
  // The trees take turns, the first tree alternating block to block.
  const order = b % 2 === 0 ? trees : [...trees].reverse();
  for (const t of order) {
    const s = stats.get(t.label)!;
    gc?.();
    const sc0 = scavenges;
    const sm0 = scavengeMs;
    for (let i = 0; i < perBlock; i++) {
      const sBefore = scavenges;
      const h0 = process.memoryUsage().heapUsed;
      const w0 = performance.now();
      const r = t.run((i & 1) === 0);
      const w = performance.now() - w0;
      const h1 = process.memoryUsage().heapUsed;
      s.handler.push(r.handler);
      s.write.push(r.write);
      s.total.push(r.handler + r.write);
      s.wall.push(w);
      // Bytes allocated: the heap's growth over a call no collection crossed (the observer reports after the call).
      if (scavenges === sBefore) s.alloc.push(h1 - h0);
    }
    // Collections are reported asynchronously: let the observer run before counting them for this block.
    await new Promise((r) => setImmediate(r));
    s.scavenges += scavenges - sc0;
    s.scavengeMs += scavengeMs - sm0;
  }
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
};
const med = (xs: number[]) => pct(xs, 50);
for (const [label, s] of stats) {
  process.stdout.write(
    `${label}: CPU us a call p50 handler ${med(s.handler)} / writing and encoding ${med(s.write)}; total p50 ${med(s.total)} ` +
      `p99 ${pct(s.total, 99)} mean ${Math.round(s.total.reduce((a, b) => a + b, 0) / s.total.length)}; wall ms p50 ${med(s.wall).toFixed(3)} p99 ${pct(s.wall, 99).toFixed(3)}; ` +
      `allocated ${(med(s.alloc) / 1024).toFixed(1)} KB a call (median of ${s.alloc.length}); ` +
      `${s.scavenges} scavenges in ${s.total.length} calls, ${(s.scavengeMs / Math.max(1, s.scavenges)).toFixed(2)} ms each\n`,
  );
}
