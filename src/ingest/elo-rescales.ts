// Rating events that are a shift of a leaderboard's whole scale, not a change in the models' standing.
//
// LMArena's arena-catalog history moved 198 of 198 text_style_control ratings up on 2025-11-05 (median +23) in one
// commit ("Add requirements.txt and norm code for compatibility with latest HuggingFace leaderboard data"), and 200 of
// 200 on 2025-05-20 (median +60): Bradley-Terry ratings are anchored, so when every model moves one way together the
// anchor or the normalisation moved, not each model. Read as 300 models each improving by about 20 points, such a day
// misleads; its events are marked as the source's own recalibration, each with its move against the day's median.
import type { ChangeEvent } from '../schema/index.ts';

/** A day is a rescale only when enough ratings moved for the direction to mean something... */
export const RESCALE_MIN_EVENTS = 30;
/** ...and nearly all of them moved the same way (a real update moves ratings both ways: 2025-02-06 had 74 up of 114). */
export const RESCALE_SAME_WAY = 0.9;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * Marks, in place, the rating events of each (day, source, leaderboard) that moved together; returns how many.
 * `threshold`: the smallest move that is an event (build-changes.ts ELO_THRESHOLD), said in the note.
 */
export function markRescales(events: ChangeEvent[], threshold: number): number {
  const groups = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    if (e.kind !== 'elo' || typeof e.old !== 'number' || typeof e.new !== 'number') continue;
    const k = `${e.date}|${e.source}|${e.leaderboard}`;
    const g = groups.get(k);
    if (g) g.push(e); else groups.set(k, [e]);
  }
  let marked = 0;
  for (const g of groups.values()) {
    if (g.length < RESCALE_MIN_EVENTS) continue;
    const moves = g.map((e) => (e.new as number) - (e.old as number));
    const up = moves.filter((d) => d > 0).length;
    const same = Math.max(up, g.length - up);
    if (same / g.length < RESCALE_SAME_WAY) continue;
    const sorted = [...moves].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const e0 = g[0];
    const day = `${e0.source}'s ${e0.leaderboard} ratings moved together on ${e0.date}: ${same} of the ${g.length} that moved by ${threshold} `
      + `points or more went ${up === same ? 'up' : 'down'}, median ${signed(median)}`;
    g.forEach((e, i) => {
      e.correction = true;
      e.correction_note = `${day}: a shift of the leaderboard's scale (its anchor or normalisation), not a change in this model's `
        + `standing; against the median it moved ${signed(moves[i] - median)}`;
      marked++;
    });
  }
  return marked;
}
