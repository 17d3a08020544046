// Where the time goes: the functions with the most self time (and total time) in a V8 .cpuprofile (node --cpu-prof).
// Usage: node --import tsx bench/profile-top.ts <file.cpuprofile> [rows] [filter]
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] };
type Profile = { nodes: Node[]; samples: number[] };

const [file, rowsArg, filter] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: bench/profile-top.ts <file.cpuprofile> [rows] [url filter]\n');
  process.exit(2);
}
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const self = new Map<string, number>();
const total = new Map<string, number>();
const total_samples = p.samples.length;
const hits = new Map<number, number>();
for (const s of p.samples) hits.set(s, (hits.get(s) ?? 0) + 1);
for (const [id, h] of hits) {
  const n = byId.get(id)!;
  self.set(label(n), (self.get(label(n)) ?? 0) + h);
  // Total time: each frame on the stack once per sample, however often it recurses.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (!seen.has(l)) total.set(l, (total.get(l) ?? 0) + h);
    seen.add(l);
  }
}
const rows = Number(rowsArg ?? 30);
const pct = (x: number) => `${((100 * x) / total_samples).toFixed(1).padStart(5)}%`;
const keep = ([l]: [string, number]) => !filter || l.includes(filter);
process.stdout.write(`${total_samples} samples\n-- self --\n`);
for (const [l, h] of [...self].filter(keep).sort((a, b) => b[1] - a[1]).slice(0, rows)) process.stdout.write(`${pct(h)}  ${l}\n`);
process.stdout.write('-- total --\n');
for (const [l, h] of [...total].filter(keep).sort((a, b) => b[1] - a[1]).slice(0, rows)) process.stdout.write(`${pct(h)}  ${l}\n`);
