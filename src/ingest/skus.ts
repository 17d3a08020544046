// Which product of a provider a listing is (its SKU), read from the provider's own model id (docs/data.md).
// Service tiers a source gives as separate prices (LiteLLM's batch, flex, priority) are stated by the adapter.
import type { Sku } from '../schema/index.ts';
import { placeOfRegion } from '../sources/cloud-regions.ts';
import { key0 } from './match-keys.ts';

/** Id markers, checked in order; each names the SKU and is taken off to find the listing's base id. */
const MARKERS: ReadonlyArray<[RegExp, Sku]> = [
  [/^stealth\//, 'stealth'],
  [/:free$|-free$/, 'free'],
  [/:extended$/, 'extended'],
  [/:batch$/, 'batch'],
  // `:thinking`, and nano-gpt's `:thinking:low` / `:thinking:max` efforts.
  [/:thinking(?::[a-z]+)?$/, 'thinking'],
  [/:(?:nitro|floor|exacto)$/, 'routing'],
  [/:(?:online|web)$/, 'online'],
];

/**
 * Data-zone and in-region endpoints: Bedrock cross-region inference profiles (`us.`, `eu.`, `apac.`, `jp.`, `au.`,
 * `us-gov.`), Bedrock in-region ids (`eu-central-1/...`) and Azure data zones (`us/`, `eu/`). `global.` and
 * `global/` route anywhere at the list price: standard.
 */
const REGIONAL = /^(?:(?:us|eu|apac|jp|au|ca|uk|us-gov|apne|in)\.|(?:us|eu)\/|[a-z]{2}(?:-gov)?-[a-z]+-\d\/)/;
const GLOBAL = /^(?:global\.|global\/)/;
/**
 * genai-prices' name for Bedrock's in-Region and Geo listing: `regional.<id>` prices the bare model id called in a
 * region (its match rule: starts with `openai.gpt-5.6-sol`), 10% above `global.` where a model has both
 * (`regional.openai.gpt-5.6-sol` $4.40/$22 beside `global.openai.gpt-5.6-sol` $4/$20). Not a zone: the region is the
 * caller's, so it names no route and keeps the bare id's listing, whose readings it joins (listingGroup).
 */
const IN_REGION = /^regional\./;

export type SkuReading = {
  sku: Sku;
  /**
   * The key that tells one listing of a provider from another within a model: the id without its SKU marker,
   * normalised, with the regional or global routing prefix kept (so `us.` and `global.` do not overwrite the base).
   */
  listing: string;
};

/**
 * Where a listing's requests are served when its id pins a routing zone outside the EU: a non-EU data-zone or
 * in-region endpoint (`us.`, `apac.`, `jp.`, `au.`, `us-gov.`, Azure `us/`, Bedrock `us-east-1/...`), or global
 * cross-region routing (`global.`), which may send a request to any region. Undefined when the id pins no zone (the
 * provider's own residency then applies) or pins an EU one.
 */
export function nonEuRouteOf(providerModelId: string): string | undefined {
  const id = providerModelId.trim().toLowerCase();
  const route = REGIONAL.exec(id)?.[0] ?? GLOBAL.exec(id)?.[0];
  if (!route || /^eu[./]/.test(route)) return undefined;
  const name = route.replace(/[./]$/, '');
  // An in-region id names its region: Bedrock's `eu-west-2/` is London, outside the EU (cloud-regions.ts). An `eu-`
  // region the table cannot place pins no known zone: the provider's own residency applies.
  if (name.startsWith('eu-')) return placeOfRegion(name)?.eu === false ? name : undefined;
  return name;
}

export function skuOf(providerModelId: string, stated?: Sku): SkuReading {
  const id = providerModelId.trim().toLowerCase();
  let base = id;
  let sku: Sku = 'standard';
  for (const [re, s] of MARKERS) {
    if (re.test(base)) {
      base = base.replace(re, '');
      sku = s;
      break;
    }
  }
  const route = REGIONAL.exec(base)?.[0] ?? GLOBAL.exec(base)?.[0] ?? '';
  if (sku === 'standard' && (REGIONAL.test(base) || IN_REGION.test(base))) sku = 'regional';
  return { sku: stated ?? sku, listing: `${route}${key0(base.slice(route.length))}` };
}

/**
 * The SKU part of the key that merges readings into one offer. The base SKUs are one product at its list price:
 * a zone keeps its route in the listing (`us.`, `eu-central-1/`), so standard and regional meet only where a source
 * labels the bare id's own listing regional (`regional.openai.gpt-5.6-sol` and LiteLLM's `openai.gpt-5.6-sol`).
 */
export function listingGroup(sku: Sku): Sku {
  return sku === 'regional' ? 'standard' : sku;
}
