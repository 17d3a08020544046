// What a cold REST request pays as a miss beyond the same request as a hit, and beyond the cached model sheet: one
// service, three kinds of burst taken in turn, the service process's CPU a request split into user and system time.
// Usage: node --import tsx bench/miss-hit.ts [operation] [rounds] [seconds] [--short] [--tree DIR]
// --tree DIR: the service of another checkout (built from its own sources by its own bench module), as bench/rest-ab.ts.
// - sheet: the cached model sheet (one URL repeated);
// - miss: the operation's cold stream, a new input on every request (as bench/cold-load.ts);
// - hit: 100 inputs of the same stream, asked twice before the round (a REST answer is kept from its second ask) and
//   then in turn (all hits while the response cache holds them: 100 answers are far under its bound), so the URL and
//   the answer are a cold request's.
// miss - hit is what the miss itself costs (handler, writer, ETag, cache entry, its garbage); hit - sheet is what a
// cold request's URL and answer cost on the shared path (the query's validation, the answer's bytes on the socket).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { OPERATION_BY_NAME } from '../src/ops/registry.ts';
import { coldStreams } from './cold-inputs.ts';
import { coldRun, targetsFor } from './cold-load.ts';
import { runAutocannon } from './lib/autocannon.ts';
import { startService } from './servers/service.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';
import { loadTargets } from './targets.ts';

const argv = process.argv.slice(2);
const treeAt = argv.indexOf('--tree');
const tree = treeAt >= 0 ? argv.splice(treeAt, 2)[1] : undefined;
const args = argv.filter((a) => a !== '--short');
const shortForm = args.length < argv.length;
const [opName = 'models_for_hardware', roundsArg, secondsArg] = args;
const op = OPERATION_BY_NAME.get(opName);
if (!op) throw new Error('usage: bench/miss-hit.ts [operation] [rounds] [seconds] [--short]');
const rounds = Number(roundsArg ?? 4);
const seconds = Number(secondsArg ?? 3);

/** utime and stime of a process, ms (/proc/<pid>/stat, USER_HZ 100). */
function cpu(pid: number): { user: number; sys: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(f[11]) * 10, sys: Number(f[12]) * 10 };
}

const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const rest = targetsFor(op, coldStreams(ds)[op.name]).filter((t) => t.surface === 'rest');
const target = shortForm ? rest[1] : rest[0];
if (!target) throw new Error(`${op.name} has no such form`);
const start = tree ? (await import(path.join(path.resolve(tree), 'bench/servers/service.ts'))).startService as typeof startService : startService;
const service = await start();
const work = mkdtempSync(path.join(os.tmpdir(), 'mds-miss-hit-'));
const sheet = loadTargets()[0];
const totals: Record<string, { user: number; sys: number; n: number; scavenges: number; markCompacts: number }> = {};
// With BENCH_SERVICE_NODE_ARGS=--trace-gc the service's collections are in its log: counted per kind of burst.
let logRead = 0;
const collections = () => {
  const text = readFileSync(service.logFile, 'utf8');
  const fresh = text.slice(logRead);
  logRead = text.length;
  return { scavenges: fresh.split('Scavenge').length - 1, markCompacts: fresh.split('Mark-Compact').length - 1 };
};
const add = (k: string, c0: { user: number; sys: number }, n: number) => {
  const c1 = cpu(service.pid);
  const gc = collections();
  const t = (totals[k] ??= { user: 0, sys: 0, n: 0, scavenges: 0, markCompacts: 0 });
  t.user += c1.user - c0.user;
  t.sys += c1.sys - c0.sys;
  t.n += n;
  t.scavenges += gc.scavenges;
  t.markCompacts += gc.markCompacts;
};
const headers = { accept: 'application/json', 'x-api-key': service.apiKey };
process.stdout.write(`load average at start: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}\n`);
let offset = 1000;
try {
  for (let r = 0; r < rounds; r++) {
    // The hit set: 100 inputs past the misses' reach, asked twice now so that the round's requests are hits.
    const hitPaths: string[] = [];
    for (let i = 0; i < 100; i++) hitPaths.push(target.request(target.stream.input((500_000 + r * 100 + i) % target.stream.distinct)).path);
    for (const p of [...hitPaths, ...hitPaths]) await (await fetch(service.url + p, { headers })).arrayBuffer();
    const hitFile = path.join(work, 'hits.tsv');
    writeFileSync(hitFile, `${hitPaths.map((p) => `GET\t${p}\t`).join('\n')}\n`);
    const specFile = path.join(work, 'hit-spec.json');
    writeFileSync(specFile, JSON.stringify({ url: service.url, connections: 10, durationSec: seconds, headers, requestsFile: hitFile }));
    const kinds = ['sheet', 'miss', 'hit'];
    // A different order each round, so that no kind always follows another.
    for (const k of r % 2 === 0 ? kinds : [...kinds].reverse()) {
      collections();
      let c0 = cpu(service.pid);
      if (k === 'sheet') {
        const h = await runAutocannon({ url: service.url + sheet.path, method: 'GET', headers: { ...sheet.headers, ...headers }, connections: 10, durationSec: seconds });
        add(k, c0, h.total);
      } else if (k === 'miss') {
        const m = await coldRun(service.url, target, offset, seconds, 10, service.apiKey, work, () => (c0 = cpu(service.pid)));
        offset += m.used;
        add(k, c0, m.total);
      } else {
        const out = await new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'bench/lib/cold-cannon.ts'), specFile], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
          let s = '';
          child.stdout.on('data', (d: Buffer) => (s += d.toString()));
          child.once('exit', (code) => (code === 0 ? resolve(s) : reject(new Error(`cold-cannon exited ${code}`))));
        });
        add(k, c0, (JSON.parse(out) as { total: number }).total);
      }
    }
    process.stderr.write(`round ${r + 1}/${rounds}\n`);
  }
} finally {
  await service.stop();
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(`load average at end: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}\n`);
const us = (ms: number, n: number) => ((1000 * ms) / Math.max(1, n)).toFixed(0);
for (const [k, t] of Object.entries(totals)) {
  const gc = t.scavenges + t.markCompacts ? `; per 1,000 requests ${(1000 * t.scavenges / t.n).toFixed(1)} scavenges, ${(1000 * t.markCompacts / t.n).toFixed(2)} mark-compacts` : '';
  process.stdout.write(`${k.padEnd(6)} ${us(t.user + t.sys, t.n).padStart(5)} us a request (user ${us(t.user, t.n)}, system ${us(t.sys, t.n)}; ${t.n} requests${gc})\n`);
}
