// Adapter for fboulnois/llm-leaderboard-csv: LMArena's text and vision leaderboards of 2025-08-04 as CSV, with
// display names, licences and knowledge cutoffs, and the overall text rating across 91 leaderboard versions.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Leaderboard } from '../schema/index.ts';
import { dateCell, knowledgeCutoff, licenceText, numberCell, optionalCountCell, parseCi } from './lmarena-format.ts';
import { compact, csvIssue, csvRows, lmarenaSource, ModelCollector, newest, snapshotDate, zodIssue, snapshotMissing } from './lmarena-read.ts';
import type { Adapter, AdapterResult, IngestIssue, RatingHistoryPoint, RatingObservation } from './types.ts';

const SOURCE = 'lmarena-fboulnois';
const DIR = 'lmarena-fboulnois';
const HISTORY_FILE = 'lmarena_text_history_long.csv';

/**
 * `arena_score` is the rating without style control: on 2025-05-23 it equals arena-catalog's `text` rating for
 * every model compared (o3 1409 = 1409, style control 1435). `rank_stylectrl` is only a rank, so no
 * style-control rating is emitted. `lmarena_image-*.csv` (text-to-image) is not read.
 */
const CURRENT_FILE = /^lmarena_(text|vision)-(\d{4}-\d{2}-\d{2})\.csv$/;

/** A "+5/-5" cell: the distances of the 95% interval's bounds from the score. */
const ciCell = z.string().transform((s, ctx) => {
  const ci = parseCi(s);
  if (ci === undefined) {
    ctx.addIssue({ code: 'custom', message: `not an interval like "+5/-5": "${s}"` });
    return z.NEVER;
  }
  return ci;
});

const rankCell = optionalCountCell.pipe(z.number().positive('must be positive').optional());

const common = {
  model: z.string().trim().min(1, 'a model name is required'),
  arena_score: numberCell,
  votes: optionalCountCell,
  rank: rankCell,
  organization: z.string().optional(),
  license: z.string().optional(),
  knowledge_cutoff: z.string().optional(),
  url: z.string().optional(),
};
const CurrentRow = z.object({ ...common, '95_pct_ci': ciCell });
const HistoryRow = z.object({ ...common, ci95: ciCell, leaderboard_date: dateCell, commit: z.string().optional() });

function isUrl(s: string | undefined): s is string {
  return s !== undefined && z.string().url().safeParse(s.trim()).success;
}

function modelOf(r: z.infer<typeof CurrentRow> | z.infer<typeof HistoryRow>, as_of: string) {
  const organization = r.organization?.trim();
  return compact({
    source: SOURCE,
    source_model_id: r.model,
    name: r.model,
    vendor_hint: organization || undefined,
    licence_text: licenceText(r.license),
    knowledge_cutoff: knowledgeCutoff(r.knowledge_cutoff),
    url: isUrl(r.url) ? r.url.trim() : undefined,
    as_of,
  });
}

async function readCurrent(file: string, rel: string, leaderboard: Leaderboard, as_of: string, models: ModelCollector, issues: IngestIssue[]) {
  const ratings: RatingObservation[] = [];
  const seen = new Map<string, number>();
  for await (const { row, record, error } of csvRows(file)) {
    if (error !== undefined) {
      issues.push(csvIssue(SOURCE, rel, row, error));
      continue;
    }
    const parsed = CurrentRow.safeParse(record);
    if (!parsed.success) {
      issues.push(zodIssue(SOURCE, rel, `row ${row}`, parsed.error));
      continue;
    }
    const r = parsed.data;
    const first = seen.get(r.model);
    if (first !== undefined) {
      // Yi-34B-Chat appears twice in the 2025-08-04 text file, identical apart from its rank.
      issues.push({ source: SOURCE, file: rel, row: `row ${row}`, field: 'model', message: `duplicate of row ${first} (${r.model}); kept the first` });
      continue;
    }
    seen.set(r.model, row);
    const ci = r['95_pct_ci'];
    ratings.push(
      compact({
        source: SOURCE,
        source_model_id: r.model,
        organization: r.organization?.trim() || undefined,
        licence_text: licenceText(r.license),
        leaderboard,
        category: 'overall',
        rating: r.arena_score,
        rating_lower: r.arena_score - ci.minus,
        rating_upper: r.arena_score + ci.plus,
        votes: r.votes,
        rank: r.rank,
        as_of,
      }),
    );
    models.add(modelOf(r, as_of));
  }
  return ratings;
}

async function readHistory(file: string, rel: string, models: ModelCollector, issues: IngestIssue[]) {
  const history: RatingHistoryPoint[] = [];
  const seen = new Set<string>();
  for await (const { row, record, error } of csvRows(file)) {
    if (error !== undefined) {
      issues.push(csvIssue(SOURCE, rel, row, error));
      continue;
    }
    const parsed = HistoryRow.safeParse(record);
    if (!parsed.success) {
      issues.push(zodIssue(SOURCE, rel, `row ${row}`, parsed.error));
      continue;
    }
    const r = parsed.data;
    const key = `${r.model}|${r.leaderboard_date}`;
    if (seen.has(key)) {
      issues.push({ source: SOURCE, file: rel, row: `row ${row}`, field: 'model', message: `second row for ${r.model} on ${r.leaderboard_date}; kept the first` });
      continue;
    }
    seen.add(key);
    const commit = r.commit?.trim();
    history.push({
      source: SOURCE,
      source_model_id: r.model,
      leaderboard: 'text',
      category: 'overall',
      date: r.leaderboard_date,
      rating: r.arena_score,
      ...(commit ? { commit } : {}),
    });
    models.add(modelOf(r, r.leaderboard_date));
  }
  return history;
}

export const lmarenaFboulnois: Adapter = {
  id: SOURCE,
  async read(roots): Promise<AdapterResult> {
    const dir = path.join(roots.sources, DIR);
    if (!existsSync(dir)) {
      return snapshotMissing(SOURCE, DIR, 'folder');
    }
    const issues: IngestIssue[] = [];
    const models = new ModelCollector();
    const ratings: RatingObservation[] = [];
    for (const name of readdirSync(dir).sort()) {
      const m = CURRENT_FILE.exec(name);
      if (m) ratings.push(...(await readCurrent(path.join(dir, name), `${DIR}/${name}`, m[1] as Leaderboard, m[2], models, issues)));
    }
    const historyPath = path.join(dir, HISTORY_FILE);
    const history = existsSync(historyPath) ? await readHistory(historyPath, `${DIR}/${HISTORY_FILE}`, models, issues) : [];

    const retrieved = snapshotDate(dir, ['SOURCE.txt']) ?? newest([...ratings.map((r) => r.as_of), ...history.map((h) => h.date)]);
    const sources =
      retrieved === undefined
        ? []
        : [
            lmarenaSource({
              id: SOURCE,
              name: 'LMArena leaderboard CSVs (fboulnois/llm-leaderboard-csv)',
              url: 'https://github.com/fboulnois/llm-leaderboard-csv',
              licence: 'Leaderboard data by LMArena (attribute "LMArena"); repository MPL-2.0',
              retrieved,
              covers: 'Text and vision leaderboards of 2025-08-04 with votes, licences and knowledge cutoffs; overall text rating history 2024-07..2025-08',
            }),
          ];
    return { sources, models: models.values(), ratings, history, issues };
  },
};
