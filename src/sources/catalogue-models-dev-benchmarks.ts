// models.dev `[[benchmarks]]` tables of a models/ file: the upstream shape, checks, translation to observations.
import { z } from 'zod';
import { IsoDate, issueAt, type Where } from './catalogue-util.ts';
import type { BenchmarkObservation, IngestIssue } from './types.ts';

const Text = z.string().trim().min(1);

/**
 * One `[[benchmarks]]` table as models.dev writes it. `source` is the page that reports the score; `date`, when
 * present, the day that page reported it. Strict: an unknown key is reported rather than silently lost.
 * `metric` is required here although models.dev lets it out: a score without what it counts is not served.
 */
const BenchmarkToml = z.strictObject({
  name: Text,
  score: z.number({ error: 'a score must be a number' }).finite().nonnegative('a score cannot be negative'),
  metric: Text.optional(),
  source: z.url({ error: 'source must be the URL of the page that reports the score' }),
  date: IsoDate.optional(),
  harness: Text.optional(),
  variant: Text.optional(),
  dataset: Text.optional(),
  version: Text.optional(),
});

/** Metrics that are a share of tasks (`percent correct`, `pass@1`, `resolve rate`, `resolved`): 0 to 100. */
const PERCENT_METRIC = /percent|rate|pass@|resolved/i;

/**
 * Read a model file's `[[benchmarks]]` array. A malformed entry, a score without a metric, a percentage above 100
 * or a date after the snapshot's are issues (source, file, row = the model file, field = `benchmarks[i]...`) and
 * stay out; the others are kept in file order.
 */
export function readBenchmarks(raw: unknown, snapshotDate: string, where: Where, issues: IngestIssue[]): BenchmarkObservation[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) {
    issues.push(issueAt(where, 'benchmarks must be an array of tables ([[benchmarks]])', 'benchmarks'));
    return undefined;
  }
  const out: BenchmarkObservation[] = [];
  raw.forEach((entry, i) => {
    const field = `benchmarks[${i}]`;
    const parsed = BenchmarkToml.safeParse(entry);
    if (!parsed.success) {
      for (const e of parsed.error.issues) issues.push(issueAt(where, `${e.message}: benchmark left out`, [field, ...e.path.map(String)].join('.')));
      return;
    }
    const b = parsed.data;
    if (b.metric === undefined) {
      issues.push(issueAt(where, `${b.name} ${b.score}: no metric says what the score counts: benchmark left out`, `${field}.metric`));
      return;
    }
    if (PERCENT_METRIC.test(b.metric) && b.score > 100) {
      issues.push(issueAt(where, `${b.name}: ${b.score} is not a ${b.metric} (0 to 100): benchmark left out`, `${field}.score`));
      return;
    }
    if (b.date !== undefined && b.date > snapshotDate) {
      issues.push(issueAt(where, `${b.name}: dated ${b.date}, after the snapshot (${snapshotDate}): benchmark left out`, `${field}.date`));
      return;
    }
    const obs: BenchmarkObservation = { name: b.name, score: b.score, metric: b.metric, url: b.source };
    for (const k of ['harness', 'variant', 'dataset', 'version', 'date'] as const) if (b[k] !== undefined) obs[k] = b[k];
    out.push(obs);
  });
  return out.length > 0 ? out : undefined;
}
