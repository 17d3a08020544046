// Where an offer is served, decided per listing: its region or routing, a reviewed rule, then the provider's table.
import { BASE_SKUS, EU_CONDITION_MARK, type EuResidency, type Fact, type Offer, type Provider } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import type { OfferResidencyRule } from '../sources/types.ts';
import { OFFER_RESIDENCY_SOURCE_ID } from '../sources/offer-residency.ts';
import { placeOfRegion } from '../sources/cloud-regions.ts';
import { residencyFromRegions, type ListedRegions } from './listed-regions.ts';
import { nonEuRouteOf } from './skus.ts';

export type ResidencyInput = {
  provider: string;
  model_id: string;
  region: Offer['region'];
  provider_model_id: string;
  /** The model's developer (its vendor), when known. */
  developer?: string;
  /** The date and source of the listing, for the facts its id alone establishes. */
  as_of: string;
  source: string;
  /** The regions a source lists for the listing, when one does (LiteLLM `supported_regions`). */
  listed_regions?: ListedRegions;
  /** The listing's SKU: a reviewed rule speaks only for the SKUs its page names, where it names them. */
  sku?: Offer['sku'];
};

/**
 * An offer's EU residency, in order: an EU-regional SKU is EU-resident; an id pinning a non-EU zone or global
 * routing is not; the regions a source lists for the listing (listed-regions.ts); a reviewed rule for the provider
 * and the model's developer (the provider's or the developer's own page on how such listings are served); else the
 * provider's row, which holds where the product has one rule.
 */
export function residencyOf(x: ResidencyInput, provider: Provider | undefined, rules: readonly OfferResidencyRule[]): Fact<EuResidency> {
  if (x.region === 'eu') {
    // An EU listing is EU-resident, on the provider's condition where its rule gives one (Bedrock's eu. profiles stay in
    // the EU when called from an EU Region), as withEuCondition says it of the EU SKUs a source prices apart.
    const rule = ruleFor(x, rules);
    const said = rule?.condition ? `${conditionOf({ ...rule, eu_resident: 'yes' })} (${rule.url}, read ${rule.as_of})` : '';
    return fact('yes' as const, x.as_of, x.source, { note: `EU-regional SKU: requests are served in EU regions${said}` });
  }
  const route = nonEuRouteOf(x.provider_model_id);
  if (route) {
    return fact('no' as const, x.as_of, x.source, { note: route === 'global'
      ? 'global cross-region routing: requests may be served in any region'
      : `routed in the ${route} zone or region${placeOf(route)}, outside the EU` });
  }
  if (x.listed_regions) return residencyFromRegions(x.listed_regions);
  const rule = ruleFor(x, rules);
  // A page that names the endpoints it covers (OpenAI's: chat completions and batches) says nothing of another tier.
  if (rule && rule.skus && x.sku && !rule.skus.includes(x.sku) && rule.eu_resident !== 'unknown') {
    return fact('unknown' as const, rule.as_of, rule.source, {
      note: `the page read names ${rule.skus.join(' and ')} requests, not the ${x.sku} tier (${rule.url})` });
  }
  if (rule) return fact(rule.eu_resident, rule.as_of, rule.source, { note: `${rule.note}${conditionOf(rule)} (${rule.url})` });
  const row = provider?.eu_data_residency;
  // A provider whose own page places all its serving in the EU (Scaleway's Paris, OVHcloud's Gravelines) lists ids that
  // pin no zone, so the offer's region reads `global` beside `yes`: the note says which of the two speaks of the place.
  if (row?.value === 'yes' && x.region === 'global') return { ...row, note: `${row.note ? `${row.note}; ` : ''}${GLOBAL_BESIDE_YES}` };
  return row ?? fact('unknown' as const, x.as_of, 'derived', { note: 'provider not in the reviewed residency table' });
}

/**
 * Said of an EU-resident listing whose region reads `global`: that value is the routing prefix's (none), not a place,
 * and the place is the provider's page's (the fact's evidence_page), which the provider row's note names in words.
 */
export const GLOBAL_BESIDE_YES = 'the offer\'s region `global` says only that the listing\'s id pins no routing zone, not where requests '
  + 'are served: the place is the provider\'s page\'s (evidence_page)';

/**
 * The rule's condition, said beside its residency: EU processing the provider opens to some customers only (OpenAI's
 * eligible organizations) is still the page's `yes` or `region`, but a reader must know who can have it. Before the
 * page address, which ends the note (pageOf reads it there).
 */
export const conditionOf = (rule: Pick<OfferResidencyRule, 'condition' | 'eu_resident'> | undefined) =>
  (rule?.condition && rule.eu_resident !== 'no' && rule.eu_resident !== 'unknown' ? `${EU_CONDITION_MARK}${rule.condition}` : '');

/**
 * An EU-regional SKU a source prices (LiteLLM's uplift) is EU-resident, but only for the customers the provider's page
 * opens EU processing to: the provider's reviewed rule for the model says who, with its page and day.
 */
export function withEuCondition(eu: Offer, developer: string | undefined, rules: readonly OfferResidencyRule[]): Offer {
  const rule = ruleFor({ provider: eu.provider, model_id: eu.model_id, developer }, rules);
  if (eu.region !== 'eu' || !rule?.condition) return eu;
  // The EU SKU is the listing's own `yes`; the rule (even one saying `unknown` of the global listing) says who may buy it.
  const said = `${conditionOf({ ...rule, eu_resident: 'yes' })} (${rule.url}, read ${rule.as_of})`;
  return { ...eu, eu_resident: { ...eu.eu_resident, note: `${eu.eu_resident.note ?? 'EU-regional SKU'}${said}` } };
}

const placeOf = (route: string) => {
  const at = placeOfRegion(route);
  return at && at.place !== 'outside Europe' ? ` (${at.place})` : '';
};

/** The most specific rule that covers the listing: one naming the developer beats `*`, one naming models beats `*`. */
export function ruleFor(x: Pick<ResidencyInput, 'provider' | 'model_id' | 'developer'>, rules: readonly OfferResidencyRule[]) {
  const fits = rules.filter((r) => r.provider === x.provider
    && (r.developer === undefined || r.developer === x.developer)
    && (r.models === undefined || r.models.includes(x.model_id)));
  const rank = (r: OfferResidencyRule) => (r.developer ? 2 : 0) + (r.models ? 1 : 0);
  return fits.sort((a, b) => rank(b) - rank(a))[0];
}

/**
 * A reviewed rule may say `unknown` because the provider places each model in its own regions (Bedrock: "foundation
 * models differ in their Regional support"): the provider's EU regions say nothing of one model. A listing of the same
 * model at the same provider in an EU region (region `eu`: a Bedrock `eu.` cross-Region profile, an EU Region id such as
 * `eu-north-1/deepseek.v3.2`) is a source placing the model there, so the model's other listings at the provider read
 * `region` (EU regions to choose), naming that listing; without one they stay `unknown`, as the rule's note says.
 * Runs before settlePricedApart, which then turns a listing priced apart from its EU listing to `no`.
 */
export function placeByEuListing(offers: Offer[]): number {
  const euOf = new Map<string, Offer[]>();
  const key = (o: Offer) => `${o.provider}|${o.model_id}`;
  for (const o of offers) if (o.region === 'eu') euOf.set(key(o), [...(euOf.get(key(o)) ?? []), o]);
  let changed = 0;
  for (const o of offers) {
    const r = o.eu_resident;
    if (o.region === 'eu' || r.value !== 'unknown' || r.source !== OFFER_RESIDENCY_SOURCE_ID) continue;
    const eu = (euOf.get(key(o)) ?? []).sort((a, b) => a.provider_model_id.localeCompare(b.provider_model_id));
    if (eu.length === 0) continue;
    const named = eu.map((e) => `${e.provider_model_id} (${e.eu_resident.source}, ${e.eu_resident.as_of})`);
    o.eu_resident = fact('region' as const, eu.map((e) => e.eu_resident.as_of).sort().at(-1)!, 'derived', {
      note: `EU regions to choose: the provider lists this model in an EU region as ${named.join(', ')}`,
      derived_from: [`${r.source} (${r.as_of}): eu_resident unknown, the provider placing each model in its own regions${pageOf(r.note)}`,
        ...eu.map((e) => `${e.eu_resident.source} (${e.eu_resident.as_of}): ${e.provider_model_id} region eu`)],
    });
    changed++;
  }
  return changed;
}

/** The page a rule's note cites: residencyOf ends the note with it, in brackets. */
const pageOf = (note: string | undefined) => {
  const url = /\((https:\/\/[^\s)]+)\)$/.exec(note ?? '')?.[1];
  return url ? ` (${url})` : '';
};

const priceOf = (o: Offer) => `$${o.prices.input?.value ?? '?'}/$${o.prices.output?.value ?? '?'}`;
const samePrice = (a: Offer, b: Offer) =>
  a.prices.input?.value === b.prices.input?.value && a.prices.output?.value === b.prices.output?.value;

/**
 * A listing is not EU-resident at a price the sources say EU processing does not cost: where the provider sells the
 * model in the EU as a listing of its own (Bedrock `eu.anthropic.*`, Azure `azure/eu/*`, an uplifted EU SKU) and no
 * such listing has this one's input and output price, this listing's `yes` or `region` becomes `no`, naming the
 * EU listing and its price (Bedrock in-region `anthropic.claude-opus-4-8` at $5/$25 while `eu.` costs $5.50/$27.50).
 * A batch, flex or priority SKU of the listing follows its base SKU (no source prices those SKUs in the EU).
 */
export function settlePricedApart(offers: Offer[]): number {
  const euOf = new Map<string, Offer[]>();
  const key = (o: Offer) => `${o.provider}|${o.model_id}`;
  for (const o of offers) {
    if (o.region !== 'eu' || !BASE_SKUS.includes(o.sku) || !o.prices.input || !o.prices.output) continue;
    euOf.set(key(o), [...(euOf.get(key(o)) ?? []), o]);
  }
  let changed = 0;
  for (const o of offers) {
    const eu = euOf.get(key(o));
    if (!eu || o.region === 'eu' || !BASE_SKUS.includes(o.sku) || !o.prices.input || !o.prices.output) continue;
    if (o.eu_resident.value !== 'yes' && o.eu_resident.value !== 'region') continue;
    if (eu.some((e) => samePrice(e, o))) continue;
    const e = eu[0];
    const as_of = [e.prices.input!.as_of, e.prices.output!.as_of].sort().at(-1)!;
    o.eu_resident = fact('no' as const, as_of, 'derived', {
      note: `EU processing at this provider is the listing ${e.provider_model_id} (region eu) at ${priceOf(e)}; `
        + `this listing's ${priceOf(o)} is not the EU price`,
      // A residency derived in turn (placeByEuListing) cites its own inputs, not `derived`.
      derived_from: [...(o.eu_resident.source === 'derived' && o.eu_resident.derived_from ? o.eu_resident.derived_from
        : [`${o.eu_resident.source} (${o.eu_resident.as_of}): eu_resident ${o.eu_resident.value}`]),
        `${e.prices.input!.source} (${e.prices.input!.as_of}): ${e.provider_model_id} input ${e.prices.input!.value}`,
        `${e.prices.output!.source} (${e.prices.output!.as_of}): ${e.provider_model_id} output ${e.prices.output!.value}`],
    });
    changed++;
  }
  // The listing's other SKUs (batch, flex, priority) follow its base SKU: EU processing of them is priced apart too.
  const settled = new Map(offers.filter((o) => o.region === 'global' && BASE_SKUS.includes(o.sku) && o.eu_resident.source === 'derived'
    && o.eu_resident.value === 'no').map((o) => [`${o.provider}|${o.model_id}|${o.provider_model_id}`, o]));
  for (const o of offers) {
    const base = settled.get(`${o.provider}|${o.model_id}|${o.provider_model_id}`);
    if (!base || BASE_SKUS.includes(o.sku) || (o.eu_resident.value !== 'yes' && o.eu_resident.value !== 'region')) continue;
    o.eu_resident = { ...base.eu_resident, note: `as the listing's ${base.sku} SKU: ${base.eu_resident.note}` };
    changed++;
  }
  return changed;
}
