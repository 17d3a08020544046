// A listing a catalogue adds and takes away again (or takes away and restores) within one day: its own slip, not a provider's.
import type { ChangeEvent } from '../schema/index.ts';

/**
 * Marks `offered` events that the same source's next event on the same listing undoes within the same day (UTC).
 * models.dev's FastRouter sync c6641ba9 (2026-06-09 15:40 +05:30) added 75 models and eaffc056 ("chore(fastrouter):
 * drop unrequested models from prior sync") took them away 48 minutes later; its Cloudflare commit 474273e0
 * (2025-12-07 16:00 -05:00) added 232 listings and d2b7ba39 took 228 of them away 29 minutes later. Neither provider
 * began and stopped serving a model within the hour: the catalogue wrote a sync and withdrew it. Both events of such a
 * pair stay in the feed, marked a correction with the two commits; an event already marked keeps its own reading.
 * `listingOf` names the event's source row (`source|provider|id`); `at` gives the moment the source recorded it (a
 * commit's time, or a day where the history has no time: then the order within the day is the events' order).
 * Returns how many events it marked, per direction.
 */
export function markSameDayReversals(
  events: readonly ChangeEvent[],
  listingOf: (e: ChangeEvent) => string | undefined,
  at: (e: ChangeEvent) => string | undefined,
): { added: number; removed: number } {
  const rows = new Map<string, Array<{ e: ChangeEvent; t: number; i: number }>>();
  events.forEach((e, i) => {
    if (e.kind !== 'hosting' || e.field !== 'offered' || typeof e.new !== 'boolean') return;
    const row = listingOf(e);
    if (!row) return;
    const t = Date.parse(at(e) ?? e.date);
    rows.set(row, [...(rows.get(row) ?? []), { e, t: Number.isNaN(t) ? Date.parse(e.date) : t, i }]);
  });
  const count = { added: 0, removed: 0 };
  for (const list of rows.values()) {
    list.sort((a, b) => a.t - b.t || a.i - b.i);
    for (let k = 0; k + 1 < list.length; k++) {
      const [a, b] = [list[k].e, list[k + 1].e];
      // The next event of the listing takes the change back, the same day.
      if (a.date !== b.date || a.new === b.new || b.new !== a.old) continue;
      const what = a.new ? 'added this listing and took it away again' : 'took this listing away and restored it';
      const commits = [a.commit, b.commit].filter((c) => c !== undefined);
      const by = commits.length === 2 ? ` (commits ${commits[0]} and ${commits[1]})` : '';
      const note = `${a.source} ${what} on ${a.date}${by}: the catalogue withdrawing its own edit within the day, ` +
        `not ${a.provider ?? 'the provider'} ${a.new ? 'starting and stopping' : 'stopping and starting'} the model`;
      let marked = false;
      for (const e of [a, b]) {
        if (e.correction === true) continue;
        e.correction = true;
        e.correction_note = note;
        marked = true;
      }
      if (marked) count[a.new ? 'added' : 'removed']++;
      k++;
    }
  }
  return count;
}
