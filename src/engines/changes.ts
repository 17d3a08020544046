// Change events within a time window, newest first, and a plain notice where the data cannot cover the window.
import type { Dataset } from '../dataset/dataset.ts';
import type { ChangeEvent, ChangeKind } from '../schema/index.ts';

export type ChangesQuery = {
  days: number;
  /** Last day of the window (inclusive). */
  until: string;
  kinds?: readonly ChangeKind[];
  model_id?: string;
  vendor?: string;
};

export type Window = { from: string; until: string; days: number };

export type SourceCoverage = { source: string; name: string; history_until: string; events: number };

export type ChangesResult = {
  window: Window;
  events: ChangeEvent[];
  /** Newest event matching the filters at or before the window's end, ignoring its start: where to look next. */
  latest_matching: string | null;
  notice: string | null;
  coverage: SourceCoverage[];
  /** Over the whole window: per kind, and how many are catalogue corrections. */
  counts: { by_kind: Record<ChangeKind, number>; corrections: number };
};

const DAY_MS = 86_400_000;
const FIRST_DAY_MS = Date.parse('0001-01-01T00:00:00Z');

/** `date` moved by `days` (negative: earlier), in UTC calendar days. */
export function addDays(date: string, days: number): string {
  // Clamped at year 1: a window reaching further back would need signed years, which no YYYY-MM-DD can carry.
  const ms = Math.max(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS, FIRST_DAY_MS);
  return new Date(ms).toISOString().slice(0, 10);
}

/** The window of `days` days that ends on `until`, both ends included. */
export function windowOf(until: string, days: number): Window {
  return { from: addDays(until, -(days - 1)), until, days };
}

/** Index of the first event dated on or before `date` in a newest-first list (binary search). */
function firstOnOrBefore(events: readonly ChangeEvent[], date: string): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid].date > date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const coverages = new WeakMap<Dataset, SourceCoverage[]>();

/** Per source of change events: the date its history runs to (its snapshot), and how many events it gave. */
export function changeCoverage(ds: Dataset): SourceCoverage[] {
  let c = coverages.get(ds);
  if (c) return c;
  const counts = new Map<string, number>();
  for (const e of ds.changes) counts.set(e.source, (counts.get(e.source) ?? 0) + 1);
  c = [...counts].map(([source, events]) => {
    const s = ds.sourceById.get(source);
    return { source, name: s?.name ?? source, history_until: s?.retrieved ?? ds.meta.data_as_of, events };
  }).sort((a, b) => a.source.localeCompare(b.source));
  coverages.set(ds, c);
  return c;
}

/** What the caller should know when the window reaches past the data, or holds nothing the data could show. */
function noticeOf(ds: Dataset, w: Window, found: number, latest: string | null): string | null {
  const asOf = ds.meta.data_as_of;
  const newest = ds.changes[0]?.date;
  const oldest = ds.changes.at(-1)?.date;
  const parts: string[] = [];
  if (w.from > asOf) {
    parts.push(`The data end on ${asOf} (data_as_of): this window, ${w.from} to ${w.until}, lies entirely after it, so the dataset cannot show any change in it. For the last ${w.days} days of data, ask with until=${asOf}.`);
  } else if (w.until > asOf) {
    parts.push(`The data end on ${asOf} (data_as_of): the part of this window after that date (to ${w.until}) is not covered; changes after ${asOf} are not in the dataset.`);
  }
  if (newest && w.from > newest && w.from <= asOf) {
    parts.push(`The newest change event in the dataset is dated ${newest}; each source's history ends at its snapshot date (see coverage).`);
  }
  if (oldest && w.until < oldest) parts.push(`The change history in the dataset starts on ${oldest}.`);
  if (found === 0 && latest) parts.push(`No change matching the filters lies in this window; the latest one is dated ${latest}: ask with until=${latest} to see it.`);
  return parts.length ? parts.join(' ') : null;
}

/** The dataset's events per model and per vendor, newest first as in `ds.changes`: built once per dataset. */
const eventIndexes = new WeakMap<Dataset, { byModel: Map<string, ChangeEvent[]>; byVendor: Map<string, ChangeEvent[]> }>();
const NO_EVENTS: readonly ChangeEvent[] = [];

/**
 * The events a query can match, in the dataset's order: a model's own or a vendor's own when it names one. Without
 * them a one-model ask walked every event of its window (a year holds most of the catalogue's): at 10 times the
 * catalogue it took 70 times as long, while the model's own events stay as many.
 */
function candidates(ds: Dataset, q: ChangesQuery): readonly ChangeEvent[] {
  if (!q.model_id && !q.vendor) return ds.changes;
  let idx = eventIndexes.get(ds);
  if (!idx) {
    idx = { byModel: new Map(), byVendor: new Map() };
    for (const e of ds.changes) {
      push(idx.byModel, e.model_id, e);
      const vendor = ds.modelById.get(e.model_id)?.vendor;
      if (vendor !== undefined) push(idx.byVendor, vendor, e);
    }
    eventIndexes.set(ds, idx);
  }
  return (q.model_id ? idx.byModel.get(q.model_id) : idx.byVendor.get(q.vendor!)) ?? NO_EVENTS;
}

function push(m: Map<string, ChangeEvent[]>, key: string, e: ChangeEvent): void {
  const xs = m.get(key);
  if (xs) xs.push(e);
  else m.set(key, [e]);
}

/** Events of the window matching the filters, newest first (ties by id, the dataset's order). */
export function modelChanges(ds: Dataset, q: ChangesQuery): ChangesResult {
  const w = windowOf(q.until, q.days);
  const kinds = q.kinds?.length ? new Set(q.kinds) : undefined;
  const match = (e: ChangeEvent) =>
    (!kinds || kinds.has(e.kind)) && (!q.model_id || e.model_id === q.model_id)
    && (!q.vendor || ds.modelById.get(e.model_id)?.vendor === q.vendor);
  const events: ChangeEvent[] = [];
  const by_kind: Record<ChangeKind, number> = { price: 0, elo: 0, licence: 0, hosting: 0 };
  let corrections = 0;
  let latest: string | null = null;
  // Every event `match` accepts is among the candidates, in the same order: the same answer from fewer events.
  const all = candidates(ds, q);
  for (let i = firstOnOrBefore(all, w.until); i < all.length; i++) {
    const e = all[i];
    const inWindow = e.date >= w.from;
    // Past the window only the newest matching event is wanted, for the notice.
    if (!inWindow && latest !== null) break;
    if (!match(e)) continue;
    latest ??= e.date;
    if (!inWindow) continue;
    events.push(e);
    by_kind[e.kind]++;
    if (e.correction === true) corrections++;
  }
  return {
    window: w, events, latest_matching: latest, notice: noticeOf(ds, w, events.length, latest), coverage: changeCoverage(ds),
    counts: { by_kind, corrections },
  };
}
