// compare_models: the detail of a model's cheapest offer of any provider, saying whose listing it is and its age.
import type { Dataset } from '../dataset/dataset.ts';
import { DEFAULT_INPUT_SHARE } from '../engines/constants.ts';
import { followedDeveloperClause } from '../engines/developer-price-move.ts';
import { oldPriceClause } from '../engines/price-age.ts';
import { isShutDownOffer } from '../engines/offer-lifecycle.ts';
import { blendedPrice, passedOverOldPrice } from '../engines/ranking.ts';
import { lowBitWords } from '../engines/listing-precision.ts';
import type { Model, Offer } from '../schema/index.ts';
import { endedWords, promotionOf } from '../sources/promotion-words.ts';
import { sellerRole } from './cost-offers.ts';

/**
 * The cheapest base-SKU offer of any provider is often not the developer's: a reseller of a closed model (Poe's
 * Claude Sonnet 4.5 at $2.60 against Anthropic's $3), or a host or router of open weights. estimate_cost and
 * cheapest_for say whose listing it is and that the dataset does not vouch for it; the comparison's row says the same,
 * in the same words, that a price no other source confirms was set long ago (price-age.ts), where it was, and that the
 * listing's id names weights below 8 bits (listing-precision.ts), where it does.
 */
export function cheapestDetail(ds: Dataset, m: Model, offer: Offer): string {
  const name = ds.providerById.get(offer.provider)?.name ?? offer.provider;
  const head = `${name} (${offer.provider_model_id}), the cheapest base-SKU offer at input_share ${DEFAULT_INPUT_SHARE}`
    + lowBitWords(offer.provider_model_id, m.native_precision?.value);
  const old = oldPriceClause(offer, ds.meta.data_as_of);
  const followed = followedDeveloperClause(ds, offer);
  return `${head}${offer.first_party ? '' : `; ${whose(ds, m, offer)}, which the dataset lists as its sources give it and does not vouch for`}`
    + `${old ? `; ${old}` : ''}${followed ? `; ${followed}` : ''}`
    + passedOverWords(ds, ds.offersByModel.get(m.id) ?? [], offer, (o) => !isShutDownOffer(o, ds.lifecycleDate));
}

/**
 * `; Kilo Gateway (qwen/qwen3-235b-a22b-2507) lists it for less ($0.071/$0.1 input/output), but its price has been
 * listed unchanged since ...` after a compared price where a cheaper offer among `offers` (those `accept` keeps) was
 * passed over for its old, unconfirmed price (ranking.ts `passedOverOldPrice`); empty otherwise.
 */
export function passedOverWords(ds: Dataset, offers: readonly Offer[], taken: Offer, accept: (o: Offer) => boolean): string {
  const blended = blendedPrice(taken.prices, DEFAULT_INPUT_SHARE);
  if (blended === undefined) return '';
  const p = passedOverOldPrice(offers, { offer: taken, blended }, DEFAULT_INPUT_SHARE, accept, ds.meta.data_as_of);
  if (!p) return '';
  const o = p.offer;
  return `; ${ds.providerById.get(o.provider)?.name ?? o.provider} (${o.provider_model_id}) lists it for less at input_share ${DEFAULT_INPUT_SHARE} `
    + `($${o.prices.input?.value}/$${o.prices.output?.value} input/output), but ${oldPriceClause(o, ds.meta.data_as_of)}, so it is not the one compared`;
}

function whose(ds: Dataset, m: Model, offer: Offer): string {
  if (m.open_weights?.value !== true) return 'a reseller\'s listing, not the developer\'s';
  const role = sellerRole(ds, offer.provider);
  return role === 'host' ? 'a host\'s listing (it runs the weights on its own servers)'
    : role === 'router' ? 'a router\'s listing (it forwards each request to another provider)' : 'a third party\'s listing';
}

/**
 * `; a promotional price since 2026-08-21, available at least through 2026-11-21 (regular price $5)` after a compared price its
 * provider calls promotional (running-promotions.csv): OpenAI's $4 for GPT-5.6 Sol is a cut from $5, and OpenRouter's $2
 * a second cut on top, so the row that ranks it says so. Empty for any other price.
 */
export function promotionClause(p: { note?: string } | undefined, judgedOn: string): string {
  const promo = promotionOf(p);
  if (!promo) return '';
  return `; a promotional price${promo.span.startsWith('since') ? ' ' : ', '}${promo.span}`
    + `${promo.list === undefined ? '' : ` (regular price $${promo.list})`}${endedWords(promo, judgedOn)}`;
}
