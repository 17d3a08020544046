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
  const pairs = caughtUp(events);
  for (const [later, first] of pairs) {
    later.correction = true;
    later.correction_note = `recorded late by ${later.source}: ${first.source} recorded the same change on ${first.date}, ` +
      'and no source undid it in between';
  }
  return pairs.length;
}

/**
 * The same late records (`markCaughtUp`'s rule) folded into the first record rather than kept as events: a catalogue
 * recording a start (or a stop, or a price move) another source recorded days or months before is not a second change
 * of the provider's, and the feed counted it as one (293 "started offering" events over the year to 2026-09-23, such
 * as LiteLLM's deepseek-v4-flash at deepseek on 2026-06-21 after genai-prices' 2026-05-14). The first event keeps each
 * later record as evidence (`recorded_later`: source, date, commit) and the later source in `corroborated_by`. Returns
 * the events kept and how many were folded.
 */
export function foldCaughtUp(events: readonly ChangeEvent[]): { events: ChangeEvent[]; folded: number } {
  const pairs = caughtUp(events);
  const gone = new Set<ChangeEvent>();
  for (const [later, first] of pairs.sort(([a], [b]) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source))) {
    gone.add(later);
    const rec = { source: later.source, date: later.date, ...(later.commit ? { commit: later.commit } : {}) };
    first.recorded_later = [...(first.recorded_later ?? []), rec];
    if (later.source !== first.source) first.corroborated_by = [...new Set([...(first.corroborated_by ?? []), later.source])].sort();
  }
  return { events: events.filter((e) => !gone.has(e)), folded: gone.size };
}

/** Each late record with the earlier event it repeats, in the order `markCaughtUp` would mark them. */
function caughtUp(events: readonly ChangeEvent[]): Array<[later: ChangeEvent, first: ChangeEvent]> {
  const byField = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    const list = byField.get(fieldKey(e));
    if (list) list.push(e); else byField.set(fieldKey(e), [e]);
  }
  const out: Array<[ChangeEvent, ChangeEvent]> = [];
  const late = new Set<ChangeEvent>();
  for (const list of byField.values()) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    for (const later of list) {
      if (later.commit === undefined || later.correction === true) continue;
      const first = list.find((m) => m.date < later.date && m.source !== later.source && m.correction !== true && !late.has(m) &&
        same(m.old, later.old) && same(m.new, later.new) &&
        !list.some((x) => x.date > m.date && x.date < later.date && same(x.new, m.old)));
      if (!first) continue;
      late.add(later);
      out.push([later, first]);
    }
  }
  return out;
}

/** Equal values, or two prices within 1% of each other. */
const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 0.01 * Math.max(Math.abs(a), Math.abs(b)));
