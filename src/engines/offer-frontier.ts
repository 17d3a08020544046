// The offers that can be a model's cheapest at some input share, per filter, found once per dataset.
import type { Dataset } from '../dataset/dataset.ts';
import type { Offer } from '../schema/index.ts';
import { DEFAULT_INPUT_SHARE } from './constants.ts';
import { closedToNewCustomers, doubtLevel, isShutDownOffer, preferUndoubted } from './offer-lifecycle.ts';
import { unconfirmedAmong } from './listing-evidence.ts';
import { perDataset } from './per-dataset.ts';
import { priceKnownAt, statesLongPrice, tierAt, tierBlend, tierBounds, tierThresholds, type TierBounds } from './long-context.ts';
import { blendedPrice, cheaper, isBaseSku, isEuOffer, isZeroPriced, type PricedOffer } from './ranking.ts';

/** Which offers count: all, the developer's own, EU-resident, or both. */
export type OfferFilter = { first_party_only: boolean; eu: boolean };

export type Frontier = {
  /** Index by filter (first_party_only x 2 + eu): served offers no other served offer beats at every input share. */
  served: ReadonlyArray<readonly Offer[]>;
  /** Index by filter: offers it keeps that are shut down by the data date (counted, never ranked). */
  shutDown: ReadonlyArray<readonly Offer[]>;
  /** Index by filter: served offers it keeps that are sold to existing customers only (counted, never ranked). */
  closed: ReadonlyArray<readonly Offer[]>;
  /**
   * Index by filter: served offers kept off `served` for their price alone, set long ago and confirmed by no other
   * source (offer-lifecycle.ts `doubtLevel` 1), while an offer without such a doubt is kept; none dearer than another
   * of them on both sides. Never ranked: named beside the price ranked where cheaper (`passedOverInFrontier`).
   */
  aged: ReadonlyArray<readonly Offer[]>;
  /**
   * Index by filter: served offers priced above `bounds.lowest` (those that list long-context tiers, and those that list
   * none but state their own window above it) that no other such offer beats at every prompt size where both are
   * priced. A prompt above `bounds.lowest` is priced from these alone (long-context.ts, priceKnownAt: the others are silent).
   */
  tiered: ReadonlyArray<readonly Offer[]>;
  /**
   * The lowest tier threshold among the model's priced offers (`lowest`; Infinity when none lists a tier) and the lowest
   * among the developer's own offers (long-context.ts, TierBounds).
   */
  bounds: TierBounds;
};

/**
 * A blended price moves linearly with the input share, so an offer dearer than another on both input and output is
 * never the cheapest: it is dropped here, once. The margin keeps the rounding of blended prices (6 decimals) from
 * ever turning a dropped offer into a tie that the tie-break (provider, region, id) would decide.
 */
const DOMINANCE_MARGIN = 1e-5;

function dominated(o: Offer, by: Offer): boolean {
  const [oi, oo, bi, bo] = [o.prices.input?.value, o.prices.output?.value, by.prices.input?.value, by.prices.output?.value];
  return oi !== undefined && oo !== undefined && bi !== undefined && bo !== undefined
    && oi - bi > DOMINANCE_MARGIN && oo - bo > DOMINANCE_MARGIN;
}

const FILTERS: readonly OfferFilter[] = [
  { first_party_only: false, eu: false },
  { first_party_only: false, eu: true },
  { first_party_only: true, eu: false },
  { first_party_only: true, eu: true },
];

/** Dearer on both sides at every prompt size: at base and just above each threshold either offer lists. */
function dominatedAtEverySize(o: Offer, by: Offer): boolean {
  const sizes = [0, ...[o, by].flatMap((x) => tierThresholds(x.prices).map((t) => t + 1))];
  return sizes.every((n) => {
    const [a, b] = [tierAt(o.prices, n), tierAt(by.prices, n)];
    const ai = a ? a.input : o.prices.input?.value;
    const ao = a ? a.output : o.prices.output?.value;
    const bi = b ? b.input : by.prices.input?.value;
    const bo = b ? b.output : by.prices.output?.value;
    return ai !== undefined && ao !== undefined && bi !== undefined && bo !== undefined
      && ai - bi > DOMINANCE_MARGIN && ao - bo > DOMINANCE_MARGIN;
  });
}

/**
 * The longest prompt an offer is priced at above the model's lowest threshold: any for one that lists tiers; for one
 * that lists none, its own window, and no further than where the developer's tiers start (priceKnownAt).
 */
function reach(o: Offer, bounds: TierBounds): number {
  if (statesLongPrice(o)) return Infinity;
  return Math.min(o.context_window?.value ?? 0, bounds.developer);
}

const keeps = (f: OfferFilter, o: Offer) => (!f.first_party_only || o.first_party) && (!f.eu || isEuOffer(o));

/**
 * `asOf`: the day offers are judged shut down on (the dataset's lifecycle date); `dataAsOf`: the data's date, against
 * which a price set long ago that no other source confirms is kept off the frontier while another is (price-age.ts).
 */
export function frontierOf(offers: readonly Offer[], asOf: string, dataAsOf?: string): Frontier {
  // As cheapestOffer reads them: base SKUs, not listed at $0; the order kept, so ties break as they did.
  const priced = offers.filter((o) => isBaseSku(o) && !isZeroPriced(o));
  const served: Offer[][] = [];
  const shutDown: Offer[][] = [];
  const closed: Offer[][] = [];
  const aged: Offer[][] = [];
  const tiered: Offer[][] = [];
  const unconfirmed = unconfirmedAmong(offers);
  const bounds = tierBounds(priced);
  for (const f of FILTERS) {
    // An offer served only on its host's silence past its developer's shutdown is a pick only for want of another;
    // one sold to existing customers only is none.
    const open = priced.filter((o) => keeps(f, o) && !isShutDownOffer(o, asOf));
    // Unconfirmed listings judged among all the model's (an EU filter must not hide the live global listing of the model).
    const kept = preferUndoubted(open, offers, dataAsOf);
    served.push(kept.filter((o) => !kept.some((b) => dominated(o, b))));
    shutDown.push(priced.filter((o) => keeps(f, o) && isShutDownOffer(o, asOf)));
    closed.push(open.filter(closedToNewCustomers));
    const old = dataAsOf === undefined || kept.length === open.length ? []
      : open.filter((o) => !closedToNewCustomers(o) && !kept.includes(o) && doubtLevel(o, unconfirmed, dataAsOf) === 1);
    aged.push(old.filter((o) => !old.some((b) => dominated(o, b))));
    // An offer beats another only where it is priced wherever that one is (a shorter reach cannot stand for it).
    // Preferred among the offers priced there: an offer in doubt is taken for want of another that serves such a prompt,
    // not passed over for one that cannot (estimate_cost weighs the lines priced at the prompt the same way).
    const long = preferUndoubted(open.filter((o) => reach(o, bounds) > bounds.lowest), offers, dataAsOf);
    tiered.push(long.filter((o) => !long.some((b) => reach(b, bounds) >= reach(o, bounds) && dominatedAtEverySize(o, b))));
  }
  return { served, shutDown, closed, aged, tiered, bounds };
}

const frontiers = perDataset((ds: Dataset) => {
  const byModel = new Map<string, Frontier>();
  for (const [id, offers] of ds.offersByModel) byModel.set(id, frontierOf(offers, ds.lifecycleDate, ds.meta.data_as_of));
  return byModel;
});

/** The frontier of no offers (frontierOf([]) is equal to it): a model without offers, or none that a filter keeps. */
export const NONE: Frontier = {
  served: [[], [], [], []], shutDown: [[], [], [], []], closed: [[], [], [], []], aged: [[], [], [], []], tiered: [[], [], [], []],
  bounds: { lowest: Infinity, developer: Infinity },
};
const slot = (f: OfferFilter) => (f.first_party_only ? 2 : 0) + (f.eu ? 1 : 0);

/** The model's frontier (none for a model without offers): a caller that ranks many asks may keep it with the model. */
export function frontierOfModel(ds: Dataset, modelId: string): Frontier {
  return frontiers(ds).get(modelId) ?? NONE;
}

/**
 * The model's cheapest offer still served among those the filter keeps, at an input share: the same offer
 * `cheapestOffer(offers, share, served-and-kept)` picks, read from the few that can win instead of every listing.
 * Only a winner is allocated: a cold cheapest_for ask reads every rated model.
 */
export function cheapestInFrontier(frontier: Frontier, share: number, f: OfferFilter): PricedOffer | undefined {
  if (share !== DEFAULT_INPUT_SHARE) return cheapestAt(frontier, share, f);
  let kept = atDefaultShare.get(frontier);
  if (!kept) atDefaultShare.set(frontier, (kept = [undefined, undefined, undefined, undefined]));
  const i = slot(f);
  let p = kept[i];
  if (p === undefined) {
    const found = cheapestAt(frontier, share, f);
    kept[i] = p = found ? Object.freeze(found) : null;
  }
  return p ?? undefined;
}

/**
 * Each frontier's cheapest offer at the default input share, per filter (null: none), found on first ask and kept
 * (frozen): most asks take the default share, and a cold cheapest_for ask reads every rated model's frontier, some
 * 350, three times for a page's items. Bounded by the dataset's models; gone with the frontier.
 */
const atDefaultShare = new WeakMap<Frontier, Array<PricedOffer | null | undefined>>();

function cheapestAt(frontier: Frontier, share: number, f: OfferFilter): PricedOffer | undefined {
  // The winner so far in two locals, made a PricedOffer once at the end: an ask reads some 350 rows.
  let best: Offer | undefined;
  let least = Infinity;
  for (const offer of frontier.served[slot(f)]) {
    const blended = blendedPrice(offer.prices, share);
    if (blended === undefined) continue;
    if (!best || blended < least || (blended === least && cheaperAtEqualBlend(offer, best) < 0)) {
      best = offer;
      least = blended;
    }
  }
  return best && { offer: best, blended: least };
}

/** `cheaper` (ranking.ts) for two offers at the same blended price: the developer's own first, then by provider, region, model id. */
function cheaperAtEqualBlend(a: Offer, b: Offer): number {
  return cheaper({ offer: a, blended: 0 }, { offer: b, blended: 0 });
}

/**
 * Whether the filter keeps an offer of the model that is shut down by the data date and priced at this share: with
 * no served offer, the model is then counted as left out for that reason.
 */
export function shutDownInFrontier(frontier: Frontier, share: number, f: OfferFilter): boolean {
  // A loop, not some() with a closure made per call: it is asked for every rated row with no served offer.
  for (const o of frontier.shutDown[slot(f)]) if (blendedPrice(o.prices, share) !== undefined) return true;
  return false;
}

/**
 * Whether the filter keeps an offer of the model sold to existing customers only and priced at this share: with no
 * offer a new customer can buy, the model is then counted as left out for that reason.
 */
export function closedInFrontier(frontier: Frontier, share: number, f: OfferFilter): boolean {
  for (const o of frontier.closed[slot(f)]) if (blendedPrice(o.prices, share) !== undefined) return true;
  return false;
}

/**
 * The model's cheapest offer still served among those the filter keeps, for requests whose prompt has
 * `promptTokens` (long-context.ts): the same as cheapestInFrontier while the prompt crosses no tier threshold any
 * priced offer of the model lists; above one, the cheapest among the offers priced there (priceKnownAt: those that
 * list tiers, at the tier they pay, `tier`; those that list none, at their flat price within their own window), or
 * undefined when none of them is kept.
 */
export function cheapestAtPrompt(
  frontier: Frontier, share: number, f: OfferFilter, promptTokens: number | undefined,
): PricedOffer | undefined {
  if (promptTokens === undefined || !(promptTokens > frontier.bounds.lowest)) return cheapestInFrontier(frontier, share, f);
  let best: PricedOffer | undefined;
  for (const offer of frontier.tiered[slot(f)]) {
    if (!priceKnownAt(offer, frontier.bounds, promptTokens)) continue;
    const tier = tierAt(offer.prices, promptTokens);
    const blended = tier ? tierBlend(tier, share) : blendedPrice(offer.prices, share);
    if (blended === undefined) continue;
    const p: PricedOffer = tier ? { offer, blended, tier } : { offer, blended };
    if (!best || blended < best.blended || (blended === best.blended && cheaper(p, best) < 0)) best = p;
  }
  return best;
}

/** Whether, above the model's lowest tier threshold, the filter keeps a served priced offer whose price there is unknown. */
export function silentAtPrompt(frontier: Frontier, share: number, f: OfferFilter, promptTokens: number | undefined): boolean {
  if (promptTokens === undefined || !(promptTokens > frontier.bounds.lowest)) return false;
  return frontier.served[slot(f)]
    .some((o) => !priceKnownAt(o, frontier.bounds, promptTokens) && blendedPrice(o.prices, share) !== undefined);
}

/**
 * The cheapest offer the filter kept off the ranking for its old, unconfirmed price alone (`aged`) that is cheaper at
 * this share than `taken`, the one ranked; undefined where none is, or where `taken` is priced at a long-context tier
 * (the aged offers are compared at their base prices only).
 */
export function passedOverInFrontier(frontier: Frontier, share: number, f: OfferFilter, taken: PricedOffer): PricedOffer | undefined {
  if (taken.tier) return undefined;
  let best: PricedOffer | undefined;
  for (const offer of frontier.aged[slot(f)]) {
    const blended = blendedPrice(offer.prices, share);
    if (blended === undefined) continue;
    const p = { offer, blended };
    // Strictly below: at the same price nothing cheaper was passed over.
    if (blended < taken.blended && (!best || cheaper(p, best) < 0)) best = p;
  }
  return best;
}
