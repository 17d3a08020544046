// Merges the price sources into one offer per (provider, model, region, SKU, listing), keeping agreement and conflicts.
import type { Fact, HeldBackPrice, ModelStatus, Offer, OfferRegion, Provider } from '../schema/index.ts';
import type { IngestIssue, OfferObservation, OfferResidencyRule } from '../sources/types.ts';
import { roundPrice } from '../sources/catalogue-util.ts';
import { addPriceNotes } from './price-notes.ts';
import { noticeProviderOf } from '../sources/provider-ids.ts';
import { isFirstParty } from './first-party.ts';
import type { PriceReading } from './developer-price-conflicts.ts';
import { canonicalSlug } from './match-keys.ts';
import { priceAsOf, type EvidenceDate, type SetDate } from './price-dates.ts';
import { agreementOf, type Agreement } from './price-agreement.ts';
import { choose, choosePrice, median, MIN_REFERENCE_READINGS, sourceRank, type Candidate } from './precedence.ts';
import { chooseLifecycle, chooseShutdown, namesOtherSnapshot, NOTICE_SOURCES, rollsToNewerSnapshot } from './lifecycle-dates.ts';
import { listingGroup, noticeCoversListing, noticeDatesVersion, skuOf } from './skus.ts';
import { dropListedTwins, euUpliftOffer } from './eu-uplift.ts';
import { regionalPremiumOf } from './regional-premium.ts';
import { billedCurrencyRule } from './billed-currency.ts';
import { listedRegionsOf } from './listed-regions.ts';
import { placeByEuListing, residencyOf, settlePricedApart, withEuCondition } from './offer-residency.ts';
import { holdBackStaleTiers } from './stale-skus.ts';
import { openAiTierStart } from './openai-tier-start.ts';
import { holdBackCopiedCacheWrites, holdBackDecimalSlips } from './doubtful-prices.ts';
import { holdBackReviewed, type HeldPrice } from './held-prices.ts';
import { holdBackRegionalBelowGlobal } from './regional-below-global.ts';
import { sharePinnedVersionStatus } from './pinned-version-status.ts';
import { shareNewestSnapshotLifecycle } from './newest-snapshot-lifecycle.ts';
import { listingStatement } from './listing-statement.ts';

type Tier = { above_tokens: number; input?: number; output?: number };
type PriceField = HeldBackPrice['field'];
const PRICE_FIELDS: readonly PriceField[] = ['input', 'output', 'cache_read', 'cache_write'];

/** A provider's own lifecycle notice for a model it serves (a deprecation page), already matched to a model. */
export type OfferNotice = {
  source: string;
  provider: string;
  model_id: string;
  /** The provider's id for the model, as the notice writes it. */
  source_model_id: string;
  as_of: string;
  status?: ModelStatus;
  deprecation_date?: string;
  shutdown_date?: string;
  /** The earliest day the notice allows for the shutdown, where it gives no firm day (ModelObservation's). */
  shutdown_not_before?: string;
  replacement?: string;
  /**
   * `model`: the notice is about the model, so it covers every listing of it at the provider, every SKU. `listing`: a
   * reviewed row about the one listing it names (and that id's routes and version pins), never the provider's others.
   */
  notice_scope?: 'model' | 'listing';
};

type Member = { o: OfferObservation; model_id: string };
type Group = { key: string; provider: string; model_id: string; region: OfferRegion; sku: Offer['sku']; listing: string; list: Member[] };

/** One price choice as it was made: every reading of the field (with its set date) and the served fact. */
export type PriceTrace = (t: {
  provider: string; model_id: string; listing: string; sku: Offer['sku']; region: string; field: PriceField;
  readings: ReadonlyArray<{ value: number; source: string; as_of: string; evidence?: string; o: OfferObservation }>;
  agreement: Agreement; fact?: Fact<number>;
}) => void;

export type OfferBuild = {
  offers: Offer[];
  unresolved: OfferObservation[];
  /** Prices held back as outliers, each with the source, file and row it came from. */
  held: IngestIssue[];
  /** Each offer's readings by source (figures not held back, dates, cited page): the developer-price rule weighs them. */
  readings: Map<Offer, PriceReading[]>;
};

/** Every number of a scheduled price rounded as the prices are (the start date passes through). */
const roundPrices = <T extends object>(p: T): T => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, roundPrice(v)])) as T;

export function buildOffers(
  obs: readonly OfferObservation[],
  resolve: (o: OfferObservation) => string | undefined,
  providers: ReadonlyMap<string, Provider>,
  opts: {
    vendorOf?: (modelId: string) => string | undefined; notices?: readonly OfferNotice[]; evidence?: EvidenceDate;
    /** The day each reading's source set its price, where its history shows it: served as the price's `set_on`. */
    setOn?: SetDate;
    residency?: readonly OfferResidencyRule[]; onPrice?: PriceTrace;
    /** Served figures a reviewed row holds back (data/curated/held-prices.csv). */
    holds?: readonly HeldPrice[];
  } = {},
): OfferBuild {
  const groups = new Map<string, Group>();
  const unresolved: OfferObservation[] = [];
  for (const o of obs) {
    const model_id = resolve(o);
    if (!model_id) {
      unresolved.push(o);
      continue;
    }
    const provider = canonicalSlug(o.provider);
    const { sku, listing } = skuOf(o.provider_model_id, o.sku);
    const at = `${provider}|${model_id}|${o.region}|${listingGroup(sku)}|${listing}`;
    const g = groups.get(at) ?? { key: at, provider, model_id, region: o.region, sku, listing, list: [] };
    // A reading that labels the listing regional labels the whole listing (skus.ts, listingGroup); the key keeps the
    // SKU as the offers' order has it.
    if (sku === 'regional') Object.assign(g, { sku, key: `${provider}|${model_id}|${o.region}|${sku}|${listing}` });
    g.list.push({ o, model_id });
    groups.set(at, g);
  }
  const reference = referenceOf([...groups.values()]);
  const agreement = agreementOf([...groups.values()], (provider, modelId) => {
    const vendor = opts.vendorOf?.(modelId);
    return vendor !== undefined && isFirstParty(provider, vendor);
  });
  const readingsOf = (g: Group, field: PriceField) => g.list.flatMap(({ o }) => (o[field] === undefined ? []
    : [{ value: roundPrice(o[field]!), source: o.source, as_of: priceAsOf(o, field), evidence: opts.evidence?.(o, field),
      ...((d) => (d === undefined ? {} : { set_on: d }))(opts.setOn?.(o, field)), o }]));
  // Claude's regional Bedrock listings: the reading 1.1x the global listing's price (regional-premium.ts).
  const premium = regionalPremiumOf([...groups.values()],
    (g, field) => choosePrice(readingsOf(g, field), reference(g, field), agreement(g, field)).fact?.value);
  const noticeIds = noticeIdsByProvider(opts.notices ?? []);
  const noticesOf = matchNotices([...groups.values()], opts.notices ?? [], noticeIds);
  const held: IngestIssue[] = [];
  const offers: Offer[] = [];
  const readings = new Map<Offer, PriceReading[]>();
  for (const g of [...groups.values()].sort((a, b) => a.key.localeCompare(b.key))) {
    const { list, provider, model_id, region } = g;
    const tierCandidates = list.flatMap(({ o }) => {
      if (!o.tiers?.length) return [];
      const value = openAiTierStart(opts.vendorOf?.(model_id), [...o.tiers]).sort((a, b) => a.above_tokens - b.above_tokens) as Tier[];
      return [{ value, source: o.source, as_of: o.as_of, tier: 1, authoritative: true }];
    });
    const tiers = choose(tierCandidates, sourceRank, { newestFirst: true });
    // The id a caller sends: the catalogue's spelling (models.dev) when it has one, else the best-ranked source's.
    const named = [...list].sort((a, b) => Number(b.o.source === 'models-dev') - Number(a.o.source === 'models-dev') || sourceRank(a.o.source) - sourceRank(b.o.source))[0].o;
    const prices: Offer['prices'] = {};
    const heldBack: HeldBackPrice[] = [];
    for (const field of PRICE_FIELDS) {
      const readings = readingsOf(g, field);
      if (!readings.length) continue;
      const agreed = agreement(g, field);
      const chosen = choosePrice(readings, reference(g, field), agreed, premium(g, field) ?? billedCurrencyRule(g.list, field));
      if (chosen.fact) prices[field] = chosen.fact;
      opts.onPrice?.({ provider, model_id, listing: g.listing, sku: g.sku, region, field, readings, agreement: agreed,
        fact: chosen.fact });
      for (const h of chosen.held) {
        heldBack.push({ field, value: h.value, as_of: h.as_of, source: h.source, reason: h.reason });
        held.push({ source: h.source, file: h.o.file ?? '(not given)', row: h.o.row ?? `${h.o.provider}/${h.o.provider_model_id}`, field, message: `price ${h.value} per 1M tokens held back, not served: ${h.reason}` });
      }
    }
    if (tiers) prices.tiers = tiers;
    // The listing's own window and tool calling: the newest statement of the best-ranked source (listing-statement.ts).
    const contextWindow = listingStatement(list, (o) => o.context_window || undefined);
    const toolCalling = listingStatement(list, (o) => o.tool_calling);
    // The hours a price holds for and the copy that dates it, said beside the figure (price-notes.ts).
    addPriceNotes(prices, list.map(({ o }) => o));
    const vendor = opts.vendorOf?.(model_id);
    // Per listing: its region or routing, the regions a source lists, a reviewed (provider, developer) rule, the provider's row.
    const eu_resident = residencyOf({ provider, model_id, region, provider_model_id: named.provider_model_id, developer: vendor,
      as_of: named.as_of, source: named.source, listed_regions: listedRegionsOf(list.map(({ o }) => o)), sku: g.sku },
    providers.get(provider), opts.residency ?? []);
    const offer: Offer = {
      model_id, provider, provider_model_id: named.provider_model_id, region,
      prices, eu_resident, listed_by: [...new Set(list.map(({ o }) => o.source))].sort(),
      sku: g.sku, first_party: vendor !== undefined && isFirstParty(provider, vendor),
    };
    if (contextWindow) offer.context_window = contextWindow;
    if (toolCalling) offer.tool_calling = toolCalling;
    // A reasoning (thinking) price beside the developer's own output price is said, not applied (docs/data.md,
    // "Thinking-mode output prices"); resellers' files repeat figures copied from the developer's (scaleway's Qwen3
    // Instruct-2507 at 8.4, a model that does not think), so only a first-party offer carries it.
    const out = prices.output;
    const thinking = offer.first_party && out ? list.find(({ o }) => o.reasoning_output !== undefined && roundPrice(o.output) === out.value)?.o : undefined;
    if (out && thinking?.reasoning_output !== undefined) {
      const said = `${thinking.source} lists $${roundPrice(thinking.reasoning_output)} per 1M reasoning (thinking) tokens beside it (cost.reasoning; `
        + "for Alibaba's hybrid Qwen models the output price with thinking on); costs here use this output price";
      prices.output = { ...out, note: out.note ? `${out.note}; ${said}` : said };
    }
    Object.assign(offer, lifecycle(list.map(({ o }) => o), noticesOf.get(g.key) ?? [], g.listing, noticeIds.get(noticeProvider(provider)) ?? []));
    // A price a source schedules (an introductory rate ending): the newest statement of it.
    const next = listingStatement(list, (o) => (o.next_prices ? roundPrices(o.next_prices) : undefined));
    if (next) offer.next_prices = next;
    if (heldBack.length) offer.held_back = heldBack;
    offers.push(offer);
    readings.set(offer, list.map(({ o }) => readingOf(o, heldBack, opts.evidence)));
    const eu = euUpliftOffer(offer, list.map(({ o }) => o));
    if (eu) offers.push(withEuCondition(eu, vendor, opts.residency ?? []));
  }
  dropListedTwins(offers);
  // One status per version at a provider: Vertex's pinned `model@version` and its unpinned id (pinned-version-status.ts).
  sharePinnedVersionStatus(offers);
  // The developer's undated id and the newest dated snapshot it calls: one announced shutdown (newest-snapshot-lifecycle.ts).
  shareNewestSnapshotLifecycle(offers);
  placeByEuListing(offers);
  settlePricedApart(offers);
  // A reviewed row first, so the rules below weigh what is still served.
  held.push(...holdBackReviewed(offers, opts.holds ?? []));
  held.push(...holdBackStaleTiers(offers));
  held.push(...holdBackCopiedCacheWrites(offers), ...holdBackDecimalSlips(offers));
  // Last, so the global price it weighs a regional one against is one the rules above still serve.
  held.push(...holdBackRegionalBelowGlobal(offers));
  return { offers, unresolved, held, readings };
}

/** One source's input and output for a listing, its read date, the date its history set them, and its cited page. */
function readingOf(o: OfferObservation, heldBack: readonly HeldBackPrice[], evidence?: EvidenceDate): PriceReading {
  const kept = (field: 'input' | 'output') => {
    const v = o[field] === undefined ? undefined : roundPrice(o[field]!);
    return v === undefined || heldBack.some((h) => h.field === field && h.source === o.source && h.value === v) ? undefined : v;
  };
  const since = evidence ? [evidence(o, 'input'), evidence(o, 'output')].sort().at(-1) : undefined;
  const r: PriceReading = { source: o.source, as_of: o.as_of };
  const input = kept('input');
  const output = kept('output');
  if (input !== undefined) r.input = input;
  if (output !== undefined) r.output = output;
  if (since) r.since = since;
  if (o.url) r.url = o.url;
  return r;
}

/**
 * The reference an input or output price of one listing is checked against: the median of the same price in the
 * model's other listings (every source's reading, $0 left out), when there are at least MIN_REFERENCE_READINGS.
 */
function referenceOf(groups: readonly Group[]): (g: Group, field: PriceField) => number | undefined {
  const byModel = new Map<string, Group[]>();
  for (const g of groups) byModel.set(g.model_id, [...(byModel.get(g.model_id) ?? []), g]);
  const cache = new Map<string, number | undefined>();
  return (g, field) => {
    // Cache prices follow each provider's own caching scheme (a 1% cache hit next to a full-price one): the
    // model's other offers are no reference for them, only the same listing in another source is.
    if (field === 'cache_read' || field === 'cache_write') return undefined;
    const k = `${g.key}|${field}`;
    if (cache.has(k)) return cache.get(k);
    const values = (byModel.get(g.model_id) ?? [])
      .filter((x) => x !== g)
      .flatMap((x) => x.list.flatMap(({ o }) => (o[field] !== undefined && o[field]! > 0 ? [o[field]!] : [])));
    const ref = values.length >= MIN_REFERENCE_READINGS ? median(values) : undefined;
    cache.set(k, ref);
    return ref;
  };
}

/** The provider whose notices speak for a listing's provider (provider-ids.ts: Azure's for `azure-cognitive-services`). */
const noticeProvider = (provider: string) => noticeProviderOf(canonicalSlug(provider));

/**
 * The model ids each provider's notices name, by provider: whether a provider dates its versions itself. A reviewed
 * row of the whole model (`notice_scope` 'model', developer-notices.csv) names the catalogue's model, not an id of the
 * provider's feed, so it leaves the bare name's notice speaking for the other dated versions: Azure's row for
 * gpt-4o-2024-11-20 (2026-10-01) does not take the gpt-4o notice (2026-03-31) off its 2024-05-13 and 2024-08-06.
 * A reviewed row of one listing is no id of the feed either: Azure's rows for the Data Zone and Global deployments of
 * gpt-4o 2024-08-06 (2026-10-01) leave the gpt-4o notice speaking for the Standard gpt-4o-2024-05-13 deployment.
 */
function noticeIdsByProvider(notices: readonly OfferNotice[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const n of notices) {
    if (n.notice_scope === 'model' || n.notice_scope === 'listing') continue;
    const provider = noticeProvider(n.provider);
    out.set(provider, [...(out.get(provider) ?? []), n.source_model_id]);
  }
  return out;
}

/**
 * Notices attach to the listing they name (same provider, model and listing id) and to that id's routed and
 * version-pinned listings at the provider that no notice names exactly (`noticeCoversListing`: Bedrock's eu. and
 * apac. profiles of a model id its lifecycle page dates, Azure's dated deployments of a bare name it dates); a notice
 * naming no listing of that provider exactly applies to the provider's base listings of the model, except those of
 * another dated snapshot. A provider's notice speaks for its service under each of its ids (`noticeProviderOf`):
 * Azure's reach its listings under `azure-cognitive-services`, Vertex AI's under `google-vertex-anthropic`.
 */
function matchNotices(groups: readonly Group[], notices: readonly OfferNotice[], noticeIds: ReadonlyMap<string, string[]>): Map<string, OfferNotice[]> {
  const out = new Map<string, OfferNotice[]>();
  const add = (g: Group, n: OfferNotice) => out.set(g.key, [...(out.get(g.key) ?? []), n]);
  const rawIds = (g: Group) => g.list.map(({ o }) => o.provider_model_id);
  // The listings some notice names by their own id: a routed listing named so keeps its own notice only.
  const named = new Set(notices.flatMap((n) => {
    if (n.notice_scope === 'model') return [];
    const { listing } = skuOf(n.source_model_id);
    return groups.filter((g) => noticeProvider(g.provider) === noticeProvider(n.provider) && g.model_id === n.model_id && g.listing === listing)
      .map((g) => g.key);
  }));
  for (const n of notices) {
    const service = noticeProvider(n.provider);
    const ids = noticeIds.get(service) ?? [];
    const { listing } = skuOf(n.source_model_id);
    const served = groups.filter((g) => noticeProvider(g.provider) === service);
    // Each id of the service on its own: a listing the notice names under one id leaves the other id's base listings
    // to the fallback below.
    for (const provider of new Set(served.map((g) => g.provider))) {
      const mine = served.filter((g) => g.provider === provider);
      const at = mine.filter((g) => g.model_id === n.model_id);
      const exact = n.notice_scope === 'model' ? [] : at.filter((g) => g.listing === listing);
      const same = exact.length ? at.filter((g) => !named.has(g.key) && noticeCoversListing(n.source_model_id, g.listing, rawIds(g), ids)) : [];
      // A notice of one dated snapshot never falls back onto another dated snapshot's listing (lifecycle-dates.ts). A
      // notice of the whole model (a reviewed row: the model is no longer served there) covers every SKU of it, batch too.
      // Nor onto the undated name where the notice replaces its snapshot with a newer one of that name, which the name
      // now calls (rollsToNewerSnapshot: gpt-4o-mini-tts-2025-03-20 -> 2025-12-15 leaves `gpt-4o-mini-tts` served).
      const base = at.filter((x) => (n.notice_scope === 'model' || x.sku === 'standard' || x.sku === 'regional') && !namesOtherSnapshot(listing, x.listing)
        && !rollsToNewerSnapshot(listing, n.replacement, x.listing));
      // A dated version the catalogue holds as a model of its own is still the version the bare name's notice dates at
      // a provider that dates no version itself (Azure's gpt-audio-mini notice, its gpt-audio-mini-2025-10-06 deployment).
      const apart = n.notice_scope === 'model' || n.notice_scope === 'listing' ? [] : mine.filter((g) => g.model_id !== n.model_id
        && !named.has(g.key) && noticeDatesVersion(n.source_model_id, g.listing, ids));
      // A reviewed row of one listing never falls back onto the provider's other listings of the model (Cloudflare
      // retired `@cf/meta/llama-3.1-8b-instruct` and kept its `-fp8` build).
      const fallback = n.notice_scope === 'listing' ? [] : base;
      for (const g of [...(exact.length ? [...exact, ...same] : fallback), ...apart]) add(g, n);
    }
  }
  return out;
}

type Lifecycle = Pick<Offer, 'status' | 'deprecation_date' | 'shutdown_date' | 'shutdown_not_before' | 'replacement'>;

/**
 * The listing's status and dates: the provider's newest statement wins; a source that says nothing is not `active`.
 * `providerNoticeIds`: the ids the notices of the listing's provider name (noticeCoversListing).
 */
function lifecycle(list: readonly OfferObservation[], notices: readonly OfferNotice[], listing: string, providerNoticeIds: readonly string[]): Lifecycle {
  const all: Array<{ source: string; as_of: string } & Partial<OfferNotice>> = [...list, ...notices];
  const pick = <T>(get: (x: (typeof all)[number]) => T | undefined): Fact<T> | undefined =>
    choose(all.flatMap((x) => {
      const v = get(x);
      return v === undefined ? [] : [{ value: v, source: x.source, as_of: x.as_of, tier: 1, authoritative: true } satisfies Candidate<T>];
    }), sourceRank, { newestFirst: true });
  const out: Lifecycle = {};
  // Dates: the developer's notice over a catalogue's copy, never a deprecation after the shutdown (lifecycle-dates.ts).
  // Statements about this listing (its own notice, a notice about the whole model, the catalogues' copies of it) come
  // before a notice of another id of the model attached to it: OpenAI's gpt-3.5-turbo-0613 notice (shut down
  // 2024-09-13) does not retire the gpt-3.5-turbo-1106 listing (2026-09-28).
  // The listing's own id called through a route or a version pin is still its own id (noticeCoversListing), unless
  // a notice names the routed listing itself.
  const rawIds = list.map((o) => o.provider_model_id);
  const exact = (x: (typeof all)[number]) => x.source_model_id !== undefined && skuOf(x.source_model_id).listing === listing;
  const named = notices.some((n) => n.notice_scope !== 'model' && exact(n));
  const own = (x: (typeof all)[number]) => x.source_model_id === undefined || x.notice_scope === 'model' || exact(x)
    // A bare name's notice at a provider that dates no version of the name itself speaks for its dated deployments
    // as the provider's own word (noticeDatesVersion), over a catalogue's date for them: LiteLLM's 2026-04-16 for
    // azure/o3-2025-04-16 is Azure's deprecation ("no new customers") date, and Azure's retirement table
    // (model-retirements, ms.date 2025-12-16) gives that version 2026-10-16, the date of Azure's o3 notice.
    || (!named && noticeCoversListing(x.source_model_id, listing, rawIds, providerNoticeIds));
  // The status too: a notice of another id (the 2.5 Pro previews' shutdown of 2025-12-02, attached to Google's GA
  // gemini-2.5-pro listing) says the listing's status only where no notice about the listing itself speaks.
  const ownNotice = all.some((x) => own(x) && x.source_model_id !== undefined && NOTICE_SOURCES.has(x.source));
  const status = pick((x) => (ownNotice && !own(x) ? undefined : x.status));
  if (status) out.status = status;
  const dated = (get: (x: (typeof all)[number]) => string | undefined) =>
    all.flatMap((x) => { const v = get(x); return v === undefined ? [] : [{ value: v, source: x.source, as_of: x.as_of, rank: own(x) ? 0 : 1 }]; });
  // A notice's earliest day ("no earlier than") competes with the firm days as one statement of when service ends; the
  // one chosen is served as what it is: a shutdown_date, or a bound (shutdown_not_before, lifecycle-dates.ts).
  const end = chooseShutdown(dated((x) => x.shutdown_date), dated((x) => x.shutdown_not_before));
  const shut = end?.shutdown_date;
  // Nor is another id's deprecation day the listing's where the listing's own statements date its end: Google's GA
  // gemini-2.5-pro shuts down on 2026-12-01 (its own notice), and 2025-06-26 is gemini-2.5-pro-exp-03-25's.
  const ownEnd = all.some((x) => own(x) && (x.shutdown_date !== undefined || x.shutdown_not_before !== undefined));
  const dep = chooseLifecycle(dated((x) => x.deprecation_date).filter((s) => s.rank === 0 || !ownEnd),
    { notAfter: (shut ?? end?.shutdown_not_before)?.value });
  if (dep) out.deprecation_date = dep;
  if (shut) out.shutdown_date = shut;
  if (end?.shutdown_not_before) out.shutdown_not_before = end.shutdown_not_before;
  const rep = pick((x) => x.replacement);
  if (rep) out.replacement = rep;
  return out;
}
