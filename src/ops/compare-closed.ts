// compare_models' price rows for an offer sold to existing customers only: which, and the words when no other is priced.
import type { Dataset } from '../dataset/dataset.ts';
import { DEFAULT_INPUT_SHARE } from '../engines/constants.ts';
import { closedToNewCustomers, isShutDownOffer } from '../engines/offer-lifecycle.ts';
import { blendedPrice, isBaseSku } from '../engines/ranking.ts';
import type { Offer } from '../schema/index.ts';

/** The cheapest served base-SKU offer sold to existing customers only, when the model has one (`closedToNewCustomers`). */
export function cheapestClosed(offers: readonly Offer[], asOf: string): Offer | undefined {
  const closed = offers.filter((o) => closedToNewCustomers(o) && isBaseSku(o) && !isShutDownOffer(o, asOf)
    && blendedPrice(o.prices, DEFAULT_INPUT_SHARE) !== undefined);
  return closed.sort((a, b) => blendedPrice(a.prices, DEFAULT_INPUT_SHARE)! - blendedPrice(b.prices, DEFAULT_INPUT_SHARE)!)[0];
}

/** Why a price row is empty though an offer is priced: its provider sells it to existing customers only. */
export const closedDetail = (ds: Dataset, o: Offer, among: string) =>
  `no price a new customer can pay among ${among}: ${ds.providerById.get(o.provider)?.name ?? o.provider} (${o.provider_model_id}) lists `
  + `$${o.prices.input!.value}/$${o.prices.output!.value} input/output but sells it to existing customers only (deprecated with no `
  + 'shutdown date), so a new customer cannot buy it';
