// One operation's cold stream in two checkouts side by side: each tree's own modules and dataset in one process, the
// trees taking turns by blocks of calls (so both meet the same machine), CPU µs a call (handler and writing, both
// tiers in turn, as bench/cold-profile.ts calls them). For models_for_hardware the asks whose answer carries `nearest`
// (nothing fits) are also counted apart. Run it under --single-threaded-gc so the collector's work is the call's.
// Usage: node --single-threaded-gc --import tsx bench/cold-pair.ts <base tree> [operation] [calls] [blocks]
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [baseDir, opName = 'models_for_hardware', callsArg, blocksArg] = process.argv.slice(2);
if (!baseDir) throw new Error('usage: bench/cold-pair.ts <base tree> [operation] [calls] [blocks]');
const calls = Number(callsArg ?? 3000);
const blocks = Number(blocksArg ?? 30);
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TODAY = '2026-11-25';
const cpu = (): number => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

type Tree = { label: string; run: (i: number) => { us: number; nearest: boolean } };

async function load(root: string, label: string): Promise<Tree> {
  const imp = (p: string) => import(pathToFileURL(path.join(root, p)).href);
  const [{ DEFAULT_DATA_DIR }, { OPERATION_BY_NAME }, exec, { validateInput }, { coldStreams }, syn] = await Promise.all([
    imp('src/config/env.ts'), imp('src/ops/registry.ts'), imp('src/surfaces/execute.ts'), imp('src/surfaces/validate.ts'),
    imp('bench/cold-inputs.ts'), imp('bench/synthetic.ts'),
  ]);
  const ds = syn.freshDataset(syn.datasetDataAtScale(syn.readRawDataset(DEFAULT_DATA_DIR), 1));
  const op = OPERATION_BY_NAME.get(opName);
  if (!op) throw new Error(`unknown operation ${opName}`);
  // As the server: V8's pretenuring off where the tree has it (one flag for the process, from the first tree's loading
  // on), then the warm-up: every example run and written at both tiers.
  await imp('src/lifecycle/pretenuring.ts').then((m) => m.stopPretenuring(), () => undefined);
  for (const o of OPERATION_BY_NAME.values()) {
    for (const ex of o.examples) for (const full of [true, false]) exec.prepareAnswer(o, o.handler(ds, validateInput(o, ex.input), { today: TODAY }), ds, full, 'http://127.0.0.1:8080');
  }
  const s = coldStreams(ds)[opName];
  return {
    label,
    run(i) {
      const input = validateInput(op, s.input(((i % s.distinct) + s.distinct) % s.distinct));
      const c0 = cpu();
      const result = op.handler(ds, input, { today: TODAY });
      exec.prepareAnswer(op, result, ds, (i & 1) === 0, 'http://127.0.0.1:8080');
      return { us: cpu() - c0, nearest: (result as { nearest?: unknown }).nearest !== undefined };
    },
  };
}

const trees = [await load(path.resolve(baseDir), path.basename(path.resolve(baseDir))), await load(here, 'this tree')];
const stats = new Map(trees.map((t) => [t.label, { all: [] as number[], nearest: [] as number[] }]));
// Warm the code paths (JIT) of each tree on the stream's far end (-1 is its last input): an operation that keeps
// answers' parts per input (get_model kept its sheets) would otherwise meet inputs measured later as repeats.
for (const t of trees) for (let i = 0; i < 300; i++) t.run(-1 - i);
const perBlock = Math.max(1, Math.floor(calls / blocks));
for (let b = 0; b < blocks; b++) {
  for (const t of b % 2 === 0 ? trees : [...trees].reverse()) {
    const s = stats.get(t.label)!;
    for (let k = 0; k < perBlock; k++) {
      const r = t.run(b * perBlock + k);
      s.all.push(r.us);
      if (r.nearest) s.nearest.push(r.us);
    }
  }
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
for (const [label, s] of stats) {
  const near = s.nearest.length ? `; with nearest ${s.nearest.length} calls, p50 ${pct(s.nearest, 50)} mean ${mean(s.nearest)}` : '';
  process.stdout.write(`${label}: ${opName} CPU us a call, ${s.all.length} calls: p50 ${pct(s.all, 50)} mean ${mean(s.all)} p99 ${pct(s.all, 99)}${near}\n`);
}
