// DESIGN.md section 12 (and issue 7 point 3): each budget, the figure this run measured for it, and whether it is met.
import { coldBudgets } from './cold-budgets.ts';
import type { ColdInProcessReport } from './cold-in-process.ts';
import type { ColdLoadReport } from './cold-load.ts';
import type { InProcessReport } from './in-process.ts';
import { latencyBudget, latencyFailures } from './latency.ts';
import { rpsOf, type LoadReport } from './load.ts';
import { fmt, renderTable } from './lib/table.ts';
import { isSuperLinear, overRule, probeIndexed, RATIO_FLOOR_MS, type ScaleReport } from './scale.ts';
import { startupMedians, type StartupReport } from './startup.ts';
import { loadTargets } from './targets.ts';

export type Reports = {
  load?: LoadReport; startup?: StartupReport; inProcess?: InProcessReport; scale?: ScaleReport;
  coldInProcess?: ColdInProcessReport; coldLoad?: ColdLoadReport;
};

/** `met` undefined: not run, or (with `verdict`) run but not judgeable, the verdict saying so. */
export type BudgetLine = { budget: string; limit: string; figure: string; met: boolean | undefined; verdict?: string };

export function evaluateBudgets(r: Reports): BudgetLine[] {
  const lines: BudgetLine[] = [];
  const targets = loadTargets();
  // The model sheet is the first target (the budgets name it); the MCP target is the one POSTed to /mcp.
  const sheet = targets[0];
  const mcp = targets.find((t) => t.path === '/mcp')!;
  if (r.load) {
    const svc = r.load.rows.find((x) => x.target === sheet.name && x.server === 'service')!.result;
    const share = svc.rps / rpsOf(r.load, sheet.name, 'ceiling')!;
    lines.push({ budget: 'GET /models/{id}: throughput vs plain node:http', limit: '>= 60%', figure: `${fmt(100 * share, 0)}%`, met: share >= 0.6 });
    // Judged at a fixed offered rate: at saturation the latency is set by the throughput (Little's law).
    lines.push(latencyBudget(r.load.latency, svc.p99));
    const x = rpsOf(r.load, mcp.name, 'service')! / rpsOf(r.load, mcp.name, 'naive-sdk')!;
    lines.push({ budget: 'MCP tools/call get_model vs naive SDK', limit: '>= 4x', figure: `${fmt(x, 1)}x`, met: x >= 4 });
    const failed = r.load.rows.reduce((n, row) => n + row.result.non2xx + row.result.errors + row.result.timeouts, 0) + latencyFailures(r.load.latency);
    lines.push({ budget: 'load runs answered without errors (non-2xx, socket errors, timeouts)', limit: '0', figure: String(failed), met: failed === 0 });
  }
  if (r.inProcess) {
    const worst = [...r.inProcess.rows].sort((a, b) => b.served.p99 - a.served.p99)[0];
    const over = r.inProcess.rows.filter((x) => x.served.p99 >= 5).map((x) => x.op);
    lines.push({
      budget: 'every operation in-process, p99 (served path, caches warm)', limit: '< 5 ms',
      figure: `worst ${fmt(worst.served.p99, 2)} ms (${worst.op})${over.length ? `; over: ${over.join(', ')}` : ''}`, met: over.length === 0,
    });
  }
  if (r.startup) {
    const m = startupMedians(r.startup);
    lines.push({ budget: 'start-up, spawn to /readyz 200 (median)', limit: '< 1.5 s', figure: `${fmt(m.readyMs / 1000, 2)} s`, met: m.readyMs < 1500 });
    lines.push({ budget: 'resident memory after warm-up (median)', limit: '< 300 MB', figure: `${fmt(m.rssAfterWarmup, 0)} MB`, met: m.rssAfterWarmup < 300 });
  }
  if (r.load) {
    const rss = r.load.serviceMemoryAfterLoad.rss_mb;
    lines.push({ budget: 'resident memory after the load runs', limit: '< 300 MB', figure: `${fmt(rss, 0)} MB`, met: rss < 300 });
  }
  lines.push(...coldBudgets(r));
  if (r.scale) {
    const n = r.scale.options.factor;
    const over = r.scale.rows.filter((row) => overRule(row, n)).map((row) => row.label);
    lines.push({ budget: `operations over ${1.5 * n}x at ${n}x the data (the issue's rule)`, limit: 'none', figure: over.length ? over.join(', ') : 'none', met: over.length === 0 });
    const worse = r.scale.rows.filter((row) => isSuperLinear(row, r.scale!)).map((row) => row.label);
    lines.push({
      budget: 'operations growing > 1.5x faster than a plain linear pass', limit: `<= ${fmt(1.5 * Math.max(n, r.scale.referenceRatio), 1)}x`,
      figure: worse.length ? worse.join(', ') : 'none', met: worse.length === 0,
    });
    const probe = probeIndexed(r.scale);
    lines.push({ budget: 'search stays indexed (no-match probe)', limit: 'ratio <= 3x', figure: probe.ratio === undefined ? `< ${RATIO_FLOOR_MS} ms at ${n}x` : `${fmt(probe.ratio, 1)}x`, met: probe.indexed });
  }
  return lines;
}

export function formatBudgets(lines: readonly BudgetLine[]): string {
  return renderTable(['budget', 'limit', 'this run', 'verdict'], lines.map((l) => [l.budget, l.limit, l.figure, l.verdict ?? (l.met === undefined ? 'not run' : l.met ? 'met' : 'MISSED')]));
}
