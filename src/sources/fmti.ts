// Adapter for the Stanford Foundation Model Transparency Index: scores per edition and the Dec 2025 indicators.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Source } from '../schema/index.ts';
import { parseCsv, zodIssues, type CsvRow } from './curated.ts';
import type { Adapter, AdapterResult, DeveloperObservation, IngestIssue, SourceRoots } from './types.ts';

const FOLDER = 'fmti';
const SOURCE_ID = 'fmti';

/**
 * Editions and the date each speaks for. Dec 2025 is dated by the commit that published it (HEAD_COMMIT.txt,
 * 2025-12-09); the folders of the two earlier editions name only a month, so they are dated the 1st of it.
 */
type Edition = { edition: string; file: string; as_of?: string };
const EDITIONS: Edition[] = [
  { edition: 'Oct 2023', file: 'October2023/October2023_scores.csv', as_of: '2023-10-01' },
  { edition: 'May 2024', file: 'May2024/May2024_scores.csv', as_of: '2024-05-01' },
  { edition: 'Dec 2025', file: 'Dec2025/Dec2025_scores.csv' },
];
const REPORTS_DIR = 'Dec2025/reports';
const REPORT_SUFFIX = '_fmtransparencyreport_Dec2025.csv';
const INDICATORS_FILE = 'Dec2025/Dec2025_indicators.csv';
/** Long justifications are cut at a word boundary near this length: enough to say why, short enough to serve. */
const JUSTIFICATION_MAX = 300;

export const FMTI_ATTRIBUTION = 'Foundation Model Transparency Index, Stanford CRFM, CC BY 4.0';

function fmtiSource(retrieved: string): Source {
  return {
    id: SOURCE_ID,
    name: 'Foundation Model Transparency Index (Stanford CRFM)',
    url: 'https://crfm.stanford.edu/fmti/',
    licence: 'CC BY 4.0',
    // LICENSE.md in the repository is the text of Creative Commons Attribution 4.0 International, published here.
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
    kind: 'index',
    retrieved,
    attribution: FMTI_ATTRIBUTION,
    covers:
      'transparency score per developer (Oct 2023, May 2024, Dec 2025; Dec 2025 total = the sum of its 100 binary ' +
      'indicators, as the index defines it) and the Dec 2025 indicator scores with justifications',
    counts_for_data_as_of: true,
  };
}

export function truncateJustification(text: string, max = JUSTIFICATION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

const Binary = z.enum(['0', '1'], { message: 'a score of 0 or 1' }).transform((s) => (s === '1' ? 1 : 0) as 0 | 1);
const Total = z.coerce.number().min(0).max(100);

/** The score columns are the developers: every column except the index's own descriptive ones. */
const NON_DEVELOPER_COLUMNS = new Set(['Domain', 'Subdomain', 'Indicator', 'Total']);

/**
 * Oct 2023 and May 2024 carry a `Total` row; Dec 2025 has none, and its score is the number of indicators met
 * (100 indicators, one point each). Where a Total row exists it is used and checked against the sum.
 */
function readScores(rows: CsvRow[], ed: Edition, asOf: string): { developers: DeveloperObservation[]; issues: IngestIssue[] } {
  const issues: IngestIssue[] = [];
  const developers: DeveloperObservation[] = [];
  if (rows.length === 0) return { developers, issues: [{ source: SOURCE_ID, file: ed.file, row: 'header', message: 'no rows' }] };
  const columns = Object.keys(rows[0].record).filter((c) => !NON_DEVELOPER_COLUMNS.has(c.trim()) && c.trim() !== '');
  const totalRow = rows.find((r) => r.record.Indicator?.trim() === 'Total');
  const indicatorRows = rows.filter((r) => r !== totalRow);
  for (const column of columns) {
    const name = column.trim();
    let sum = 0;
    let bad = false;
    for (const r of indicatorRows) {
      const parsed = Binary.safeParse(r.record[column]);
      if (parsed.success) sum += parsed.data;
      else {
        bad = true;
        issues.push(...zodIssues(SOURCE_ID, ed.file, `${r.record.Indicator} (line ${r.line})`, prefix(parsed.error, name)));
      }
    }
    let score = sum;
    if (totalRow) {
      const total = Total.safeParse(totalRow.record[column]);
      if (!total.success) {
        issues.push(...zodIssues(SOURCE_ID, ed.file, `Total (line ${totalRow.line})`, prefix(total.error, name)));
        continue;
      }
      if (!bad && total.data !== sum) {
        issues.push({ source: SOURCE_ID, file: ed.file, row: 'Total', field: name, message: `Total ${total.data} differs from the sum of indicators ${sum}; the published Total is kept` });
      }
      score = total.data;
    } else if (bad) continue; // without a Total row a missing indicator would understate the score
    developers.push({ source: SOURCE_ID, name, as_of: asOf, fmti_score: { edition: ed.edition, score } });
  }
  return { developers, issues };
}

/** The same problems, reported against the developer's column. */
function prefix(error: z.ZodError, field: string): z.ZodError {
  return new z.ZodError(error.issues.map((i) => ({ ...i, path: [field, ...i.path] })));
}

const ReportRow = z.object({
  Indicator: z.string().min(1),
  Justification: z.string().default(''),
  Score: Binary,
});

async function readReports(
  dir: string,
  indicatorNames: Set<string>,
): Promise<{ byDeveloper: Map<string, DeveloperObservation['fmti_indicators']>; issues: IngestIssue[] }> {
  const issues: IngestIssue[] = [];
  const byDeveloper = new Map<string, NonNullable<DeveloperObservation['fmti_indicators']>>();
  const files = (await readdir(path.join(dir, REPORTS_DIR))).filter((f) => f.endsWith(REPORT_SUFFIX)).sort();
  for (const f of files) {
    const file = `${REPORTS_DIR}/${f}`;
    // File names write spaces as underscores (`AI21_Labs`); the score tables write `AI21 Labs`.
    const developer = f.slice(0, -REPORT_SUFFIX.length).replace(/_/g, ' ');
    const indicators: NonNullable<DeveloperObservation['fmti_indicators']> = {};
    for (const r of parseCsv(await readFile(path.join(dir, file), 'utf8'))) {
      const parsed = ReportRow.safeParse(r.record);
      const row = `${r.record.Indicator ?? ''} (line ${r.line})`;
      if (!parsed.success) {
        issues.push(...zodIssues(SOURCE_ID, file, row, parsed.error));
        continue;
      }
      const name = parsed.data.Indicator;
      if (!indicatorNames.has(name)) {
        issues.push({ source: SOURCE_ID, file, row, field: 'Indicator', message: `not an indicator of ${INDICATORS_FILE}: ${JSON.stringify(name)}` });
        continue;
      }
      const justification = truncateJustification(parsed.data.Justification);
      indicators[name] = { score: parsed.data.Score, ...(justification ? { justification } : {}) };
    }
    byDeveloper.set(developer, indicators);
  }
  return { byDeveloper, issues };
}

async function headCommitDate(dir: string): Promise<string> {
  const text = await readFile(path.join(dir, 'HEAD_COMMIT.txt'), 'utf8');
  const m = /\b(\d{4}-\d{2}-\d{2})T/.exec(text);
  if (!m) throw new Error(`${path.join(dir, 'HEAD_COMMIT.txt')}: no commit date found`);
  return m[1];
}

export const fmti: Adapter = {
  id: SOURCE_ID,
  async read(roots: SourceRoots): Promise<AdapterResult> {
    const dir = path.join(roots.sources, FOLDER);
    const dec2025 = await headCommitDate(dir);
    const issues: IngestIssue[] = [];
    const developers: DeveloperObservation[] = [];
    for (const ed of EDITIONS) {
      const rows = parseCsv(await readFile(path.join(dir, ed.file), 'utf8'));
      const res = readScores(rows, ed, ed.as_of ?? dec2025);
      developers.push(...res.developers);
      issues.push(...res.issues);
    }
    const indicatorNames = new Set(parseCsv(await readFile(path.join(dir, INDICATORS_FILE), 'utf8')).map((r) => r.record.Indicator?.trim() ?? ''));
    const reports = await readReports(dir, indicatorNames);
    issues.push(...reports.issues);
    // Indicators join the Dec 2025 score observation of the same developer; a report without one stands alone.
    for (const [name, indicators] of reports.byDeveloper) {
      const scoreObs = developers.find((d) => d.name === name && d.fmti_score?.edition === 'Dec 2025');
      if (scoreObs) scoreObs.fmti_indicators = indicators;
      else developers.push({ source: SOURCE_ID, name, as_of: dec2025, fmti_indicators: indicators });
    }
    return { sources: [fmtiSource(dec2025)], developers, issues };
  },
};
