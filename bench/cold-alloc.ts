// Where one operation's cold stream allocates: V8's sampling heap profiler over the stream, counting objects the
// scavenges and collections took too, by the function that allocated and by the stack's nearest named frames.
// As bench/cold-tail.ts (pretenuring off, the warm-up, the far end for the JIT), then `calls` calls sampled.
// Usage: node --import tsx bench/cold-alloc.ts [operation] [calls] [top] [input regex: only the stream's inputs it matches]
import { Session } from 'node:inspector/promises';
import { validateInput } from '../src/surfaces/validate.ts';
import { fullTierAt } from './cold-in-process.ts';
import { coldOneOp } from './cold-one-op.ts';

const [opName = 'recommend_model', callsArg = '2000', topArg = '40', onlyArg] = process.argv.slice(2);
const only = onlyArg ? new RegExp(onlyArg) : undefined;
const { op, executor, stream: s } = coldOneOp(opName);

type Node = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: Node[] };
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
let n = 0;
for (let i = 0; n < Number(callsArg); i++) {
  const raw = s.input(1000 + i);
  if (only && !only.test(JSON.stringify(raw))) continue;
  executor.run(op, validateInput(op, raw), fullTierAt(1000 + i));
  n++;
}
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: Node } };
const self = new Map<string, number>();
const within = new Map<string, number>();
let total = 0;
const label = (f: Node['callFrame']) => `${f.functionName || '(anon)'} ${f.url.replace(/^.*\/(src|bench|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
const walk = (node: Node, stack: string[]) => {
  const l = label(node.callFrame);
  const here = [...stack, l];
  if (node.selfSize) {
    total += node.selfSize;
    self.set(l, (self.get(l) ?? 0) + node.selfSize);
    for (const f of new Set(here)) within.set(f, (within.get(f) ?? 0) + node.selfSize);
  }
  for (const c of node.children) walk(c, here);
};
walk(profile.head, []);
const top = Number(topArg);
const kb = (b: number) => `${(b / n / 1024).toFixed(1)} KB`;
process.stdout.write(`${op.name}: ${n} calls, about ${kb(total)} allocated a call (sampled)\nby the allocating function:\n`);
for (const [l, b] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`  ${kb(b).padStart(9)} ${l}\n`);
process.stdout.write('by a frame on the stack (total):\n');
for (const [l, b] of [...within].sort((a, b) => b[1] - a[1]).slice(0, top * 2)) process.stdout.write(`  ${kb(b).padStart(9)} ${l}\n`);
