// Catalogue price blips that fix or break the catalogue rather than record a price change: flagged as corrections.
import type { ChangeEvent } from '../schema/index.ts';

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

const DAY = 86_400_000;
const gone = (v: unknown) => v === 0 || v === null;
const show = (v: unknown) => (v === null ? 'none' : String(v));
const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && a > 0 && Math.abs(a - b) <= SAME_PRICE * a);

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
  const series = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    if (e.kind !== 'price') continue;
    const k = `${listingOf(e)}|${e.field}`;
    const list = series.get(k);
    if (list) list.push(e); else series.set(k, [e]);
  }
  const notes = new Map<ChangeEvent, string[]>();
  const note = (e: ChangeEvent, s: string) => notes.set(e, [...(notes.get(e) ?? []), s]);
  for (const list of series.values()) {
    // Stable: same-day events keep the history's order (the sources list their commits oldest first).
    list.sort((a, b) => a.date.localeCompare(b.date));
    for (let i = 0; i + 1 < list.length; i++) {
      const [a, b] = [list[i], list[i + 1]];
      if (!gone(a.new) || b.old !== a.new) continue;
      const days = (Date.parse(b.date) - Date.parse(a.date)) / DAY;
      if (days > BLIP_DAYS) continue;
      const z = bulkOf(a);
      const sweep = z ? `; commit ${z.commit} zeroed ${z.listings} listings at once` : '';
      if (same(a.old, b.new)) {
        const within = days === 0 ? 'the same day' : `${days} day${days === 1 ? '' : 's'}`;
        const why = `reverted within ${within}: ${show(a.old)} -> ${show(a.new)} -> ${show(b.new)}` +
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
  for (const [e, list] of notes) {
    if (e.correction === true) continue;
    e.correction = true;
    e.correction_note = list[0];
  }
  return events;
}
