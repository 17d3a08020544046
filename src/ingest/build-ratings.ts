// Chooses the current leaderboards (the newest snapshot of each) and turns their rows into Rating records.
import type { Leaderboard, Rating } from '../schema/index.ts';
import type { RatingObservation } from '../sources/types.ts';
import { sourceRank } from './precedence.ts';

/** The rows of the newest snapshot of each leaderboard (one source, one publish date per leaderboard). */
export function currentRatingRows(obs: readonly RatingObservation[]): RatingObservation[] {
  const best = new Map<Leaderboard, { source: string; as_of: string }>();
  for (const o of obs) {
    const b = best.get(o.leaderboard);
    if (!b || o.as_of > b.as_of || (o.as_of === b.as_of && sourceRank(o.source) < sourceRank(b.source))) {
      best.set(o.leaderboard, { source: o.source, as_of: o.as_of });
    }
  }
  return obs.filter((o) => {
    const b = best.get(o.leaderboard)!;
    return o.source === b.source && o.as_of === b.as_of;
  });
}

/** Rating records for rows whose model resolved; one per (model, variant, leaderboard, category). */
export function buildRatings(
  rows: readonly RatingObservation[],
  resolve: (o: RatingObservation) => string | undefined,
): { ratings: Rating[]; unresolved: RatingObservation[] } {
  const seen = new Set<string>();
  const ratings: Rating[] = [];
  const unresolved: RatingObservation[] = [];
  for (const o of rows) {
    const model_id = resolve(o);
    if (!model_id) {
      unresolved.push(o);
      continue;
    }
    const key = `${model_id}|${o.source_model_id}|${o.leaderboard}|${o.category}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const r: Rating = {
      model_id,
      variant: o.source_model_id,
      leaderboard: o.leaderboard,
      category: o.category,
      rating: round(o.rating),
      rating_lower: round(o.rating_lower),
      rating_upper: round(o.rating_upper),
      as_of: o.as_of,
      source: o.source,
    };
    if (o.votes !== undefined) r.votes = o.votes;
    if (o.rank !== undefined && Number.isInteger(o.rank) && o.rank > 0) r.rank = o.rank;
    ratings.push(r);
  }
  ratings.sort((a, b) =>
    a.leaderboard.localeCompare(b.leaderboard) || a.category.localeCompare(b.category) || b.rating - a.rating ||
    a.variant.localeCompare(b.variant));
  return { ratings, unresolved };
}

/** Ratings are published with many decimals; two are plenty and keep the files diffable. */
function round(x: number): number {
  return Math.round(x * 100) / 100;
}
