// The change events arranged once per dataset so that a window is found by binary search and counted by subtraction.
import type { Dataset } from '../dataset/dataset.ts';
import { ChangeKind, type ChangeEvent } from '../schema/index.ts';

const KINDS = ChangeKind.options;

/**
 * Events newest first (as `ds.changes`) with running counts: `corrections[i]` catalogue corrections among
 * `events[0..i)`, `renames[i]` ratings carried across a leaderboard's renaming of a variant among them, and per
 * kind (in KINDS order, only for the list of every kind) `byKind[k][i]` the events of that kind among them. The events
 * of a window are a run `events[a..b)`; its counts are `x[b] - x[a]`.
 */
export type CountedRun = {
  events: readonly ChangeEvent[]; corrections: Int32Array; renames: Int32Array; byKind?: readonly Int32Array[];
};

type Runs = { all: CountedRun; ofKind: ReadonlyMap<ChangeKind, CountedRun> };

const runsByDataset = new WeakMap<Dataset, Runs>();

function runOf(events: readonly ChangeEvent[], withKinds: boolean): CountedRun {
  const corrections = new Int32Array(events.length + 1);
  const renames = new Int32Array(events.length + 1);
  const byKind = withKinds ? KINDS.map(() => new Int32Array(events.length + 1)) : undefined;
  for (let i = 0; i < events.length; i++) {
    corrections[i + 1] = corrections[i] + (events[i].correction === true ? 1 : 0);
    renames[i + 1] = renames[i] + (events[i].renamed_from !== undefined ? 1 : 0);
    if (byKind) {
      const k = KINDS.indexOf(events[i].kind);
      for (let j = 0; j < byKind.length; j++) byKind[j][i + 1] = byKind[j][i] + (j === k ? 1 : 0);
    }
  }
  return { events, corrections, renames, byKind };
}

/**
 * Every event, and the events of each kind, as runs: made once per dataset (five 32-bit counts an event, and the
 * events once more split by kind). Before them a window of ten years walked and tested all 18,727 events of the
 * dataset on every ask (2.7 ms of CPU a call), to count what subtraction gives.
 */
export function eventRuns(ds: Dataset): Runs {
  let r = runsByDataset.get(ds);
  if (!r) {
    const ofKind = new Map(KINDS.map((k) => [k, runOf(ds.changes.filter((e) => e.kind === k), false)]));
    // A copy of the dataset's list, not the list: the dataset is frozen, and V8 slices a frozen array on its slow
    // path (100 events: 13 us, against 0.1 to 1.3 for a plain array).
    runsByDataset.set(ds, (r = { all: runOf(Array.from(ds.changes), true), ofKind }));
  }
  return r;
}

/**
 * The events of a window, `list[start..end)`, newest first, sliced by the page that shows them: the window itself is
 * not copied. A copy of ten years (18,727 events, 150 KB of pointers) is one allocation past V8's 128 KB regular
 * object limit, and such an allocation took 1 to 5 ms on this machine.
 */
export class EventSpan {
  constructor(
    private readonly list: readonly ChangeEvent[],
    private readonly start: number,
    private readonly end: number,
  ) {}

  get length(): number {
    return this.end - this.start;
  }

  /** Events `from` to `to` (exclusive) of the span, as Array.prototype.slice counts them (no negative indexes). */
  slice(from = 0, to = this.length): ChangeEvent[] {
    return this.list.slice(this.start + Math.min(from, this.length), this.start + Math.min(to, this.length));
  }
}

/** Index of the first event dated on or before `date` in a newest-first list (binary search). */
export function firstOnOrBefore(events: readonly ChangeEvent[], date: string): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid].date > date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first event dated before `date` in a newest-first list (binary search). */
export function firstBefore(events: readonly ChangeEvent[], date: string): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid].date >= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The dataset's events per model and per vendor, newest first as in `ds.changes`: built once per dataset. */
const eventIndexes = new WeakMap<Dataset, { byModel: Map<string, ChangeEvent[]>; byVendor: Map<string, ChangeEvent[]> }>();
const NO_EVENTS: readonly ChangeEvent[] = [];

/**
 * A model's own events or a vendor's own, in the dataset's order. Without them a one-model ask walked every event of
 * its window (a year holds most of the catalogue's): at 10 times the catalogue it took 70 times as long, while the
 * model's own events stay as many.
 */
export function eventsOf(ds: Dataset, by: { model_id?: string; vendor?: string }): readonly ChangeEvent[] {
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
  return (by.model_id ? idx.byModel.get(by.model_id) : idx.byVendor.get(by.vendor!)) ?? NO_EVENTS;
}

function push(m: Map<string, ChangeEvent[]>, key: string, e: ChangeEvent): void {
  const xs = m.get(key);
  if (xs) xs.push(e);
  else m.set(key, [e]);
}
