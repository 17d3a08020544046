// A source that wrote one price field's figure into another (a cache write priced as the cache read, input and output
// exchanged) and then fixed it: the fix moves no price, so its events are corrections.
import type { ChangeEvent } from '../schema/index.ts';

/** The field a price is mistaken for: the other side of the same token (input/output) or of the cache (read/write). */
const COUNTERPART: Record<string, string> = { input: 'output', output: 'input', cache_read: 'cache_write', cache_write: 'cache_read' };
const pos = (v: unknown): v is number => typeof v === 'number' && v > 0;

/** Each listing's price fields as they stood after each commit that touched the listing. */
export class FieldBook {
  private readonly now = new Map<string, Map<string, unknown>>();
  private readonly after = new Map<string, Map<string, unknown>>();

  /** A history row, in the history's order: `listing`'s `field` holds `value` from `commit` on. */
  step(listing: string, commit: string | undefined, field: string, value: unknown): void {
    const fields = this.now.get(listing) ?? new Map<string, unknown>();
    this.now.set(listing, fields);
    fields.set(field, value);
    // The listing's whole state after the commit's rows so far: the commit's last row leaves it as the commit did.
    if (commit) this.after.set(`${listing}|${commit}`, new Map(fields));
  }

  /** What `field` of `listing` held once `commit` was applied; undefined where the history never gave it. */
  afterCommit(listing: string, commit: string, field: string): unknown {
    return this.after.get(`${listing}|${commit}`)?.get(field);
  }
}

/**
 * docs/data.md, "Change events". On each price event not already a correction, both sides positive, made by a commit:
 * - exchanged: the same commit moved the listing's counterpart field the other way between the same two figures
 *   (LiteLLM's cohere command-r7b-12-2024 input 0.15 -> 0.0375 and output 0.0375 -> 0.15): both events;
 * - a cache price written as the other cache price: the event's field is a cache price and its old figure is what the
 *   other cache price held after the commit (models.dev's Anthropic `sync` of 2025-06-23 moved Claude 3.5 Haiku's
 *   cache write 0.08 -> 1 beside a cache read of 0.08). A cache write costs at least the input price (Anthropic: 1.25x
 *   it) and a cache read less (0.1x), so one figure for both is one of them mistaken, never a price.
 * `listingOf` gives the event's source row (source, provider and the source's id), undefined for events of no row.
 * Mutates and returns the events.
 */
export function markCrossedFields(
  events: ChangeEvent[],
  listingOf: (e: ChangeEvent) => string | undefined,
  book: FieldBook,
): ChangeEvent[] {
  const byCommit = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    const listing = listingOf(e);
    if (e.kind !== 'price' || !e.commit || !listing) continue;
    const k = `${listing}|${e.commit}`;
    const list = byCommit.get(k);
    if (list) list.push(e); else byCommit.set(k, [e]);
  }
  const notes = new Map<ChangeEvent, string>();
  for (const [k, list] of byCommit) {
    const listing = k.slice(0, k.lastIndexOf('|'));
    for (const e of list) {
      if (e.correction === true || !pos(e.old) || !pos(e.new)) continue;
      const other = COUNTERPART[e.field];
      const twin = list.find((f) => f.field === other && f.old === e.new && f.new === e.old);
      if (twin) {
        notes.set(e, `exchanged with the ${other} price in the same commit (${e.commit}): ${e.field} ${e.old} -> ${e.new}, ` +
          `${other} ${twin.old} -> ${twin.new}: the source had written each figure in the other's field; no price moved`);
        continue;
      }
      const held = e.field.startsWith('cache_') ? book.afterCommit(listing, e.commit!, other) : undefined;
      if (pos(held) && held === e.old) {
        notes.set(e, `the ${e.old} was the ${other.replace('_', ' ')} price written as the ${e.field.replace('_', ' ')} price: ` +
          `the listing's ${other} stood at ${held} after this commit (${e.commit}), and one figure for both is one of them ` +
          `mistaken; ${e.new} replaces the mistake, no price moved`);
      }
    }
  }
  for (const [e, note] of notes) {
    e.correction = true;
    e.correction_note = note;
  }
  return events;
}
