// Where a cold HTTP request's time goes: the service (bundle, logging, access control) under one cold target, profiled.
// Usage: node --import tsx bench/cold-server-profile.ts <operation|sheet> [rest|mcp] [seconds] [out dir]
// `sheet`: the cached model sheet (one URL repeated, every request a hit), the yardstick the cold REST budget divides by,
// profiled the same way so that what a miss pays beyond a hit can be read side by side.
// Writes the service's .cpuprofile (node --cpu-prof) into the out dir and prints the top of it (bench/profile-top.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../src/config/env.ts';
import { OPERATION_BY_NAME } from '../src/ops/registry.ts';
import { coldStreams } from './cold-inputs.ts';
import { coldRun, targetsFor } from './cold-load.ts';
import { runAutocannon } from './lib/autocannon.ts';
import { startService } from './servers/service.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';
import { loadTargets } from './targets.ts';

const [name, surfaceArg, secondsArg, outArg] = process.argv.slice(2);
const sheetOnly = name === 'sheet';
const op = OPERATION_BY_NAME.get(sheetOnly ? 'get_model' : name ?? '');
if (!op) throw new Error('usage: bench/cold-server-profile.ts <operation|sheet> [rest|mcp] [seconds] [out dir]');
const surface = surfaceArg === 'mcp' ? 'mcp' : 'rest';
const seconds = Number(secondsArg ?? 5);
const out = path.resolve(outArg ?? mkdtempSync(path.join(os.tmpdir(), 'mds-prof-')));
mkdirSync(out, { recursive: true });

const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const target = targetsFor(op, coldStreams(ds)[op.name]).find((t) => t.surface === surface)!;
const service = await startService({ nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${out}`] });
const work = mkdtempSync(path.join(os.tmpdir(), 'mds-prof-req-'));
try {
  // A first second unprofiled in effect (its samples are in the file, but it warms the code the way a server's
  // first requests do); the figure printed is for the whole run.
  if (sheetOnly) {
    const sheet = loadTargets()[0];
    const r = await runAutocannon({
      url: service.url + sheet.path, method: sheet.method, headers: { ...sheet.headers, 'x-api-key': service.apiKey }, connections: 10,
      durationSec: seconds,
    });
    process.stdout.write(`cached sheet ${sheet.path}: ${Math.round(r.total / seconds)} req/s over ${seconds} s\n`);
  } else {
    const r = await coldRun(service.url, target, 1000, seconds, 10, service.apiKey, work);
    process.stdout.write(`${target.name}: ${Math.round(r.rps)} req/s over ${seconds} s, ${r.non2xx + r.errors} non-2xx/errors\n`);
  }
} finally {
  await service.stop();
  rmSync(work, { recursive: true, force: true });
}
// The main thread's profile is the largest (the dataset validation worker writes one too).
const file = readdirSync(out).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(out, f))
  .sort((a, b) => statSync(b).size - statSync(a).size)[0];
if (!file) throw new Error(`no profile written in ${out}`);
process.stdout.write(`${file}\n`);
const top = path.join(PROJECT_ROOT, 'bench/profile-top.ts');
process.stdout.write(execFileSync(process.execPath, ['--import', 'tsx', top, file, '40'], { cwd: PROJECT_ROOT }));
