// The ranges where self-hosting costs no more than the API, as the break-even's fields and sentence give them.
import { contiguousRun, type CheaperRange, type Ranges } from './cheaper-ranges.ts';
import { usd } from './money.ts';

/** Windows written out in `cheaper_windows`; `cheaper_windows_count` counts them all. */
export const LISTED_WINDOWS = 20;

export type CheaperWindow = { from_tokens_millions: number; to_tokens_millions: number; hardware_id: string; machines: number };

export type RangeFields = {
  /** The monthly volume from which self-hosting costs no more at every volume above; null when there is none. */
  stays_cheaper_from_tokens_millions: number | null;
  /** Narrower ranges below it where it also costs no more, earliest first (at most LISTED_WINDOWS). */
  cheaper_windows: CheaperWindow[];
  /** How many such windows there are (counted up to cheaper-ranges.ts MAX_WINDOWS an option). */
  cheaper_windows_count: number;
};

const windowOf = (r: CheaperRange): CheaperWindow => ({
  from_tokens_millions: usd(r.from), to_tokens_millions: usd(r.to!), hardware_id: r.hardware_id, machines: r.machines,
});

/** The wire fields of a set of ranges. */
export function rangeFields(r: Ranges): RangeFields {
  const stays = stretchToEnd(r);
  const finite = r.ranges.slice(0, stays ?? r.ranges.length);
  return {
    stays_cheaper_from_tokens_millions: stays === null ? null : usd(r.ranges[stays].from),
    cheaper_windows: finite.slice(0, LISTED_WINDOWS).map(windowOf),
    cheaper_windows_count: finite.length,
  };
}

/**
 * Where the last stretch of touching ranges begins when it runs on for good (null when none does): self-hosting costs
 * no more at every volume from there, one configuration after another; the ranges before it are the windows.
 */
function stretchToEnd(r: Ranges): number | null {
  if (r.ranges.at(-1)?.to !== null || r.ranges.length === 0) return null;
  let i = r.ranges.length - 1;
  while (i > 0 && r.ranges[i - 1].to === r.ranges[i].from) i--;
  return i;
}

/**
 * The volumes the curve marks, unrounded: where the first range begins and, when it ends, where it ends, and where
 * self-hosting stays cheaper (the break-even and the fields above, before rounding).
 */
export function rangeEdges(r: Ranges): number[] {
  const [first] = r.ranges;
  if (!first) return [];
  const stays = stretchToEnd(r);
  const window = r.ranges.slice(0, stays ?? r.ranges.length)[0];
  return [first.from, ...(window ? [window.to!] : []), ...(stays === null ? [] : [r.ranges[stays].from])];
}

const machinesWord = (n: number) => (n === 1 ? 'machine' : 'machines');

/** "5 machines of mi300x-x8 up to 93,722.15, then 11 machines of mi300x-x4": what a run of touching ranges runs. */
export function runText(run: readonly CheaperRange[]): string {
  return run.map((x, i) => `${i ? 'then ' : ''}${x.machines} ${machinesWord(x.machines)} of ${x.hardware_id}` +
    (x.to === null ? ' and more' : i < run.length - 1 ? ` up to ${usd(x.to)}` : '')).join(', ');
}

/**
 * The sentence after "from V ... costs no more than the API" when that first stretch ends: where it ends and why (its
 * ranges named one by one when there are several), the further windows, and the volume from which self-hosting stays
 * cheaper. Never says "stays cheaper" of a window.
 */
export function windowsText(r: Ranges, kind: string, utilization: number): string {
  const n = contiguousRun(r.ranges);
  const run = r.ranges.slice(0, n);
  const first = run[0];
  const end = run[n - 1];
  const stays = stretchToEnd(r);
  const windows = r.ranges.slice(n, stays ?? r.ranges.length);
  const tail = stays === null ? [] : r.ranges.slice(stays);
  const full = end.machines === 1 ? 'the machine is full' : `the ${end.machines} machines are full`;
  let text =
    `but only up to ${usd(end.to!)}, where ${full} at utilization ${utilization} and one more machine costs more ` +
    `than the API saves; ${kind} self-hosting costs no more than the API between ${usd(first.from)} and ${usd(end.to!)} ` +
    `million tokens a month${n > 1 ? ` (${runText(run)})` : ''}`;
  if (windows.length) {
    const [next] = windows;
    const last = windows[windows.length - 1];
    const count = `${r.capped ? 'at least ' : ''}${windows.length} more window${windows.length > 1 ? 's' : ''}`;
    text +=
      `, in ${count} up to ${usd(last.to!)}, each ending where the machines then running are full ` +
      `(the next: ${usd(next.from)} to ${usd(next.to!)}, ${next.machines} ${machinesWord(next.machines)} of ${next.hardware_id})`;
  }
  const [ray] = tail;
  return text + (!ray
    ? ', and at no larger volume'
    : tail.length === 1
      ? `, and at every volume from ${usd(ray.from)} on (${ray.hardware_id}, ${ray.machines} ${machinesWord(ray.machines)} and more)`
      : `, and at every volume from ${usd(ray.from)} on (${runText(tail)})`);
}
