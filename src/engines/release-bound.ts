// What a release date proves: the day itself, or only a bound of it (docs/data.md, "Bounded release dates").
import type { Fact } from '../schema/index.ts';

/**
 * The days a model's release can lie in, ends inclusive, from its fact: a day read as the release (an announcement, a
 * listing, a reseller's day: the note says whose) is both ends; `on_or_before` (the developer's first listing, a
 * catalogue's later copy) leaves the start open; `on_or_after` (the day the weights' repository was created) ends at
 * the fact's `as_of`, the day of the snapshot that read the repository: the snapshot lists public repositories only
 * (llmfit's scraper reads the Hub's public API), so the weights were public by then; or earlier, at `publicBy`, the
 * earliest day another source shows the model public (public-by.ts: a catalogue's history listing it, a leaderboard
 * rating it, an offer), where that is on or after the bound. Undefined: no release date.
 */
export type ReleaseSpan = { earliest?: string; latest?: string };

type Read = Pick<Fact<string>, 'value' | 'bound'> & { as_of?: string };

export function releaseSpan(f: Read | undefined, publicBy?: string): ReleaseSpan | undefined {
  if (!f) return undefined;
  if (f.bound === 'on_or_before') return { latest: f.value };
  if (f.bound === 'on_or_after') {
    // A day before the bound contradicts it (a listing of another upload of the weights): it ends nothing.
    const ends = [f.as_of, publicBy].filter((d): d is string => d !== undefined && d >= f.value).sort();
    return ends.length ? { earliest: f.value, latest: ends[0] } : { earliest: f.value };
  }
  return { earliest: f.value, latest: f.value };
}

/** Whether the release is proven strictly after `day`: its earliest possible day is after it. */
export function provenAfter(f: Read | undefined, day: string): boolean {
  const s = releaseSpan(f);
  return s?.earliest !== undefined && s.earliest > day;
}

/**
 * Whether the release may lie after `day` though nothing proves it: an upper bound later than `day` (a model public by
 * 2026-09-23 may be from August or from 2025), or a lower bound on or before `day` whose span (to `publicBy`, if
 * earlier than the snapshot) reaches past it. A day
 * is either proven after or proven not.
 */
export function mayBeAfter(f: Read | undefined, day: string, publicBy?: string): boolean {
  const s = releaseSpan(f, publicBy);
  return s !== undefined && !provenAfter(f, day) && (s.latest === undefined || s.latest > day);
}

/** How a bound reads to a person: `on or before 2026-09-23`, `on or after 2025-06-25`, or the day. */
export function releaseWords(f: Pick<Fact<string>, 'value' | 'bound'>): string {
  return f.bound === 'on_or_before' ? `on or before ${f.value}` : f.bound === 'on_or_after' ? `on or after ${f.value}` : f.value;
}

/**
 * Whether the release is known only as "on or before" the day of the newest snapshot (`meta.data_as_of`) or later: a
 * model first seen in that snapshot (GPT-6 Sol, "listed by OpenAI between 2026-08-21 and 2026-09-23"). The bound says
 * the model was public when the data were read, not when it was released: it may be from last week or from 2025, so
 * a release order cannot place it among dated models, least of all first.
 */
export function boundedBySnapshot(f: Pick<Fact<string>, 'value' | 'bound'> | undefined, dataAsOf: string): boolean {
  return f?.bound === 'on_or_before' && f.value >= dataAsOf;
}
