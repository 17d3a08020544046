// Break-even volume between the cheapest paid API offer and self-hosting (rented or owned), and the cost curve.
import { HOURS_PER_MONTH } from './constants.ts';
import { usd, type ApiCosts } from './api-cost.ts';
import { isExistingCustomersOnly } from './offer-lifecycle.ts';
import type { OwnedOption } from './owned-cost.ts';
import type { SelfHostedOption, Unrounded } from './self-hosted-cost.ts';
import { contiguousRun, ownedRanges, rentedRanges, type Ranges } from './cheaper-ranges.ts';
import { rangeEdges, rangeFields, runText, windowsText, type RangeFields } from './break-even-words.ts';
import type { OwnedBasisWords } from './owned-cost-basis.ts';

/**
 * What the break-even and the curve read of a rented configuration: every one that fits, listed or not. `unrounded`,
 * where given, holds the figures the costs are worked from (the others are the wire's, rounded, for the sentences).
 */
export type RentedCost = Pick<SelfHostedOption, 'hardware_id' | 'marginal_usd_per_mtok' | 'utilization'> & {
  rental: { usd_per_hour: number };
  unrounded?: Unrounded;
};
/** What they read of an owned one. */
export type OwnedCost = Pick<
  OwnedOption, 'hardware_id' | 'marginal_usd_per_mtok' | 'fixed_per_machine_usd' | 'capacity_tokens_millions_per_month' | 'utilization'
> & {
  unrounded?: Unrounded;
  /** false where the owned month leaves out a host machine no source prices (owned-cost.ts): the volumes are then lower bounds. */
  host_counted?: boolean;
};

export type BreakEven = {
  /** The smallest monthly volume (millions of tokens) at which self-hosting costs no more than the cheapest paid API offer. */
  tokens_millions: number | null;
  reason: string;
  api_provider: string | null;
  hardware_id: string | null;
} & RangeFields & {
  estimate: true;
  derived_from: string[];
};

export type CurvePoint = {
  tokens_millions: number;
  /** Cheapest paid API offer at this volume; null without one. */
  api_usd: number | null;
  /** Cheapest rented configuration at this volume (on-demand hours, one machine-month at least); null without one. */
  rented_usd: number | null;
  /** Cheapest owned configuration at this volume (whole machines, amortised purchase + power); null without one. */
  owned_usd: number | null;
};

/** Volumes the curve is drawn at, millions of tokens a month (decades and half-decades), plus the caller's. */
const CURVE_VOLUMES = [1, 3, 10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000];

/**
 * The first offer priced above zero: free offers are usually rate-limited trials, a break-even against them says
 * nothing. An offer whose lifecycle is in doubt (served only on its host's silence past the developer's shutdown:
 * `lifecycle_note`), a developer's own offer only LiteLLM's table lists (`listing_unconfirmed`, listing-evidence.ts), or
 * one whose price was set long ago and no other source confirms (`price_unchanged_since`, price-age.ts), is weighed only
 * for want of another, the last before the first two; one sold to existing customers only never (a buyer cannot buy it).
 */
export const paidOffer = (api: ApiCosts) => api.offers
  .find((o) => o.blended_usd_per_mtok > 0 && o.lifecycle_state === undefined && o.listing_unconfirmed === undefined
    && o.price_unchanged_since === undefined)
  // An old price of a live listing before a listing that may not be sold at all (offer-lifecycle.ts `doubtLevel`).
  ?? api.offers.find((o) => o.blended_usd_per_mtok > 0 && o.lifecycle_state === undefined && o.listing_unconfirmed === undefined)
  ?? api.offers.find((o) => o.blended_usd_per_mtok > 0 && !isExistingCustomersOnly(o.lifecycle_state));

/**
 * The clause a break-even's reason ends with where an offer priced below the one weighed was passed over for its old,
 * unconfirmed price (`price_unchanged_since`): the cheapest of them, so the reader sees the lower price and why it is not
 * the one the volumes are worked against. Empty otherwise.
 */
function passedOver(api: ApiCosts, paid: ApiCosts['offers'][number]): string {
  if (paid.price_unchanged_since !== undefined) return '';
  const p = api.offers.find((o) => o.price_unchanged_since !== undefined && o.blended_usd_per_mtok > 0
    && o.blended_usd_per_mtok < paid.blended_usd_per_mtok && !isExistingCustomersOnly(o.lifecycle_state));
  return p ? `; ${p.provider} lists it for less (${p.blended_usd_per_mtok} USD per 1M tokens), at a price listed unchanged since `
    + `${p.price_unchanged_since} that no other source confirms, so it is not the one weighed` : '';
}

/** Why no API offer is weighed (`paidOffer` found none): none priced, only $0 listings, or none a new customer can buy. */
function noPaidReason(api: ApiCosts): string {
  if (!api.offers.length) return 'no priced API offer to compare with';
  if (api.offers.some((o) => o.blended_usd_per_mtok > 0 && isExistingCustomersOnly(o.lifecycle_state))) {
    return 'no API offer a new customer can buy to compare with: every one priced above zero is sold to existing customers only';
  }
  return 'every priced API offer is free: self-hosting never costs less';
}

/** Monthly cost of a rented option at a volume: the hours the volume needs at the hourly price, at least one machine-month. */
export function rentedAt(o: RentedCost, volume: number): number {
  return Math.max(volume * (o.unrounded?.marginal_usd_per_mtok ?? o.marginal_usd_per_mtok), HOURS_PER_MONTH * o.rental.usd_per_hour);
}

/**
 * Monthly cost of an owned option at a volume: whole machines, each its purchase share and a month at idle draw, plus
 * the extra draw of the hours the volume keeps them busy.
 */
export function ownedAt(o: OwnedCost, volume: number): number {
  const u = o.unrounded;
  const capacity = u?.capacity_tokens_millions_per_month ?? o.capacity_tokens_millions_per_month;
  const fixed = u?.fixed_per_machine_usd ?? o.fixed_per_machine_usd;
  return Math.max(1, Math.ceil(volume / capacity)) * fixed + volume * (u?.marginal_usd_per_mtok ?? o.marginal_usd_per_mtok);
}

/**
 * The monthly volumes from which self-hosting costs no more than the cheapest paid API offer at `a` per 1M
 * (cheaper-ranges.ts). Rented: flat at one machine-month (730 x price) then linear at the marginal cost, so an option
 * whose marginal cost is below `a` breaks even at 730 x price / a and stays cheaper above. Owned: whole machines, each
 * its fixed cost (purchase share, a month at idle draw), plus the extra power per 1M tokens served; it may cost no more
 * only in windows just below each whole number of machines' capacity before it stays cheaper, and the answer says so.
 * estimate_cost passes one owned configuration, its owned basis (owned-cost-basis.ts), and `basisWords` to say which
 * and why; given several, the ranges are their union (the cheapest at each volume).
 */
export function breakEven(
  api: ApiCosts,
  rented: readonly RentedCost[],
  owned: readonly OwnedCost[] = [],
  selfReason: string | null = null,
  basisWords?: OwnedBasisWords,
): { rented: BreakEven; owned: BreakEven; edges: number[] } {
  const paid = paidOffer(api);
  let passed = '';
  const out = (
    tokens_millions: number | null, reason: string, hardware_id: string | null = null, derived_from: string[] = [],
    ranges: Ranges = { ranges: [], capped: false },
  ): BreakEven => ({
    tokens_millions,
    reason: hardware_id && passed ? `${reason}${passed}` : reason,
    api_provider: hardware_id && paid ? paid.provider : null,
    hardware_id,
    ...rangeFields(ranges),
    estimate: true,
    derived_from,
  });
  const none = (why: string) => ({ rented: out(null, why), owned: out(null, why), edges: [] });
  if (!paid) return none(noPaidReason(api));
  const a = paid.blended_usd_per_mtok;
  passed = passedOver(api, paid);
  const apiCite = `api ${paid.provider} ${paid.provider_model_id}: blended ${a} USD per 1M tokens`;
  const flatRented = (o: RentedCost) => HOURS_PER_MONTH * o.rental.usd_per_hour;
  const fullUseOwned = (o: OwnedCost) => usd(o.fixed_per_machine_usd / o.capacity_tokens_millions_per_month + o.marginal_usd_per_mtok);
  const pick = <T extends RentedCost | OwnedCost>(
    options: readonly T[], ranges: Ranges, fullUse: (o: T) => number, flat: (o: T) => number, kind: string,
    atFullUse: (o: T) => number, words?: OwnedBasisWords,
  ): BreakEven => {
    const basis = words ? `; ${words.text}` : '';
    if (options.length === 0) return out(null, `no ${kind} self-hosting figure to compare with${selfReason ? `: ${selfReason}` : ''}`);
    const first = ranges.ranges[0];
    if (!first) {
      // The first of the least costly at full use (each option's figure worked out once: it rounds, and owned options are many).
      let o = options[0];
      let least = fullUse(o);
      for (let i = 1; i < options.length; i++) {
        const f = fullUse(options[i]);
        if (f < least) {
          o = options[i];
          least = f;
        }
      }
      // The options are costed at the caller's utilization: a machine busy that share of its paid hours. What is paid by
      // the hour (rent, an owned machine's fixed share) per token scales as 1 / utilization; owned power per token served
      // does not (it is drawn only while serving), so at full use each kind says its own.
      const atFull = usd(atFullUse(o));
      const crossesAtFull = atFull < a
        ? `; at full use it would cost ${atFull}, below the API: a higher utilization crosses`
        : `, and ${atFull} even at full use`;
      return out(
        null,
        `they never cross at utilization ${o.utilization}: ${kind} self-hosting costs at least ${fullUse(o)} USD per 1M tokens ` +
          `(${o.hardware_id})${crossesAtFull}; the cheapest paid API offer is ${a} (${paid.provider}), so at this utilization ` +
          `the API stays cheaper at any volume${basis}${words?.hostless ? ', so its costs are lower bounds' : ''}`,
        o.hardware_id,
        [apiCite, `${o.hardware_id}: ${fullUse(o)} USD per 1M tokens at utilization ${o.utilization} (${atFull} at full use), ` +
          `marginal ${o.marginal_usd_per_mtok}`],
      );
    }
    const o = options.find((x) => x.hardware_id === first.hardware_id)!;
    const v = usd(first.from);
    // A configuration whose host machine is not priced costs more than its month says: the volumes are lower bounds.
    const hostless = [...new Set(ranges.ranges.map((r) => r.hardware_id))]
      .filter((id) => (options.find((x) => x.hardware_id === id) as OwnedCost | undefined)?.host_counted === false);
    const bound = hostless.length === 0 ? '' : `; ${hostless.join(', ')} leave${hostless.length === 1 ? 's' : ''} out a host machine no source `
      + 'prices (CPU, board, memory, power supply, chassis): counting it would move these volumes up, so they are lower bounds';
    const cites = [apiCite, `${o.hardware_id}: ${usd(flat(o))} USD a month flat, marginal ${o.marginal_usd_per_mtok} USD per 1M tokens`];
    const opening =
      `from ${v} million tokens a month, one month of ${o.hardware_id} ${kind} (${usd(flat(o))} USD` +
      (kind === 'owned' ? ` flat, plus ${o.marginal_usd_per_mtok} USD of power per 1M tokens served) ` : ') ') +
      `costs no more than ${paid.provider} at ${a} USD per 1M tokens`;
    const n = contiguousRun(ranges.ranges);
    if (ranges.ranges[n - 1].to === null) {
      const runs = n > 1 ? ` (${runText(ranges.ranges.slice(0, n))})` : '';
      return out(v, `${opening}, and self-hosting stays cheaper above it${runs}${basis}${bound}`, o.hardware_id, cites, ranges);
    }
    const owns = options as readonly OwnedCost[];
    const capacity = (id: string) => owns.find((x) => x.hardware_id === id)!.capacity_tokens_millions_per_month;
    return out(v, `${opening}, ${windowsText(ranges, kind, o.utilization)}${basis}${bound}`, o.hardware_id,
      [...cites, ...[...new Set(ranges.ranges.map((r) => r.hardware_id))].map((id) =>
        `${id}: ${capacity(id)} million tokens a month per machine at utilization ${o.utilization}`)], ranges);
  };
  // Each option's unrounded terms read in place (cheaper-ranges.ts).
  const rentedR = rentedRanges(rented, a);
  const ownedR = ownedRanges(owned, a);
  return {
    rented: pick(rented, rentedR, (o) => o.marginal_usd_per_mtok, flatRented, 'rented',
      (o) => o.marginal_usd_per_mtok * o.utilization),
    owned: pick(owned, ownedR, fullUseOwned, (o) => o.fixed_per_machine_usd, 'owned',
      (o) => (o.fixed_per_machine_usd / o.capacity_tokens_millions_per_month) * o.utilization + o.marginal_usd_per_mtok, basisWords),
    edges: [...rangeEdges(rentedR), ...rangeEdges(ownedR)],
  };
}

/**
 * Monthly cost against volume for the API and the cheapest rented and owned configuration at each volume (estimate_cost
 * passes one owned configuration, its owned basis, so the owned cost is that configuration's at every volume).
 */
export function costCurve(
  api: ApiCosts, rented: readonly RentedCost[], owned: readonly OwnedCost[], extra: readonly number[], edges: readonly number[] = [],
): CurvePoint[] {
  const paid = paidOffer(api);
  // Each volume as shown, and the volume it is costed at: an edge (a break-even, a window's end) is shown rounded but
  // costed where it lies, so that the point just inside a window's last full machine does not round into one more.
  const at = new Map<number, number>();
  for (const e of edges) if (e > 0) at.set(usd(e), e);
  for (const v of [...CURVE_VOLUMES, ...extra]) if (v > 0) at.set(v, v);
  const volumes = [...at.keys()].sort((x, y) => x - y);
  const points: CurvePoint[] = [];
  const r = rentedTerms(rented);
  const o = ownedTermsOf(owned);
  for (const shown of volumes) {
    const v = at.get(shown)!;
    points.push({
      tokens_millions: shown,
      api_usd: paid ? usd(paid.blended_usd_per_mtok * v) : null,
      rented_usd: rented.length ? usd(leastRentedAt(r, v)) : null,
      owned_usd: owned.length ? usd(leastOwnedAt(o, v)) : null,
    });
  }
  return points;
}

/**
 * Each option's terms as rentedAt and ownedAt read them, side by side in one array of numbers: the curve weighs every
 * configuration at each of its 14 to 19 volumes, and a cost returned from a call per option was a new heap number
 * each time (the curve made more garbage than any other part of a sized answer but the JSON).
 */
function rentedTerms(rented: readonly RentedCost[]): number[] {
  const t: number[] = [];
  for (const o of rented) t.push(o.unrounded?.marginal_usd_per_mtok ?? o.marginal_usd_per_mtok, HOURS_PER_MONTH * o.rental.usd_per_hour);
  return t;
}

function ownedTermsOf(owned: readonly OwnedCost[]): number[] {
  const t: number[] = [];
  for (const o of owned) {
    const u = o.unrounded;
    t.push(
      u?.capacity_tokens_millions_per_month ?? o.capacity_tokens_millions_per_month,
      u?.fixed_per_machine_usd ?? o.fixed_per_machine_usd,
      u?.marginal_usd_per_mtok ?? o.marginal_usd_per_mtok,
    );
  }
  return t;
}

// The least cost over the options at a volume, as Math.min reads a list (NaN wins), each cost worked as rentedAt and
// ownedAt work it (the same sums in the same order).
function leastRentedAt(t: readonly number[], volume: number): number {
  let m = Infinity;
  for (let i = 0; i < t.length; i += 2) {
    const x = Math.max(volume * t[i], t[i + 1]);
    if (x < m || Number.isNaN(x)) m = x;
    if (Number.isNaN(m)) break;
  }
  return m;
}

function leastOwnedAt(t: readonly number[], volume: number): number {
  let m = Infinity;
  for (let i = 0; i < t.length; i += 3) {
    const x = Math.max(1, Math.ceil(volume / t[i])) * t[i + 1] + volume * t[i + 2];
    if (x < m || Number.isNaN(x)) m = x;
    if (Number.isNaN(m)) break;
  }
  return m;
}
