// Arena variants renamed overnight: the old name's last point and the new name's first are one series, not a debut.
import type { RatingHistoryPoint } from '../sources/types.ts';

/**
 * How far the votes may move between the old name's last point and the new name's first: the same variant's votes
 * on two consecutive publications. LMArena prunes votes now and then (claude-sonnet-4-5-20250929 went 80,929 ->
 * 80,914 on 2026-08-12, the day its thinking variant was renamed, 82,549 -> 82,533), so a small drop is allowed;
 * a rise is at most what a popular variant gathers between publications (deepseek-v4-pro 44,669 -> 46,859 over the
 * three days 2026-07-30 to 08-02, +4.9%; a day's gain is under 3% for nine variants in ten).
 */
export const RENAME_VOTES_DROP = 0.01;
export const RENAME_VOTES_RISE = 0.05;

export type Rename = {
  leaderboard: string;
  model_id: string;
  /** The name the leaderboard gave the variant until `last` (its last point). */
  from: string;
  to: string;
  /** The old name's last publication and the new name's first. */
  last: string;
  first: string;
  old: RatingHistoryPoint;
  new: RatingHistoryPoint;
};

type Series = { name: string; model_id: string; points: RatingHistoryPoint[] };

/**
 * Renames on each leaderboard (overall category): a variant of a model whose last point is the publication right
 * before the first point of another variant of the same model (no publication of that source in between), with the
 * votes continuing (RENAME_VOTES_DROP / _RISE of the old count) and the new rating within the old one's interval. Both
 * points must carry votes and the old one its interval; a pairing that is not one-to-one is left alone (no rename).
 * Keyed by `leaderboard|new name` (lower case).
 */
export function findRenames(
  points: readonly RatingHistoryPoint[],
  modelOf: (p: RatingHistoryPoint) => string | undefined,
): Map<string, Rename> {
  const series = new Map<string, Series>();
  /** Each (source, leaderboard)'s publication dates: "the day before" is the publication before. */
  const published = new Map<string, Set<string>>();
  for (const p of points) {
    if (p.category !== 'overall') continue;
    const k = `${p.leaderboard}|${p.source_model_id.toLowerCase()}`;
    let s = series.get(k);
    if (!s) {
      const model_id = modelOf(p);
      if (!model_id) continue;
      series.set(k, (s = { name: p.source_model_id, model_id, points: [] }));
    }
    s.points.push(p);
    const pk = `${p.source}|${p.leaderboard}`;
    (published.get(pk) ?? published.set(pk, new Set()).get(pk)!).add(p.date);
  }
  const previous = new Map<string, Map<string, string>>();
  for (const [k, dates] of published) {
    const sorted = [...dates].sort();
    previous.set(k, new Map(sorted.slice(1).map((d, i) => [d, sorted[i]])));
  }
  const ends = (s: Series) => {
    const sorted = [...s.points].sort((a, b) => a.date.localeCompare(b.date));
    return { first: sorted.filter((p) => p.date === sorted[0].date), last: sorted.filter((p) => p.date === sorted.at(-1)!.date) };
  };
  const byBoard = new Map<string, { key: string; s: Series; first: RatingHistoryPoint[]; last: RatingHistoryPoint[] }[]>();
  for (const [key, s] of series) {
    const board = key.slice(0, key.indexOf('|'));
    (byBoard.get(board) ?? byBoard.set(board, []).get(board)!).push({ key, s, ...ends(s) });
  }
  const pairs = new Map<string, Rename>();
  for (const [board, list] of byBoard) {
    for (const to of list) {
      for (const b of to.first) {
        if (b.votes === undefined) continue;
        const before = previous.get(`${b.source}|${board}`)?.get(b.date);
        if (!before) continue;
        for (const from of list) {
          if (from === to || from.s.model_id !== to.s.model_id) continue;
          const a = from.last.find((p) => p.source === b.source && p.date === before);
          if (!a || a.votes === undefined || a.rating_lower === undefined || a.rating_upper === undefined) continue;
          const votes = a.votes * (1 - RENAME_VOTES_DROP) <= b.votes && b.votes <= a.votes * (1 + RENAME_VOTES_RISE);
          const rating = a.rating_lower <= b.rating && b.rating <= a.rating_upper;
          if (!votes || !rating) continue;
          const pair = `${board}|${from.key}|${to.key}`;
          if (pairs.has(pair)) continue;
          pairs.set(pair, {
            leaderboard: board, model_id: to.s.model_id, from: from.s.name, to: to.s.name, last: a.date, first: b.date, old: a, new: b,
          });
        }
      }
    }
  }
  const found = [...pairs.values()];
  // One old name for one new name: two candidates either way say the evidence cannot tell which, so neither is kept.
  const count = (f: (r: Rename) => string) => found.reduce((m, r) => m.set(f(r), (m.get(f(r)) ?? 0) + 1), new Map<string, number>());
  const toCount = count((r) => `${r.leaderboard}|${r.to.toLowerCase()}`);
  const fromCount = count((r) => `${r.leaderboard}|${r.from.toLowerCase()}`);
  const out = new Map<string, Rename>();
  for (const r of found) {
    const k = `${r.leaderboard}|${r.to.toLowerCase()}`;
    if (toCount.get(k) === 1 && fromCount.get(`${r.leaderboard}|${r.from.toLowerCase()}`) === 1) out.set(k, r);
  }
  return out;
}
