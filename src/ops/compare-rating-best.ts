// Which models hold the best arena rating in a comparison: the leader and every model the data cannot tell from it.
import { intervalsOverlap, type BoardEntry } from '../engines/ranking.ts';

const round = (x: number) => Math.round(x);
/** "the interval of a overlaps", "the intervals of a and b overlap", "the intervals of a, b and c overlap". */
const whose = (ids: readonly string[]) => (ids.length === 1 ? `the interval of ${ids[0]} overlaps`
  : `the intervals of ${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]} overlap`);

/**
 * The best of a rating row under the podium's rule (engines/ranking `intervalsOverlap`, as get_podium flags a
 * statistical tie): the leader by best-variant rating, and every model whose 95% interval overlaps the leader's.
 * Returns the ids in the order given and the rule sentence that says whether, and with whom, the lead is a tie.
 */
export function ratingBest(entries: ReadonlyArray<{ model_id: string; entry: BoardEntry }>): { best: string[]; rule: string } {
  const base = 'highest best-variant rating; models whose 95% interval overlaps the leader\'s share it (a statistical tie, '
    + 'as get_podium flags one)';
  if (entries.length === 0) return { best: [], rule: base };
  const leader = entries.reduce((a, b) => (b.entry.best.rating > a.entry.best.rating ? b : a));
  const lead = leader.entry.best;
  const best = entries.filter((x) => x === leader || intervalsOverlap(lead, x.entry.best)).map((x) => x.model_id);
  const others = best.filter((id) => id !== leader.model_id);
  if (others.length === 0) return { best, rule: `${base}: ${leader.model_id} leads beyond the uncertainty` };
  return {
    best,
    rule: `${base}: a statistical tie; ${leader.model_id} leads at ${round(lead.rating)} (${round(lead.rating_lower)}..`
      + `${round(lead.rating_upper)}) and ${whose(others)} it`,
  };
}
