// The monthly volumes at which self-hosting costs no more than the API: the step function of whole machines, solved.
import { HOURS_PER_MONTH } from './constants.ts';

/** A range of monthly volumes (millions of tokens) where one self-hosted option costs no more than the API. */
export type CheaperRange = {
  from: number;
  /** Where it ends; null: at every volume above `from`. */
  to: number | null;
  hardware_id: string;
  /** Machines running at `from` (rented: 1, paid by the hour beyond the first month). */
  machines: number;
  /** What one machine of an owned option serves in a month: how many an unbounded range runs at a volume. */
  capacity?: number;
};

/**
 * The terms unrounded, where the caller has them (a costed configuration's figures): the ranges are worked from these
 * before the rounded ones, read in place rather than copied into new terms per option (an ask weighs every
 * configuration that fits, some 70 owned ones for a small model).
 */
type UnroundedTerms = { marginal_usd_per_mtok: number; fixed_per_machine_usd?: number; capacity_tokens_millions_per_month?: number };
// Each term unrounded where given. Written as branches, not `u?.x ?? o.x`: a value that may be undefined is boxed, and
// optimized code then made a heap number for every term read (an ask reads every configuration's).
const marginalOf = (o: RentedTerms | OwnedTerms): number =>
  (o.unrounded === undefined ? o.marginal_usd_per_mtok : o.unrounded.marginal_usd_per_mtok);

/** What the ranges read of a rented option: paid by the hour, one machine-month at least. */
export type RentedTerms = { hardware_id: string; marginal_usd_per_mtok: number; rental: { usd_per_hour: number }; unrounded?: UnroundedTerms };
/** What they read of an owned option: whole machines, each its fixed month, plus power per token served. */
export type OwnedTerms = {
  hardware_id: string; marginal_usd_per_mtok: number; fixed_per_machine_usd: number; capacity_tokens_millions_per_month: number;
  unrounded?: UnroundedTerms;
};

/**
 * Windows counted per option before the answer says "at least": an option whose machines at capacity cost within
 * about 1 / MAX_WINDOWS of the API opens that many narrow windows before it stays cheaper.
 */
export const MAX_WINDOWS = 10_000;

export type Ranges = {
  /**
   * Disjoint (one may begin where another ends), earliest first, each one option at one machine count; the last is
   * unbounded (to null) whenever any option ever costs less.
   */
  ranges: CheaperRange[];
  /** True when an option had more than MAX_WINDOWS windows and the count stopped there. */
  capped: boolean;
};

/**
 * Rented: max(730 x hourly, volume x marginal) is at most a x volume from 730 x hourly / a on, for good, when the
 * marginal cost is below the API's `a`: one unbounded range per such option.
 */
export function rentedRanges(options: readonly RentedTerms[], a: number): Ranges {
  const lists: CheaperRange[][] = [];
  for (const o of options) {
    if (marginalOf(o) < a) {
      lists.push([{ from: (HOURS_PER_MONTH * o.rental.usd_per_hour) / a, to: null, hardware_id: o.hardware_id, machines: 1 }]);
    }
  }
  return merge(lists, false);
}

/**
 * Owned: k machines (fixed F each, capacity C each) serve up to k x C at k x F + m x volume, which is at most
 * a x volume from k x x on, x = F / (a - m). So option by option the volumes that cost no more are [k x, k C] for
 * k = 1, 2, ...: empty unless x < C (a full machine beats the API), and joined into one unbounded range from the first
 * k whose window reaches back to the previous machine's capacity, k x <= (k - 1) C, i.e. k >= C / (C - x). Before
 * that, each window ends where k machines are full: one more costs F, more than the API saves until k x later.
 */
export function ownedRanges(options: readonly OwnedTerms[], a: number): Ranges {
  const per: { o: OwnedTerms; x: number; c: number; k: number }[] = [];
  for (const o of options) {
    const u = o.unrounded;
    const c = u === undefined || u.capacity_tokens_millions_per_month === undefined
      ? o.capacity_tokens_millions_per_month : u.capacity_tokens_millions_per_month;
    const m = marginalOf(o);
    if (!(c > 0) || m >= a) continue;
    const x = (u === undefined || u.fixed_per_machine_usd === undefined ? o.fixed_per_machine_usd : u.fixed_per_machine_usd) / (a - m);
    if (!(x < c)) continue;
    // The first k whose window joins the previous machine's capacity (checked exactly, not only by the division).
    let k = Math.max(2, Math.ceil(c / (c - x)));
    while (k * x > (k - 1) * c) k++;
    while (k > 2 && (k - 1) * x <= (k - 2) * c) k--;
    per.push({ o, x, c, k });
  }
  // Below the earliest unbounded range every window counts; above it none can add anything.
  const rayStart = Math.min(...per.map((p) => (p.k - 1) * p.x));
  let capped = false;
  const lists = per.map(({ o, x, c, k }) => {
    const list: CheaperRange[] = [];
    for (let m = 1; m <= k - 2 && m * x < rayStart; m++) {
      if (list.length === MAX_WINDOWS) { capped = true; break; }
      list.push({ from: m * x, to: m * c, hardware_id: o.hardware_id, machines: m });
    }
    list.push({ from: (k - 1) * x, to: null, hardware_id: o.hardware_id, machines: k - 1, capacity: c });
    return list;
  });
  return merge(lists, capped);
}

/**
 * Lays the options' ranges end to end: each range in the answer is one option at one machine count, so where ranges of
 * two options overlap, the earlier keeps its own and the later starts where the earlier ends (a window of k machines
 * ends where they are full; an unbounded range there runs as many machines as that volume needs). A range inside an
 * earlier one adds nothing. Ranges may touch: `contiguousRun` reads such a run as one stretch of volume.
 */
function merge(lists: CheaperRange[][], capped: boolean): Ranges {
  const all = lists.flat().sort((p, q) => p.from - q.from);
  const out: CheaperRange[] = [];
  for (const r of all) {
    const last = out[out.length - 1];
    if (last?.to === null) break;
    if (!last || r.from > last.to) {
      out.push({ ...r });
      continue;
    }
    if (r.to !== null && r.to <= last.to) continue;
    const from = last.to;
    // Within a window the machines stay at its count; an unbounded range grows with the volume.
    const machines = r.to === null ? Math.max(r.machines, Math.ceil(from / (r.capacity ?? Infinity))) : r.machines;
    out.push({ ...r, from, machines });
  }
  return { ranges: out, capped };
}

/** How many ranges from `start` on follow each other without a gap (each begins where the one before it ends). */
export function contiguousRun(ranges: readonly CheaperRange[], start = 0): number {
  let n = 1;
  while (start + n < ranges.length && ranges[start + n - 1].to !== null && ranges[start + n].from === ranges[start + n - 1].to) n++;
  return n;
}
