// The ranges where self-hosting costs no more than the API, as the break-even's fields and sentence give them.
import type { CheaperRange, Ranges } from './cheaper-ranges.ts';
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
  const finite = r.ranges.filter((x) => x.to !== null);
  const ray = r.ranges.find((x) => x.to === null);
  return {
    stays_cheaper_from_tokens_millions: ray ? usd(ray.from) : null,
    cheaper_windows: finite.slice(0, LISTED_WINDOWS).map(windowOf),
    cheaper_windows_count: finite.length,
  };
}

const machinesWord = (n: number) => (n === 1 ? 'machine' : 'machines');

/**
 * The sentence after "from V ... costs no more than the API" when that first range ends: where it ends and why, the
 * further windows, and the volume from which self-hosting stays cheaper. Never says "stays cheaper" of a window.
 */
export function windowsText(r: Ranges, kind: string, utilization: number): string {
  const [first, ...rest] = r.ranges;
  const windows = rest.filter((x) => x.to !== null);
  const ray = rest.find((x) => x.to === null);
  const full = first.machines === 1 ? 'the machine is full' : `the ${first.machines} machines are full`;
  let text =
    `but only up to ${usd(first.to!)}, where ${full} at utilization ${utilization} and one more machine costs more ` +
    `than the API saves; ${kind} self-hosting costs no more than the API between ${usd(first.from)} and ${usd(first.to!)} ` +
    'million tokens a month';
  if (windows.length) {
    const [next] = windows;
    const last = windows[windows.length - 1];
    const count = `${r.capped ? 'at least ' : ''}${windows.length} more window${windows.length > 1 ? 's' : ''}`;
    text +=
      `, in ${count} up to ${usd(last.to!)}, each ending where the machines then running are full ` +
      `(the next: ${usd(next.from)} to ${usd(next.to!)}, ${next.machines} ${machinesWord(next.machines)} of ${next.hardware_id})`;
  }
  return text + (ray
    ? `, and at every volume from ${usd(ray.from)} on (${ray.hardware_id}, ${ray.machines} ${machinesWord(ray.machines)} and more)`
    : ', and at no larger volume');
}
