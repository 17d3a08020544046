// cheapest_for's rows from parts kept per dataset; an ask adds the blended prices and the floor, and joins them.
//
// Most of a row no ask changes: the model's reference, its rating on the board, an offer's view but for its blended
// price, the words of the sentence around the figures. Made per ask, then projected and serialized, they were most
// of a cold call and most of what it allocated. They are made here once (when a page first shows them), marked
// `kept` so the answer copies their JSON and partial projection as text (json-fragment.ts), and keyed by the Board,
// Model and Offer objects of the dataset, so bounded by its catalogue and gone with it.
import type { Dataset } from '../dataset/dataset.ts';
import { DEFAULT_INPUT_SHARE } from '../engines/constants.ts';
import { isDeprecatedModel, retiredText } from '../engines/offer-lifecycle.ts';
import { frontierOfModel, type Frontier } from '../engines/offer-frontier.ts';
import type { AppliedTier } from '../engines/long-context.ts';
import { blendedPrice, type Board, type BoardEntry, type PricedOffer } from '../engines/ranking.ts';
import { oldPriceClause, oldPriceSince, oldPriceWords, priceDateWords } from '../engines/price-age.ts';
import { followedDeveloperWords } from '../engines/developer-price-move.ts';
import { lowBitWords } from '../engines/listing-precision.ts';
import { promotionWords } from '../sources/promotion-words.ts';
import { conflictWords, ownPageOf, singleCatalogueWords } from './cheapest-for-evidence.ts';
import type { Fact, Model, ModelStatus, Offer } from '../schema/index.ts';
import { noDeveloperPriceText, sellerRole, zeroPricedOwnOffer } from './cost-offers.ts';
import { retiredOwnOffer } from '../engines/developer-retired.ts';
import { developerShutdownDate, shutdownWords } from './cost-shutdown.ts';
import { kept, keptRunAt, openedBy, stitched } from './json-fragment.ts';
import { replacementWords } from '../engines/replacement.ts';
import {
  tierBlendedPrice, toModelRef, toOfferView, toRankedRating, type BlendedPrice, type ModelRef, type OfferView, type RankedRating,
} from './shapes.ts';

const lowerFirst = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);

export type Where = 'any-cloud' | 'eu-cloud' | 'on-premises' | 'local';

/** One answer item (cheapest_for's `Item`). */
export type CheapestItem = {
  position: number;
  model: ModelRef;
  rating: RankedRating;
  blended_price: BlendedPrice | null;
  offer: OfferView | null;
  first_party: boolean | null;
  developer_offer: OfferView | null;
  parameters_total: Fact<number> | null;
  model_status: Fact<ModelStatus> | null;
  why: string;
};

/** A board entry with what the ranking reads of its model, made once per board; its answer parts made on first show. */
export type Row = {
  readonly e: BoardEntry;
  readonly m: Model;
  /** Deprecated or shut down by the data date: left out unless include_deprecated. */
  readonly deprecated: boolean;
  /** The model's offers that can be its cheapest (engines/offer-frontier.ts), held here to skip two look-ups a row. */
  readonly frontier: Frontier;
  shown?: Shown;
};

/** What an item shows of its model and rating, the same in every answer. */
type Shown = {
  model: ModelRef;
  rating: RankedRating;
  parameters_total: Fact<number> | null;
  model_status: Fact<ModelStatus> | null;
  /** `<name> is rated 1082 (variant v, date) on board, rank 3 of 337`, the floor's words to follow. */
  cloudHead: string;
  /** `<name> has open weights and 8B total parameters (date); it is rated ...`. */
  selfHead: string;
  /**
   * The sentence's end when the developer sells the model through no priced offer, after the words that say who sells
   * the listing ranked (`; the developer sells it through no offer in the dataset.`): those depend on the listing.
   */
  noOwnPrice: string;
  /** The developer's shutdown still to come after the day judged (cost-shutdown.ts), or undefined. */
  shutdown: Fact<string> | undefined;
  /** The item's members its offers decide at the default share, per cheapest offer and the developer's (itemRunOf). */
  runs?: Map<Offer, Array<{ own: Offer | undefined; run: ItemRun }>>;
};

/** An item's members between its position and its sentence. */
type ItemRun = Omit<CheapestItem, 'position' | 'why'>;

const rowsByBoard = new WeakMap<Board, readonly Row[]>();

/** The board's entries, best first, with their models (asOf: the dataset's date, the same for every ask on it). */
export function boardRows(ds: Dataset, b: Board): readonly Row[] {
  let rows = rowsByBoard.get(b);
  if (!rows) {
    const asOf = ds.lifecycleDate;
    rows = b.entries.map((e) => {
      const m = ds.modelById.get(e.model_id)!;
      return { e, m, deprecated: isDeprecatedModel(m, asOf), frontier: frontierOfModel(ds, m.id) };
    });
    rowsByBoard.set(b, rows);
  }
  return rows;
}

const fmt = (x: number) => String(Math.round(x * 10000) / 10000);
const fmtParams = (n: number) => (n >= 1e9 ? `${fmt(n / 1e9)}B` : n >= 1e6 ? `${fmt(n / 1e6)}M` : String(n));
const keptOrNull = <T extends object>(v: T | undefined): T | null => (v ? kept(v) : null);

const tails = new WeakMap<Offer, string>();

/**
 * The developer's shutdown, and whether the ranked offer ends with it, as estimate_cost's lines say it
 * (`vs_developer_shutdown`): made once per offer.
 */
function shutdownTail(ds: Dataset, m: Model, o: Offer, dev: Fact<string>): string {
  let t = tails.get(o);
  if (t === undefined) tails.set(o, (t = shutdownWords(ds, m, o, dev)));
  return t;
}

function shownOf(ds: Dataset, b: Board, r: Row): Shown {
  if (r.shown) return r.shown;
  const { e, m } = r;
  const rated = `rated ${Math.round(e.best.rating)} (variant ${e.best.variant}, ${e.best.as_of}) on ${b.leaderboard}/${b.category}, `
    + `rank ${e.rank} of ${b.entries.length}`;
  const p = m.parameters_total;
  const size = p ? `${fmtParams(p.value)} total parameters (${p.as_of})` : 'no parameter count in the dataset';
  const own = ds.offersByModel.get(m.id) ?? [];
  const zero = zeroPricedOwnOffer(own, ds.lifecycleDate);
  // DeepSeek V3.2 after DeepSeek's API moved on: the developer's offer is in the dataset, shut down, and the words
  // say so (as estimate_cost's do), never that the developer sells it through none.
  const retired = zero ? undefined : retiredOwnOffer(own, ds.lifecycleDate);
  return (r.shown = {
    model: kept(toModelRef(ds, m)),
    rating: kept(toRankedRating(b, e)),
    parameters_total: keptOrNull(m.parameters_total),
    model_status: keptOrNull(m.status),
    cloudHead: `${m.name.value} is ${rated}`,
    selfHead: `${m.name.value} has open weights and ${size}; it is ${rated}`,
    noOwnPrice: zero
      // The shared sentence opens with a capital (estimate_cost's note starts one with it); after the semicolon it does not.
      ? `; ${lowerFirst(noDeveloperPriceText(ds.providerById.get(zero.provider)?.name ?? zero.provider))}`
      : retired
        ? `; the developer's own offer (${retired.provider_model_id}) is no longer served: `
          + `${retiredText(retired, ds.lifecycleDate)}${retired.replacement ? `; its replacement is ${replacementWords(retired.replacement.value, (s) => ds.resolveModelId(s))}` : ''}.`
        : m.open_weights?.value === false
          // grok-4.1 at 302.AI, gpt-5.5-instant at ZenMux: closed weights run only on the developer's API, which no
          // source of the dataset lists, so the price cannot be tied to any offer of the developer.
          ? '; the developer sells it through no offer in the dataset, and its weights are closed, so this '
            + 'listing can only relay a developer API the dataset does not list: its price is tied to no developer offer.'
          : '; the developer sells it through no offer in the dataset.',
    // A shutdown the developer announced for a day after the one judged: the offer ranked may end then (shutdownTail).
    shutdown: ((d) => (d && d.value > ds.lifecycleDate ? d : undefined))(developerShutdownDate(m, ds.offersByModel.get(m.id) ?? [])),
  });
}

/** An offer's view but for its blended price, and the words that name it, made once per offer. */
type OfferParts = {
  /** OfferView's members up to `blended_price`, in its order; kept, so an answer copies them as one text. */
  head: Omit<OfferView, 'blended_price'>;
  /** `; its cheapest offer is <provider> (<id>) at $x input (date) and $y output (date) per 1M tokens: $`. */
  cheapestAny: string;
  /** The same under where=eu-cloud: `its cheapest EU offer is <provider> EU-resident ...`. */
  cheapestEu: string;
  /** The sentence's words before the offer's prices, anywhere and under eu-cloud (a tier's prices follow them). */
  lead: string;
  leadEu: string;
  /** A price the source schedules, with the day it starts (or empty); then, for an offer in doubt, that it may no longer be sold. */
  next: string;
  /** As the developer's own beside a reseller's, after the words that say who sells the listing: `; the developer's own offer (<name>) is $`. */
  ownHead: string;
  /** As the developer's own outside the EU: the sentence up to its blended price, and after it. */
  elsewhereHead: string;
  elsewhereTail: string;
  /** elsewhereHead's words before the prices. */
  elsewhereLead: string;
};

const offerParts = new WeakMap<Offer, OfferParts>();

/**
 * Who sells a listing that is not the developer's: for an open-weights model any provider may run the weights itself
 * (DeepInfra's Llama 3.1 8B), so "reseller" would misname it. Where the provider's own page says how it serves the
 * weights (its `serving_role`, as estimate_cost's note reads it) the words name it: a host runs them, a router
 * (OpenRouter) forwards to one that does; else they are estimate_cost's: a third party.
 */
function sellerWords(ds: Dataset, m: { open_weights?: { value: boolean } } | undefined, providerId: string): string {
  if (m?.open_weights?.value !== true) return 'Sold by a reseller';
  const role = sellerRole(ds, providerId);
  return role === 'host' ? 'Sold by a host that runs the weights'
    : role === 'router' ? 'Sold by a router, which forwards each request to a provider that runs the weights (which one is not known: no source in the dataset lists its upstream endpoints)'
      : 'Sold by a third party';
}

function partsOf(ds: Dataset, o: Offer): OfferParts {
  let p = offerParts.get(o);
  if (p) return p;
  // toOfferView's members in its order (shapes.ts), but the blended price, which each ask adds: made by it, so that a
  // member it gains is here too; its objects are kept as written.
  const { blended_price: _blended, ...head } = toOfferView(ds, o);
  for (const v of Object.values(head)) if (v !== null && typeof v === 'object') kept(v);
  kept(head);
  const name = head.provider_name;
  const doubt = head.lifecycle_note ?? null;
  const unconfirmed = head.listing_note ?? null;
  const prices = [
    // Each price with the day its source set it beside the day it was read (docs/data.md, "A price's two dates").
    o.prices.input && `$${o.prices.input.value} input (${priceDateWords(o.prices.input)})`,
    o.prices.output && `$${o.prices.output.value} output (${priceDateWords(o.prices.output)})`,
  ].filter(Boolean).join(' and ');
  const residency = o.region === 'eu' ? ' EU-regional' : o.eu_resident.value === 'yes' ? ' EU-resident' : ' (choose an EU region)';
  const n = o.next_prices?.value;
  // A mainland China platform's listing (region cn, catalogue-util.ts mainlandChinaApi) says so where it is named.
  const mainland = o.region === 'cn' ? '; a mainland China platform, region cn' : '';
  // A listing whose id names a format below 8 bits (listing-precision.ts): said beside the id, against the release format.
  const lead = `; its cheapest offer is ${name} (${o.provider_model_id}${mainland}${lowBitWords(o.provider_model_id, ds.modelById.get(o.model_id)?.native_precision?.value)}) at `;
  const leadEu = `; its cheapest EU offer is ${name}${residency} (${o.provider_model_id}) at `;
  p = {
    head,
    lead,
    leadEu,
    cheapestAny: `${lead}${prices} per 1M tokens: $`,
    cheapestEu: `${leadEu}${prices} per 1M tokens: $`,
    // A price the source schedules (an introductory rate ending) is said with the day it starts.
    next: (n && n.input !== undefined && n.output !== undefined
      ? ` From ${n.starts} the source lists $${n.input} input and $${n.output} output.` : '')
      // Picked only for want of another offer (offer-frontier.ts): the sentence says it may no longer be sold.
      + (doubt !== null ? ` ${name} may no longer sell it: ${doubt}.` : '')
      + (unconfirmed !== null ? ` ${name}'s price is unconfirmed: ${unconfirmed}.` : '')
      // A price set long ago that no other source confirms is old evidence, whatever day its snapshot was read.
      + oldPriceWords(o, ds.meta.data_as_of)
      // and so is ranked after every model whose price is not (cheapest-for.ts `order`).
      + (oldPriceSince(o, ds.meta.data_as_of) !== undefined ? ' It is ranked after every model whose price is not so old.' : '')
      // A resale at the developer's own price before a change made after it was read (developer-price-move.ts).
      + followedDeveloperWords(ds, o, name)
      // A closed model's reseller listing one catalogue alone gives, and a price another source puts 2x or more away:
      // what the buyer has to go on, said whatever the price's age (cheapest-for-evidence.ts).
      + singleCatalogueWords(o, ds.modelById.get(o.model_id), (id) => ds.sourceById.get(id), name,
        ownPageOf(ds.providerById.get(o.provider)))
      + conflictWords(o)
      // A price its provider calls promotional (running-promotions.csv): a cut for a while, with the list price.
      + promotionWords(o.prices, name, ds.lifecycleDate),
    ownHead: `; the developer's own offer (${name}) is $`,
    elsewhereLead: ` here; the developer's own offer (${name}, `,
    elsewhereHead: ` here; the developer's own offer (${name}, `
      + `$${o.prices.input?.value}/$${o.prices.output?.value} input/output per 1M tokens, $`,
    elsewhereTail: ` blended) ${o.eu_resident.value === 'no' ? 'is not EU-resident' : 'is not known to be EU-resident'}.`,
  };
  offerParts.set(o, p);
  return p;
}

/** The offer prices a blend reads at a share: kept, one list per case. */
const DERIVED_BOTH = kept(['prices.input', 'prices.output']);
const DERIVED_INPUT = kept(['prices.input']);
const DERIVED_OUTPUT = kept(['prices.output']);
const derivedFrom = (share: number) => (share > 0 ? (share < 1 ? DERIVED_BOTH : DERIVED_INPUT) : DERIVED_OUTPUT);

/**
 * Each offer's whole view at the default input share and its base prices, kept: most asks take the default share,
 * and there the view (its blended price too) is the same on every ask, so a page copies it as text where it wrote each
 * blended price three times (the item's, the offer's, the developer's offer's) and made an object for each.
 */
const defaultViews = new WeakMap<Offer, OfferView>();

function defaultViewOf(ds: Dataset, o: Offer): OfferView {
  let v = defaultViews.get(o);
  if (!v) {
    const blended = blendedPrice(o.prices, DEFAULT_INPUT_SHARE);
    v = Object.assign({}, partsOf(ds, o).head) as OfferView;
    v.blended_price = blended === undefined ? null
      : kept({ value: blended, input_share: DEFAULT_INPUT_SHARE, derived_from: derivedFrom(DEFAULT_INPUT_SHARE) });
    defaultViews.set(o, kept(v));
  }
  return v;
}

/** toOfferView(ds, o, share, tier), its unchanging part kept per offer: the same members, values and order. */
export function offerViewAt(ds: Dataset, o: Offer, share: number, tier?: AppliedTier): OfferView {
  if (!tier && share === DEFAULT_INPUT_SHARE) return defaultViewOf(ds, o);
  const { head } = partsOf(ds, o);
  const v = Object.assign({}, head) as OfferView;
  if (tier) v.blended_price = tierBlendedPrice(tier, share);
  else {
    const blended = blendedPrice(o.prices, share);
    v.blended_price = blended === undefined ? null : { value: blended, input_share: share, derived_from: derivedFrom(share) };
  }
  return openedBy(v, head);
}

const num = (n: number) => n.toLocaleString('en-US');

/** An offer's prices at a long-context tier, as the sentence says them, up to its blended price. */
function tierPricesText(o: Offer, t: AppliedTier): string {
  const tiers = o.prices.tiers!;
  return `$${t.input} input and $${t.output} output per 1M tokens for a prompt of ${num(t.prompt_tokens)} tokens (its long-context `
    + `price above ${num(t.above_tokens)} tokens, ${tiers.as_of}; base $${o.prices.input?.value}/$${o.prices.output?.value}): $`;
}

/**
 * The developer's own price beside a reseller's, at the end of the sentence (see cloudItem), after the words that say
 * who sells the listing ranked (`sold`, a host, a router, a third party or a reseller: sellerWords).
 */
function ownPriceText(ds: Dataset, shown: Shown, own: PricedOffer | undefined, ownAnywhere: PricedOffer | undefined, sold: Offer): string {
  return ` ${sellerWords(ds, ds.modelById.get(sold.model_id), sold.provider)}${ownPriceTail(ds, shown, own, ownAnywhere)}`;
}

function ownPriceTail(ds: Dataset, shown: Shown, own: PricedOffer | undefined, ownAnywhere: PricedOffer | undefined): string {
  if (!own && ownAnywhere) {
    const p = partsOf(ds, ownAnywhere.offer);
    const t = ownAnywhere.tier;
    // At a long-context tier the developer's prices are the tier's, said with the prompt size.
    const head = t ? `${p.elsewhereLead}$${t.input}/$${t.output} input/output per 1M tokens `
      + `for a prompt of ${num(t.prompt_tokens)} tokens, $` : p.elsewhereHead;
    return `${head}${fmt(ownAnywhere.blended)}${p.elsewhereTail}`;
  }
  if (!own) return shown.noOwnPrice;
  const atTier = own.tier ? ` for a prompt of ${num(own.tier.prompt_tokens)} tokens (its long-context price)` : '';
  return `${partsOf(ds, own.offer).ownHead}${fmt(own.blended)} blended${atTier}.`;
}

/**
 * A row priced in the cloud. With where=eu-cloud, `own` is the developer's cheapest EU offer; `ownAnywhere` its
 * cheapest offer at all, so a developer whose own offers are all outside the EU is said to sell it there, not to sell
 * it nowhere.
 */
export function cloudItem(
  ds: Dataset, b: Board, r: Row, position: number, priced: PricedOffer, own: PricedOffer | undefined,
  ownAnywhere: PricedOffer | undefined, floorText: string, where: Where, share: number, passed?: PricedOffer,
): CheapestItem {
  const s = shownOf(ds, b, r);
  const o = priced.offer;
  const p = partsOf(ds, o);
  const t = priced.tier;
  const eu = where === 'eu-cloud';
  const prices = t ? `${eu ? p.leadEu : p.lead}${tierPricesText(o, t)}` : eu ? p.cheapestEu : p.cheapestAny;
  const why = `${s.cloudHead}${floorText}${prices}${fmt(priced.blended)} blended at `
    + `${fmt(share * 100)}% input.${p.next}${passed ? passedOverText(ds, passed) : ''}${o.first_party ? '' : ownPriceText(ds, s, own, ownAnywhere, o)}${s.shutdown ? shutdownTail(ds, r.m, o, s.shutdown) : ''}`;
  if (share === DEFAULT_INPUT_SHARE && !t && !own?.tier) {
    const run = itemRunOf(ds, s, o, own?.offer);
    return keptRunAt(Object.assign({ position }, run, { why }), 1, run);
  }
  const offer = offerViewAt(ds, o, share, t);
  return stitched({
    position, model: s.model, rating: s.rating, blended_price: offer.blended_price, offer, first_party: o.first_party,
    developer_offer: own ? offerViewAt(ds, own.offer, share, own.tier) : null,
    parameters_total: s.parameters_total, model_status: s.model_status, why,
  });
}

/**
 * ` Kilo Gateway lists it for less ($0.071 input and $0.1 output: $0.07825 blended), but its price has been listed
 * unchanged since ...` after the price ranked, where a cheaper offer was kept off the ranking for its old, unconfirmed
 * price alone (offer-frontier.ts `passedOverInFrontier`): a reader who has seen the lower price learns why it is not ranked.
 */
function passedOverText(ds: Dataset, passed: PricedOffer): string {
  const o = passed.offer;
  return ` ${ds.providerById.get(o.provider)?.name ?? o.provider} lists it for less ($${o.prices.input?.value} input and `
    + `$${o.prices.output?.value} output: $${fmt(passed.blended)} blended), but ${oldPriceClause(o, ds.meta.data_as_of)}, so it is not the price ranked.`;
}

/**
 * The item's members between its position and its sentence at the default share, kept per row, offer and developer's
 * offer: all of them are the same on every ask there (the offers' views are defaultViewOf's), so a page copies each
 * item's as one text.
 */
function itemRunOf(ds: Dataset, s: Shown, o: Offer, own: Offer | undefined): ItemRun {
  s.runs ??= new Map();
  let list = s.runs.get(o);
  if (!list) s.runs.set(o, (list = []));
  for (const e of list) if (e.own === own) return e.run;
  const offer = defaultViewOf(ds, o);
  const run: ItemRun = kept({
    model: s.model, rating: s.rating, blended_price: offer.blended_price, offer, first_party: o.first_party,
    developer_offer: own ? defaultViewOf(ds, own) : null, parameters_total: s.parameters_total, model_status: s.model_status,
  });
  list.push({ own, run });
  return run;
}

/** A row on premises or locally: no offer, ranked by size. */
export function selfHostedItem(ds: Dataset, b: Board, r: Row, position: number, floorText: string): CheapestItem {
  const s = shownOf(ds, b, r);
  return stitched({
    position, model: s.model, rating: s.rating, blended_price: null, offer: null, first_party: null, developer_offer: null,
    parameters_total: s.parameters_total, model_status: s.model_status, why: `${s.selfHead}${floorText}.`,
  });
}
