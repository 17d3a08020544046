// Which source wins when several give the same fact, and how agreement and disagreement are recorded.
import type { Fact } from '../schema/index.ts';
import { factorApart, NO_AGREEMENT, settleApart, type Agreement } from './price-agreement.ts';

/**
 * Source order, best first, for model and price facts (docs/data.md explains the order):
 * the reviewed override table, then the newest price snapshots (genai-prices carries a `prices_checked`
 * date per price), then the catalogues, the leaderboards, and the architecture scrape.
 */
export const SOURCE_ORDER = [
  'architecture-overrides',
  'genai-prices-npm',
  'genai-prices',
  'litellm',
  'models-dev',
  'lmarena',
  'lmarena-arena-catalog',
  'lmarena-fboulnois',
  'llmfit',
];

export function sourceRank(source: string): number {
  const i = SOURCE_ORDER.indexOf(source);
  return i === -1 ? SOURCE_ORDER.length : i;
}

export type Candidate<T> = {
  value: T;
  source: string;
  as_of: string;
  /** Lower is better: ranks candidates of one source against each other (catalogue entry before reseller). */
  tier: number;
  /** Only candidates that speak for the model itself corroborate or conflict (not a reseller's own limits). */
  authoritative: boolean;
};

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Choose one value: the best tier, then the source order, then the newest date (with `newestFirst`: the newest
 * date, then the tier and the source order).
 * Other authoritative sources that agree are `corroborated_by`; those that disagree are kept in `conflicts`.
 */
export function choose<T>(
  cands: readonly Candidate<T>[],
  order: (s: string) => number = sourceRank,
  opts: { newestFirst?: boolean } = {},
): Fact<T> | undefined {
  if (!cands.length) return undefined;
  // Among equals (same tier, same source), the value more entries give wins: resellers that disagree are outvoted.
  const support = new Map<string, number>();
  for (const c of cands) {
    const k = `${c.tier}|${c.source}|${JSON.stringify(c.value)}`;
    support.set(k, (support.get(k) ?? 0) + 1);
  }
  const sup = (c: Candidate<T>) => support.get(`${c.tier}|${c.source}|${JSON.stringify(c.value)}`) ?? 0;
  const newer = (a: Candidate<T>, b: Candidate<T>) => (a.as_of < b.as_of ? 1 : a.as_of > b.as_of ? -1 : 0);
  // A provider's own listing (price, status) is a dated statement: the newest one wins when `newestFirst`.
  const first = opts.newestFirst ? newer : () => 0;
  const sorted = [...cands].sort(
    (a, b) => first(a, b) || a.tier - b.tier || order(a.source) - order(b.source) || sup(b) - sup(a) || newer(a, b) ||
      JSON.stringify(a.value).localeCompare(JSON.stringify(b.value)),
  );
  const best = sorted[0];
  const f: Fact<T> = { value: best.value, as_of: best.as_of, source: best.source };
  const agree = new Set<string>();
  const conflicts = new Map<string, { value: T; as_of: string; source: string }>();
  for (const c of sorted.slice(1)) {
    if (!c.authoritative || c.source === best.source) continue;
    if (same(c.value, best.value)) agree.add(c.source);
    else if (!conflicts.has(c.source) && !agree.has(c.source)) conflicts.set(c.source, { value: c.value, as_of: c.as_of, source: c.source });
  }
  for (const s of agree) conflicts.delete(s);
  if (agree.size) f.corroborated_by = [...agree].sort();
  if (conflicts.size) f.conflicts = [...conflicts.values()].sort((a, b) => a.source.localeCompare(b.source));
  return f;
}

/**
 * A price more than this factor above or below its reference is a conflict, not a price: unit slips (per token
 * read as per million, 100,000x) are far beyond it, while real spreads between providers and SKUs of one model
 * (batch halves, regional premiums, a reseller's markup) stay well inside it.
 */
export const OUTLIER_FACTOR = 20;
/** A median of fewer readings than this is no reference: two disagreeing readings have no middle. */
export const MIN_REFERENCE_READINGS = 3;

export function median(xs: readonly number[]): number | undefined {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

// How many times apart two positive values are: defined beside the rule that settles readings far apart.
export { factorApart };

/** `evidence`: when the source last set the value (price-dates.ts), where it differs from the reading's `as_of`. */
/** `set_on`: the day the source's history shows it set the value (price-dates.ts, setDates), where it does. */
export type PriceReading = { value: number; source: string; as_of: string; evidence?: string; set_on?: string };
/** A served price: the fact and, where the chosen source's history shows it, the day it set the value (`set_on`). */
export type PriceFact = Fact<number> & { set_on?: string };

/**
 * A reviewed rule that names, among a listing's kept readings (sorted as the choice sorts them), the one to serve
 * and why; undefined when it has nothing to say (regional-premium.ts).
 */
export type PriceRule = <R extends PriceReading>(kept: readonly R[]) => { best: R; why: string } | undefined;

const newer = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const fmt = (x: number) => String(Number(x.toPrecision(6)));

/**
 * One provider's price from its sources' readings (docs/data.md, "Precedence"). A reading is held back, not
 * served, when it is more than OUTLIER_FACTOR from `reference` (the median of the model's other offers), or,
 * when there is no reference, more than OUTLIER_FACTOR from another source's reading of the same listing with no
 * third reading near it. Among the readings left, the newest dated one wins (then the source order, then the value
 * more entries give), unless a reviewed `rule` names another (regional-premium.ts). A $0 reading is never an
 * outlier: free tiers and plans list $0. Held-back readings stay visible: in the served fact's `conflicts`, named in
 * its note, and returned in `held`.
 */
export function choosePrice<R extends PriceReading>(
  readings: readonly R[],
  reference: number | undefined,
  agreement: Agreement = NO_AGREEMENT,
  rule?: PriceRule,
): { fact?: PriceFact; held: Array<R & { reason: string }> } {
  const held: Array<R & { reason: string }> = [];
  const kept: R[] = [];
  for (const r of readings) {
    const reason = r.value > 0 ? outlierReason(r, readings, reference) : undefined;
    if (reason) held.push({ ...r, reason });
    else kept.push(r);
  }
  if (!kept.length) return { held };
  const support = (r: PriceReading) => kept.filter((k) => k.source === r.source && same(k.value, r.value)).length;
  const sorted = [...kept].sort(
    (a, b) => newer(a.evidence ?? a.as_of, b.evidence ?? b.as_of) || sourceRank(a.source) - sourceRank(b.source) ||
      support(b) - support(a) || a.value - b.value,
  );
  const newest = sorted[0];
  const settled = settleApart(sorted, agreement);
  // A reviewed rule speaks only where the usual choice serves another figure than the one it names.
  const ruled = rule?.(sorted);
  const overrule = ruled && !same(ruled.best.value, settled.best.value) ? ruled : undefined;
  const { best, why } = overrule ?? settled;
  const f: PriceFact = { value: best.value, as_of: best.as_of, source: best.source };
  if (best.set_on !== undefined) f.set_on = best.set_on;
  const agree = new Set<string>();
  const conflicts = new Map<string, { value: number; as_of: string; source: string }>();
  for (const c of [...sorted, ...held]) {
    if (c === best || c.source === best.source) continue;
    if (same(c.value, best.value)) agree.add(c.source);
    else if (!conflicts.has(c.source)) conflicts.set(c.source, { value: c.value, as_of: c.as_of, source: c.source });
  }
  for (const s of agree) conflicts.delete(s);
  if (agree.size) f.corroborated_by = [...agree].sort();
  if (conflicts.size) f.conflicts = [...conflicts.values()].sort((a, b) => a.source.localeCompare(b.source));
  const notes: string[] = [];
  if (best !== newest) notes.push(`${newest.source}'s ${fmt(newest.value)}, set later, passed over: ${why}`);
  else if (overrule) notes.push(overrule.why);
  // Said of the other reading, not of the price served beside it (a reader took "held back: litellm 10000" for the
  // shown $0.10 being the one held back).
  if (held.length) {
    notes.push(`another source's reading held back until corroborated, not this price: ${held.map((h) => `${h.source} ${fmt(h.value)} (${h.reason})`).join('; ')}`);
  }
  if (notes.length) f.note = notes.join('; ');
  return { fact: f, held };
}

function outlierReason(r: PriceReading, all: readonly PriceReading[], reference: number | undefined): string | undefined {
  if (reference !== undefined && reference > 0) {
    const x = factorApart(r.value, reference);
    return x > OUTLIER_FACTOR ? `${fmt(x)}x ${r.value < reference ? 'below ' : ''}the median of the model's other offers, ${fmt(reference)}` : undefined;
  }
  const others = all.filter((o) => o.source !== r.source && o.value > 0);
  const far = others.filter((o) => factorApart(r.value, o.value) > OUTLIER_FACTOR);
  if (!far.length || others.some((o) => factorApart(r.value, o.value) <= OUTLIER_FACTOR)) return undefined;
  return `${fmt(factorApart(r.value, far[0].value))}x ${far[0].source}'s reading of the same listing, and no reference to settle it`;
}
