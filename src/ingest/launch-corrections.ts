// A source's launch price set right within days to what other sources already listed: the source fixing itself.
import { daysBetween, type ChangeEvent, type Fact, type Offer } from '../schema/index.ts';
import { canonicalSlug } from './match-keys.ts';

/**
 * How soon after a listing first appears in a source a move to the other sources' price still reads as the source
 * fixing its launch price. Measured on the sources' histories (docs/data.md, "Change events"): with no limit, every
 * move of a newly added listing to the figures the other sources already held for that provider and model came
 * within LAUNCH_FIX_DAYS days of the listing's appearance; the next such move comes weeks later.
 */
export const LAUNCH_FIX_DAYS = 14;

/** genai-prices' npm copy and its repository are one source, not two that agree. */
const family = (source: string) => source.replace(/-npm$/, '');
const priced = (v: unknown): v is number => typeof v === 'number' && v > 0;

type Step = { date: string; old: number | null; now: number | null };
type Listing = { family: string; key: string; added: string[]; removed: string[]; steps: Step[]; baseline: boolean };
/** What one other source held for the provider's model: the figure and since when that source gave it. */
type Holding = { family: string; value: number; since: string };

/** A source's reading of a provider's standard price today (an offer's fact, its corroborations and conflicts). */
export type SourceReading = { model_id: string; provider: string; field: string; source: string; value: number; as_of: string };

/** Every source's reading of every standard offer's prices: the served figure, those that agree and those that differ. */
export function sourceReadings(offers: readonly Offer[]): SourceReading[] {
  const out: SourceReading[] = [];
  for (const o of offers) {
    if (o.sku !== 'standard') continue;
    for (const field of ['input', 'output', 'cache_read', 'cache_write'] as const) {
      const f = o.prices[field] as Fact<number> | undefined;
      if (!f) continue;
      const add = (source: string, value: number, as_of: string) => {
        if (source !== 'derived' && priced(value)) out.push({ model_id: o.model_id, provider: o.provider, field, source, value, as_of });
      };
      add(f.source, f.value, f.as_of);
      for (const s of f.corroborated_by ?? []) add(s, f.value, f.as_of);
      for (const c of f.conflicts ?? []) add(c.source, c.value, c.as_of);
    }
  }
  return out;
}

/**
 * The sources' listings of each provider's models over time: when each appeared (a history's `added` row), its price
 * steps, and, for a listing whose price never moved after a given date, the sources' readings today.
 */
export class LaunchBook {
  private readonly listings = new Map<string, Listing>();
  /** provider|model -> the listings of it, any source. */
  private readonly byModel = new Map<string, Set<Listing>>();
  private readonly readings = new Map<string, Map<string, number[]>>();
  /** Each source's first record: a listing there from the start is known to hold its price from that day only. */
  private readonly first = new Map<string, string>();

  tracked(source: string, date: string) {
    const f = family(source);
    if (!this.first.has(f) || date < this.first.get(f)!) this.first.set(f, date);
  }

  private listing(source: string, provider: string, model: string, id: string): Listing {
    const key = `${family(source)}|${canonicalSlug(provider)}|${id}`;
    let l = this.listings.get(key);
    if (!l) {
      l = { family: family(source), key, added: [], removed: [], steps: [], baseline: false };
      this.listings.set(key, l);
    }
    const m = `${canonicalSlug(provider)}|${model}`;
    const set = this.byModel.get(m) ?? new Set<Listing>();
    set.add(l);
    this.byModel.set(m, set);
    return l;
  }

  /** A listing appearing (`added`) or going (`removed`); a row of the source's baseline is not an appearance. */
  offered(source: string, provider: string, model: string, id: string, date: string, added: boolean, baseline: boolean) {
    const l = this.listing(source, provider, model, id);
    if (baseline) l.baseline = true;
    else (added ? l.added : l.removed).push(date);
  }

  /** A price row of a listing (any field; the key carries it). */
  price(source: string, provider: string, model: string, id: string, field: string, date: string, old: unknown, now: unknown) {
    const l = this.listing(source, provider, `${model}|${field}`, `${id}|${field}`);
    l.steps.push({ date, old: priced(old) ? old : null, now: priced(now) ? now : null });
  }

  reading(r: SourceReading) {
    const k = `${canonicalSlug(r.provider)}|${r.model_id}|${r.field}`;
    const by = this.readings.get(k) ?? new Map<string, number[]>();
    by.set(family(r.source), [...(by.get(family(r.source)) ?? []), r.value]);
    this.readings.set(k, by);
  }

  /** The date the listing (source row) last appeared on or before `date`, if the history saw it appear. */
  appearedBy(source: string, provider: string, id: string, date: string): string | undefined {
    const l = this.listings.get(`${family(source)}|${canonicalSlug(provider)}|${id}`);
    return l?.added.filter((d) => d <= date).sort().at(-1);
  }

  /**
   * What the other sources' listings of the provider's model held at the end of the day before `date`, among the
   * listings already there then (appeared before it, or tracked from the source's baseline, and not removed since).
   */
  heldBefore(provider: string, model: string, field: string, date: string, except: string): Holding[] {
    const out: Holding[] = [];
    const slug = canonicalSlug(provider);
    const appeared = new Map<string, string>();
    for (const l of this.byModel.get(`${slug}|${model}`) ?? []) {
      if (l.family === except) continue;
      // There from the source's first record (or earlier): known from that record on, not before the source began.
      const start = this.first.get(l.family);
      const since = l.added.filter((d) => d < date).sort().at(-1) ?? (l.baseline || !l.added.length ? start : undefined);
      if (since === undefined || since >= date || l.removed.some((d) => d >= since && d < date)) continue;
      appeared.set(l.key, since);
    }
    for (const l of this.byModel.get(`${slug}|${model}|${field}`) ?? []) {
      const base = l.key.slice(0, -(field.length + 1));
      // A listing with price rows and no appearance in its history was there from the source's first record.
      const known = this.listings.has(base);
      const start = this.first.get(l.family);
      if (l.family === except || (known ? !appeared.has(base) : start === undefined || start >= date)) continue;
      const steps = [...l.steps].sort((a, b) => a.date.localeCompare(b.date));
      const last = steps.filter((s) => s.date < date).at(-1);
      const value = last ? last.now : steps.find((s) => s.date >= date)?.old;
      if (priced(value)) out.push({ family: l.family, value, since: last?.date ?? appeared.get(base) ?? start! });
      appeared.delete(base);
    }
    // Listings with no price row at all kept the price they were listed at: the source's reading today.
    const today = this.readings.get(`${slug}|${model}|${field}`);
    for (const [key, since] of appeared) {
      const fam = key.split('|')[0];
      for (const value of today?.get(fam) ?? []) out.push({ family: fam, value, since });
    }
    return out;
  }
}

/**
 * docs/data.md, "Change events". A price event of a listing that first appeared in its source at most
 * LAUNCH_FIX_DAYS before it, which moves the price to a figure another source (not the same one: genai-prices' npm
 * copy and repository count once) already held for the same provider and model at the end of the day before the
 * listing appeared, while no other source held the figure it moves from: the source set its own launch price right
 * (LiteLLM listed Claude Sonnet 5 at $3/$15 on 2026-07-01 and fixed it to the $2/$10 genai-prices and models.dev gave
 * from 2026-06-30, on 2026-07-03). A move the source takes back next is no fix that held (LiteLLM set groq's
 * gemma-7b-it from 0.05/0.08 to genai-prices' 0.07/0.07 on 2026-01-06 and back four hours later): left as it is.
 * Marked a correction with the sources and dates; kept in the feed. Events already marked keep their reading.
 * `listingOf` names the event's source row (`source|provider|id`).
 */
export function markLaunchCorrections(events: ChangeEvent[], listingOf: (e: ChangeEvent) => string | undefined, book: LaunchBook) {
  const undone = undoneMoves(events, listingOf);
  const fixed: ChangeEvent[] = [];
  for (const e of events) {
    if (undone.has(e)) continue;
    // From none is a field the source filled in, not a launch price it set right.
    if (e.kind !== 'price' || e.correction === true || !e.provider || !priced(e.old) || !priced(e.new)) continue;
    const row = listingOf(e);
    if (!row) continue;
    const id = row.split('|').slice(2).join('|');
    const appeared = book.appearedBy(e.source, e.provider, id, e.date);
    if (!appeared || daysBetween(appeared, e.date) > LAUNCH_FIX_DAYS) continue;
    const held = book.heldBefore(e.provider, e.model_id, e.field, appeared, family(e.source));
    if (held.some((h) => h.value === e.old)) continue;
    const agree = held.filter((h) => h.value === e.new);
    if (!agree.length) continue;
    const by = new Map<string, string>();
    for (const h of agree) if (!by.has(h.family) || h.since < by.get(h.family)!) by.set(h.family, h.since);
    const who = [...by].sort(([a], [b]) => a.localeCompare(b))
      .map(([f, since]) => `${f} (since ${since})`).join(' and ');
    const days = daysBetween(appeared, e.date);
    e.correction = true;
    e.correction_note = `${e.source} first listed this on ${appeared} at ${e.old} and set ${e.new} ${days} day` +
      `${days === 1 ? '' : 's'} later, the ${e.field} price ${who} already gave ${e.provider} before it: the source` +
      ' correcting its launch price, not a price change';
    fixed.push(e);
  }
  markSiblingFixes(events, listingOf, book, undone, fixed);
  return events;
}

/** Two price ratios equal to rounding: 2.2 / 3.3 and 2 / 3 (prices are kept to 10 significant digits). */
const sameRatio = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(a, b);

/**
 * The same fix on the provider's other listings of the model. A source setting its launch price right sets every
 * listing of the model at that provider in one commit, regional and global endpoints alike (LiteLLM f6ae378121 took
 * Bedrock's `anthropic.` and `global.` Claude Sonnet 5 from 3/15 to 2/10 and its `au.`, `eu.`, `jp.` and `us.` ones,
 * priced 10% above, from 3.3/16.5 to 2.2/11). No other source lists the regional figure, so the rule above cannot
 * see it; but an event of the same source, commit, provider, model and field, on a listing that appeared within
 * LAUNCH_FIX_DAYS, which moves its price by the same ratio as a fix the rule marked, is that fix: marked too, naming it.
 */
function markSiblingFixes(events: ChangeEvent[], listingOf: (e: ChangeEvent) => string | undefined, book: LaunchBook,
  undone: ReadonlySet<ChangeEvent>, fixed: readonly ChangeEvent[]) {
  const key = (e: ChangeEvent) => JSON.stringify([e.source, e.commit, e.provider, e.model_id, e.field]);
  const byCommit = new Map<string, ChangeEvent[]>();
  for (const f of fixed) if (f.commit) byCommit.set(key(f), [...(byCommit.get(key(f)) ?? []), f]);
  for (const e of events) {
    if (undone.has(e) || e.kind !== 'price' || e.correction === true || !e.provider || !e.commit) continue;
    if (!priced(e.old) || !priced(e.new)) continue;
    const row = listingOf(e);
    const id = row?.split('|').slice(2).join('|');
    const appeared = id === undefined ? undefined : book.appearedBy(e.source, e.provider, id, e.date);
    if (!appeared || daysBetween(appeared, e.date) > LAUNCH_FIX_DAYS) continue;
    const ratio = e.new / e.old;
    const main = byCommit.get(key(e))?.find((f) => sameRatio((f.new as number) / (f.old as number), ratio));
    if (!main) continue;
    const mainId = listingOf(main)?.split('|').slice(2).join('|') ?? main.provider_model_ids?.[0] ?? '';
    const days = daysBetween(appeared, e.date);
    e.correction = true;
    e.correction_note = `${e.source} first listed this on ${appeared} at ${e.old} and set ${e.new} ${days} day` +
      `${days === 1 ? '' : 's'} later, in the commit (${e.commit}) that set its ${mainId} listing at ${e.provider} from ` +
      `${main.old} to ${main.new}, the source correcting its launch price there: the same ${e.field} price moved by the ` +
      'same ratio on another listing of the model (a regional or global endpoint), the same correction, not a price change';
  }
}

/** Price events whose listing's next move of the same field takes the price back to where it was before them. */
function undoneMoves(events: readonly ChangeEvent[], listingOf: (e: ChangeEvent) => string | undefined): Set<ChangeEvent> {
  const series = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    const row = e.kind === 'price' ? listingOf(e) : undefined;
    if (!row) continue;
    const k = `${row}|${e.field}`;
    series.set(k, [...(series.get(k) ?? []), e]);
  }
  const out = new Set<ChangeEvent>();
  for (const list of series.values()) {
    // Stable: same-day events keep the history's order (oldest commit first).
    list.sort((a, b) => a.date.localeCompare(b.date));
    for (let i = 0; i + 1 < list.length; i++) if (list[i + 1].new === list[i].old) out.add(list[i]);
  }
  return out;
}
