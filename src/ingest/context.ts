// The ingest's working state shared by its steps: the matcher, reviewed tables and the report being written.
import type { AdapterResult, IngestIssue } from '../sources/types.ts';
import type { Matcher } from './matcher.ts';

export type Unmatched = { source: string; source_id: string; what: string; why: string };

export type BuildReport = {
  issues: IngestIssue[];
  unmatched: Unmatched[];
  /** How each canonical model came to exist: rule -> count. */
  created: Record<string, number>;
  /** How source ids matched: rule -> count. */
  matchedBy: Record<string, number>;
  notes: string[];
};

export type IngestContext = {
  matcher: Matcher;
  report: BuildReport;
  /** Developer id for an organisation name, from the reviewed developer table. */
  resolveDeveloper(name: string): string | undefined;
  /** Canonical ids that are not language models (data/curated/not-language-models.csv): no rule creates them. */
  notLanguageModels?: ReadonlySet<string>;
};

export function newReport(): BuildReport {
  return { issues: [], unmatched: [], created: {}, matchedBy: {}, notes: [] };
}

export function count(rec: Record<string, number>, key: string, n = 1): void {
  rec[key] = (rec[key] ?? 0) + n;
}

export function allOf<K extends keyof AdapterResult>(results: readonly AdapterResult[], key: K): NonNullable<AdapterResult[K]> {
  const out: unknown[] = [];
  for (const r of results) {
    const v = r[key];
    if (Array.isArray(v)) for (const x of v) out.push(x);
  }
  return out as NonNullable<AdapterResult[K]>;
}
