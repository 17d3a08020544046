// The cold budgets: every operation's cold p99 in process, cold throughput against the cached sheet, a flat soak.
import type { BudgetLine, Reports } from './budgets.ts';
import { coldVsCached } from './cold-load.ts';
import { fmt } from './lib/table.ts';

/** Cold p99 in process, every operation, at any valid input (stream and extremes). */
export const COLD_P99_MS = 2;
/** Cold models_for_hardware and estimate_cost against the cached model sheet, REST, same run. */
export const COLD_SHARE_OF_CACHED = 0.5;
/** Resident memory may grow this much over the soak before it counts as not flat (the response cache fills first). */
export const SOAK_GROWTH_MB = 32;

export function coldBudgets(r: Reports): BudgetLine[] {
  const lines: BudgetLine[] = [];
  if (r.coldInProcess) {
    const rows = r.coldInProcess.rows;
    const worst = (x: (typeof rows)[number]) => Math.max(x.roundP99, x.extremesMaxP99 ?? 0);
    const over = rows.filter((x) => worst(x) >= COLD_P99_MS).map((x) => `${x.op} ${fmt(worst(x), 2)}`);
    const w = [...rows].sort((a, b) => worst(b) - worst(a))[0];
    lines.push({
      budget: 'every operation cold in-process, p99 (distinct inputs and extremes)', limit: `< ${COLD_P99_MS} ms`,
      figure: `worst ${fmt(worst(w), 2)} ms (${w.op})${over.length ? `; over: ${over.join(', ')}` : ''}`, met: over.length === 0,
    });
    const cpuOver = rows.filter((x) => x.cpuP99 >= COLD_P99_MS).map((x) => `${x.op} ${fmt(x.cpuP99, 2)}`);
    lines.push({
      budget: 'the same, process CPU time (a shared machine disturbs it less)', limit: `< ${COLD_P99_MS} ms`,
      figure: cpuOver.length ? `over: ${cpuOver.join(', ')}` : 'none over', met: cpuOver.length === 0,
    });
  }
  if (r.coldLoad) {
    for (const op of ['models_for_hardware', 'estimate_cost']) {
      const share = coldVsCached(r.coldLoad, op, 'rest');
      if (share === undefined) continue;
      lines.push({ budget: `cold ${op} (REST) vs the cached model sheet, req/s`, limit: `>= ${fmt(100 * COLD_SHARE_OF_CACHED, 0)}%`, figure: `${fmt(100 * share, 0)}%`, met: share >= COLD_SHARE_OF_CACHED });
    }
    const soak = r.coldLoad.soak;
    if (soak && soak.samples.length >= 3) {
      // From the first sample after the response cache had time to fill (the second) to the end.
      const from = soak.samples[1].rss_mb;
      const to = soak.samples[soak.samples.length - 1].rss_mb;
      lines.push({
        budget: `resident memory over the ${soak.seconds} s cold soak`, limit: `flat (< +${SOAK_GROWTH_MB} MB after ${soak.samples[1].t} s)`,
        figure: `${fmt(soak.samples[0].rss_mb, 0)} -> ${fmt(from, 0)} -> ${fmt(to, 0)} MB`, met: to - from < SOAK_GROWTH_MB,
      });
    }
  }
  return lines;
}
