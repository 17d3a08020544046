// What one operation allocates on its cold stream, by function: V8's sampling heap profiler, the objects young- and
// old-generation collections freed counted too (most of a cold call's allocation dies young, and the p99 is mostly
// the scavenges it causes). Both tiers in turn, after 300 calls that warm the kept parts up.
// Usage: node --import tsx bench/cold-alloc-profile.ts <operation> [calls] [rows] [--extreme N] [--survivors]
// (`--survivors`, under --expose-gc: only the objects that outlived a young-generation collection, by where they were
// made, after the server's warm-up, pretenuring off as the server has it: what every scavenge during the stream
// copied, which sets what a call that meets one pays.)
// (`--extreme N`: the operation's N-th extreme input, bench/cold-inputs.ts, asked on every call instead of the stream.)
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { stopPretenuring } from '../src/lifecycle/pretenuring.ts';
import { OPERATION_BY_NAME, OPERATIONS } from '../src/ops/registry.ts';
import { warmInputsOf } from '../src/ops/warm.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { coldStreams, extremeInputs } from './cold-inputs.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

type Node = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: Node[] };

const argv = process.argv.slice(2);
const ri = argv.indexOf('--survivors');
const survivors = ri >= 0 && argv.splice(ri, 1).length === 1;
const gc = (globalThis as { gc?: (o?: { type: 'minor' | 'major' }) => void }).gc;
if (survivors && !gc) throw new Error('--survivors needs node --expose-gc');
const at = argv.indexOf('--extreme');
const extremeAt = at >= 0 ? Number(argv.splice(at, 2)[1]) : undefined;
const [name, callsArg, rowsArg] = argv;
const op = OPERATION_BY_NAME.get(name ?? '');
if (!op) throw new Error('usage: bench/cold-alloc-profile.ts <operation> [calls] [rows]');
const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const executor = createExecutor({ dataset: ds, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
const s = coldStreams(ds)[op.name];
const n = Number(callsArg ?? 1000);
// Inputs spread over the stream, validated before the profile starts: only the executor's allocation is counted.
const extreme = extremeAt === undefined ? undefined : extremeInputs(ds)[op.name]?.[extremeAt];
if (extremeAt !== undefined && !extreme) throw new Error(`${op.name} has no extreme input ${extremeAt}`);
const input = (i: number) => validateInput(op, extreme ?? s.input((i * 7919) % s.distinct));
if (survivors) {
  stopPretenuring();
  for (const o of OPERATIONS) for (const ex of warmInputsOf(o)) for (const full of [true, false]) executor.run(o, validateInput(o, ex.input), full);
}
for (let i = 0; i < 300; i++) executor.run(op, input(n + i), (i & 1) === 0);
const inputs = Array.from({ length: n }, (_, i) => input(i));
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !survivors,
});
for (let i = 0; i < n; i++) executor.run(op, inputs[i], (i & 1) === 0);
// The last young objects: those alive now are counted as survivors (at most one call's).
if (survivors) gc!({ type: 'minor' });
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: Node } };
session.disconnect();

const self = new Map<string, number>();
let total = 0;
// STACKS=1: each site labelled with its three nearest callers.
const stacks = process.env.STACKS === '1';
const walk = (node: Node, up: string[] = []): void => {
  const f = node.callFrame;
  const own = `${f.functionName || '(anonymous)'} ${path.basename(f.url)}:${f.lineNumber + 1}`;
  const label = stacks ? [own, ...up.slice(-3).reverse()].join(' < ') : `${f.functionName || '(anonymous)'} ${path.basename(f.url)}`;
  total += node.selfSize;
  if (node.selfSize) self.set(label, (self.get(label) ?? 0) + node.selfSize);
  for (const c of node.children) walk(c, stacks ? [...up, own] : up);
};
walk(profile.head);
const kb = (b: number) => (b / n / 1024).toFixed(1).padStart(7);
const what = extreme ? `calls of ${JSON.stringify(extreme)}` : 'cold calls';
process.stdout.write(`${op.name}: ${kb(total).trim()} KB ${survivors ? 'outliving a young collection' : 'allocated'} a call (sampled every 512 bytes), ${n} ${what}, both tiers\n`);
for (const [l, b] of [...self].sort((x, y) => y[1] - x[1]).slice(0, Number(rowsArg ?? 20))) process.stdout.write(`${kb(b)} KB  ${l}\n`);
