// Prices no other listing of the model comes near: a source's unit error, whose price events are corrections.
import type { ChangeEvent, Offer } from '../schema/index.ts';
import { factorApart as factor, median } from './precedence.ts';

/**
 * A price 100 times (or a hundredth) of every other listing's price for the same model and field is in the wrong
 * unit, not a price. Unit slips are powers of ten well past that: LiteLLM's novita-ai rows held per-token figures
 * scaled wrong (qwen3-235b-a22b-2507 input 720 against 0.09 elsewhere, 8,000x) until c58c1dfab1 (2026-01-13), and
 * models.dev's cloudflare-ai-gateway wrote per-token prices as per-million (b417cb6f26, 2025-12-13: llama-3.1-8b
 * input 120000 against 0.1-0.3, a million times). The providers of one open model differ far less: a few times at
 * most, so a real price never sits 100x from every other listing.
 */
export const UNIT_ERROR_RATIO = 100;
/** Fewer other listings than this are too little evidence to call a price an error. */
export const MIN_LISTINGS = 2;
/**
 * The other side of the event "agrees" when it is within this factor of the other listings' median: the providers of
 * one open model spread that wide (qwen3-235b-a22b-2507 input on 2026-01-13: 0.062 to 3 over 25 listings, median 0.2,
 * so novita's corrected 0.09 is 2.2x under it), and a unit slip is 100x or more past it.
 */
export const AGREE = 10;
/**
 * A move by exactly a power of ten (10x, 100x...: 3 -> 0.3, 0.4 -> 0.04) is a decimal slip when one side sits this far
 * from the other listings' medians and the other side within SLIP_AGREE of one: the slip is the point moved, the price
 * the digits. 10x is the smallest slip; with the right side within 2x of the median, the slipped one is 5x or more away.
 */
export const DECIMAL_SLIP_RATIO = 5;
/** How near the other listings' median the right side of a decimal slip sits: the spread of one open model's providers. */
export const SLIP_AGREE = 2;

const DAY = 86_400_000;
const price = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);
type Step = { date: string; value: number | null };
type Listing = { source: string; provider: string; steps: Step[] };
/** One other listing's price at a date, as evidence. */
type Held = { source: string; provider: string; value: number };

/** Every listing's price steps per model and field, to ask what the other listings held at a date. */
export class PriceBook {
  private readonly byModel = new Map<string, Map<string, Listing>>();

  /**
   * A history row: the listing's value from `date` on; of two steps on one day the later added wins (histories are
   * oldest first). A listing's first row also says what it held before: its `old` value, from the start (the
   * histories give a listing's prices only when they change).
   */
  add(model: string, field: string, source: string, provider: string, listing: string, date: string, old: unknown, now: unknown) {
    const k = `${model}|${field}`;
    const listings = this.byModel.get(k) ?? new Map<string, Listing>();
    this.byModel.set(k, listings);
    let l = listings.get(listing);
    if (!l) {
      l = { source, provider, steps: [{ date: '', value: price(old) }] };
      listings.set(listing, l);
    }
    l.steps.push({ date, value: price(now) });
  }

  /**
   * A provider's price today (an offer), for a model and field whose history has no row from that provider: a price
   * never changed since it was listed, so the best evidence of what the provider charged at any date.
   */
  addStanding(model: string, field: string, source: string, provider: string, value: number) {
    const listings = this.byModel.get(`${model}|${field}`) ?? new Map<string, Listing>();
    this.byModel.set(`${model}|${field}`, listings);
    if ([...listings.values()].some((l) => l.provider === provider)) return;
    listings.set(`offer|${provider}|${listings}`, { source, provider, steps: [{ date: '', value: price(value) }] });
  }

  /** The prices developers' own listings came with, by model and field, then source and listing (`listed`). */
  private readonly listings = new Map<string, Map<string, { source: string; provider: string; listing: string; date: string; value: number }>>();

  /**
   * The price a developer's own listing came with on `date` (a history's row adding the listing, genai-prices'
   * deepseek-v4-flash on 2026-05-14 with cache read 0.0028): evidence of what the developer charged from that day,
   * kept apart from the steps so that no median moves.
   */
  listed(model: string, field: string, source: string, provider: string, listing: string, date: string, value: number) {
    const k = `${model}|${field}`;
    const m = this.listings.get(k) ?? new Map();
    this.listings.set(k, m);
    if (!m.has(`${source}|${listing}`)) m.set(`${source}|${listing}`, { source, provider, listing, date, value });
  }

  /** What each developer's listing recorded by `listed` held at the end of `date`: its first price, or a later step. */
  listedAt(model: string, field: string, date: string): Held[] {
    const out: Held[] = [];
    for (const l of this.listings.get(`${model}|${field}`)?.values() ?? []) {
      if (l.date > date) continue;
      let [at, value] = [l.date, price(l.value)];
      const steps = this.byModel.get(`${model}|${field}`)?.get(l.listing);
      if (steps?.source === l.source) for (const s of steps.steps) if (s.date > at && s.date <= date) [at, value] = [s.date, s.value];
      if (value !== null) out.push({ source: l.source, provider: l.provider, value });
    }
    return out;
  }

  /** Prices > 0 the model's listings outside `source`/`provider` held at the end of `date`. */
  heldAt(model: string, field: string, date: string, source: string, provider: string): Held[] {
    const out: Held[] = [];
    for (const l of this.byModel.get(`${model}|${field}`)?.values() ?? []) {
      if (l.source === source && l.provider === provider) continue;
      let at = '';
      let value: number | null = null;
      for (const s of l.steps) {
        if (s.date <= date && s.date >= at) [at, value] = [s.date, s.value];
      }
      if (value !== null) out.push({ source: l.source, provider: l.provider, value });
    }
    return out;
  }
}

const listingsOf = (held: readonly Held[]) => new Set(held.map((h) => `${h.source}|${h.provider}`)).size;
const pos = (v: unknown): v is number => typeof v === 'number' && v > 0;
const x = (r: number) => `${Number(r.toPrecision(2)).toLocaleString('en-US')}x`;
const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - DAY).toISOString().slice(0, 10);

/**
 * docs/data.md, "Change events". A price event whose one side is a unit error: that side is positive and
 * UNIT_ERROR_RATIO or more away from the median price of the model's other listings (any source; not the event's own
 * source and provider; MIN_LISTINGS of them at least) both at the end of the day before the event and at the end of
 * its day, and its other side is within AGREE of one of those two medians, or 0 or none with the error side above
 * them (0 -> 120000, an absurd price; a low price out of nothing has nothing to weigh it by). The event that brings the
 * error in and the one that takes it out are both marked, with the ratio and the listings it was weighed against.
 * A real cut, however large, that the other listings follow has the median before it near its old price and the
 * median after it near its new one, so it is never marked. Medians, not every listing: another source's unit error
 * on the same day must not hide this one. The other side also agrees when the listing goes from it to the error and
 * back to it (within 1%): its own price on both sides says so, even where it sits over 10x from the others
 * (cloudflare-ai-gateway's deepseek-r1-distill-qwen-32b output 4.88 -> 4880000 -> 4.88, 16x the others' median).
 * A move by exactly a power of ten is weighed closer (DECIMAL_SLIP_RATIO, SLIP_AGREE): LiteLLM's Azure Mistral Small
 * 3.1 input 1 -> 0.1 (849de6703a) against the others' median 0.15. Events already marked keep their reading.
 * A price the developer's own listing held that day (within 1%, in another source than the event's) is no unit error, however far from
 * the resellers' median: the resellers lag the developer's own move. DeepSeek cut V4 Flash's cache-hit price to a tenth
 * (0.028 -> 0.0028) from 2026-04-26; genai-prices listed DeepSeek's 0.0028 from 2026-05-14 and Vercel's models.dev file
 * moved to it on 2026-05-18, while most resellers still listed 0.028 (a median of 0.022, 7.9x above).
 */
export function markUnitErrors(
  events: ChangeEvent[], book: PriceBook, isDeveloper: (provider: string, modelId: string) => boolean = () => false,
): ChangeEvent[] {
  const trip = roundTrips(events);
  for (const e of events) {
    if (e.kind !== 'price' || e.correction === true) continue;
    const [a, b] = [e.old, e.new];
    if (!pos(a) && !pos(b)) continue;
    const slip = pos(a) && pos(b) && powerOfTen(factor(a, b));
    if (pos(a) && pos(b) && factor(a, b) < UNIT_ERROR_RATIO && !slip) continue;
    const provider = e.provider ?? '';
    const before = book.heldAt(e.model_id, e.field, dayBefore(e.date), e.source, provider);
    const after = book.heldAt(e.model_id, e.field, e.date, e.source, provider);
    const held = after.length >= before.length ? after : before;
    if (listingsOf(held) < MIN_LISTINGS) continue;
    const mids = [before, after].filter((h) => h.length > 0).map((h) => median(h.map((x) => x.value))!);
    const [far, near] = slip && factor(a as number, b as number) < UNIT_ERROR_RATIO ? [DECIMAL_SLIP_RATIO, SLIP_AGREE] : [UNIT_ERROR_RATIO, AGREE];
    const wrong = (v: unknown) => pos(v) && mids.every((m) => factor(v, m) >= far);
    const fits = (v: unknown) => !pos(v) || mids.some((m) => factor(v, m) <= near) || trip.has(e);
    // From or to nothing, only a price far above the others is an error: a low one there has nothing to weigh it by.
    const high = (v: unknown, w: unknown) => pos(w) || mids.every((m) => (v as number) > m);
    const side = wrong(b) && fits(a) && high(b, a) ? 'in' : wrong(a) && fits(b) && high(a, b) ? 'out' : undefined;
    if (!side) continue;
    const mid = mids[mids.length - 1];
    const bad = (side === 'in' ? b : a) as number;
    // Another source's reading of the developer's listing: the event's own source may carry the same slip on two of
    // its listings (LiteLLM's Gemini 2.0 Flash at 150/600 at both google and google-vertex on 2025-02-07).
    const own = (h: Held) => h.source !== e.source && isDeveloper(h.provider, e.model_id) && Math.abs(h.value - bad) <= 0.01 * bad;
    if ([...before, ...after, ...book.listedAt(e.model_id, e.field, e.date)].some(own)) continue;
    const other = side === 'in' ? a : b;
    const listings = listingsOf(held);
    const sources = [...new Set(held.map((h) => h.source))].sort().join(', ');
    // A factor has no direction: a price under the median says so ("0.05 is 200x below the median (10)").
    const weighed = `${x(factor(bad, mid))}${bad < mid ? ' below' : ''} the median (${Number(mid.toPrecision(4))}) of what ${listings} other` +
      ` listing${listings === 1 ? '' : 's'} (${sources}) gave ${e.model_id}'s ${e.field} price on ${e.date}`;
    e.correction = true;
    e.correction_note = side === 'in'
      ? `unit error brought in: ${bad} is ${weighed}; before it the value was ${other ?? 'none'}`
      : `unit error corrected: ${bad} was ${weighed}; corrected to ${other ?? 'none'}`;
  }
  return events;
}

/** Whether a factor is 10, 100, 1000... (to 1e-9: prices are kept to 10 significant digits). */
const powerOfTen = (f: number) => f >= 10 && Math.abs(Math.log10(f) - Math.round(Math.log10(f))) < 1e-9;

/** A provider's current price for a model's field, from the offers. */
export type StandingPrice = { model_id: string; provider: string; field: string; source: string; value: number };

/** The offers' standard prices (batch and flex are other products), one per provider, model and price field. */
export function standingPrices(offers: readonly Offer[]): StandingPrice[] {
  const out: StandingPrice[] = [];
  for (const o of offers) {
    if (o.sku !== 'standard') continue;
    for (const field of ['input', 'output', 'cache_read', 'cache_write'] as const) {
      const p = o.prices[field];
      if (p && p.value > 0) out.push({ model_id: o.model_id, provider: o.provider, field, source: p.source, value: p.value });
    }
  }
  return out;
}

/**
 * Both events of a round trip a -> x -> about a (within 1%) of one source's price for a provider's model: x is the
 * outlier, not a. By provider and model, not source row: models.dev moved cloudflare-ai-gateway's files between the
 * error and its fix (workers-ai/deepseek-r1-distill-qwen-32b.toml, then workers-ai/@cf/deepseek-ai/...).
 */
function roundTrips(events: readonly ChangeEvent[]): Set<ChangeEvent> {
  const out = new Set<ChangeEvent>();
  const series = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    if (e.kind !== 'price') continue;
    const k = `${e.source}|${e.provider ?? ''}|${e.model_id}|${e.field}`;
    const list = series.get(k);
    if (list) list.push(e); else series.set(k, [e]);
  }
  for (const list of series.values()) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    for (let i = 0; i + 1 < list.length; i++) {
      const [a, b] = [list[i], list[i + 1]];
      if (b.old !== a.new || !pos(a.old) || !pos(b.new) || Math.abs(a.old - b.new) > 0.01 * a.old) continue;
      out.add(a);
      out.add(b);
    }
  }
  return out;
}

/** At least this many other prices of the provider, corrected as unit errors in one commit, make a pattern. */
export const COMMIT_SIBLINGS = 3;

/**
 * A price event of a commit that corrected COMMIT_SIBLINGS or more of the same provider's other prices as unit errors
 * (`markUnitErrors`), the same way (each from the wrong side to the right one, all down or all up), is one of them when
 * it moves UNIT_ERROR_RATIO or more in that direction and by a factor within the range of theirs: the source fixing one
 * unit slip across the provider's listings, of which this one has too few other listings to weigh by their median.
 * LiteLLM's d9116bbc9e (2025-10-17) took 22 watsonx prices from per-thousand figures to per-token ones; the 20 of
 * models other providers list were marked (gpt-oss-120b input 4000 -> 0.15, 27,000x its 49 other listings' median),
 * while granite-3.3-8b-instruct (250 -> 0.2 and 1000 -> 0.2, listed at $250/M by cda8b3d5f8 on 2025-10-06), listed
 * nowhere else, read as a real 1,250x cut. Same for a commit bringing errors in. Events already marked keep their reading.
 */
export function markCommitUnitErrors(events: ChangeEvent[]): ChangeEvent[] {
  const byCommit = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    if (e.kind !== 'price' || !e.commit) continue;
    const k = `${e.source}|${e.commit}|${e.provider ?? ''}`;
    const list = byCommit.get(k);
    if (list) list.push(e); else byCommit.set(k, [e]);
  }
  for (const list of byCommit.values()) {
    for (const side of ['corrected', 'brought in'] as const) {
      const sure = list.filter((e) => e.correction_note?.startsWith(`unit error ${side}:`) && pos(e.old) && pos(e.new));
      if (sure.length < COMMIT_SIBLINGS) continue;
      const down = sure.filter((e) => (e.old as number) > (e.new as number)).length;
      if (down !== 0 && down !== sure.length) continue;
      const factors = sure.map((e) => factor(e.old as number, e.new as number));
      const [lo, hi] = [Math.min(...factors), Math.max(...factors)];
      for (const e of list) {
        if (e.correction === true || !pos(e.old) || !pos(e.new)) continue;
        const f = factor(e.old, e.new);
        if ((e.old > e.new) !== (down > 0) || f < UNIT_ERROR_RATIO || f < lo || f > hi) continue;
        const [bad, good] = side === 'corrected' ? [e.old, e.new] : [e.new, e.old];
        const common = `${e.source} commit ${e.commit} moved ${sure.length} other ${e.provider ?? ''} prices ` +
          `${down ? 'down' : 'up'} by ${x(lo)} to ${x(hi)}, each marked a unit error against the other listings of its model, ` +
          `and this one ${down ? 'down' : 'up'} by ${x(f)}: one unit slip across the provider's listings (too few other listings of ` +
          `${e.model_id} to weigh this price by their median)`;
        e.correction = true;
        e.correction_note = side === 'corrected'
          ? `unit error corrected: ${bad} was in the wrong unit; ${common}; corrected to ${good}`
          : `unit error brought in: ${bad} is in the wrong unit; ${common}; before it the value was ${good}`;
      }
    }
  }
  return events;
}
