// Two trees' services up side by side, cold REST bursts of one operation and the cached model sheet taken in turn:
// each service's CPU a request, paired (a swing of the machine's speed moves both), and of it the kernel's part
// (system time: the socket's writes, memory mapped) with the minor page faults a request, the cold stream's and the sheet's.
// Usage: node --import tsx bench/rest-ab.ts <other tree> [operation] [bursts] [seconds] [--short]
// --short: the operation's short form (bench/cold-load.ts SHORT_FORMS, estimate_cost's view=summary) instead of its default.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { OPERATION_BY_NAME } from '../src/ops/registry.ts';
import { coldStreams } from './cold-inputs.ts';
import { coldRun, targetsFor } from './cold-load.ts';
import { runAutocannon } from './lib/autocannon.ts';
import { readCpuMs, readMinorFaults, readSysCpuMs } from './lib/proc.ts';
import type { RunningService } from './servers/service.ts';
import { startService } from './servers/service.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';
import { loadTargets } from './targets.ts';

const args = process.argv.slice(2).filter((a) => a !== '--short');
const shortForm = args.length < process.argv.length - 2;
const [other, opName = 'models_for_hardware', burstsArg, secondsArg] = args;
const op = OPERATION_BY_NAME.get(opName);
if (!other || !op) throw new Error('usage: bench/rest-ab.ts <other tree> [operation] [bursts] [seconds]');
const bursts = Number(burstsArg ?? 6);
const seconds = Number(secondsArg ?? 3);
const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const rest = targetsFor(op, coldStreams(ds)[op.name]).filter((t) => t.surface === 'rest');
// The default answer's target comes first; a short form's after it.
if (shortForm && rest.length < 2) throw new Error(`${op.name} has no short form (bench/cold-load.ts SHORT_FORMS)`);
const target = shortForm ? rest[1] : rest[0];
// The other tree's service is built from its own sources by its own bench module.
const otherStart = (await import(path.join(path.resolve(other), 'bench/servers/service.ts'))).startService as typeof startService;
const services: Array<{ name: string; s: RunningService; cold: number[]; sheet: number[]; sys: number[]; faults: number[] }> = [
  { name: path.basename(path.resolve(other)), s: await otherStart(), cold: [0, 0], sheet: [0, 0], sys: [0, 0], faults: [0, 0] },
  { name: 'this tree', s: await startService(), cold: [0, 0], sheet: [0, 0], sys: [0, 0], faults: [0, 0] },
];
const work = mkdtempSync(path.join(os.tmpdir(), 'mds-rest-ab-'));
process.stdout.write(`load average at start: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}\n`);
const sheet = loadTargets()[0];
let offset = 1000;
try {
  for (let b = 0; b < bursts; b++) {
    // Both services get the same new inputs in each burst; which goes first alternates.
    const order = b % 2 === 0 ? services : [...services].reverse();
    let used = 0;
    for (const x of order) {
      let c0 = 0;
      let k0 = 0;
      let f0 = 0;
      const r = await coldRun(x.s.url, target, offset, seconds, 10, x.s.apiKey, work, () => {
        c0 = readCpuMs(x.s.pid);
        k0 = readSysCpuMs(x.s.pid);
        f0 = readMinorFaults(x.s.pid);
      });
      x.faults[0] += readMinorFaults(x.s.pid) - f0;
      x.cold[0] += readCpuMs(x.s.pid) - c0;
      x.sys[0] += readSysCpuMs(x.s.pid) - k0;
      x.cold[1] += r.total;
      used = Math.max(used, r.used);
      const s0 = readCpuMs(x.s.pid);
      const j0 = readSysCpuMs(x.s.pid);
      const g0 = readMinorFaults(x.s.pid);
      const h = await runAutocannon({
        url: x.s.url + sheet.path, method: sheet.method, headers: { ...sheet.headers, 'x-api-key': x.s.apiKey }, connections: 10,
        durationSec: 1,
      });
      x.sheet[0] += readCpuMs(x.s.pid) - s0;
      x.sys[1] += readSysCpuMs(x.s.pid) - j0;
      x.faults[1] += readMinorFaults(x.s.pid) - g0;
      x.sheet[1] += h.total;
    }
    offset += used;
    process.stderr.write(`burst ${b + 1}/${bursts}\n`);
  }
} finally {
  for (const x of services) await x.s.stop();
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(`load average at end: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}\n`);
const us = (v: number[]) => (1000 * v[0]) / Math.max(1, v[1]);
for (const x of services) {
  process.stdout.write(`${x.name}: cold ${op.name}${shortForm ? ' (short form)' : ''} ${us(x.cold).toFixed(0)} us a request (${x.cold[1]} requests); cached sheet `
    + `${us(x.sheet).toFixed(0)} us (${x.sheet[1]}); ratio ${(us(x.cold) / us(x.sheet)).toFixed(2)}x; of which system (kernel) `
    + `${us([x.sys[0], x.cold[1]]).toFixed(0)} and ${us([x.sys[1], x.sheet[1]]).toFixed(0)} us; minor page faults a request `
    + `${(x.faults[0] / Math.max(1, x.cold[1])).toFixed(1)} and ${(x.faults[1] / Math.max(1, x.sheet[1])).toFixed(1)}\n`);
}
process.stdout.write(`this tree / ${services[0].name}: ${(us(services[1].cold) / us(services[0].cold)).toFixed(3)}\n`);
