// Catalogue price blips that fix or break the catalogue rather than record a price change: flagged as corrections.
import type { ChangeEvent } from '../schema/index.ts';
import { factorApart } from './price-agreement.ts';

/**
 * A price that drops to 0 (or vanishes) and comes back within this many days never held. models.dev's OpenRouter
 * sync commits came 13 h apart at the median, 29 h at the 90th percentile and 113 h (4.7 days) at most between
 * 2026-05-15 and 2026-06-30, so a broken sync is followed by a good one well within the window; the shortest zero
 * price in the histories that looks deliberate (firmware's gpt-5-mini and gpt-5-nano, "make ... calculate as 0
 * price", 2026-01-16) held 25 days.
 */
export const BLIP_DAYS = 7;
/** "About its previous value": a price that comes back within 1% of where it was is the same price. */
export const SAME_PRICE = 0.01;
/**
 * One commit that zeroes the input or output price of this many listings at once is a broken sync. The two commits
 * above it in the histories are models.dev 8842d59637 (2026-06-25, 18 OpenRouter listings) and f6ff799d21
 * (2025-12-23, 10 cloudflare-ai-gateway listings, whose per-token prices came back the next day per million);
 * no other commit zeroes more than 2.
 */
export const BULK_ZERO_LISTINGS = 5;
/**
 * A price that moves to a third of itself or less, or three times or more, and comes back within BLIP_DAYS is a
 * reading that did not hold, as a zero is: models.dev's FastRouter sync c6641ba9 set deepseek-r1-distill-llama-70b
 * from 0.03 to 0.7 and eaffc056 ("drop unrequested models from prior sync") wrote 0.03 back the same day. Below 3x, a
 * price going and coming back is what a router's price does when it follows the upstream it routes to (OpenRouter's
 * kimi-k2.6 output 3.42 -> 3.41 -> 3.42 in 3 days), so smaller round trips are left as they are.
 */
export const ROUND_TRIP_RATIO = 3;
/**
 * A round trip whose move the catalogue writes again within this many days of taking it back (models.dev's Vercel
 * sync d65a862533 of 2026-05-18, withdrawn by 5ee955297a 7 hours later, "sync: drop vercel catalog updates", and
 * written again by 285ca1a865 on 2026-06-07, 19 days on) was the provider's price from the first day: the withdrawal
 * and the second writing are the catalogue's. 31, the window a late record of one change still counts as the same one
 * (build-changes.ts, CROSS_SOURCE_WINDOW_DAYS).
 */
export const REWRITTEN_DAYS = 31;

const DAY = 86_400_000;
const gone = (v: unknown) => v === 0 || v === null;
const show = (v: unknown) => (v === null ? 'none' : String(v));
const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && a > 0 && Math.abs(a - b) <= SAME_PRICE * a);
const pos = (v: unknown): v is number => typeof v === 'number' && v > 0;
const daysApart = (a: ChangeEvent, b: ChangeEvent) => (Date.parse(b.date) - Date.parse(a.date)) / DAY;
const within = (days: number) => (days === 0 ? 'the same day' : `${days} day${days === 1 ? '' : 's'}`);

/** A commit that zeroed many listings: its source, id, day, how many listings it zeroed and which (`provider|id`). */
export type BulkZero = { source: string; commit: string; date: string; listings: number; zeroed: ReadonlySet<string> };

/**
 * docs/data.md, "Change events". Marks, on the price events of one listing (a source's row for a provider's model id,
 * `listingOf`; several rows may resolve to one model) and field:
 * - a revert: a value going to 0 or none and back to about the same value within BLIP_DAYS; both events;
 * - a bulk zeroing: the events by which a commit of `bulkOf` takes a listing it zeroed to 0 or none, and the event
 *   that next moves that price away from the zero within BLIP_DAYS (its old value never held; the basis gives the net).
 * A commit subject that already says it fixed something keeps its reading. Mutates and returns the events.
 */
export function markPriceCorrections(
  events: ChangeEvent[],
  listingOf: (e: ChangeEvent) => string,
  bulkOf: (e: ChangeEvent) => BulkZero | undefined,
): ChangeEvent[] {
  const notes = new Map<ChangeEvent, string[]>();
  const note = (e: ChangeEvent, s: string) => notes.set(e, [...(notes.get(e) ?? []), s]);
  for (const list of seriesOf(events, listingOf)) {
    for (let i = 0; i + 1 < list.length; i++) {
      const [a, b] = [list[i], list[i + 1]];
      if (!gone(a.new) || b.old !== a.new) continue;
      const days = (Date.parse(b.date) - Date.parse(a.date)) / DAY;
      if (days > BLIP_DAYS) continue;
      const z = bulkOf(a);
      const sweep = z ? `; commit ${z.commit} zeroed ${z.listings} listings at once` : '';
      if (same(a.old, b.new)) {
        const why = `reverted within ${within(days)}: ${show(a.old)} -> ${show(a.new)} -> ${show(b.new)}` +
          ` (${a.date} to ${b.date})${sweep}: the value in between never held`;
        note(a, why);
        note(b, why);
      } else if (z) {
        note(b, `ends the ${show(a.new)} that commit ${z.commit} (${z.date}) wrote on ${z.listings} listings at once:` +
          ` the ${show(a.new)} never held; before it the value was ${show(a.old)}, net ${show(a.old)} -> ${show(b.new)}`);
      }
    }
    for (const e of list) {
      const z = bulkOf(e);
      if (z && gone(e.new) && !notes.has(e)) {
        note(e, `one catalogue commit (${z.commit}, ${z.date}) set the prices of ${z.listings} listings to 0 at once:` +
          ' the catalogue\'s sync or rework, not a price change');
      }
    }
  }
  return apply(events, notes);
}

/** Each listing's price events per field, sorted by date (stable: same-day events keep the history's order). */
function seriesOf(events: readonly ChangeEvent[], listingOf: (e: ChangeEvent) => string): ChangeEvent[][] {
  const series = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    if (e.kind !== 'price') continue;
    const k = `${listingOf(e)}|${e.field}`;
    const list = series.get(k);
    if (list) list.push(e); else series.set(k, [e]);
  }
  return [...series.values()].map((list) => list.sort((a, b) => a.date.localeCompare(b.date)));
}

/** Marks each noted event a correction with its first note; an event already a correction keeps its reading. */
function apply(events: ChangeEvent[], notes: ReadonlyMap<ChangeEvent, string[]>): ChangeEvent[] {
  for (const [e, list] of notes) {
    if (e.correction === true) continue;
    e.correction = true;
    e.correction_note = list[0];
  }
  return events;
}

/**
 * docs/data.md, "Change events". The round trips of each listing's price fields (`roundTrips`), marked after the
 * unit-error rule so that a unit slip written and taken back (4.88 -> 4880000 -> 4.88) keeps the basis that weighs
 * it against the other listings. Mutates and returns the events.
 */
export function markRoundTrips(events: ChangeEvent[], listingOf: (e: ChangeEvent) => string): ChangeEvent[] {
  const notes = new Map<ChangeEvent, string[]>();
  const note = (e: ChangeEvent, s: string) => notes.set(e, [...(notes.get(e) ?? []), s]);
  for (const list of seriesOf(events, listingOf)) roundTrips(list, note);
  return apply(events, notes);
}

/**
 * The round trips of one listing's field (sorted by date): a -> b -> about a within BLIP_DAYS, b ROUND_TRIP_RATIO or
 * more from a. If the next event writes b again within REWRITTEN_DAYS of the return, the return and the rewriting are
 * noted (the first move held); otherwise both steps of the round trip are.
 */
function roundTrips(list: readonly ChangeEvent[], note: (e: ChangeEvent, s: string) => void): void {
  for (let i = 0; i + 1 < list.length; i++) {
    const [a, b, c] = [list[i], list[i + 1], list[i + 2]];
    if (!pos(a.old) || !pos(a.new) || b.old !== a.new || !same(a.old, b.new)) continue;
    if (factorApart(a.old, a.new) < ROUND_TRIP_RATIO) continue;
    const days = daysApart(a, b);
    if (days > BLIP_DAYS) continue;
    const trip = `${show(a.old)} -> ${show(a.new)} -> ${show(b.new)}`;
    if (c && c.old === b.new && same(a.new, c.new) && daysApart(b, c) <= REWRITTEN_DAYS) {
      const again = daysApart(b, c);
      const why = `taken back within ${within(days)} and written again within ${within(again)}: ${trip} -> ${show(c.new)}` +
        ` (${a.date}, ${b.date}, ${c.date}): the ${show(a.new)} held from ${a.date}; the catalogue withdrew it and wrote it again`;
      note(b, why);
      note(c, why);
      i++;
    } else {
      const why = `reverted within ${within(days)}: ${trip} (${a.date} to ${b.date}), ${Number(factorApart(a.old, a.new).toPrecision(2))}x` +
        ' and back: the value in between never held';
      note(a, why);
      note(b, why);
    }
  }
}
