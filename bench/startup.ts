// Start-up section: spawn the service N times; time to the first 200 from /readyz, and resident memory after start and warm-up.
import { OPERATIONS } from '../src/ops/registry.ts';
import { restUrl } from '../src/surfaces/rest/url.ts';
import { isMain } from './lib/main.ts';
import type { Memory } from './lib/proc.ts';
import { median } from './lib/stats.ts';
import { fmt, renderTable } from './lib/table.ts';
import { startService, waitForWarm, type ReadyLog, type RunningService } from './servers/service.ts';
import { MCP_HEADERS } from './targets.ts';

export type StartupRun = {
  readyMs: number;
  /** The server's own figures: modules, main() to listening, and its cache warm-up after listening. */
  log: ReadyLog;
  atReady: Memory;
  afterWarmup: Memory;
  warmupMs: number;
};
export type StartupReport = { runs: StartupRun[] };

/**
 * Every registry example once over REST and once as an MCP tool call: this fills the lazy indexes, the per-model
 * caches and the response cache, which is the memory a serving instance settles at.
 */
async function warmUp(s: RunningService): Promise<void> {
  for (const op of OPERATIONS) {
    for (const ex of op.examples) {
      const rest = await fetch(s.url + restUrl(op, ex.input), { headers: { 'x-api-key': s.apiKey, accept: 'application/json' } });
      await rest.arrayBuffer();
      if (rest.status !== 200) throw new Error(`warm-up: ${op.name} answered ${rest.status}`);
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: op.name, arguments: ex.input } });
      const mcp = await fetch(`${s.url}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, 'x-api-key': s.apiKey }, body });
      await mcp.arrayBuffer();
      if (mcp.status !== 200) throw new Error(`warm-up: MCP ${op.name} answered ${mcp.status}`);
    }
  }
}

export async function runStartup(runs: number): Promise<StartupReport> {
  const out: StartupRun[] = [];
  for (let i = 0; i < runs; i++) {
    const s = await startService();
    try {
      const atReady = s.memory();
      // The server's own warm-up runs after /readyz first answers: let it end before ours, so that the memory
      // after warm-up is the same state in every run.
      const log = await waitForWarm(s.logFile);
      const t = performance.now();
      await warmUp(s);
      const warmupMs = performance.now() - t;
      out.push({ readyMs: s.readyMs, log, atReady, afterWarmup: s.memory(), warmupMs });
    } finally {
      await s.stop();
    }
  }
  return { runs: out };
}

export function startupMedians(r: StartupReport): { readyMs: number; rssAfterWarmup: number } {
  return { readyMs: median(r.runs.map((x) => x.readyMs)), rssAfterWarmup: median(r.runs.map((x) => x.afterWarmup.rss_mb)) };
}

/** When the server's warm-up ended, on its own clock from its process start (modules + main + warm-up). */
function warmDoneMs(log: ReadyLog): number | undefined {
  const { modulesMs, startupMs, warmMs } = log;
  return modulesMs === undefined || startupMs === undefined || warmMs === undefined ? undefined : modulesMs + startupMs + warmMs;
}

export function formatStartup(r: StartupReport): string {
  const rows = r.runs.map((x, i) => [
    i + 1, fmt(x.readyMs, 0), fmt(x.log.modulesMs, 0), fmt(x.log.startupMs, 0), fmt(warmDoneMs(x.log), 0), fmt(x.log.warmBusyMs, 0),
    fmt(x.atReady.rss_mb, 0), fmt(x.warmupMs, 0), fmt(x.afterWarmup.rss_mb, 0), fmt(x.afterWarmup.peak_rss_mb, 0),
  ]);
  const m = startupMedians(r);
  const warmDone = r.runs.map((x) => warmDoneMs(x.log)).filter((x): x is number => x !== undefined);
  return [
    'ready: spawn of `node dist/server.mjs` (the bundle `npm start` runs) to the first 200 from /readyz, polled every 5 ms.',
    'modules: Node starting and loading the bundle, to the start of main() (the server\'s own clock). main: the server\'s startup_ms',
    '(config, dataset load and validation, indexes, access control, listen). warm done: when the server\'s own cache warm-up ended',
    '(modules + main + warm_ms); it runs after listening and yields between calls, so /readyz and requests are answered during it.',
    'warm busy: the time its calls took. RSS from /proc/<pid>/status (VmRSS; peak VmHWM). our warm-up: every registry example once',
    'over REST and once over MCP, after the server\'s own.',
    '',
    renderTable(['run', 'ready ms', 'modules ms', 'main ms', 'warm done ms', 'warm busy ms', 'RSS at ready MB', 'our warm-up ms', 'RSS after warm-up MB', 'peak RSS MB'], rows),
    '',
    `Median: ready in ${fmt(m.readyMs, 0)} ms; server warm-up done at ${warmDone.length ? fmt(median(warmDone), 0) : '-'} ms; ${fmt(m.rssAfterWarmup, 0)} MB resident after warm-up.`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  process.stdout.write(`${formatStartup(await runStartup(Number(process.argv[2] ?? 5)))}\n`);
}
