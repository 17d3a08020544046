// What outlives one operation's cold calls: heap snapshots after N and after 2N cold calls (a full collection
// forced before each), and the objects the second holds that the first did not (V8 keeps a node's id across
// snapshots), grouped by constructor and by the chain of retainers up to an object the first snapshot held.
// As bench/cold-in-process.ts: the warm-up, its survivors promoted, pretenuring off, then the stream.
// Usage: node --expose-gc --import tsx bench/heap-diff.ts [operation] [calls N] [top] [calls before the first snapshot: N]
// A small N after a long first stretch (3000, then 40: about one young collection's worth) shows what a young
// collection would find alive at that point of the stream, which is what it copies.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { stopPretenuring } from '../src/lifecycle/pretenuring.ts';
import { promoteWarmUpSurvivors } from '../src/lifecycle/promote-warm-up.ts';
import { OPERATION_BY_NAME, OPERATIONS } from '../src/ops/registry.ts';
import { warmInputsOf } from '../src/ops/warm.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { fullTierAt } from './cold-in-process.ts';
import { coldStreams } from './cold-inputs.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

const [opName = 'estimate_cost', callsArg = '1000', topArg = '30', firstArg] = process.argv.slice(2);
const op = OPERATION_BY_NAME.get(opName);
if (!op) throw new Error(`unknown operation ${opName}`);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const executor = createExecutor({ dataset: ds, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
stopPretenuring();
for (const o of OPERATIONS) for (const ex of warmInputsOf(o)) for (const full of [true, false]) executor.run(o, validateInput(o, ex.input), full);
promoteWarmUpSurvivors();
const s = coldStreams(ds)[op.name];
const n = Number(callsArg);
let next = 0;
const calls = (k: number) => {
  for (const end = next + k; next < end; next++) executor.run(op, validateInput(op, s.input(next)), fullTierAt(next));
};
const snap = (tag: string): string => {
  gc();
  gc();
  return writeHeapSnapshot(join(tmpdir(), `heap-diff-${process.pid}-${tag}.heapsnapshot`));
};
calls(firstArg === undefined ? n : Number(firstArg));
const a = snap('a');
calls(n);
const b = snap('b');

type Snap = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[]; edges: number[]; strings: string[];
};
const read = (file: string): Snap => JSON.parse(readFileSync(file, 'utf8')) as Snap;
const idsOf = (h: Snap): Set<number> => {
  const nf = h.snapshot.meta.node_fields.length;
  const idAt = h.snapshot.meta.node_fields.indexOf('id');
  const ids = new Set<number>();
  for (let i = 0; i < h.nodes.length; i += nf) ids.add(h.nodes[i + idAt]);
  return ids;
};
const before = idsOf(read(a));
const h = read(b);
rmSync(a);
rmSync(b);
const m = h.snapshot.meta;
const nf = m.node_fields.length;
const ef = m.edge_fields.length;
const [T, N, ID, SZ, EC] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => m.node_fields.indexOf(f));
const [ET, EN, ETO] = ['type', 'name_or_index', 'to_node'].map((f) => m.edge_fields.indexOf(f));
const nodeTypes = m.node_types[0];
const edgeTypes = m.edge_types[0];
const count = h.nodes.length / nf;
const label = (k: number): string => {
  const t = nodeTypes[h.nodes[k * nf + T]];
  const name = h.strings[h.nodes[k * nf + N]];
  return t === 'object' || t === 'closure' ? `${t === 'closure' ? 'closure ' : ''}${name}` : `(${t})${t === 'string' || t === 'concatenated string' ? '' : ` ${name.slice(0, 40)}`}`;
};
// The first strong retainer of each node (an edge that is not weak nor a shortcut).
const retainer = new Int32Array(count).fill(-1);
const via = new Array<string>(count);
for (let k = 0, e = 0; k < count; k++) {
  const ec = h.nodes[k * nf + EC];
  for (let j = 0; j < ec; j++, e += ef) {
    const et = edgeTypes[h.edges[e + ET]];
    if (et === 'weak' || et === 'shortcut') continue;
    const to = h.edges[e + ETO] / nf;
    if (retainer[to] !== -1) continue;
    retainer[to] = k;
    const nm = h.edges[e + EN];
    via[to] = et === 'element' || et === 'hidden' ? `[${nm}]` : `.${h.strings[nm]}`;
  }
}
const fresh = (k: number) => !before.has(h.nodes[k * nf + ID]);
// A new node's path up to the first node the first snapshot held: who holds what grew.
const holder = (k: number): string => {
  const path: string[] = [];
  let at = k;
  for (let depth = 0; depth < 12 && retainer[at] !== -1 && fresh(at); depth++) {
    path.push(via[at]);
    at = retainer[at];
  }
  // And two steps above that object, to name the table or closure that holds it.
  const up: string[] = [];
  for (let d = 0, o = at; d < 2 && retainer[o] !== -1; d++) {
    up.push(via[o]);
    o = retainer[o];
    if (d === 1 || retainer[o] === -1) up.push(label(o));
  }
  return `${up.reverse().join('')} | ${label(at)}${path.reverse().join('').slice(0, 80)}`;
};
// One node's chain of first retainers, for reading a group's holder in full.
const chain = (k: number): string => {
  const out: string[] = [];
  for (let at = k, d = 0; d < 14 && at !== -1; d++, at = retainer[at]) {
    out.push(`${fresh(at) ? '+' : ''}${label(at).slice(0, 60)}${retainer[at] !== -1 ? ` <-${via[at].replace(/ @\d+/g, '').slice(0, 70)}-` : ''}`);
  }
  return out.join(' ');
};
const example = new Map<string, number>();
const byCtor = new Map<string, [number, number]>();
const byHolder = new Map<string, [number, number]>();
let total = 0;
let objects = 0;
for (let k = 0; k < count; k++) {
  if (!fresh(k)) continue;
  const sz = h.nodes[k * nf + SZ];
  const type = nodeTypes[h.nodes[k * nf + T]];
  // Compiled code, its metadata and Node's own natives come from the JIT and module loading, not from a call.
  if (type === 'synthetic' || type === 'code' || type === 'native' || type === 'hidden' || type === 'object shape') continue;
  total += sz;
  objects++;
  const add = (map: Map<string, [number, number]>, key: string) => {
    const v = map.get(key) ?? [0, 0];
    v[0] += sz;
    v[1]++;
    map.set(key, v);
  };
  add(byCtor, label(k));
  const key = holder(k).replace(/\[\d+\]|\.\d+(?=[.[ ]|$)/g, '[i]').replace(/ @\d+/g, '').slice(0, 150);
  add(byHolder, key);
  if (!example.has(key)) example.set(key, k);
}
const top = Number(topArg);
const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
process.stdout.write(`${op.name}: after ${n} more cold calls, ${objects} objects (${kb(total)}) live that were not\n`);
process.stdout.write('by constructor (bytes, objects):\n');
for (const [l, [sz, c]] of [...byCtor].sort((x, y) => y[1][0] - x[1][0]).slice(0, top)) process.stdout.write(`  ${kb(sz).padStart(10)} ${String(c).padStart(7)} ${l}\n`);
process.stdout.write('by holder (the first object the earlier snapshot held, then the path):\n');
for (const [l, [sz, c]] of [...byHolder].sort((x, y) => y[1][0] - x[1][0]).slice(0, top)) process.stdout.write(`  ${kb(sz).padStart(10)} ${String(c).padStart(7)} ${l}\n`);
process.stdout.write('the top holders, one object each, its retainers up (+: not in the earlier snapshot):\n');
for (const [l] of [...byHolder].sort((x, y) => y[1][0] - x[1][0]).slice(0, 8)) process.stdout.write(`  ${chain(example.get(l) ?? 0)}\n`);
