// Which release date a model gets when its listings disagree: the developer's word, then the independent majority.
import type { Fact } from '../schema/index.ts';
import { DEVELOPER_RELEASES_SOURCE_ID } from '../sources/developer-releases.ts';

/**
 * One listing's release date. `listing` names it (`kilo/qwen/qwen3-32b`); `provider` is who lists it (listings of one
 * provider count once in a vote); `own`: the developer's own listing (its API entry, its catalogue page); `cutoff`:
 * the knowledge cutoff the same listing gives.
 */
export type ReleaseReading = {
  value: string;
  source: string;
  as_of: string;
  listing: string;
  provider?: string;
  own: boolean;
  cutoff?: string;
};

/**
 * A first of January or a first of the month is how catalogues fill a date they know to the year or month only
 * (alibaba-cn lists every DeepSeek-R1 distill at 2025-01-01; R1 and its distills came out on 2025-01-20).
 * Such a date yields to a precise one; it is still served when no listing gives a precise one.
 */
export const isPlaceholderDate = (d: string): boolean => /-01$/.test(d);

/** A knowledge cutoff is given to the month or the day; a release in a month before it cannot be. */
const month = (d: string) => d.slice(0, 7);
export const releasedBeforeCutoff = (release: string, cutoff: string | undefined): boolean =>
  cutoff !== undefined && /^\d{4}-\d{2}/.test(cutoff) && month(release) < month(cutoff);

/**
 * The month a listing's own name dates its version, if it does: `mistral-large-2512` (YYMM, Mistral's and Qwen's
 * way), `claude-sonnet-4-5-20250929`, `gpt-4o-2024-08-06`. A four-digit tag is read as YYMM only from 23 on (`-0528`
 * is a month and a day of an unnamed year; `-2048` a size), so no tag before 2023 is read.
 */
export function versionMonth(listing: string): string | undefined {
  const full = /(?:^|[-_/@:])(20\d{2})-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?=$|[-_:@])/.exec(listing);
  if (full) return `${full[1]}-${full[2]}`;
  const yymm = /(?:^|[-_/@:])(2[3-9])(0[1-9]|1[0-2])(?=$|[-_:@])/.exec(listing);
  return yymm ? `20${yymm[1]}-${yymm[2]}` : undefined;
}

/**
 * A release cannot come before the month its listing's name, or the model's id, dates (Mistral's own files give
 * mistral-large-2512, and mistral-large-latest that now points at it, 2024-11-01: Large 2411's month).
 */
const beforeVersion = (r: ReleaseReading, modelVersion: string | undefined): string | undefined => {
  const v = versionMonth(r.listing) ?? modelVersion;
  return v !== undefined && month(r.value) < v ? v : undefined;
};

const WEEK_MS = 7 * 86_400_000;

/** Each date to how many providers give a date in its release: dates in order, a gap over a week starts a new one. */
function releaseWeeks(providers: ReadonlyMap<string, ReadonlySet<string>>): Map<string, number> {
  const dates = [...providers.keys()].sort();
  const out = new Map<string, number>();
  let start = 0;
  for (let i = 1; i <= dates.length; i++) {
    if (i < dates.length && Date.parse(dates[i]) - Date.parse(dates[i - 1]) <= WEEK_MS) continue;
    const group = new Set<string>();
    for (let k = start; k < i; k++) for (const p of providers.get(dates[k])!) group.add(p);
    for (let k = start; k < i; k++) out.set(dates[k], group.size);
    start = i;
  }
  return out;
}

/**
 * Choose a model's release date (docs/data.md, "Release dates"). A first of the month before the knowledge cutoff
 * its own listing gives, or before the model's, is a placeholder, not a release: it is held back while another reading
 * remains. (A precise date before a cutoff is kept: a name the developer keeps updating, `gpt-4-turbo`, was released
 * before the cutoff of what it serves today.) Among the rest: the developer's reviewed announcement first, then the
 * developer's own listing, then the value most providers give (a precise date before a first of the month they give
 * as often), then the earliest (a provider adding a model later is no release). Every other value is kept in
 * `conflicts`, with its listings named in the note.
 */
export function chooseReleaseDate(readings: readonly ReleaseReading[], modelCutoff?: string, modelId?: string): Fact<string> | undefined {
  if (!readings.length) return undefined;
  const modelVersion = modelId === undefined ? undefined : versionMonth(modelId);
  const beforeItsVersion = (r: ReleaseReading) => beforeVersion(r, modelVersion);
  const implausible = (r: ReleaseReading) => beforeItsVersion(r) !== undefined || (isPlaceholderDate(r.value) &&
    (releasedBeforeCutoff(r.value, r.cutoff) || releasedBeforeCutoff(r.value, modelCutoff)));
  const plausible = readings.filter((r) => !implausible(r));
  // When no reading is plausible, none is held back: the note says what is wrong with the one served.
  const held = plausible.length ? readings.filter(implausible) : [];
  const kept = plausible.length ? plausible : [...readings];
  const providers = new Map<string, Set<string>>();
  for (const r of kept) {
    const set = providers.get(r.value) ?? new Set<string>();
    set.add(r.provider ?? r.listing);
    providers.set(r.value, set);
  }
  // Dates a week or less apart, chained, are one release: resellers list a model over the days after it (or round it
  // to a first of the month). The release with the most providers is chosen, then its date most of them give
  // (gpt-4o-search-preview: poe 2025-03-11, openrouter 03-12 and kilo 03-13 stand together against nano-gpt's
  // 2024-05-13, GPT-4o's own date copied, and the earliest of the three is served).
  const week = releaseWeeks(providers);
  const rank = (r: ReleaseReading) => {
    if (r.source === DEVELOPER_RELEASES_SOURCE_ID) return 0;
    return r.own ? 1 : 2;
  };
  // A first of the month that more providers give than any precise date stands (DeepSeek-V3.2: 2025-12-01, twenty
  // listings); on a tie it yields to the precise date.
  const vague = (r: ReleaseReading) => (isPlaceholderDate(r.value) ? 1 : 0);
  const sorted = [...kept].sort((a, b) => rank(a) - rank(b) || week.get(b.value)! - week.get(a.value)! ||
    providers.get(b.value)!.size - providers.get(a.value)!.size ||
    vague(a) - vague(b) || a.value.localeCompare(b.value) || a.listing.localeCompare(b.listing));
  const best = sorted[0];
  const f: Fact<string> = { value: best.value, as_of: best.as_of, source: best.source };
  const agree = new Set(kept.filter((r) => r.value === best.value && r.source !== best.source).map((r) => r.source));
  if (agree.size) f.corroborated_by = [...agree].sort();
  const why = (r: ReleaseReading) =>
    beforeItsVersion(r) ? `before the month ${versionMonth(r.listing) ? 'its own name' : "the model's id"} dates, ${beforeItsVersion(r)}`
      : !isPlaceholderDate(r.value) ? undefined
      : releasedBeforeCutoff(r.value, r.cutoff) ? `a first of the month before the same listing's knowledge cutoff ${r.cutoff}`
        : releasedBeforeCutoff(r.value, modelCutoff) ? `a first of the month before the knowledge cutoff ${modelCutoff}`
          : undefined;
  const others = new Map<string, ReleaseReading[]>();
  for (const r of [...kept, ...held]) if (r.value !== best.value) others.set(r.value, [...(others.get(r.value) ?? []), r]);
  const placeholder = plausible.length ? undefined
    : `every listing gives a placeholder date before a knowledge cutoff (${why(best)})`;
  const doubt = [placeholder, resellerOnly(readings)].filter((x) => x !== undefined).join('; ') || undefined;
  if (!others.size) {
    if (doubt) f.note = doubt;
    return f;
  }
  f.conflicts = [...others.entries()].sort(([a], [b]) => a.localeCompare(b))
    .map(([value, rs]) => ({ value, as_of: rs[0].as_of, source: rs[0].source }));
  const parts = [...others.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([value, rs]) => {
    const reasons = [...new Set(rs.map(why).filter((x) => x !== undefined))];
    return `${value} (${names(rs)}${reasons.length ? `: ${reasons.join('; ')}` : ''})`;
  });
  const chosenBy = best.source === DEVELOPER_RELEASES_SOURCE_ID ? "the developer's announcement"
    : best.own ? "the developer's own listing" : listingsFor(providers.get(best.value)!.size, week.get(best.value)!);
  f.note = `release date from ${chosenBy}${doubt ? `; ${doubt}` : ''}; listings that disagree: ${parts.join(', ')}`;
  return f;
}

/**
 * A date only resellers give is the day a reseller wrote, not one the developer stated (vercel lists gpt-4o-transcribe
 * on 2024-03-13; OpenAI announced it on 2025-03-20): the note says so, so the reader can weigh it. A listing is a
 * reseller's when it names a provider that is not the developer; the catalogue entry, the developer's own listing, a
 * reviewed announcement and a repository's date (llmfit) are not.
 */
function resellerOnly(readings: readonly ReleaseReading[]): string | undefined {
  if (readings.some((r) => r.own || r.provider === undefined || r.source === DEVELOPER_RELEASES_SOURCE_ID)) return undefined;
  const providers = new Set(readings.map((r) => r.provider)).size;
  return `only resellers' listings give a release date (${providers} provider${providers === 1 ? '' : 's'}): `
    + 'no announcement or listing of the developer in the sources';
}

/** How many providers give the date, and how many more give a date within a week of it (the same release). */
const listingsFor = (exact: number, inWeek: number) =>
  inWeek > exact ? `${exact} of the listings and ${inWeek - exact} more within days of it` : `${exact} of the listings`;

/** Up to four listings by name, then how many more. */
function names(rs: readonly ReleaseReading[]): string {
  const ls = [...new Set(rs.map((r) => r.listing))].sort();
  return ls.length <= 4 ? ls.join(', ') : `${ls.slice(0, 4).join(', ')} and ${ls.length - 4} more`;
}
