// The compliance facts of a trust profile: the EU Code status, the developer, EU offers, licence and open weights.
import type { Dataset } from '../dataset/dataset.ts';
import type { Fact } from '../schema/fact.ts';
import type { DataTerms, Developer, Licence, Model, Offer, OfferRegion, TerritoryExclusion } from '../schema/index.ts';
import { LICENCE_TABLE_SOURCE } from './cite.ts';
import { isShutDownOffer } from './offer-lifecycle.ts';
import { offerTermsFact } from './offer-terms.ts';
import { euCodeOf, euResidencyOf, onCondition, type EuCodeView } from './trust-eu.ts';

export type EuOffer = {
  provider: string;
  provider_name: string;
  provider_model_id: string;
  region: OfferRegion;
  /** Which product of the provider (one provider may list the model as standard, batch, flex and priority). */
  sku: Offer['sku'];
  eu_resident: Offer['eu_resident'];
  provider_jurisdiction: Fact<string> | null;
  /**
   * The provider's own terms on training with and retaining API data (offer-terms.ts), as they apply to this model's
   * listing: null where no page was read or the page covers other developers' models only.
   */
  provider_no_training: Fact<DataTerms> | null;
  provider_no_retention: Fact<DataTerms> | null;
};

export type Compliance = {
  eu_code: EuCodeView | null;
  developer: { id: string; name: string; country: Fact<string> | null };
  eu_offers: EuOffer[];
  offers: {
    total: number; eu_resident: number; eu_resident_providers: number; residency_unknown: number;
    /** Of eu_resident: served in the EU (`yes`, or an EU-regional SKU), with nothing for the customer to arrange. */
    eu_resident_yes: number;
    /** Of eu_resident: `region`, EU regions the customer must choose; of those, `eu_region_on_condition` only on a condition. */
    eu_region: number;
    eu_region_on_condition: number;
  };
  licence: Fact<Licence> | null;
  commercial_use: { value: boolean | null; as_of: string; source: string } | null;
  /** The licence table's conditions on that use (a user-count threshold, a policy to pass on), beside it where a reader looks. */
  licence_conditions: string | null;
  open_weights: Fact<boolean> | null;
  /** The licence's territory exclusion for this model, repeated beside commercial_use where a reader looks. */
  territory_exclusion: TerritoryExclusion | null;
  /** What each licence fact rests on: the label's source apart from the licence table and the clauses it quotes. */
  licence_sources: LicenceSources | null;
};

/**
 * A leaderboard or catalogue names the licence (a label, dated); what that licence allows is the project's licence
 * table's reading of the licence's own page, and its conditions quote clauses stored with their origin. LMArena shows
 * only a label ("Llama 3.3"): crediting it with commercial use or with sections of an agreement would be wrong.
 */
export type LicenceSources = {
  /** Who names this model's licence, on which day (`lmarena`, `developer-licences`, `models-dev`). */
  label: { source: string; as_of: string };
  /** osi_approved, commercial_use and conditions: the licence table's row, the page it read (the licence text where held). */
  terms: { source: 'licence-table'; as_of: string; table: string; evidence_url: string | null };
  /** The clauses the conditions cite, as stored word for word (licence-clauses.csv); empty when none is stored. */
  clauses: { clause: string; url: string; read_on: string }[];
};

const LICENCE_TABLE_FILE = 'data/curated/licences.csv';

export function licenceSources(l: Fact<Licence> | undefined, tableAsOf: string): LicenceSources | null {
  if (!l) return null;
  return {
    label: { source: l.source, as_of: l.as_of },
    // Dated by the table's own date: a fact's shape, so a tier that names no sources drops `source` as it does a fact's.
    terms: { source: LICENCE_TABLE_SOURCE, as_of: tableAsOf, table: LICENCE_TABLE_FILE, evidence_url: l.value.evidence_url ?? null },
    clauses: l.value.clause_sources ?? [],
  };
}

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
        provider_no_training: offerTermsFact(ds, o, m, 'no-training'), provider_no_retention: offerTermsFact(ds, o, m, 'no-retention'),
      };
    })
    .sort((a, b) => a.provider.localeCompare(b.provider) || a.region.localeCompare(b.region)
      || a.provider_model_id.localeCompare(b.provider_model_id) || a.sku.localeCompare(b.sku));
  const l = m.licence;
  return {
    eu_code: euCodeOf(ds, dev),
    developer: { id: m.vendor, name: dev?.name ?? m.vendor, country: dev?.country ?? null },
    eu_offers: eu,
    // A provider lists one model under several ids (mistral-large-2512, mistral-large-latest): each is an offer, but a
    // reader counting where the model can be hosted in the EU counts providers.
    offers: { total: offers.length, eu_resident: eu.length, eu_resident_providers: new Set(eu.map((o) => o.provider)).size,
      residency_unknown: offers.filter((o) => euResidencyOf(o) === 'unknown').length,
      // OpenAI's EU region is for an eligible organisation with approval: counted with the EU offers (criterion 4), but a
      // reader must not take "3 EU-resident" for three offers served in the EU, so each kind is counted apart too.
      eu_resident_yes: eu.filter((o) => euResidencyOf(o) === 'yes').length,
      eu_region: eu.filter((o) => euResidencyOf(o) === 'region').length,
      eu_region_on_condition: eu.filter((o) => euResidencyOf(o) === 'region' && onCondition(o.eu_resident)).length },
    licence: l ?? null,
    // Commercial use is the licence table's reading of the licence, not the label source's (licence_sources.label).
    commercial_use: l ? { value: l.value.commercial_use, as_of: l.as_of, source: LICENCE_TABLE_SOURCE } : null,
    licence_conditions: l?.value.conditions ?? null,
    open_weights: m.open_weights ?? null,
    territory_exclusion: l?.value.territory_exclusion ?? null,
    licence_sources: licenceSources(l, ds.sourceById.get(LICENCE_TABLE_SOURCE)?.retrieved ?? ds.meta.data_as_of),
  };
}
