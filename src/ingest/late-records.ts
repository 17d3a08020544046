// Late records: another source's record of a change the feed already holds from an earlier day (docs/data.md, "A
// catalogue catching up months late").
import type { ChangeEvent } from '../schema/index.ts';
import { fieldKey } from './build-changes.ts';

/**
 * Marks another source's record of a change the feed already holds from an earlier day (one catalogue catching up
 * months late: Google's Gemini 2.5 Pro cache-read cut 0.31 -> 0.125 is genai-prices' on 2025-11-07, LiteLLM's
 * (0.3125 -> 0.125) on 2026-01-13 and models.dev's on 2026-04-19) as a correction with its basis, as late shutdown
 * records are. Run on the feed's final events, after the de-duplication, so that the earlier record a note cites is an
 * event of the feed and every source's moves, notices included, are seen: the later record is a catalogue sync (it has
 * a commit), both are plain changes with the same values (prices to 1%: sources round a price apart), and no event of
 * the listing's field took it back to the old value in between (a cut undone and made again, a listing shut down and
 * listed again, is not a late record). Returns how many were marked.
 */
export function markCaughtUp(events: readonly ChangeEvent[]): number {
  const byField = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    const list = byField.get(fieldKey(e));
    if (list) list.push(e); else byField.set(fieldKey(e), [e]);
  }
  let marked = 0;
  for (const list of byField.values()) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    for (const later of list) {
      if (later.commit === undefined || later.correction === true) continue;
      const first = list.find((m) => m.date < later.date && m.source !== later.source && m.correction !== true &&
        same(m.old, later.old) && same(m.new, later.new) &&
        !list.some((x) => x.date > m.date && x.date < later.date && same(x.new, m.old)));
      if (!first) continue;
      later.correction = true;
      later.correction_note = `recorded late by ${later.source}: ${first.source} recorded the same change on ${first.date}, ` +
        'and no source undid it in between';
      marked++;
    }
  }
  return marked;
}

/** Equal values, or two prices within 1% of each other. */
const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 0.01 * Math.max(Math.abs(a), Math.abs(b)));
