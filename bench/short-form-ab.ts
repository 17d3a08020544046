// An operation's full and short forms (estimate_cost's view=summary) over REST on one service, cold bursts of each and
// the cached model sheet taken in turn: the CPU a request of each, paired (a swing of the machine's speed moves all).
// Usage: node --import tsx bench/short-form-ab.ts [operation] [bursts] [seconds]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { OPERATION_BY_NAME } from '../src/ops/registry.ts';
import { coldStreams } from './cold-inputs.ts';
import { coldRun, targetsFor } from './cold-load.ts';
import { runAutocannon } from './lib/autocannon.ts';
import { readCpuMs } from './lib/proc.ts';
import { startService } from './servers/service.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';
import { loadTargets } from './targets.ts';

const [opName = 'estimate_cost', burstsArg, secondsArg] = process.argv.slice(2);
const op = OPERATION_BY_NAME.get(opName);
if (!op) throw new Error('usage: bench/short-form-ab.ts [operation] [bursts] [seconds]');
const bursts = Number(burstsArg ?? 6);
const seconds = Number(secondsArg ?? 3);
const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const rest = targetsFor(op, coldStreams(ds)[op.name]).filter((t) => t.surface === 'rest');
if (rest.length < 2) throw new Error(`${op.name} has no short form (bench/cold-load.ts SHORT_FORMS)`);
const [full, short] = rest;
const s = await startService();
const work = mkdtempSync(path.join(os.tmpdir(), 'mds-short-ab-'));
const sheet = loadTargets()[0];
const acc = { full: [0, 0], short: [0, 0], sheet: [0, 0] };
process.stdout.write(`load average at start: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}\n`);
// Both forms get the same new inputs in each burst (each its own cache key); which goes first alternates.
let offset = 1000;
try {
  for (let b = 0; b < bursts; b++) {
    const order: Array<['full' | 'short', typeof full]> = b % 2 === 0 ? [['full', full], ['short', short]] : [['short', short], ['full', full]];
    let used = 0;
    for (const [k, t] of order) {
      let c0 = 0;
      const r = await coldRun(s.url, t, offset, seconds, 10, s.apiKey, work, () => (c0 = readCpuMs(s.pid)));
      acc[k][0] += readCpuMs(s.pid) - c0;
      acc[k][1] += r.total;
      used = Math.max(used, r.used);
      const s0 = readCpuMs(s.pid);
      const h = await runAutocannon({
        url: s.url + sheet.path, method: sheet.method, headers: { ...sheet.headers, 'x-api-key': s.apiKey }, connections: 10, durationSec: 1,
      });
      acc.sheet[0] += readCpuMs(s.pid) - s0;
      acc.sheet[1] += h.total;
    }
    offset += used;
    process.stderr.write(`burst ${b + 1}/${bursts}\n`);
  }
} finally {
  await s.stop();
  rmSync(work, { recursive: true, force: true });
}
const us = (v: number[]) => (1000 * v[0]) / Math.max(1, v[1]);
process.stdout.write(`load average at end: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}\n`);
process.stdout.write(`cached sheet ${us(acc.sheet).toFixed(0)} us a request (${acc.sheet[1]} requests)\n`);
for (const k of ['full', 'short'] as const) {
  process.stdout.write(`cold ${op.name} ${k}: ${us(acc[k]).toFixed(0)} us a request (${acc[k][1]} requests), `
    + `${(us(acc[k]) / us(acc.sheet)).toFixed(2)}x the sheet's CPU (${((100 * us(acc.sheet)) / us(acc[k])).toFixed(0)}% of its req/s at equal CPU)\n`);
}
process.stdout.write(`short / full: ${(us(acc.short) / us(acc.full)).toFixed(3)}\n`);
