// Which statement of a retirement date stands: the developer's own notice over a catalogue's copy of the listing.
import type { Fact } from '../schema/index.ts';
import { DEPRECATIONS_SOURCE_ID } from '../sources/deprecations-rss.ts';
import { DEVELOPER_NOTICES_SOURCE_ID } from '../sources/developer-notices.ts';
import { choose, sourceRank, type Candidate } from './precedence.ts';

/** The developer's notices: its deprecation page (deprecations.info's scrape) and the reviewed notices table. */
export const NOTICE_SOURCES: ReadonlySet<string> = new Set([DEPRECATIONS_SOURCE_ID, DEVELOPER_NOTICES_SOURCE_ID]);

/** `rank`: lower speaks first, before the notice-over-copy rule (an offer's own listing before another id's notice). */
export type Statement<T> = { value: T; source: string; as_of: string; rank?: number };

/**
 * One lifecycle date (or replacement) from dated statements (docs/data.md, "Offers, SKUs and status"). The developer's
 * notice wins over a catalogue's copy of its listing (LiteLLM, models.dev), whatever their dates: LiteLLM's
 * `deprecation_date` is its own removal date for the key (2026-05-01 for claude-3-opus-20240229, which Anthropic
 * deprecated on 2025-06-30 and retired on 2026-01-05). Within the notices, or within the copies when no notice
 * speaks, the newest statement wins. `notAfter`: a deprecation date after the shutdown date served beside it is
 * never served; such a statement stays visible in `conflicts`. The other statements that agree are
 * `corroborated_by`, those that differ are `conflicts` (the newest of each source).
 */
export function chooseLifecycle<T extends string>(
  statements: readonly Statement<T>[], opts: { notAfter?: string } = {},
): Fact<T> | undefined {
  const allowed = statements.filter((s) => opts.notAfter === undefined || s.value <= opts.notAfter);
  const first = Math.min(...allowed.map((s) => s.rank ?? 0));
  const eligible = allowed.filter((s) => (s.rank ?? 0) === first);
  const notices = eligible.filter((s) => NOTICE_SOURCES.has(s.source));
  const cands = (notices.length ? notices : eligible).map((s): Candidate<T> => ({ value: s.value, source: s.source, as_of: s.as_of, tier: 1,
    authoritative: true }));
  const top = choose(cands, sourceRank, { newestFirst: true });
  if (!top) return undefined;
  return withOthers(top, statements);
}

/**
 * When service ends, from the firm days (`shutdown_date`) and the earliest days (`shutdown_not_before`: "no earlier
 * than") the statements give, chosen together by the same rule (`chooseLifecycle`): the chosen statement is served as
 * what it says. A firm day is a `shutdown_date`; an earliest day is `shutdown_not_before`, a fact with `bound`
 * `on_or_after`, and no shutdown_date, since no later day is known (docs/data.md, "Earliest shutdown dates").
 */
export function chooseShutdown(
  firm: readonly Statement<string>[], earliest: readonly Statement<string>[],
): { shutdown_date?: Fact<string>; shutdown_not_before?: Fact<string> } | undefined {
  const mark = '\u0000';
  const top = chooseLifecycle([...firm, ...earliest.map((s) => ({ ...s, value: `${s.value}${mark}` }))]);
  if (!top) return undefined;
  // Agreement and conflicts are about the day, whichever way a source words it.
  const plain = (v: string) => v.replace(mark, '');
  const fact: Fact<string> = { ...top, value: plain(top.value) };
  if (top.conflicts) {
    const differ = top.conflicts.filter((c) => plain(c.value) !== fact.value).map((c) => ({ ...c, value: plain(c.value) }));
    const agree = top.conflicts.filter((c) => plain(c.value) === fact.value).map((c) => c.source);
    if (differ.length) fact.conflicts = differ; else delete fact.conflicts;
    if (agree.length) fact.corroborated_by = [...new Set([...(fact.corroborated_by ?? []), ...agree])].sort();
  }
  return top.value.endsWith(mark) ? { shutdown_not_before: { ...fact, bound: 'on_or_after' } } : { shutdown_date: fact };
}

/** The served fact with every other source's newest statement recorded as agreeing or differing. */
function withOthers<T>(top: Fact<T>, statements: readonly Statement<T>[]): Fact<T> {
  const newest = new Map<string, Statement<T>>();
  for (const s of statements) {
    if (s.source === top.source) continue;
    const cur = newest.get(s.source);
    if (!cur || s.as_of > cur.as_of) newest.set(s.source, s);
  }
  const agree = new Set(top.corroborated_by ?? []);
  const conflicts = new Map((top.conflicts ?? []).map((c) => [c.source, c]));
  for (const s of newest.values()) {
    if (JSON.stringify(s.value) === JSON.stringify(top.value)) { agree.add(s.source); conflicts.delete(s.source); }
    else if (!agree.has(s.source)) conflicts.set(s.source, { value: s.value, as_of: s.as_of, source: s.source });
  }
  const out: Fact<T> = { value: top.value, as_of: top.as_of, source: top.source };
  if (top.note) out.note = top.note;
  if (agree.size) out.corroborated_by = [...agree].sort();
  if (conflicts.size) out.conflicts = [...conflicts.values()].sort((a, b) => a.source.localeCompare(b.source));
  return out;
}

/** A snapshot date closing an id: `-2024-10-01`, `-20241001`, `-01-21`, or a month-day `-0613` (not a YYMM `-2411`). */
const SNAPSHOT_DATE = /-(?:20\d{2}-?\d{2}-?\d{2}|\d{2}-\d{2}|(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]))$/;

/**
 * Whether a notice about one dated snapshot would be read onto another: OpenAI shut gpt-4o-audio-preview-2024-10-01
 * down on 2025-10-10, which says nothing of gpt-4o-audio-preview-2025-06-03, a later snapshot of the same model that
 * its notice does not name. An undated id on either side (a pointer, or a notice about the model's name) is not this.
 */
export function namesOtherSnapshot(noticeId: string, listing: string): boolean {
  // The date's digits; a month-day compares with a full date's month and day (`gpt-3.5-turbo-0301`, `gpt-3.5-0301`).
  const date = (id: string) => SNAPSHOT_DATE.exec(id.toLowerCase())?.[0].replace(/-/g, '');
  const a = date(noticeId), b = date(listing);
  if (a === undefined || b === undefined) return false;
  return a.length === b.length ? a !== b : a.slice(-4) !== b.slice(-4);
}

/** A full snapshot date closing an id (`-2025-03-20`, `-20250320`), the part a newer snapshot is compared by. */
const FULL_DATE = /-(20\d{2})-?(\d{2})-?(\d{2})$/;

/**
 * Whether a notice retiring one dated snapshot in favour of a newer snapshot of the same name leaves the undated name
 * `listing` served: OpenAI retired gpt-4o-mini-tts-2025-03-20 (shutdown 2026-07-23) with the replacement
 * gpt-4o-mini-tts-2025-12-15, which the undated `gpt-4o-mini-tts` now calls, so the notice is no date of that name.
 */
export function rollsToNewerSnapshot(noticeId: string, replacement: string | undefined, listing: string): boolean {
  const id = noticeId.toLowerCase(), rep = replacement?.toLowerCase();
  const a = FULL_DATE.exec(id), b = rep === undefined ? null : FULL_DATE.exec(rep);
  if (!a || !b || rep === undefined) return false;
  const name = id.slice(0, a.index);
  return listing.toLowerCase() === name && rep.slice(0, b.index) === name && b.slice(1).join('') > a.slice(1).join('');
}
