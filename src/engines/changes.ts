// Change events within a time window, newest first, and a plain notice where the data cannot cover the window.
import type { Dataset } from '../dataset/dataset.ts';
import type { ChangeEvent, ChangeKind } from '../schema/index.ts';
import { EventSpan, eventRuns, eventsOf, firstBefore, firstOnOrBefore } from './change-index.ts';

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
  /** The matching events of the window, newest first. */
  events: EventSpan;
  /** Newest event matching the filters at or before the window's end, ignoring its start: where to look next. */
  latest_matching: string | null;
  notice: string | null;
  coverage: SourceCoverage[];
  /**
   * Over the whole window: per kind, how many are catalogue corrections, and how many of the elo events are a rating
   * carried across a leaderboard's renaming of a variant (`renamed_from`: the same series under a new name, not a new
   * rating of a model), so a reader can tell the ratings that moved from the names that changed.
   */
  counts: { by_kind: Record<ChangeKind, number>; corrections: number; renames: number };
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

const coverages = new WeakMap<Dataset, SourceCoverage[]>();

/**
 * Per source of change events: the date its history runs to, and how many events it gave. That is its snapshot's
 * date, or later where the source scheduled a shutdown after it that came by the data date (a notice read on
 * 2026-07-24 retiring a model on 2026-09-21), and never past data_as_of: the feed holds nothing after it.
 */
export function changeCoverage(ds: Dataset): SourceCoverage[] {
  let c = coverages.get(ds);
  if (c) return c;
  const counts = new Map<string, number>();
  const newest = new Map<string, string>();
  for (const e of ds.changes) {
    counts.set(e.source, (counts.get(e.source) ?? 0) + 1);
    if (e.date > (newest.get(e.source) ?? '')) newest.set(e.source, e.date);
  }
  const asOf = ds.meta.data_as_of;
  c = [...counts].map(([source, events]) => {
    const s = ds.sourceById.get(source);
    const reach = [s?.retrieved ?? asOf, newest.get(source)!].sort().at(-1)!;
    return { source, name: s?.name ?? source, history_until: reach < asOf ? reach : asOf, events };
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

/** Events of the window matching the filters, newest first (ties by id, the dataset's order). */
export function modelChanges(ds: Dataset, q: ChangesQuery): ChangesResult {
  const w = windowOf(q.until, q.days);
  const kinds = q.kinds?.length ? new Set(q.kinds) : undefined;
  const r = q.model_id || q.vendor || (kinds && kinds.size > 1 && kinds.size < 4) ? walked(ds, q, w, kinds) : indexed(ds, w, kinds);
  return {
    window: w, events: r.events, latest_matching: r.latest, notice: noticeOf(ds, w, r.events.length, r.latest),
    coverage: changeCoverage(ds), counts: { by_kind: r.by_kind, corrections: r.corrections, renames: r.renames },
  };
}

type Found = {
  events: EventSpan; latest: string | null; by_kind: Record<ChangeKind, number>; corrections: number; renames: number;
};

/**
 * Every kind, or one: the window is a run of the kept list (two binary searches), its counts differences of running
 * counts, and the newest event at or before its end is the run's first (or the one after it, when the run is empty).
 */
function indexed(ds: Dataset, w: Window, kinds: ReadonlySet<ChangeKind> | undefined): Found {
  const runs = eventRuns(ds);
  const one = kinds && kinds.size === 1 ? [...kinds][0] : undefined;
  const run = one ? runs.ofKind.get(one)! : runs.all;
  const a = firstOnOrBefore(run.events, w.until);
  const b = Math.max(a, firstBefore(run.events, w.from));
  const by_kind: Record<ChangeKind, number> = { price: 0, elo: 0, licence: 0, hosting: 0 };
  if (one) by_kind[one] = b - a;
  else {
    const k = run.byKind!;
    by_kind.price = k[0][b] - k[0][a];
    by_kind.elo = k[1][b] - k[1][a];
    by_kind.licence = k[2][b] - k[2][a];
    by_kind.hosting = k[3][b] - k[3][a];
  }
  return {
    events: new EventSpan(run.events, a, b),
    latest: a < run.events.length ? run.events[a].date : null,
    by_kind,
    corrections: run.corrections[b] - run.corrections[a],
    renames: run.renames[b] - run.renames[a],
  };
}

/** A model's or a vendor's events (or two or three kinds), each tested. */
function walked(ds: Dataset, q: ChangesQuery, w: Window, kinds: ReadonlySet<ChangeKind> | undefined): Found {
  const match = (e: ChangeEvent) =>
    (!kinds || kinds.has(e.kind)) && (!q.model_id || e.model_id === q.model_id)
    && (!q.vendor || ds.modelById.get(e.model_id)?.vendor === q.vendor);
  const events: ChangeEvent[] = [];
  const by_kind: Record<ChangeKind, number> = { price: 0, elo: 0, licence: 0, hosting: 0 };
  let corrections = 0;
  let renames = 0;
  let latest: string | null = null;
  // Every event `match` accepts is among the candidates, in the same order: the same answer from fewer events.
  const all = q.model_id || q.vendor ? eventsOf(ds, q) : ds.changes;
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
    if (e.renamed_from !== undefined) renames++;
  }
  return { events: new EventSpan(events, 0, events.length), latest, by_kind, corrections, renames };
}
