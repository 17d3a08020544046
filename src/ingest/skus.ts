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

/**
 * Ids a developer documents as a faster, dearer serving of a model it also sells at its base price, not a model of
 * their own: Moonshot's `kimi-k2-turbo-preview` is the "High-speed version of kimi-k2, always aligned with the latest
 * kimi-k2. Same model parameters as kimi-k2, output speed up to 60 tokens/sec (max 100 tokens/sec)" (genai-prices
 * providers-yml/moonshotai.yml, its description; $1.15/$8 there beside kimi-k2-0905-preview's $0.60/$2.50, both
 * prices_checked 2026-03-11). A `priority` SKU, as OpenAI's faster processing tier is: never read as the base price of
 * the model (aliases.csv resolves it to kimi-k2-0905). A reseller's id of it (`moonshotai/kimi-k2-turbo-preview`) names
 * the same tier. Other `-turbo` ids are no such tier: Together's `...-Instruct-Turbo` and OpenAI's `gpt-4-turbo` name
 * their own listings or models.
 */
const SPEED_TIER = /(?:^|\/)kimi-k2-turbo-preview$/;

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
  // The tier keeps its id as its listing: its readings never join the base listing's.
  if (sku === 'standard' && SPEED_TIER.test(base)) sku = 'priority';
  return { sku: stated ?? sku, listing: `${route}${key0(base.slice(route.length))}` };
}

/**
 * Whether a listing (skuOf's `listing`) pins a data zone or a region: Bedrock's `us.`, `eu.`, `apac.` profiles and
 * in-region `eu-central-1/` ids, Azure's `us/` and `eu/` data zones. A `global.` route or a bare id pins none.
 */
export const pinsZone = (listing: string): boolean => REGIONAL.test(listing);

/** A version date a provider pins to a model name, as key0 writes it: `-2025-11-13`, `-20251113` (build-models.ts too). */
export const DATE_TAIL = /-(?:20\d{6}|20\d{2}-\d{2}-\d{2})$/;
/** The whole of a rest that is only such a date. */
const DATE_ONLY = new RegExp(`^${DATE_TAIL.source}`);

/** The listing without its routing prefix (`eu/`, `us.`, `global/`): the model id it calls. */
export function unrouted(listing: string): string {
  const route = REGIONAL.exec(listing)?.[0] ?? GLOBAL.exec(listing)?.[0] ?? '';
  return listing.slice(route.length);
}

/** Whether an unrouted listing is the bare model `name` with a version date pinned (`gpt-5.1-codex-2025-11-13`). */
export function isDatedVersionOf(listing: string, name: string): boolean {
  return listing.startsWith(name) && DATE_ONLY.test(listing.slice(name.length));
}

/**
 * Whether a provider's notice about one model id also speaks for a listing that calls that id another way, at the same
 * provider: through a routing prefix (Bedrock's `eu.`, `apac.`, `us.`, `global.` inference profiles and in-region
 * `us-gov-east-1/` ids, Azure's `eu/` data zones: the same model, invoked in another place), or with a version pinned
 * (Vertex AI's `claude-3-haiku@20240307` is the version of `claude-3-haiku` that Vertex's notice retires). AWS's
 * lifecycle page dates `anthropic.claude-3-5-sonnet-20241022-v2:0` (end of life 2026-07-30), not each profile of it.
 * A notice that itself names a route speaks only for that route. `rawIds`: the provider's ids of the listing.
 * A notice of a bare model name also speaks for the provider's dated versions of it (Azure's `gpt-5.1-codex` notice,
 * shut down 2027-05-15, for its `gpt-5.1-codex-2025-11-13` deployment) when none of the provider's notices names a
 * dated version of that name: then each dated notice speaks for its own version only. `providerNoticeIds`: the ids
 * every notice of the same provider names (another provider's notices never count); undefined leaves dated versions out.
 */
export function noticeCoversListing(
  noticeId: string, listing: string, rawIds: readonly string[], providerNoticeIds: readonly string[] | undefined,
): boolean {
  const notice = skuOf(noticeId).listing;
  if (notice === listing) return true;
  const id = noticeId.trim().toLowerCase();
  if (REGIONAL.test(id) || GLOBAL.test(id) || IN_REGION.test(id)) return false;
  const bare = unrouted(listing);
  if (bare !== listing && bare === notice) return true;
  if (providerNoticeIds && noticeDatesVersion(noticeId, listing, providerNoticeIds)) return true;
  // A version pin: `name@version`, the provider's prefix (`vertex_ai/`) aside.
  return rawIds.some((r) => { const x = r.trim().toLowerCase(); return x.slice(x.lastIndexOf('/') + 1).startsWith(`${id}@`); });
}

/**
 * Whether a provider's notice of a bare model name (`gpt-audio-mini`) speaks for the provider's listing of a dated
 * version of it (`gpt-audio-mini-2025-10-06`, routed or not): when none of the provider's notices
 * (`providerNoticeIds`) names a dated version of that name itself. The catalogue may hold the dated version as a model
 * of its own (OpenAI dates gpt-audio-mini-2025-10-06 apart), yet at a provider that dates only the bare name, the
 * bare name's date is the one it gives its only deployment of it (Azure: gpt-audio-mini, 2026-09-21).
 */
export function noticeDatesVersion(noticeId: string, listing: string, providerNoticeIds: readonly string[]): boolean {
  const notice = skuOf(noticeId).listing;
  const id = noticeId.trim().toLowerCase();
  if (REGIONAL.test(id) || GLOBAL.test(id) || IN_REGION.test(id)) return false;
  return isDatedVersionOf(unrouted(listing), notice)
    && !providerNoticeIds.some((x) => isDatedVersionOf(unrouted(skuOf(x).listing), notice));
}

/**
 * The SKU part of the key that merges readings into one offer. The base SKUs are one product at its list price:
 * a zone keeps its route in the listing (`us.`, `eu-central-1/`), so standard and regional meet only where a source
 * labels the bare id's own listing regional (`regional.openai.gpt-5.6-sol` and LiteLLM's `openai.gpt-5.6-sol`).
 */
export function listingGroup(sku: Sku): Sku {
  return sku === 'regional' ? 'standard' : sku;
}
