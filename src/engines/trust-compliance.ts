// The compliance facts of a trust profile: the EU Code status, the developer, EU offers, licence and open weights.
import type { Dataset } from '../dataset/dataset.ts';
import type { Fact } from '../schema/fact.ts';
import type { Developer, Licence, Model, Offer, OfferRegion, TerritoryExclusion } from '../schema/index.ts';
import { isShutDownOffer } from './offer-lifecycle.ts';
import { euCodeOf, euResidencyOf, type EuCodeView } from './trust-eu.ts';

export type EuOffer = {
  provider: string;
  provider_name: string;
  provider_model_id: string;
  region: OfferRegion;
  /** Which product of the provider (one provider may list the model as standard, batch, flex and priority). */
  sku: Offer['sku'];
  eu_resident: Offer['eu_resident'];
  provider_jurisdiction: Fact<string> | null;
};

export type Compliance = {
  eu_code: EuCodeView | null;
  developer: { id: string; name: string; country: Fact<string> | null };
  eu_offers: EuOffer[];
  offers: { total: number; eu_resident: number; residency_unknown: number };
  licence: Fact<Licence> | null;
  commercial_use: { value: boolean | null; as_of: string; source: string } | null;
  /** The licence table's conditions on that use (a user-count threshold, a policy to pass on), beside it where a reader looks. */
  licence_conditions: string | null;
  open_weights: Fact<boolean> | null;
  /** The licence's territory exclusion for this model, repeated beside commercial_use where a reader looks. */
  territory_exclusion: TerritoryExclusion | null;
};

export function compliance(ds: Dataset, m: Model, dev: Developer | undefined): Compliance {
  // Offers still served on the dataset's date: a shut-down listing is no evidence of EU hosting.
  const offers = (ds.offersByModel.get(m.id) ?? []).filter((o) => !isShutDownOffer(o, ds.lifecycleDate));
  const eu = offers
    .filter((o) => euResidencyOf(o) === 'yes' || euResidencyOf(o) === 'region')
    .map((o): EuOffer => {
      const p = ds.providerById.get(o.provider);
      return {
        provider: o.provider, provider_name: p?.name ?? o.provider, provider_model_id: o.provider_model_id, region: o.region,
        sku: o.sku, eu_resident: o.eu_resident, provider_jurisdiction: p?.jurisdiction ?? null,
      };
    })
    .sort((a, b) => a.provider.localeCompare(b.provider) || a.region.localeCompare(b.region)
      || a.provider_model_id.localeCompare(b.provider_model_id) || a.sku.localeCompare(b.sku));
  const l = m.licence;
  return {
    eu_code: euCodeOf(ds, dev),
    developer: { id: m.vendor, name: dev?.name ?? m.vendor, country: dev?.country ?? null },
    eu_offers: eu,
    offers: { total: offers.length, eu_resident: eu.length, residency_unknown: offers.filter((o) => euResidencyOf(o) === 'unknown').length },
    licence: l ?? null,
    commercial_use: l ? { value: l.value.commercial_use, as_of: l.as_of, source: l.source } : null,
    licence_conditions: l?.value.conditions ?? null,
    open_weights: m.open_weights ?? null,
    territory_exclusion: l?.value.territory_exclusion ?? null,
  };
}
