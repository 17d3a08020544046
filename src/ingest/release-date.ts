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
  /** The page a reviewed row was read on (developer-releases.csv). */
  url?: string;
  /** A reviewed row's evidence bounds the release from one side only (developer-releases.csv `bound`): the fact's. */
  bound?: Fact<string>['bound'];
  /**
   * The day the developer's own Hugging Face repository was created (llmfit's `release_date`, the Hub's `createdAt`):
   * not a listing, a floor. The weights were not public before it; a repository is often created private and opened
   * later (Qwen/Qwen3-8B created 2025-04-27, Qwen3 released 2025-04-29; meta-llama/Llama-3.1-8B-Instruct 2024-07-18 for
   * 2024-07-23), so it is served only when no listing's date stands.
   */
  repository?: boolean;
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
 * The month a model's own id names, where it names one: a `-YYMM` suffix (`mistral-large-2512`, `qwen3-235b-a22b-2507`),
 * `-YYYYMMDD` (`claude-3-5-sonnet-20241022`), `-YYYY-MM-DD` (`gpt-4o-2024-08-06`) or `-MM-YYYY` (`command-r-08-2024`). A four-digit part reads as YYMM
 * only with a year 23..29 and a month 01..12, so `-0528` and `-1106` (month and day) name no year and are not read.
 */
export function idMonth(id: string | undefined): string | undefined {
  if (!id) return undefined;
  const full = /(?:^|-)(20[2-9]\d)-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?=$|-)/.exec(id);
  if (full) return `${full[1]}-${full[2]}`;
  const yymm = /-(2[3-9])(0[1-9]|1[0-2])(?=$|-)/.exec(id);
  if (yymm) return `20${yymm[1]}-${yymm[2]}`;
  // Google's and Cohere's month-year versions: `gemini-2.5-computer-use-preview-10-2025`, `command-r-08-2024`.
  const mmyyyy = /-(0[1-9]|1[0-2])-(202[3-9])(?=$|-)/.exec(id);
  return mmyyyy ? `${mmyyyy[2]}-${mmyyyy[1]}` : undefined;
}

/** Days that dates of one release may lie apart in listings and still support each other (a provider a few days late). */
export const CLUSTER_DAYS = 7;
const DAY_MS = 86_400_000;
const daysApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / DAY_MS;

/**
 * How many days after the day a model's id names a reseller's date may lie and still be the release. Measured on the
 * 24 models of the 2026 build whose id names a day and that have a release date: 19 lie 0 to 7 days after it (every
 * developer's own listing: 0), the rest 39 (glm-4-plus-0111), 75 (gpt-4-0314: 2023-05-28 for GPT-4's 2023-03-14),
 * 240 (hunyuan-t1-20250711: 2026-03-08), 241 and 312 days: the day a reseller's catalogue added the model.
 */
export const ID_DAY_SLACK = 60;

/**
 * The days a model's id names, near `near`: `-YYYYMMDD` or `-YYYY-MM-DD` name one; a month and day (`-0314`, `-0520`)
 * name that day in the year of `near`, the year before or the year after, for the id says no year.
 */
export function idDays(id: string | undefined, near: string): string[] {
  if (!id) return [];
  const full = /(?:^|-)(20[2-9]\d)-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?=$|-)/.exec(id);
  if (full) return [`${full[1]}-${full[2]}-${full[3]}`];
  const md = /-(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=$|-)/.exec(id);
  if (!md) return [];
  const y = Number(near.slice(0, 4));
  return [y - 1, y, y + 1].map((x) => `${x}-${md[1]}-${md[2]}`);
}

/** Whether a reseller's date lies farther from the day its model's id names than a release does (ID_DAY_SLACK). */
export function farFromIdDay(r: ReleaseReading, id: string | undefined): boolean {
  if (!isResellers(r)) return false;
  const days = idDays(id, r.value);
  const gap = (d: string) => (Date.parse(r.value) - Date.parse(d)) / DAY_MS;
  return days.length > 0 && !days.some((d) => gap(d) >= -CLUSTER_DAYS && gap(d) <= ID_DAY_SLACK);
}

/**
 * The release date withheld when every listing giving one is a reseller's date far from the day the model's id names
 * (farFromIdDay): the earliest of them, with the reason, for the model's `withheld` list. Undefined otherwise.
 */
export function withheldRelease(all: readonly ReleaseReading[], id: string | undefined) {
  const readings = all.filter((r) => !r.repository);
  if (!readings.length || !readings.every((r) => farFromIdDay(r, id))) return undefined;
  const first = [...readings].sort((a, b) => a.value.localeCompare(b.value) || a.listing.localeCompare(b.listing))[0];
  const named = idDays(id, first.value);
  const day = named.length === 1 ? named[0] : `${named[0].slice(5)} of some year`;
  return {
    field: 'release_date', value: first.value, as_of: first.as_of, source: first.source,
    reason: `is given only by resellers' listings (${names(readings)}) more than ${ID_DAY_SLACK} days from the day the id ${id} names `
      + `(${day}): the day a catalogue added it, not the release`,
  };
}

/**
 * Choose a model's release date (docs/data.md, "Release dates"). A first of the month before the knowledge cutoff
 * its own listing gives, or before the model's, is a placeholder, not a release: it is held back while another reading
 * remains. (A precise date before a cutoff is kept: a name the developer keeps updating, `gpt-4-turbo`, was released
 * before the cutoff of what it serves today.) Any date before the month the model's id names is held back the same
 * way, the developer's own included. A reseller's date before the developer's own Hugging Face repository was created,
 * or more than ID_DAY_SLACK days after it, is held back too (a preview served before the weights, a catalogue's late
 * add). Among the rest: the developer's reviewed announcement first, then the developer's own listing, then the date
 * with the most providers within CLUSTER_DAYS of it, then the value most providers give (a precise date before a
 * first of the month they give as often), then the earliest (a provider adding a model later is no release). The
 * repository's creation day is served only when no listing's date stands, and its note calls it a lower bound. Every
 * other value is kept in `conflicts`, with its listings named in the note.
 */
export function chooseReleaseDate(readings: readonly ReleaseReading[], modelCutoff?: string, modelId?: string): Fact<string> | undefined {
  // Every date a reseller's, far from the day the id names: withheld (withheldRelease), not served.
  if (!readings.length || withheldRelease(readings, modelId)) return undefined;
  const listed = readings.filter((r) => !r.repository);
  const repo = [...readings].filter((r) => r.repository).sort((a, b) => a.value.localeCompare(b.value))[0];
  // A release cannot precede the month its own id names (mistral-large-2512: Mistral's listing gives 2024-11-01).
  const named = idMonth(modelId);
  const beforeName = (r: ReleaseReading) => named !== undefined && month(r.value) < named;
  const farFromName = (r: ReleaseReading) => farFromIdDay(r, modelId);
  // A day's slack: listings and the Hub date in different time zones (a listing in UTC+8 is a day ahead of UTC at night).
  const beforeRepo = (r: ReleaseReading) => repo !== undefined && isResellers(r) && dayGap(r.value, repo.value) > 1;
  // A lone late date is a catalogue's late add; two providers agreeing on it (within CLUSTER_DAYS) are evidence of the
  // release, however long after the repository's creation it came (a repository is often created private, weeks early).
  const late = (r: ReleaseReading) => repo !== undefined && isResellers(r) && dayGap(repo.value, r.value) > ID_DAY_SLACK;
  const agreed = (r: ReleaseReading) => listed.some((o) => o !== r && !o.repository && (o.provider ?? o.listing) !== (r.provider ?? r.listing)
    && daysApart(o.value, r.value) <= CLUSTER_DAYS);
  const farAfterRepo = (r: ReleaseReading) => late(r) && !agreed(r);
  const implausible = (r: ReleaseReading) => beforeName(r) || farFromName(r) || beforeRepo(r) || farAfterRepo(r) ||
    (isPlaceholderDate(r.value) && (releasedBeforeCutoff(r.value, r.cutoff) || releasedBeforeCutoff(r.value, modelCutoff)));
  const plausible = listed.filter((r) => !implausible(r));
  const why = (r: ReleaseReading) =>
    r.repository ? `the day the developer's repository was created, a lower bound of the release`
    : beforeName(r) ? `before ${named}, the month the id ${modelId} names`
    : farFromName(r) ? `more than ${ID_DAY_SLACK} days from the day the id ${modelId} names`
    : beforeRepo(r) ? `before the developer's repository ${repo!.listing} was created on ${repo!.value}: a preview or a copied date`
    : farAfterRepo(r) ? `more than ${ID_DAY_SLACK} days after the developer's repository ${repo!.listing} was created`
    : !isPlaceholderDate(r.value) ? undefined
      : releasedBeforeCutoff(r.value, r.cutoff) ? `a first of the month before the same listing's knowledge cutoff ${r.cutoff}`
        : releasedBeforeCutoff(r.value, modelCutoff) ? `a first of the month before the knowledge cutoff ${modelCutoff}`
          : undefined;
  // No listing's date stands beside the developer's repository: its creation day is served, as the lower bound it is.
  if (repo && !plausible.length) return repositoryRelease(repo, listed, why);
  // When no reading is plausible, none is held back: the note says what is wrong with the one served.
  const held = plausible.length ? listed.filter(implausible) : [];
  const kept = plausible.length ? plausible : [...listed];
  const providers = new Map<string, Set<string>>();
  for (const r of kept) {
    const set = providers.get(r.value) ?? new Set<string>();
    set.add(r.provider ?? r.listing);
    providers.set(r.value, set);
  }
  // Dates within CLUSTER_DAYS of each other support each other: a cluster of providers outweighs a lone date that
  // copies a parent model's (gpt-4o-search-preview: 2024-05-13 from one listing, 2025-03-11..13 from three).
  const support = new Map<string, number>();
  for (const v of providers.keys()) {
    const near = new Set<string>();
    for (const [w, ps] of providers) if (daysApart(v, w) <= CLUSTER_DAYS) for (const p of ps) near.add(p);
    support.set(v, near.size);
  }
  const rank = (r: ReleaseReading) => {
    if (r.source === DEVELOPER_RELEASES_SOURCE_ID) return 0;
    return r.own ? 1 : 2;
  };
  // A first of the month that more providers give than any precise date stands (DeepSeek-V3.2: 2025-12-01, twenty
  // listings); on a tie it yields to the precise date.
  // The best-supported date anchors the cluster; within CLUSTER_DAYS of it the date most providers give wins, then the
  // earliest, so a cluster's spread never outvotes its own majority (gpt-oss-20b: 2025-08-05 from 22 providers).
  // Equal support: the date more providers give, a precise one before a first of the month, then the earliest.
  const vagueDate = (d: string) => (isPlaceholderDate(d) ? 1 : 0);
  const anchor = [...support.entries()].sort(([a, x], [b, y]) => y - x || providers.get(b)!.size - providers.get(a)!.size ||
    vagueDate(a) - vagueDate(b) || a.localeCompare(b))[0][0];
  // Only resellers' listings: each date is the day a reseller wrote, not the developer's release (resellerOnly).
  // The earliest is not served for that: a lone early date is more often a copy of another model's date or a placeholder
  // than a listing day (nano-gpt gives Qwen3-30B-A3B 2025-02-27, two months before Qwen3, and gpt-4o-search-preview
  // GPT-4o's 2024-05-13); the cluster rule stands and the note says whose date it is (docs/data.md).
  const inCluster = (r: ReleaseReading) => (daysApart(r.value, anchor) <= CLUSTER_DAYS ? 0 : 1);
  const sorted = [...kept].sort((a, b) => rank(a) - rank(b) || inCluster(a) - inCluster(b) ||
    providers.get(b.value)!.size - providers.get(a.value)!.size ||
    vagueDate(a.value) - vagueDate(b.value) || a.value.localeCompare(b.value) || a.listing.localeCompare(b.listing));
  const best = sorted[0];
  const f: Fact<string> = { value: best.value, as_of: best.as_of, source: best.source, ...(best.bound ? { bound: best.bound } : {}) };
  const agree = new Set(kept.filter((r) => r.value === best.value && r.source !== best.source).map((r) => r.source));
  if (agree.size) f.corroborated_by = [...agree].sort();
  const others = new Map<string, ReleaseReading[]>();
  for (const r of [...kept, ...held, ...(repo ? [repo] : [])]) {
    if (r.value !== best.value) others.set(r.value, [...(others.get(r.value) ?? []), r]);
  }
  const placeholder = plausible.length ? undefined
    : beforeName(best) ? `every listing gives a date ${why(best)}`
      : `every listing gives a placeholder date before a knowledge cutoff (${why(best)})`;
  const floor = repo && repo.value <= best.value && isResellers(best)
    ? `the developer's repository ${repo.listing} was created on ${repo.value} (${repo.source}): the weights were not public before it`
    : undefined;
  const doubt = [boundWords(best), placeholder, resellerOnly(listed), floor].filter((x) => x !== undefined).join('; ') || undefined;
  if (!others.size) {
    // A reviewed row names the page it was read on even where no listing disagrees: a reader weighs a news account
    // (gpt-5.6-sol, read on lushbinary.com) apart from the developer's own page.
    const said = [best.source === DEVELOPER_RELEASES_SOURCE_ID ? `release date from ${reviewedRow(best)}` : undefined, doubt]
      .filter((x) => x !== undefined).join('; ');
    if (said) f.note = said;
    return f;
  }
  f.conflicts = conflictsOf(others);
  const chosenBy = best.source === DEVELOPER_RELEASES_SOURCE_ID ? reviewedRow(best)
    : best.own ? ownListing(best) : support.get(anchor)! > providers.get(best.value)!.size
      ? `${support.get(anchor)} providers' listings within ${CLUSTER_DAYS} days of ${anchor} (the date most of them give, then the earliest)`
      : `${providers.get(best.value)!.size} of the listings`;
  f.note = `release date from ${chosenBy}${doubt ? `; ${doubt}` : ''}; listings that disagree: ${disagreeing(others, why)}`;
  return f;
}

/** What a reviewed row's bound means, in the note (the member `bound` says it to machines). */
function boundWords(r: ReleaseReading): string | undefined {
  if (r.source !== DEVELOPER_RELEASES_SOURCE_ID || !r.bound) return undefined;
  return r.bound === 'on_or_after'
    ? `the row's evidence (a commit's day, not a dated announcement) shows the release was not before ${r.value}: a lower bound of the release, not the day`
    : `the row's evidence shows the model public by ${r.value}: an upper bound of the release, not the day`;
}

/** A listing that names a provider other than the developer: a reseller's date, the day it wrote. */
function isResellers(r: ReleaseReading): boolean {
  return !r.own && !r.repository && r.provider !== undefined && r.source !== DEVELOPER_RELEASES_SOURCE_ID;
}

const dayGap = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/**
 * The developer's repository's creation day as the release, where no listing's date stands (none given, or every one
 * a reseller's before it or long after it: gemma-3n-e4b-it, listed by resellers from Google I/O's preview on
 * 2025-05-20, its repository google/gemma-3n-E4B-it created 2025-06-25). The note says it is a lower bound.
 */
function repositoryRelease(repo: ReleaseReading, listed: readonly ReleaseReading[],
  why: (r: ReleaseReading) => string | undefined): Fact<string> {
  // A lower bound, first-class: filters and sorts read `bound`, not the note's words.
  const f: Fact<string> = { value: repo.value, as_of: repo.as_of, source: repo.source, bound: 'on_or_after' };
  const lead = `release date from the day the developer's Hugging Face repository ${repo.listing} was created (the Hub's ` +
    `createdAt, which the ${repo.source} snapshot records as release_date; not the model card's date): the weights were not ` +
    'public before it, and a repository can be opened days after it is created, so this is a lower bound of the release, not an announced date';
  const others = new Map<string, ReleaseReading[]>();
  for (const r of listed) if (r.value !== repo.value) others.set(r.value, [...(others.get(r.value) ?? []), r]);
  if (!others.size) {
    f.note = lead;
    return f;
  }
  f.conflicts = conflictsOf(others);
  f.note = `${lead}; listings that disagree: ${disagreeing(others, why)}`;
  return f;
}

function conflictsOf(others: ReadonlyMap<string, ReleaseReading[]>): NonNullable<Fact<string>['conflicts']> {
  return [...others.entries()].sort(([a], [b]) => a.localeCompare(b))
    .map(([value, rs]) => ({ value, as_of: rs[0].as_of, source: rs[0].source }));
}

function disagreeing(others: ReadonlyMap<string, ReleaseReading[]>, why: (r: ReleaseReading) => string | undefined): string {
  return [...others.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([value, rs]) => {
    const reasons = [...new Set(rs.map(why).filter((x) => x !== undefined))];
    return `${value} (${names(rs)}${reasons.length ? `: ${reasons.join('; ')}` : ''})`;
  }).join(', ');
}

/**
 * Who wrote a date the developer's side gives: a catalogue's file (models.dev's `providers/moonshotai/...` is a
 * community file describing Moonshot's API listing, LiteLLM's entry with the developer as provider), never the
 * developer's own statement. A reviewed row (developer-releases.csv) names the page it was read on. The note names the catalogue and
 * the listing, so a reader can tell a catalogue's record of the developer's API from the developer's announcement.
 */
function reviewedRow(r: ReleaseReading): string {
  // Most rows read the developer's own page; some a dated account of it. The host says which.
  const host = r.url && URL.canParse(r.url) ? new URL(r.url).host : undefined;
  return `a reviewed row (developer-releases.csv)${host ? `, read on ${host}` : ''}`;
}

function ownListing(r: ReleaseReading): string {
  return r.provider === undefined ? `${r.source}'s entry for the model (${r.listing})`
    : `the developer's API listing as ${r.source} records it (${r.listing})`;
}

/**
 * A date only resellers give is the day a reseller wrote, not one the developer stated (vercel lists gpt-4o-transcribe
 * on 2024-03-13; OpenAI announced it on 2025-03-20): the note says so, so the reader can weigh it. It is no upper bound
 * of the release either: a reseller can list a model before the developer announces it (preview access: resellers list
 * gemma-3n-e4b-it from Google I/O's preview, 2025-05-20, five weeks before Google's repository of the weights), or copy
 * another model's date (nano-gpt dates gpt-4o-search-preview with GPT-4o's 2024-05-13). What it does bound is a
 * reseller's availability: a listing day is a day the model, or a preview under its name, was served. A listing is a
 * reseller's when it names a provider that is not the developer; the catalogue entry, the developer's own listing, a
 * reviewed announcement and the developer's repository (llmfit) are not.
 */
function resellerOnly(readings: readonly ReleaseReading[]): string | undefined {
  if (!readings.length || !readings.every(isResellers)) return undefined;
  const providers = new Set(readings.map((r) => r.provider)).size;
  return `only resellers' listings give a release date (${providers} provider${providers === 1 ? '' : 's'}), `
    + 'no announcement or listing of the developer in the sources: a reseller\'s date is the day it listed the model or a date '
    + 'it copied, so it says when a reseller served the model (or a preview under its name), not when the developer released '
    + 'it, which may be later (a preview listed before the announcement) or earlier';
}

/** Up to four listings by name, then how many more. */
function names(rs: readonly ReleaseReading[]): string {
  const ls = [...new Set(rs.map((r) => r.listing))].sort();
  return ls.length <= 4 ? ls.join(', ') : `${ls.slice(0, 4).join(', ')} and ${ls.length - 4} more`;
}
