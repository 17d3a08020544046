// Rankings from arena ratings (best variant per model, podium with ties) and prices (blended, cheapest offer).
// Boards are built once per dataset and cached: requests only read them.
import { lowBitListing } from './listing-precision.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { BASE_SKUS, type Leaderboard, type Offer, type Prices, type Rating, type Sku } from '../schema/index.ts';
import { DEFAULT_INPUT_SHARE } from './constants.ts';
import type { AppliedTier } from './long-context.ts';
import { closedToNewCustomers, doubtLevel, isShutDownOffer } from './offer-lifecycle.ts';
import { unconfirmedAmong } from './listing-evidence.ts';
import { perDataset, perDatasetKey } from './per-dataset.ts';

export type BoardEntry = {
  model_id: string;
  /** The model's best-rated variant on this board: the row every ranking uses and names. */
  best: Rating;
  /** Every variant's row on this board, best first. */
  variants: readonly Rating[];
  /** Competition rank by best rating: 1 + the number of models rated strictly higher. */
  rank: number;
};

/** One leaderboard and category, models ranked by their best variant. */
export type Board = {
  leaderboard: Leaderboard;
  category: string;
  /** Best first. */
  entries: readonly BoardEntry[];
  byModel: ReadonlyMap<string, BoardEntry>;
  /** The newest publish date among the board's rows: the date the board speaks for. */
  as_of: string;
  /** Source ids of the board's rows. */
  sources: readonly string[];
};

type RatingIndex = { boards: Map<string, Board>; categories: Map<Leaderboard, string[]> };

/** Higher rating first; on equal ratings the row with more votes, then the variant name, so the order is stable. */
export function byRating(a: Rating, b: Rating): number {
  return b.rating - a.rating || (b.votes ?? -1) - (a.votes ?? -1) || a.variant.localeCompare(b.variant);
}

const boardKey = (leaderboard: string, category: string) => `${leaderboard}\u0000${category}`;

function buildRatingIndex(ds: Dataset): RatingIndex {
  const rows = new Map<string, Map<string, Rating[]>>();
  for (const r of ds.ratings) {
    const key = boardKey(r.leaderboard, r.category);
    let perModel = rows.get(key);
    if (!perModel) rows.set(key, (perModel = new Map()));
    const list = perModel.get(r.model_id);
    if (list) list.push(r);
    else perModel.set(r.model_id, [r]);
  }
  const boards = new Map<string, Board>();
  const categories = new Map<Leaderboard, string[]>();
  for (const [key, perModel] of rows) {
    const entries: BoardEntry[] = [];
    let as_of = '';
    const sources = new Set<string>();
    for (const [model_id, list] of perModel) {
      list.sort(byRating);
      for (const r of list) {
        if (r.as_of > as_of) as_of = r.as_of;
        sources.add(r.source);
      }
      entries.push({ model_id, best: list[0], variants: list, rank: 0 });
    }
    entries.sort((a, b) => byRating(a.best, b.best) || a.model_id.localeCompare(b.model_id));
    entries.forEach((e, i) => {
      e.rank = i > 0 && entries[i - 1].best.rating === e.best.rating ? entries[i - 1].rank : i + 1;
    });
    const { leaderboard, category } = entries[0].best;
    boards.set(key, {
      leaderboard, category, entries, as_of, sources: [...sources].sort(),
      byModel: new Map(entries.map((e) => [e.model_id, e])),
    });
    const cats = categories.get(leaderboard) ?? [];
    cats.push(category);
    categories.set(leaderboard, cats);
  }
  for (const cats of categories.values()) cats.sort();
  return { boards, categories };
}

const ratingIndex = perDataset(buildRatingIndex);

/** The board of one leaderboard and category, or undefined when the dataset holds no rating there. */
export function board(ds: Dataset, leaderboard: Leaderboard, category: string): Board | undefined {
  return ratingIndex(ds).boards.get(boardKey(leaderboard, category));
}

/** The categories the dataset holds ratings for on one leaderboard, sorted. */
export function categoriesOf(ds: Dataset, leaderboard: Leaderboard): readonly string[] {
  return ratingIndex(ds).categories.get(leaderboard) ?? [];
}

export type BoardRating = { board: Board; entry: BoardEntry };

/** The model's entry on the first of `refs` that rates it. */
export function firstRating(
  ds: Dataset, modelId: string, refs: ReadonlyArray<{ leaderboard: Leaderboard; category: string }>,
): BoardRating | undefined {
  for (const ref of refs) {
    const b = board(ds, ref.leaderboard, ref.category);
    const entry = b?.byModel.get(modelId);
    if (b && entry) return { board: b, entry };
  }
  return undefined;
}

/**
 * The rating a model is summarised by: style-controlled text overall (LMArena's default view) where the model
 * has one, else raw text overall.
 */
export const OVERALL_BOARDS = [
  { leaderboard: 'text_style_control', category: 'overall' },
  { leaderboard: 'text', category: 'overall' },
] as const;

export const CODING_BOARDS = [
  { leaderboard: 'text_style_control', category: 'coding' },
  { leaderboard: 'text', category: 'coding' },
] as const;

export const overallRating = (ds: Dataset, modelId: string) => firstRating(ds, modelId, OVERALL_BOARDS);

/** 95% intervals overlap: the rating difference is within the uncertainty, so neither place is established. */
export function intervalsOverlap(a: Rating, b: Rating): boolean {
  return a.rating_lower <= b.rating_upper && b.rating_lower <= a.rating_upper;
}

export type PodiumPlace = {
  place: number;
  entry: BoardEntry;
  /** This place's interval overlaps the next-ranked model's (for third place: the fourth model, not shown). */
  tie_with_next: boolean;
  /** Other podium places whose intervals overlap this one's. */
  ties_with: string[];
};

export type Podium = { places: PodiumPlace[]; next: BoardEntry | undefined; considered: number };

/**
 * The top `size` models of a board among those `keep` accepts, best variant each. Places i and j are a
 * statistical tie when their 95% intervals overlap; the tie flags say so instead of pretending an order.
 */
export function podium(b: Board, keep: (modelId: string) => boolean = () => true, size = 3): Podium {
  const kept: BoardEntry[] = [];
  let considered = 0;
  for (const e of b.entries) {
    if (!keep(e.model_id)) continue;
    considered++;
    if (kept.length <= size) kept.push(e);
  }
  const top = kept.slice(0, size);
  const places = top.map((entry, i) => ({
    place: i + 1,
    entry,
    tie_with_next: kept[i + 1] !== undefined && intervalsOverlap(entry.best, kept[i + 1].best),
    ties_with: top.filter((o, j) => j !== i && intervalsOverlap(entry.best, o.best)).map((o) => o.model_id),
  }));
  return { places, next: kept[size], considered };
}

/** Round to 6 decimals: float noise off USD-per-million figures without losing a published digit. */
export const roundPrice = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * `input_share x input + (1 - input_share) x output`, USD per 1M tokens, from base prices (no long-context tiers,
 * no cache discounts). Undefined when a price the blend needs is absent: never guess it.
 */
export function blendedPrice(prices: Prices, inputShare: number): number | undefined {
  const input = prices.input?.value;
  const output = prices.output?.value;
  if (inputShare > 0 && input === undefined) return undefined;
  if (inputShare < 1 && output === undefined) return undefined;
  return roundPrice(inputShare * (input ?? 0) + (1 - inputShare) * (output ?? 0));
}

/** An offer and its blended price; `tier` when the blend is at a long-context tier (long-context.ts). */
export type PricedOffer = { offer: Offer; blended: number; tier?: AppliedTier };

/**
 * Cheaper first; at an equal blend the developer's own offer first (a reseller's listing at the same price is no
 * cheaper, and the answer would otherwise call the cheapest a reseller's it does not vouch for beside the developer's
 * own at that very price), then a listing whose id names no format below 8 bits before one that does (NanoGPT lists Kimi K2
 * as `moonshotai/kimi-k2-instruct` and as `baseten/Kimi-K2-Instruct-FP4`, both $0.10/$2: the quantized re-host is no
 * cheaper; listing-precision.ts), then by provider, region and the provider's model id.
 */
export function cheaper(a: PricedOffer, b: PricedOffer): number {
  return a.blended - b.blended || Number(b.offer.first_party) - Number(a.offer.first_party)
    || Number(lowBitListing(a.offer.provider_model_id) !== null) - Number(lowBitListing(b.offer.provider_model_id) !== null)
    || a.offer.provider.localeCompare(b.offer.provider)
    || a.offer.region.localeCompare(b.offer.region) || a.offer.provider_model_id.localeCompare(b.offer.provider_model_id);
}

/**
 * An offer listing $0 for both input and output is a free tier or a subscription plan (coding plans, rate-limited
 * free endpoints): its cost is not per token, so price rankings and price ceilings leave it out. Sheets still show it.
 * A `free` SKU is one whatever price it lists.
 */
export function isZeroPriced(o: Offer): boolean {
  return o.sku === 'free' || (o.prices.input?.value === 0 && o.prices.output?.value === 0);
}

/**
 * The product itself at its list price (`standard`, or `regional` at a data-zone endpoint): what prices are read
 * from by default. Free, extended, stealth, batch and other SKUs are other products of the provider.
 */
export function isBaseSku(o: Offer): boolean {
  return BASE_SKUS.includes(o.sku);
}

/**
 * The cheapest per-token offer by blended price among those `accept` keeps. Only base SKUs unless `skus` names
 * others: a `:free` or batch listing never stands for the model's price.
 */
export function cheapestOffer(
  offers: readonly Offer[], inputShare: number, accept: (o: Offer) => boolean = () => true, skus: readonly Sku[] = BASE_SKUS,
  dataAsOf?: string,
): PricedOffer | undefined {
  // An offer served only on its host's silence past its developer's shutdown (offerLifecycleNote), a developer's
  // offer only LiteLLM's table lists (listing-evidence.ts), or (given the data's date) one whose price was set long ago
  // and no other source confirms (price-age.ts), wins only where no other is priced; one served to existing customers
  // only never does: a buyer cannot buy it.
  // The best at each doubt level (offer-lifecycle.ts `doubtLevel`): the least doubted level that has one wins.
  const best: Array<PricedOffer | undefined> = [undefined, undefined, undefined];
  const unconfirmed = unconfirmedAmong(offers);
  for (const offer of offers) {
    if (!skus.includes(offer.sku) || isZeroPriced(offer) || !accept(offer) || closedToNewCustomers(offer)) continue;
    const blended = blendedPrice(offer.prices, inputShare);
    if (blended === undefined) continue;
    const p = { offer, blended };
    const level = doubtLevel(offer, unconfirmed, dataAsOf);
    const b = best[level];
    if (!b || cheaper(p, b) < 0) best[level] = p;
  }
  return best[0] ?? best[1] ?? best[2];
}

/**
 * The model's cheapest offer still served, at the default input share (0.75), cached: summaries and price sorting
 * read it. A price that can no longer be paid (the offer shut down by the data date) is nobody's cheapest offer.
 */
export const cheapestAtDefaultShare = perDatasetKey(
  (ds, modelId: string): PricedOffer | undefined => cheapestOffer(
    ds.offersByModel.get(modelId) ?? [], DEFAULT_INPUT_SHARE, (o: Offer) => !isShutDownOffer(o, ds.lifecycleDate), BASE_SKUS,
    ds.meta.data_as_of,
  ),
);

/** EU cloud: the offer runs in the EU (`yes`), offers EU regions to choose (`region`), or is an EU-regional SKU. */
export function isEuOffer(o: Offer): boolean {
  return o.region === 'eu' || o.eu_resident.value === 'yes' || o.eu_resident.value === 'region';
}


/**
 * The cheapest offer `cheapestOffer` passed over for `taken` because its price alone is in doubt (`doubtLevel` 1: set
 * long ago and confirmed by no other source, price-age.ts), among those `accept` keeps; undefined where none is
 * cheaper, or where `taken` is itself so doubted. An answer names it beside the price it weighs: a reader who has
 * seen the lower price elsewhere learns why it is not the one taken (Kilo Gateway's Qwen3 235B A22B 2507 at
 * $0.071/$0.10, set 2026-02-16, beside OpenRouter's $0.09/$0.10).
 */
export function passedOverOldPrice(
  offers: readonly Offer[], taken: PricedOffer, inputShare: number, accept: (o: Offer) => boolean, dataAsOf: string,
): PricedOffer | undefined {
  const unconfirmed = unconfirmedAmong(offers);
  if (doubtLevel(taken.offer, unconfirmed, dataAsOf) !== 0) return undefined;
  let best: PricedOffer | undefined;
  for (const offer of offers) {
    if (!isBaseSku(offer) || isZeroPriced(offer) || !accept(offer) || closedToNewCustomers(offer)) continue;
    if (doubtLevel(offer, unconfirmed, dataAsOf) !== 1) continue;
    const blended = blendedPrice(offer.prices, inputShare);
    if (blended === undefined) continue;
    const p = { offer, blended };
    // Strictly below: at the same price nothing cheaper was passed over.
    if (blended < taken.blended && (!best || cheaper(p, best) < 0)) best = p;
  }
  return best;
}
