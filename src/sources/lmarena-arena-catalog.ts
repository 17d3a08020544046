// Adapter for LMArena's arena-catalog repository: current text, style-control and vision ratings per category,
// the models of its price scatterplot, and the rating history across the repository's commits.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Leaderboard } from '../schema/index.ts';
import { readCatalogHistory } from './lmarena-arena-catalog-history.ts';
import { categorySlug, licenceText } from './lmarena-format.ts';
import { compact, lmarenaSource, ModelCollector, newest, snapshotDate, readJsonFile, snapshotMissing, zodIssue } from './lmarena-read.ts';
import type { Adapter, AdapterResult, IngestIssue, RatingObservation } from './types.ts';

const SOURCE = 'lmarena-arena-catalog';
const DIR = 'lmarena-arena-catalog';
const HISTORY_FILE = 'ratings_history_long.csv.gz';

/**
 * The leaderboard files read for current ratings. `leaderboard-image.json` (text-to-image) is not read:
 * it rates image generators, which this service does not cover.
 */
const LEADERBOARD_FILES: Array<[string, Leaderboard]> = [
  ['leaderboard-text.json', 'text'],
  ['leaderboard-text-style-control.json', 'text_style_control'],
  ['leaderboard-vision.json', 'vision'],
];

const LeaderboardFile = z.record(z.string(), z.record(z.string(), z.unknown()));

/** One model in one category. The files carry no vote counts, so the observations have none. */
const Entry = z
  .object({
    rating: z.number({ error: 'not a number' }).finite(),
    rating_q025: z.number({ error: 'not a number' }).finite(),
    rating_q975: z.number({ error: 'not a number' }).finite(),
  })
  .refine((e) => e.rating_q025 <= e.rating_q975, { path: ['rating_q025'], message: 'rating_q025 is above rating_q975' })
  .refine((e) => e.rating_q025 <= e.rating && e.rating <= e.rating_q975, {
    path: ['rating'],
    message: 'rating lies outside [rating_q025, rating_q975]',
  });

const ScatterRow = z.object({
  name: z.string().trim().min(1).optional(),
  model_api_name: z.string().trim().min(1, 'a model name is required'),
  organization: z.string().nullish(),
  license: z.string().nullish(),
  model_source: z.string().nullish(),
});

function readLeaderboard(file: string, rel: string, leaderboard: Leaderboard, as_of: string, issues: IngestIssue[]): RatingObservation[] {
  const json = readJsonFile(SOURCE, file, rel, issues);
  if (json === undefined) return [];
  const shape = LeaderboardFile.safeParse(json);
  if (!shape.success) {
    issues.push(zodIssue(SOURCE, rel, '(file)', shape.error));
    return [];
  }
  const ratings: RatingObservation[] = [];
  for (const [rawCategory, entries] of Object.entries(shape.data)) {
    const category = categorySlug(rawCategory);
    for (const [model, raw] of Object.entries(entries)) {
      const parsed = Entry.safeParse(raw);
      if (!parsed.success) {
        issues.push(zodIssue(SOURCE, rel, `${rawCategory}/${model}`, parsed.error));
        continue;
      }
      const e = parsed.data;
      ratings.push({
        source: SOURCE, source_model_id: model, leaderboard, category,
        rating: e.rating, rating_lower: e.rating_q025, rating_upper: e.rating_q975, as_of,
      });
    }
  }
  return ratings;
}

function isUrl(s: string | null | undefined): s is string {
  return typeof s === 'string' && z.string().url().safeParse(s).success;
}

/** The price scatterplot names each model with its display name, organisation and licence. */
function readScatterplot(file: string, rel: string, as_of: string, models: ModelCollector, issues: IngestIssue[]): void {
  const json = readJsonFile(SOURCE, file, rel, issues);
  if (json === undefined) return;
  if (!Array.isArray(json)) {
    issues.push({ source: SOURCE, file: rel, row: '(file)', message: 'expected an array of models' });
    return;
  }
  json.forEach((raw, index) => {
    const parsed = ScatterRow.safeParse(raw);
    if (!parsed.success) {
      issues.push(zodIssue(SOURCE, rel, `[${index}]`, parsed.error));
      return;
    }
    const r = parsed.data;
    const organization = r.organization?.trim();
    models.add(
      compact({
        source: SOURCE,
        source_model_id: r.model_api_name,
        name: r.name,
        vendor_hint: organization || undefined,
        licence_text: licenceText(r.license),
        url: isUrl(r.model_source) ? r.model_source : undefined,
        as_of,
      }),
    );
  });
}

export const lmarenaArenaCatalog: Adapter = {
  id: SOURCE,
  async read(roots): Promise<AdapterResult> {
    const dir = path.join(roots.sources, DIR);
    if (!existsSync(dir)) {
      return snapshotMissing(SOURCE, DIR, 'folder');
    }
    const issues: IngestIssue[] = [];
    const historyPath = path.join(dir, HISTORY_FILE);
    const { history, issues: historyIssues } = existsSync(historyPath)
      ? await readCatalogHistory(historyPath, `${DIR}/${HISTORY_FILE}`, SOURCE)
      : { history: [], issues: [] };
    issues.push(...historyIssues);

    // The current files are as of the snapshot's HEAD commit; without its note, the newest history commit.
    const as_of = snapshotDate(dir, ['SOURCE.txt']) ?? newest(history.map((h) => h.date));
    if (as_of === undefined) {
      issues.push({ source: SOURCE, file: `${DIR}/SOURCE.txt`, row: '(file)', message: 'no snapshot date: current ratings not read' });
      return { sources: [], history, issues };
    }
    const ratings: RatingObservation[] = [];
    for (const [name, leaderboard] of LEADERBOARD_FILES) {
      const file = path.join(dir, name);
      if (existsSync(file)) ratings.push(...readLeaderboard(file, `${DIR}/${name}`, leaderboard, as_of, issues));
    }
    const models = new ModelCollector();
    const scatter = path.join(dir, 'scatterplot-data.json');
    if (existsSync(scatter)) readScatterplot(scatter, `${DIR}/scatterplot-data.json`, as_of, models, issues);

    const sources = [
      lmarenaSource({
        id: SOURCE,
        name: 'LMArena arena-catalog repository',
        url: 'https://github.com/lmarena/arena-catalog',
        licence: 'No licence file in the repository; data by LMArena (attribute "LMArena")',
        retrieved: as_of,
        covers: 'Text, text (style control) and vision ratings per category with 95% intervals (no vote counts); rating history 2025-01..12',
      }),
    ];
    return { sources, models: models.values(), ratings, history, issues };
  },
};
