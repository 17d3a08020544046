// estimate_cost's offers: who sells each priced line (the developer or a reseller), and shut-down offers left out.
import type { Dataset } from '../dataset/dataset.ts';
import { isShutDownOffer, retiredText } from '../engines/offer-lifecycle.ts';
import { isBaseSku } from '../engines/ranking.ts';
import type { Offer, Sku } from '../schema/index.ts';

type Listing = Pick<Offer, 'provider' | 'provider_model_id' | 'region'>;
const keyOf = (o: Listing) => `${o.provider}|${o.provider_model_id}|${o.region}`;

/**
 * The base-SKU offers a cost is worked from (still served on the data date), those left out as shut down, and when
 * the developer's own offer is among them, how it was retired (for the note beside the cheapest reseller).
 */
export function costableOffers(ds: Dataset, modelId: string): {
  offers: Offer[]; shut_down: Array<Listing & { reason: string }>; own_retired?: string;
} {
  const base = (ds.offersByModel.get(modelId) ?? []).filter(isBaseSku);
  const asOf = ds.meta.data_as_of;
  const ownRetired = base.find((o) => o.first_party && isShutDownOffer(o, asOf));
  return {
    ...(ownRetired ? { own_retired: retiredText(ownRetired, asOf) } : {}),
    offers: base.filter((o) => !isShutDownOffer(o, asOf)),
    shut_down: base.filter((o) => isShutDownOffer(o, asOf)).map((o) => ({
      provider: o.provider, provider_model_id: o.provider_model_id, region: o.region,
      reason: `${retiredText(o, asOf)}: no longer sold, not costed`,
    })),
  };
}

/** Whether the line's offer is the developer's own, and which SKU it is, read from the offer it was costed from. */
export function sellerOf(offers: readonly Offer[]): (line: Listing) => { first_party: boolean; sku: Sku } {
  const byKey = new Map(offers.map((o) => [keyOf(o), o]));
  return (line) => {
    const o = byKey.get(keyOf(line));
    return { first_party: o?.first_party ?? false, sku: o?.sku ?? 'standard' };
  };
}

type Line = {
  provider_name: string; first_party: boolean; blended_usd_per_mtok: number;
  input: { usd_per_mtok: number }; output: { usd_per_mtok: number };
};

/**
 * When the cheapest paid offer is not the developer's own, the sentence that says so beside the developer's price
 * (Claude Sonnet 4.5: QiHang at $0.43/$2.14 against Anthropic's $3/$15). The dataset lists a reseller's price as
 * its sources give it; it does not vouch for the reseller.
 */
export function resellerNote(cheapest: Line | undefined, developer: Line | undefined, ownRetired?: string): string | null {
  if (!cheapest || cheapest.first_party) return null;
  const p = (l: Line) => `$${l.input.usd_per_mtok}/$${l.output.usd_per_mtok} input/output`;
  const base = `The cheapest offer is a reseller's listing (${cheapest.provider_name}, ${p(cheapest)}): `
    + 'the dataset lists it as its sources give it and does not vouch for it.';
  // DeepSeek V3 at DeepSeek: the developer's offer exists but was retired (V3.1 took its place on 2025-08-21).
  if (!developer && ownRetired) return `${base} The developer's own offer is no longer served: ${ownRetired}.`;
  if (!developer) return `${base} The developer sells the model through no offer in the dataset.`;
  const share = Math.round((cheapest.blended_usd_per_mtok / developer.blended_usd_per_mtok) * 100);
  return `${base} The developer's own offer (${developer.provider_name}) is ${p(developer)}; `
    + `the reseller's blended price is ${share}% of it.`;
}
