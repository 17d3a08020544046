// The daily overall text ratings of `text_overall_daily.csv.gz` (2026-03..08) as rating history points.
import { z } from 'zod';
import type { Leaderboard } from '../schema/index.ts';
import { dateCell, licenceText, numberCell, optionalCountCell, optionalNumberCell, categorySlug, toIsoDate } from './lmarena-format.ts';
import { compact, csvIssue, csvRows, zodIssue, type ModelCollector } from './lmarena-read.ts';
import type { IngestIssue, RatingHistoryPoint } from './types.ts';

/**
 * `text(page default)` rows were scraped from arena.ai's leaderboard page. That page shows the style-control
 * view: on 2026-06-30, the one day both were captured, its 20 rows carry the HF `text_style_control` ratings
 * rounded (1508 vs 1508.16, 1503 vs 1503.08, ...), the same votes and the same ranks, while the `text` subset
 * differs by up to 38 points and ranks differently. So they are style-control points.
 */
const SUBSETS: Record<string, Leaderboard> = {
  text: 'text',
  text_style_control: 'text_style_control',
  'text(page default)': 'text_style_control',
};

const DailyRow = z
  .object({
    snapshot_date: dateCell,
    subset: z.string().trim(),
    leaderboard_publish_date: z.string(),
    category: z.string().trim().min(1, 'a category is required'),
    model: z.string().trim().min(1, 'a model name is required'),
    organization: z.string().optional(),
    license: z.string().optional(),
    rating: numberCell,
    rating_lower: optionalNumberCell,
    rating_upper: optionalNumberCell,
    votes: optionalCountCell,
  })
  .refine((r) => r.rating_lower === undefined || r.rating_upper === undefined || r.rating_lower <= r.rating_upper, {
    path: ['rating_lower'],
    message: 'rating_lower is above rating_upper',
  });

type Kept = { point: RatingHistoryPoint; snapshot: string };

/**
 * Read the daily file. The date of a point is the leaderboard's publish date; where the scraped page showed
 * none, the day it was captured. The same publish date is captured on several days: one point per
 * (leaderboard, category, model, date) is kept, the latest capture (arena.ai sometimes revised a figure by one
 * point without changing its date).
 */
export async function readDailyHistory(
  file: string,
  rel: string,
  source: string,
  models: ModelCollector,
): Promise<{ history: RatingHistoryPoint[]; issues: IngestIssue[] }> {
  const issues: IngestIssue[] = [];
  const kept = new Map<string, Kept>();
  for await (const { row: n, record, error } of csvRows(file)) {
    if (error !== undefined) {
      issues.push(csvIssue(source, rel, n, error));
      continue;
    }
    const row = `row ${n}`;
    const parsed = DailyRow.safeParse(record);
    if (!parsed.success) {
      issues.push(zodIssue(source, rel, row, parsed.error));
      continue;
    }
    const r = parsed.data;
    const leaderboard = SUBSETS[r.subset];
    if (leaderboard === undefined) {
      issues.push({ source, file: rel, row, field: 'subset', message: `unknown subset "${r.subset}"` });
      continue;
    }
    let date = r.snapshot_date;
    if (r.leaderboard_publish_date.trim() !== '') {
      const published = toIsoDate(r.leaderboard_publish_date);
      if (published === undefined) {
        issues.push({ source, file: rel, row, field: 'leaderboard_publish_date', message: `not a date: "${r.leaderboard_publish_date}"` });
        continue;
      }
      date = published;
    }
    const category = categorySlug(r.category);
    const key = `${leaderboard}|${category}|${r.model}|${date}`;
    const prev = kept.get(key);
    if (prev === undefined || r.snapshot_date >= prev.snapshot) {
      const point = compact({
        source, source_model_id: r.model, leaderboard, category, date, rating: r.rating, licence_text: licenceText(r.license),
        votes: r.votes, rating_lower: r.rating_lower, rating_upper: r.rating_upper,
      });
      kept.set(key, { point, snapshot: r.snapshot_date });
    }
    const organization = r.organization?.trim();
    models.add(
      compact({
        source,
        source_model_id: r.model,
        vendor_hint: organization || undefined,
        licence_text: licenceText(r.license),
        as_of: date,
      }),
    );
  }
  return { history: [...kept.values()].map((k) => k.point), issues };
}
