// The offers that can be a model's cheapest at some input share, per filter, found once per dataset.
import type { Dataset } from '../dataset/dataset.ts';
import type { Offer } from '../schema/index.ts';
import { isShutDownOffer } from './offer-lifecycle.ts';
import { perDataset } from './per-dataset.ts';
import { blendedPrice, cheaper, isBaseSku, isEuOffer, isZeroPriced, type PricedOffer } from './ranking.ts';

/** Which offers count: all, the developer's own, EU-resident, or both. */
export type OfferFilter = { first_party_only: boolean; eu: boolean };

export type Frontier = {
  /** Index by filter (first_party_only x 2 + eu): served offers no other served offer beats at every input share. */
  served: ReadonlyArray<readonly Offer[]>;
  /** Index by filter: offers it keeps that are shut down by the data date (counted, never ranked). */
  shutDown: ReadonlyArray<readonly Offer[]>;
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

const keeps = (f: OfferFilter, o: Offer) => (!f.first_party_only || o.first_party) && (!f.eu || isEuOffer(o));

function frontierOf(offers: readonly Offer[], asOf: string): Frontier {
  // As cheapestOffer reads them: base SKUs, not listed at $0; the order kept, so ties break as they did.
  const priced = offers.filter((o) => isBaseSku(o) && !isZeroPriced(o));
  const served: Offer[][] = [];
  const shutDown: Offer[][] = [];
  for (const f of FILTERS) {
    const kept = priced.filter((o) => keeps(f, o) && !isShutDownOffer(o, asOf));
    served.push(kept.filter((o) => !kept.some((b) => dominated(o, b))));
    shutDown.push(priced.filter((o) => keeps(f, o) && isShutDownOffer(o, asOf)));
  }
  return { served, shutDown };
}

const frontiers = perDataset((ds: Dataset) => {
  const byModel = new Map<string, Frontier>();
  for (const [id, offers] of ds.offersByModel) byModel.set(id, frontierOf(offers, ds.meta.data_as_of));
  return byModel;
});

const NONE: Frontier = { served: [[], [], [], []], shutDown: [[], [], [], []] };
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
  let best: PricedOffer | undefined;
  for (const offer of frontier.served[slot(f)]) {
    const blended = blendedPrice(offer.prices, share);
    if (blended === undefined) continue;
    if (!best || blended < best.blended || (blended === best.blended && cheaper({ offer, blended }, best) < 0)) best = { offer, blended };
  }
  return best;
}

/**
 * Whether the filter keeps an offer of the model that is shut down by the data date and priced at this share: with
 * no served offer, the model is then counted as left out for that reason.
 */
export function shutDownInFrontier(frontier: Frontier, share: number, f: OfferFilter): boolean {
  return frontier.shutDown[slot(f)].some((o) => blendedPrice(o.prices, share) !== undefined);
}
