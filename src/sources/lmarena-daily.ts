// Adapter for LMArena's Hugging Face leaderboard dataset (2026 snapshot): current ratings per leaderboard and
// category, the models they name, and the daily overall text history.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { Leaderboard } from '../schema/index.ts';
import { readDailyHistory } from './lmarena-daily-history.ts';
import { categorySlug, dateCell, licenceText } from './lmarena-format.ts';
import { compact, lmarenaSource, ModelCollector, newest, snapshotDate, readJsonFile, snapshotMissing, zodIssue } from './lmarena-read.ts';
import type { Adapter, AdapterResult, IngestIssue, RatingObservation } from './types.ts';

const SOURCE = 'lmarena';
const DIR = 'lmarena-daily-2026';
const HF_FILE = /^lmarena-hf-([a-z_]+)-(\d{4}-\d{2}-\d{2})\.json$/;
const DAILY_FILE = 'text_overall_daily.csv.gz';

const HfMeta = z.object({
  subset: z.string().optional(),
  leaderboard_publish_date: dateCell,
});

const HfRow = z
  .object({
    category: z.string().trim().min(1, 'a category is required'),
    rank: z.number().int('a whole number').positive().nullish(),
    model_name: z.string().trim().min(1, 'a model name is required'),
    organization: z.string().nullish(),
    license: z.string().nullish(),
    rating: z.number({ error: 'not a number' }).finite(),
    rating_lower: z.number({ error: 'not a number' }).finite(),
    rating_upper: z.number({ error: 'not a number' }).finite(),
    vote_count: z.number({ error: 'not a number' }).int('a whole number').nonnegative('must not be negative'),
  })
  .refine((r) => r.rating_lower <= r.rating_upper, { path: ['rating_lower'], message: 'rating_lower is above rating_upper' })
  .refine((r) => r.rating_lower <= r.rating && r.rating <= r.rating_upper, {
    path: ['rating'],
    message: 'rating lies outside [rating_lower, rating_upper]',
  });
type HfRow = z.infer<typeof HfRow>;

const HfFile = z.object({ meta: HfMeta, rows: z.array(z.unknown()) });

/** Read one `lmarena-hf-<subset>-<date>.json` into rating observations and models. */
function readHfFile(file: string, rel: string, subsetFromName: string, models: ModelCollector, issues: IngestIssue[]): RatingObservation[] {
  const json = readJsonFile(SOURCE, file, rel, issues);
  if (json === undefined) return [];
  const shape = HfFile.safeParse(json);
  if (!shape.success) {
    issues.push(zodIssue(SOURCE, rel, '(file)', shape.error));
    return [];
  }
  const leaderboard = Leaderboard.safeParse(shape.data.meta.subset ?? subsetFromName);
  if (!leaderboard.success) {
    issues.push({ source: SOURCE, file: rel, row: 'meta', field: 'subset', message: `not a known leaderboard: "${shape.data.meta.subset}"` });
    return [];
  }
  const as_of = shape.data.meta.leaderboard_publish_date;
  const ratings: RatingObservation[] = [];
  const seen = new Map<string, number>();
  /** The webdev file repeats its `overall` rows as category `webdev`; such a copy adds nothing. */
  const overall = new Map<string, HfRow>();
  const sameAsLeaderboard: Array<{ index: number; row: HfRow }> = [];

  shape.data.rows.forEach((raw, index) => {
    const parsed = HfRow.safeParse(raw);
    if (!parsed.success) {
      issues.push(zodIssue(SOURCE, rel, `rows[${index}]`, parsed.error));
      return;
    }
    const row = parsed.data;
    const category = categorySlug(row.category);
    const key = `${category}|${row.model_name}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({ source: SOURCE, file: rel, row: `rows[${index}]`, field: 'model_name', message: `duplicate of rows[${first}] (${row.model_name}, ${category}); kept the first` });
      return;
    }
    seen.set(key, index);
    if (category === 'overall') overall.set(row.model_name, row);
    if (category === leaderboard.data) {
      sameAsLeaderboard.push({ index, row });
      return;
    }
    ratings.push(toRating(row, leaderboard.data, category, as_of));
    const organization = row.organization?.trim();
    models.add(
      compact({ source: SOURCE, source_model_id: row.model_name, vendor_hint: organization || undefined, licence_text: licenceText(row.license), as_of }),
    );
  });
  for (const { row } of sameAsLeaderboard) {
    const o = overall.get(row.model_name);
    const duplicate = o && o.rating === row.rating && o.rating_lower === row.rating_lower &&
      o.rating_upper === row.rating_upper && o.vote_count === row.vote_count;
    if (!duplicate) ratings.push(toRating(row, leaderboard.data, categorySlug(row.category), as_of));
  }
  return ratings;
}

function toRating(row: HfRow, leaderboard: Leaderboard, category: string, as_of: string): RatingObservation {
  const organization = row.organization?.trim();
  return compact({
    source: SOURCE,
    source_model_id: row.model_name,
    organization: organization || undefined,
    licence_text: licenceText(row.license),
    leaderboard,
    category,
    rating: row.rating,
    rating_lower: row.rating_lower,
    rating_upper: row.rating_upper,
    votes: row.vote_count,
    rank: row.rank ?? undefined,
    as_of,
  });
}

export const lmarenaDaily: Adapter = {
  id: SOURCE,
  async read(roots): Promise<AdapterResult> {
    const dir = path.join(roots.sources, DIR);
    const issues: IngestIssue[] = [];
    if (!existsSync(dir)) {
      return snapshotMissing(SOURCE, DIR, 'folder');
    }
    const models = new ModelCollector();
    const ratings: RatingObservation[] = [];
    for (const name of readdirSync(dir).sort()) {
      const m = HF_FILE.exec(name);
      if (m) ratings.push(...readHfFile(path.join(dir, name), `${DIR}/${name}`, m[1], models, issues));
    }
    const daily = path.join(dir, DAILY_FILE);
    const { history, issues: historyIssues } = existsSync(daily)
      ? await readDailyHistory(daily, `${DIR}/${DAILY_FILE}`, SOURCE, models)
      : { history: [], issues: [] };
    issues.push(...historyIssues);

    const retrieved = snapshotDate(dir, ['SOURCE_COMMIT.txt']) ?? newest([...ratings.map((r) => r.as_of), ...history.map((h) => h.date)]);
    const sources =
      retrieved === undefined
        ? []
        : [
            lmarenaSource({
              id: SOURCE,
              name: 'LMArena leaderboard dataset (Hugging Face lmarena-ai/leaderboard-dataset)',
              url: 'https://huggingface.co/datasets/lmarena-ai/leaderboard-dataset',
              licence: 'Leaderboard data by LMArena (attribute "LMArena"); daily copies by github.com/Scarlett9826/arena-ai-leaderboards (MIT)',
              retrieved,
              covers: 'Current text, text (style control) and webdev ratings per category with 95% intervals and votes; daily overall text ratings since 2026-03',
            }),
          ];
    return { sources, models: models.values(), ratings, history, issues };
  },
};
