// `npm run bench`: load, start-up, in-process and scale sections in one run, then the budget table. Never a test.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { SERVICE_VERSION } from '../src/app.ts';
import { evaluateBudgets, formatBudgets, type Reports } from './budgets.ts';
import { formatColdInProcess, runColdInProcessIsolated } from './cold-in-process.ts';
import { formatColdLoad, runColdLoad } from './cold-load.ts';
import { formatInProcess, runInProcessIsolated } from './in-process.ts';
import { formatLoad, runLoad } from './load.ts';
import { formatScale, runScale } from './scale.ts';
import { formatStartup, runStartup } from './startup.ts';

const SECTIONS = ['load', 'startup', 'in-process', 'cold', 'scale'] as const;
type Section = (typeof SECTIONS)[number];

const USAGE = `Usage: npm run bench -- [options]
  --only <list>        sections to run, comma separated: ${SECTIONS.join(', ')} (default: all)
  --rounds <n>         measured rounds per server and load target, taken in turn, and of the fixed-rate latency phase (default 3)
  --round <s>          seconds per measured round (default 3)
  --warmup <s>         warm-up seconds per server and load target (default 2)
  --connections <n>    concurrent connections (default 50)
  --startup-runs <n>   service starts to time (default 5)
  --iterations <n>     in-process calls per example (default 200)
  --factor <n>         synthetic dataset size for the scale section (default 10)
  --cold-connections <n>  connections of the cold load (default 10)
  --cold-rounds <n>    measured rounds per cold target, ceiling and service in turn (default 2)
  --cold-round <s>     seconds per cold round (default 3)
  --cold-soak <s>      seconds of the cold soak that samples the service's memory (default 60; 0: none)
  --cold-inputs <n>    distinct inputs per round and operation in the cold in-process timing (default 1000; 3 rounds)
  --cold-ops <list>    operations of the cold load, comma separated (default: all)
  --json <file>        also write every figure as JSON`;

function loadLine(): string {
  return os.loadavg().map((x) => x.toFixed(2)).join(' ');
}

function heading(title: string): void {
  process.stdout.write(`\n== ${title} ==\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' }, rounds: { type: 'string', default: '3' }, round: { type: 'string', default: '3' }, warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '50' }, 'startup-runs': { type: 'string', default: '5' },
      iterations: { type: 'string', default: '200' }, factor: { type: 'string', default: '10' }, json: { type: 'string' },
      'cold-connections': { type: 'string', default: '10' }, 'cold-rounds': { type: 'string', default: '2' }, 'cold-round': { type: 'string', default: '3' },
      'cold-soak': { type: 'string', default: '60' }, 'cold-inputs': { type: 'string', default: '1000' }, 'cold-ops': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const num = (name: keyof typeof values, min: number): number => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number >= ${min}\n${USAGE}`);
    return n;
  };
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : [...SECTIONS];
  for (const s of only) if (!(SECTIONS as readonly string[]).includes(s)) throw new Error(`unknown section "${s}"\n${USAGE}`);
  const wants = (s: Section) => only.includes(s);
  const progress = (line: string) => process.stderr.write(`${line}\n`);

  const cpu = os.cpus();
  process.stdout.write(`Model Data Service ${SERVICE_VERSION} benchmark, ${new Date().toISOString()}\n`);
  process.stdout.write(`node ${process.version}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average at start ${loadLine()}\n`);

  const reports: Reports = {};
  // Load first, while nothing else of ours holds memory or CPU; in-process runs in a process of its own, scale in this one.
  if (wants('load')) {
    progress('load: starting the service, the ceiling and the naive SDK server');
    reports.load = await runLoad({ connections: num('connections', 1), rounds: num('rounds', 1), roundSec: num('round', 1), warmupSec: num('warmup', 0), progress });
    heading('Load (requests/s, latency, ratio to the plain node:http ceiling)');
    process.stdout.write(`${formatLoad(reports.load)}\n`);
  }
  if (wants('startup')) {
    progress('startup: spawning the service');
    reports.startup = await runStartup(num('startup-runs', 1));
    heading('Start-up and resident memory (full dataset)');
    process.stdout.write(`${formatStartup(reports.startup)}\n`);
  }
  if (wants('in-process')) {
    progress('in-process: timing every operation');
    reports.inProcess = await runInProcessIsolated(num('iterations', 1));
    heading('In-process time per operation (full dataset)');
    process.stdout.write(`${formatInProcess(reports.inProcess)}\n`);
  }
  if (wants('cold')) {
    progress('cold: every operation on distinct inputs, in process');
    reports.coldInProcess = await runColdInProcessIsolated(num('cold-inputs', 10), 3);
    heading('Cold in-process: distinct inputs, no response cache (full dataset)');
    process.stdout.write(`${formatColdInProcess(reports.coldInProcess)}\n`);
    progress('cold: every operation over REST and MCP with a new input on every request');
    reports.coldLoad = await runColdLoad({
      connections: num('cold-connections', 1), rounds: num('cold-rounds', 1), roundSec: num('cold-round', 1), warmupSec: num('warmup', 0) > 0 ? 1 : 0,
      soakSec: num('cold-soak', 0), ops: values['cold-ops']?.split(',').map((x) => x.trim()), progress,
    });
    heading('Cold load (a new input on every request; requests/s, latency, ratio to the ceiling and to the cached model sheet)');
    process.stdout.write(`${formatColdLoad(reports.coldLoad)}\n`);
  }
  if (wants('scale')) {
    const factor = num('factor', 2);
    progress(`scale: building the ${factor}x dataset and timing every operation at both sizes`);
    reports.scale = runScale({ factor, iterations: 50, maxMsPerExample: 1000, coldReps: 3 });
    heading(`Scaling with the data (1x vs ${factor}x)`);
    process.stdout.write(`${formatScale(reports.scale)}\n`);
  }
  heading('Budgets (DESIGN.md section 12; issue 7 point 3)');
  process.stdout.write(`${formatBudgets(evaluateBudgets(reports))}\n`);
  process.stdout.write(`\nLoad average at end ${loadLine()} (1, 5, 15 min). On a shared machine, re-run before reading a miss as a regression.\n`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ date: new Date().toISOString(), loadavg: os.loadavg(), ...reports }, null, 1)}\n`);
}

main().catch((err) => {
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
