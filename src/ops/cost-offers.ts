// estimate_cost's offers: who sells each priced line (the developer or a reseller), and shut-down offers left out.
import type { Dataset } from '../dataset/dataset.ts';
import { isExistingCustomersOnly, isShutDownOffer, retiredText } from '../engines/offer-lifecycle.ts';
import { isBaseSku, isZeroPriced } from '../engines/ranking.ts';
import { retiredOwnOffer } from '../engines/developer-retired.ts';
import { OLD_PRICE_MONTHS } from '../engines/price-age.ts';
import type { Fact, Model, NextPrices, Offer, OfferLifecycleState, Sku } from '../schema/index.ts';
import { developerShutdown, developerShutdownDate, vsDeveloper, type DeveloperShutdown, type VsDeveloper } from './cost-shutdown.ts';

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
  const asOf = ds.lifecycleDate;
  const ownRetired = retiredOwnOffer(base, asOf);
  const out: ReturnType<typeof costableOffers> = {
    offers: base.filter((o) => !isShutDownOffer(o, asOf)),
    shut_down: base.filter((o) => isShutDownOffer(o, asOf)).map((o) => ({
      provider: o.provider, provider_model_id: o.provider_model_id, region: o.region,
      reason: `${retiredText(o, asOf)}: no longer sold, not costed`,
    })),
  };
  // Set after, not spread in first: in Node 20 a spread before members costs a few us per object.
  if (ownRetired) out.own_retired = retiredText(ownRetired, asOf);
  return out;
}

type Seller = {
  first_party: boolean; sku: Sku; next_prices?: Offer['next_prices']; shutdown_date?: Offer['shutdown_date'];
  vs_developer_shutdown?: VsDeveloper; served_until?: Fact<string>;
};

/**
 * Whether the line's offer is the developer's own, which SKU it is, the price its source schedules next (as
 * get_model and cheapest_for show it) and the shutdown date its provider announced, read from the offer it was costed from.
 */
export function sellerOf(
  offers: readonly Offer[], shutdown?: { ds: Dataset; model: Model; dev: Fact<string> },
): (line: Listing) => Readonly<Seller> {
  // Each offer's members made once: a line copies them (Object.assign), it does not keep the object.
  const byKey = new Map(offers.map((o) => {
    const out: Seller = { first_party: o.first_party ?? false, sku: o.sku ?? 'standard' };
    if (o.next_prices) out.next_prices = o.next_prices;
    // A listing still served with an announced end of life (Bedrock's legacy models): the date the price stops.
    if (o.shutdown_date) out.shutdown_date = o.shutdown_date;
    // The developer's shutdown announced: whether this listing outlives it (cost-shutdown.ts), worked out once per offer.
    if (shutdown) {
      const v = vsDeveloper(shutdown.ds, shutdown.model, o, shutdown.dev);
      out.vs_developer_shutdown = v.vs;
      if (v.until) out.served_until = v.until;
    }
    return [keyOf(o), Object.freeze(out)];
  }));
  return (line) => byKey.get(keyOf(line)) ?? UNLISTED;
}
const UNLISTED: Readonly<Seller> = Object.freeze({ first_party: false, sku: 'standard' });

/** A model's costable offers and who sells each line: the same on every ask, so kept per dataset (bounded by its models). */
export type KeptOffers = ReturnType<typeof costableOffers> & { seller: ReturnType<typeof sellerOf>; developer_shutdown: DeveloperShutdown | null };
const keptOffers = new WeakMap<Dataset, Map<string, KeptOffers>>();

export function offersToCost(ds: Dataset, modelId: string): KeptOffers {
  let perModel = keptOffers.get(ds);
  if (!perModel) keptOffers.set(ds, (perModel = new Map()));
  let k = perModel.get(modelId);
  if (!k) {
    const c = costableOffers(ds, modelId);
    const model = ds.modelById.get(modelId)!;
    // The developer's date read from every listing, those shut down too: a past shutdown is still said.
    const listings = ds.offersByModel.get(modelId) ?? [];
    const dev = developerShutdownDate(model, listings);
    k = Object.assign(c, {
      seller: sellerOf(c.offers, dev ? { ds, model, dev } : undefined),
      developer_shutdown: developerShutdown(ds, model, c.offers, dev, listings),
    });
    Object.freeze(k.offers);
    Object.freeze(k.shut_down);
    perModel.set(modelId, k);
  }
  return k;
}

/**
 * How a provider serves an open-weights model, as its own page says (the provider's `serving_role`): `host`, it runs
 * the weights itself; `router`, it forwards each request to another provider that does. A provider that runs the
 * closed models it sells on its own servers (`hosts_weights`: Azure, Bedrock, Vertex AI) runs open weights there too.
 * Undefined where no page of the provider was read: the words stay "a third party".
 */
export type SellerRole = 'host' | 'router';

export function sellerRole(ds: Dataset, providerId: string): SellerRole | undefined {
  const p = ds.providerById.get(providerId);
  return p?.serving_role?.value ?? (p?.hosts_weights?.value === true ? 'host' : undefined);
}

/** Who sells an open-weights model's listing, in the note's words: "a host's", "a router's", or "a third party's". */
const SELLER_WORDS: Record<SellerRole | 'unknown', { who: string; serves: (name: string) => string }> = {
  host: { who: 'host', serves: (name) => `${name} runs the weights on its own servers, as its own page describes` },
  router: {
    who: 'router',
    // Which host serves the listing is not in the data: no source read lists a router's upstream endpoints per model
    // (models.dev's router files carry prices and limits only), so the words say it is not known rather than guess.
    serves: (name) => `${name} forwards each request to another provider that runs the weights, as its own page describes, and which one is its choice unless the request names one; which provider serves this listing is not known (no source in the dataset lists a router's upstream endpoints)`,
  },
  unknown: {
    who: 'third party',
    serves: () => 'providers other than the developer serve the model, running the weights or routing to a host that does',
  },
};

type Line = {
  provider_name: string; first_party: boolean; blended_usd_per_mtok: number;
  input: { usd_per_mtok: number }; output: { usd_per_mtok: number };
  next_prices?: { value: NextPrices };
  long_context?: { prompt_tokens: number; input: { usd_per_mtok: number }; output: { usd_per_mtok: number } };
};

/** Days from the data date within which a scheduled price of the cheapest offer is called out as near. */
export const NEAR_PRICE_CHANGE_DAYS = 90;

/**
 * When the source of the cheapest offer, or of the developer's own beside it, schedules another price, the sentence
 * that says so: the cost holds until that day (Gemini 3.7 Flash: Google's $0.75/$3.75 becomes $1.5/$7.5 from
 * 2027-01-01). A change within NEAR_PRICE_CHANGE_DAYS of the data date is said to be near; a later one is still
 * said, with its day.
 */
export function scheduledPriceNote(cheapest: Line | undefined, developer: Line | undefined, dataAsOf: string): string | null {
  const notes = [lineNote(cheapest, 'The cheapest offer', dataAsOf)];
  if (developer && developer !== cheapest) notes.push(lineNote(developer, 'The developer\'s own offer', dataAsOf));
  return notes.filter(Boolean).join(' ') || null;
}

function lineNote(line: Line | undefined, who: string, dataAsOf: string): string | null {
  const n = line?.next_prices?.value;
  if (!line || !n) return null;
  const days = Math.round((Date.parse(n.starts) - Date.parse(dataAsOf)) / 86_400_000);
  const when = days <= NEAR_PRICE_CHANGE_DAYS ? `within ${NEAR_PRICE_CHANGE_DAYS} days of the data date (${dataAsOf})`
    : `${days} days after the data date (${dataAsOf})`;
  const sides = [n.input !== undefined && `$${n.input} input`, n.output !== undefined && `$${n.output} output`].filter(Boolean);
  return `${who}'s price changes on ${n.starts}, ${when}: from that day ${line.provider_name} lists `
    + `${sides.join(' and ')} per 1M tokens (now $${line.input.usd_per_mtok}/$${line.output.usd_per_mtok}); `
    + 'its monthly cost holds until then.';
}

/**
 * The developer's own base-SKU offer still served and listed at $0 (Meta's Llama API for llama-3.3-70b-instruct): a
 * free tier or a plan, not a per-token price. It is an offer of the developer all the same, so no answer may say the
 * developer sells the model through none.
 */
export function zeroPricedOwnOffer(offers: readonly Offer[], asOf: string): Offer | undefined {
  return offers.find((o) => o.first_party && isBaseSku(o) && isZeroPriced(o) && !isShutDownOffer(o, asOf));
}

/** What to say when the developer has no paid offer: its $0 listing, or that it sells through none. */
export function noDeveloperPriceText(zeroOwnName: string | undefined): string {
  return zeroOwnName
    ? `The developer's own offer (${zeroOwnName}) is listed at $0 (a free tier or not a per-token price), `
      + 'so there is no developer price to compare.'
    : 'The developer sells the model through no offer in the dataset.';
}

/**
 * When the cheapest paid offer is not the developer's own, the sentence that says so beside the developer's price
 * (Claude Sonnet 4.5: QiHang at $0.43/$2.14 against Anthropic's $3/$15). The dataset lists a reseller's price as
 * its sources give it; it does not vouch for the reseller. A model with open weights (`openWeights`) is served by
 * hosts that run the weights themselves (DeepInfra's Llama 3.1 8B) and by routers to such hosts (OpenRouter): its
 * cheapest listing is not a resale of the developer's API, and the sentence says whose it is, a host's or a router's
 * as the provider's own page says (`role`, the provider's `serving_role`), else a third party's; whether the dataset
 * vouches for it is unchanged.
 */
export function resellerNote(
  cheapest: Line | undefined, developer: Line | undefined, ownRetired?: string, zeroOwn?: Line, closedListed = false, closedOwn?: Line,
  openWeights = false, role?: SellerRole,
): string | null {
  // Gemini 2.5 Pro after Google's 2026-10-16 shutdown: nothing is priced, and the answer says why rather than nothing.
  // Where offers are listed but sold to existing customers only, `closedNote` says so instead.
  if (!cheapest && ownRetired && closedListed) return `The developer's own offer is no longer served: ${ownRetired}.`;
  if (!cheapest && ownRetired) {
    return `No offer of this model is priced: the developer's own offer is no longer served: ${ownRetired}. The listings left are under not_priced, each with why.`;
  }
  if (!cheapest || cheapest.first_party) return null;
  // At a long-context tier, the prices the line is costed at, said with the prompt size.
  const p = (l: Line) => (l.long_context
    ? `$${l.long_context.input.usd_per_mtok}/$${l.long_context.output.usd_per_mtok} input/output for a prompt of `
      + `${l.long_context.prompt_tokens.toLocaleString('en-US')} tokens`
    : `$${l.input.usd_per_mtok}/$${l.output.usd_per_mtok} input/output`);
  const words = SELLER_WORDS[role ?? 'unknown'];
  const seller = openWeights ? words.who : 'reseller';
  const base = openWeights
    ? `The cheapest offer is a ${words.who}'s listing (${cheapest.provider_name}, ${p(cheapest)}): the weights are open`
      + `${role === undefined ? ', so ' : ' and '}${words.serves(cheapest.provider_name)}; the dataset `
      + 'lists it as its sources give it and does not vouch for it.'
    : `The cheapest offer is a reseller's listing (${cheapest.provider_name}, ${p(cheapest)}): `
      + 'the dataset lists it as its sources give it and does not vouch for it.';
  // DeepSeek V3 at DeepSeek: the developer's offer exists but was retired (V3.1 took its place on 2025-08-21).
  if (!developer && ownRetired) return `${base} The developer's own offer is no longer served: ${ownRetired}.`;
  if (!developer && closedOwn) {
    return `${base} The developer's own offer (${closedOwn.provider_name}, ${p(closedOwn)}) is sold to existing customers only: a new customer cannot buy it.`;
  }
  if (!developer) return `${base} ${noDeveloperPriceText(zeroOwn?.provider_name)}`;
  const share = Math.round((cheapest.blended_usd_per_mtok / developer.blended_usd_per_mtok) * 100);
  return `${base} The developer's own offer (${developer.provider_name}) is ${p(developer)}; `
    + `the ${seller}'s blended price is ${share}% of it.`;
}

/**
 * When the cheapest offer is one whose lifecycle is in doubt (no other is priced), the sentence that says so: its
 * developer shut the model's API down, and its provider, which hosts the model itself, states no date of its own.
 */
export function doubtNote(cheapest: { provider_name: string; lifecycle_note: string | null } | undefined): string | null {
  if (!cheapest?.lifecycle_note) return null;
  return `The cheapest offer (${cheapest.provider_name}) may no longer be sold: ${cheapest.lifecycle_note}.`;
}

/**
 * When offers are listed that their provider sells to existing customers only (Vertex AI's Claude Sonnet 4: "available
 * to existing customers only"; Cohere's command-r-plus: "no longer available to new customers"), the sentence that
 * says why none of them is the cheapest: a buyer asking today cannot buy them. Null when there is none.
 */
export function closedNote(closed: readonly { provider_name: string; lifecycle_note: string | null }[], cheapest: unknown): string | null {
  if (!closed.length) return null;
  const names = [...new Set(closed.map((l) => l.provider_name))].join(', ');
  const n = closed.length === 1 ? '1 listed offer' : `${closed.length} listed offers`;
  const one = closed.length === 1;
  const lead = cheapest ? `${n} (${names}) ${one ? 'is' : 'are'} left out of the cheapest`
    : `No offer of this model can be bought by a new customer: ${n} (${names}) ${one ? 'is' : 'are'} priced`;
  return `${lead}: ${one ? 'its provider deprecated the listing' : 'their providers deprecated the listings'} with no shutdown date `
    + `and ${one ? 'serves it' : 'serve them'} to existing customers only, so a buyer asking today cannot buy ${one ? 'it' : 'them'} `
    + '(each line\'s lifecycle_note says so, with the page read).';
}

type Judged = {
  provider_name: string; blended_usd_per_mtok: number; zero_priced: boolean; listing_unconfirmed: boolean; listing_note: string | null;
  input: { usd_per_mtok: number }; output: { usd_per_mtok: number }; lifecycle_state: OfferLifecycleState | null;
};

/**
 * What to say of the developer's offers only LiteLLM's table lists (listing_unconfirmed, engines/listing-evidence.ts):
 * that the line taken as `cheapest` or `developer_offer` is one, for want of a confirmed one; or that cheaper ones were
 * passed over for the confirmed price taken (an unconfirmed listing is picked only for want of another). Null when none.
 */
export function unconfirmedNote(offers: readonly Judged[], cheapest: Judged | undefined, developer: Judged | undefined): string | null {
  const notes: string[] = [];
  const said = (l: Judged) => `${l.provider_name}, $${l.input.usd_per_mtok}/$${l.output.usd_per_mtok} input/output`;
  if (cheapest?.listing_unconfirmed) notes.push(`The cheapest offer (${said(cheapest)}) is unconfirmed: ${cheapest.listing_note}.`);
  if (developer?.listing_unconfirmed && developer !== cheapest) {
    notes.push(`The developer's own offer (${said(developer)}) is unconfirmed: ${developer.listing_note}.`);
  }
  // Unconfirmed listings cheaper than the confirmed price taken: a buyer should know they were passed over, and why.
  const taken = developer && !developer.listing_unconfirmed ? developer : undefined;
  const passed = taken ? offers.filter((l) => l.listing_unconfirmed && !l.zero_priced && !isExistingCustomersOnly(l.lifecycle_state)
    && l.blended_usd_per_mtok < taken.blended_usd_per_mtok) : [];
  if (passed.length) {
    const one = passed.length === 1;
    notes.push(`${one ? 'A cheaper listing' : `${passed.length} cheaper listings`} of the developer (${passed.map(said).join('; ')}) `
      + `${one ? 'is' : 'are'} not taken as its price: ${passed[0]!.listing_note}.`);
  }
  return notes.join(' ') || null;
}

type Aged = Judged & { blended_usd_per_mtok: number; price_unchanged_since?: string };

/**
 * What to say of offers priced below the `cheapest` taken whose price was set long ago and no other source confirms
 * (`price_unchanged_since`, engines/price-age.ts): the cheapest of them, named with its price, and that the figures are
 * worked against the one taken (Kilo Gateway's Qwen3 235B A22B 2507 at $0.071/$0.10, set 2026-02-16, passed over for
 * the next offer whose price is not so). Null when none was passed over, or when `cheapest` is itself such a price
 * (estimate-cost.ts `cheapestListingNote` says so).
 */
export function oldPricePassedNote(offers: readonly Aged[], cheapest: Aged | undefined, dataAsOf: string): string | null {
  if (!cheapest || cheapest.price_unchanged_since !== undefined) return null;
  const passed = offers.filter((l) => l.price_unchanged_since !== undefined && !l.zero_priced
    && !isExistingCustomersOnly(l.lifecycle_state) && l.blended_usd_per_mtok < cheapest.blended_usd_per_mtok);
  const first = passed[0];
  if (!first) return null;
  const more = passed.length - 1;
  return `${first.provider_name} lists it for less ($${first.input.usd_per_mtok}/$${first.output.usd_per_mtok} input/output, `
    + `${first.blended_usd_per_mtok} blended${more ? `; ${more} more offer${more === 1 ? '' : 's'} below the one taken likewise` : ''}), `
    + `but its price has been listed unchanged since ${first.price_unchanged_since} and no other source confirms it: set more than `
    + `${OLD_PRICE_MONTHS} months before the data's date (${dataAsOf}), it may no longer be what is charged. \`cheapest\`, \`cheaper\`, `
    + `the break-evens and the curve are worked against ${cheapest.provider_name} ($${cheapest.input.usd_per_mtok}/`
    + `$${cheapest.output.usd_per_mtok}, ${cheapest.blended_usd_per_mtok} blended), the cheapest offer priced above zero whose price is not such a one.`;
}
