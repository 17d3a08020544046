// Adapter for nakasyou/lmarena-history: the overall text rating of every model at each leaderboard date
// 2023-05..2025-02, one column per model and one row per date, as rating history points.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { toIsoDate } from './lmarena-format.ts';
import { csvArrays, csvIssue, lmarenaSource, newest, snapshotDate, snapshotMissing } from './lmarena-read.ts';
import type { Adapter, AdapterResult, IngestIssue, RatingHistoryPoint } from './types.ts';

const SOURCE = 'lmarena-history';
const DIR = 'lmarena-history-nakasyou';
const FILE = 'result.csv';

/**
 * The ratings are LMArena's default text view of the time, without style control: on 2025-02-17 they match
 * fboulnois' `arena_score` (deepseek-r1 1361 = 1361, qwen2.5-max 1332 = 1332).
 */
const LEADERBOARD = 'text' as const;

/**
 * Read the wide file. Its first column is the leaderboard date (YYYYMMDD), every other column a model.
 * A 0.0 cell means the model was not on that leaderboard: skipped, not a point. A cell that is not a
 * positive number is an issue naming the date row and the model column.
 */
async function readWide(file: string, rel: string, issues: IngestIssue[]): Promise<RatingHistoryPoint[]> {
  const history: RatingHistoryPoint[] = [];
  let models: string[] | undefined;
  let row = 0;
  for await (const cells of csvArrays(file)) {
    if (!Array.isArray(cells)) {
      row += 1;
      issues.push(csvIssue(SOURCE, rel, row, cells.error));
      continue;
    }
    if (models === undefined) {
      models = cells.map((h) => h.trim());
      const seen = new Set<string>();
      for (let i = 1; i < models.length; i++) {
        const m = models[i];
        if (m === '' || seen.has(m)) {
          issues.push({ source: SOURCE, file: rel, row: 'header', field: `column ${i + 1}`, message: m === '' ? 'a column with no model name: skipped' : `second column for ${m}: skipped` });
          models[i] = '';
        }
        seen.add(m);
      }
      continue;
    }
    row += 1;
    const date = toIsoDate(cells[0] ?? '');
    if (date === undefined) {
      issues.push({ source: SOURCE, file: rel, row: `row ${row}`, field: models[0] || 'date', message: `not a date: "${cells[0] ?? ''}"` });
      continue;
    }
    for (let i = 1; i < Math.min(cells.length, models.length); i++) {
      const model = models[i];
      const text = cells[i].trim();
      if (model === '' || text === '') continue;
      const rating = Number(text);
      if (rating === 0) continue;
      if (!Number.isFinite(rating) || rating < 0) {
        issues.push({ source: SOURCE, file: rel, row: `row ${row} (${date})`, field: model, message: `not a rating: "${text}"` });
        continue;
      }
      history.push({ source: SOURCE, source_model_id: model, leaderboard: LEADERBOARD, category: 'overall', date, rating });
    }
  }
  return history;
}

export const lmarenaHistory: Adapter = {
  id: SOURCE,
  async read(roots): Promise<AdapterResult> {
    const dir = path.join(roots.sources, DIR);
    const file = path.join(dir, FILE);
    if (!existsSync(file)) {
      return snapshotMissing(SOURCE, `${DIR}/${FILE}`, 'file');
    }
    const issues: IngestIssue[] = [];
    const history = await readWide(file, `${DIR}/${FILE}`, issues);
    const retrieved = snapshotDate(dir, ['SOURCE.txt']) ?? newest(history.map((h) => h.date));
    const sources =
      retrieved === undefined
        ? []
        : [
            lmarenaSource({
              id: SOURCE,
              name: 'LMArena rating history (nakasyou/lmarena-history)',
              url: 'https://github.com/nakasyou/lmarena-history',
              licence: 'Repository MIT; data by LMArena (attribute "LMArena")',
              retrieved,
              covers: 'Overall text rating of every model at each leaderboard date, 2023-05..2025-02',
            }),
          ];
    return { sources, history, issues };
  },
};
