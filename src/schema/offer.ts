// Offer and Provider: a model sold at an inference provider, with its prices and where it runs.
import { z } from 'zod';
import { factOf } from './fact.ts';
import { DataTerms, EuResidency, IsoDate, ModelStatus, Slug } from './primitives.ts';

const Usd = z.number().nonnegative().finite();

/** A price that applies above a prompt-size threshold (long-context pricing). */
export const PriceTier = z
  .object({ above_tokens: z.number().int().positive(), input: Usd.optional(), output: Usd.optional() })
  .strict();

/**
 * A price has two dates (docs/data.md, "A price's two dates"): `as_of`, the day of the reading served (the source's
 * snapshot, or genai-prices' last check of the figure), and `set_on`, the day the source's own history shows it set
 * the value (LiteLLM's field history, models.dev's git history, genai-prices' price history), absent where no history
 * places it. A price set long ago and read in a new snapshot is old evidence: `set_on` says how old.
 */
export const PriceFact = factOf(Usd).extend({
  set_on: IsoDate.optional().describe(
    'The day the chosen source\'s own history shows it set this value (a price change or the listing\'s addition); '
      + '`as_of` is the day of the reading. Absent where the source keeps no history that places the value.',
  ),
});

export const Prices = z
  .object({
    /** USD per million tokens, as the vendor publishes them. */
    input: PriceFact.optional(),
    output: PriceFact.optional(),
    cache_read: PriceFact.optional(),
    cache_write: PriceFact.optional(),
    tiers: factOf(z.array(PriceTier)).optional(),
  })
  .strict();
export type Prices = z.infer<typeof Prices>;

/**
 * What product of a provider the offer is (docs/data.md, "Offers, SKUs and status"): `standard` is the model at
 * its list price; `regional` the same at a data-zone or in-region endpoint (Bedrock `us.`/`eu.`, Azure `eu/`);
 * `free` a rate-limited free listing (`:free`); `extended` a longer-context listing (`:extended`); `stealth` an
 * anonymised preview listing (`stealth/`); `batch` the asynchronous batch API; `flex` and `priority` the slower
 * cheaper and the faster dearer processing tiers (OpenAI, Gemini, Azure); `thinking` a listing with reasoning
 * switched on (`:thinking`); `routing` a router shortcut (`:nitro`, `:floor`, `:exacto`); `online` a listing with
 * web search (`:online`, `:web`).
 */
export const Sku = z.enum(['standard', 'regional', 'free', 'extended', 'stealth', 'batch', 'flex', 'priority', 'thinking', 'routing', 'online']);
export type Sku = z.infer<typeof Sku>;

/** The SKUs that are the product itself at its list price: the ones shown first and used by default. */
export const BASE_SKUS: readonly Sku[] = ['standard', 'regional'];

/** A price a source gives for the offer that is not served until another source corroborates it. */
export const HeldBackPrice = z
  .object({
    field: z.enum(['input', 'output', 'cache_read', 'cache_write']),
    value: Usd,
    as_of: IsoDate,
    source: Slug,
    reason: z.string().min(1),
  })
  .strict();
export type HeldBackPrice = z.infer<typeof HeldBackPrice>;

/** A price a source schedules for a later day (an introductory rate that ends), USD per 1M tokens. */
export const NextPrices = z
  .object({ starts: IsoDate, input: Usd.optional(), output: Usd.optional(), cache_read: Usd.optional(), cache_write: Usd.optional() })
  .strict();
export type NextPrices = z.infer<typeof NextPrices>;

/**
 * Where a listing's prefix routes its requests (catalogue-util.ts, `regionOfSku`), or `cn` for a provider whose API is
 * mainland China's (catalogue-util.ts, `mainlandChinaApi`): Alibaba (China), SiliconFlow (China), Zhipu AI's
 * open.bigmodel.cn, whose prices the sources convert from yuan.
 */
export const OfferRegion = z.enum(['global', 'eu', 'us', 'apac', 'cn']);
/** What an answer's `region` means, in one place for every answer that shows it. */
export const OFFER_REGION_TEXT = '`eu` for an EU-regional SKU; `us` or `apac` for a US or Asia-Pacific routing prefix; `cn` for a '
  + 'provider whose API is mainland China\'s (its own name or API address says so); else `global`: no zone pinned, which is not a place '
  + '(where the provider serves the listing is eu_resident\'s to say, with its page).';
export type OfferRegion = z.infer<typeof OfferRegion>;

/**
 * Whether a listing still served can be bought, where the answers must say so beside its price (docs/data.md, "Served
 * or not"): `retirement_announced`, its provider marks it deprecated with no shutdown date and the source's word means
 * still served and sold (genai-prices' flag); `existing_customers_only`, the same word means served to existing
 * customers only, no new customer can buy it (Vertex AI, Cohere); `hosted_past_developer_shutdown`, its developer shut
 * the model's API down and this provider, which hosts the model itself, gives no date of its own, so whether it is still
 * sold is not known. The status note says the same in words (its wording may change; this member is what code reads).
 */
export const OfferLifecycleState = z.enum(['retirement_announced', 'existing_customers_only', 'hosted_past_developer_shutdown']);
export type OfferLifecycleState = z.infer<typeof OfferLifecycleState>;

/** An offer's status: the provider's word on the listing, and where it is still served, whether it can be bought. */
export const OfferStatus = factOf(ModelStatus).extend({
  /** Set by the build with the note that says it (src/ingest/deprecation-readings.ts, past-shutdowns.ts); absent otherwise. */
  availability: OfferLifecycleState.optional(),
});
export type OfferStatus = z.infer<typeof OfferStatus>;

/**
 * The words an offer's residency note puts before the condition its provider sets on EU processing (OpenAI's eligible
 * organisations): written by the build (src/ingest/offer-residency.ts), read by the trust engine (trust-eu.ts).
 */
export const EU_CONDITION_MARK = '; on condition: ';

export const Offer = z
  .object({
    model_id: Slug,
    provider: Slug,
    /** The provider's own identifier for the model (what a caller puts in its API request). */
    provider_model_id: z.string().min(1),
    /**
     * The geography a routing prefix pins the listing's requests to: `eu` for an EU-regional SKU (`eu.anthropic.*`,
     * `azure/eu/*`), `us` for a US one (Bedrock's `us.` geographic inference profile, Azure's `us/` data zone), `apac`
     * for Bedrock's Asia-Pacific profiles (`apac.`, `jp.`, `au.`); an in-Region id by its Region (`us-east-1/` `us`,
     * `ap-northeast-1/` `apac`, `eu-west-1/` `eu`); otherwise `global` (no prefix, `global.`, a Region no value names).
     */
    region: OfferRegion,
    prices: Prices,
    /**
     * The listing's own context window (tokens), where a source states one for it: a provider may serve less than the
     * model's window (lambda_ai serves Llama 4 Maverick at 131,072 of its 1,048,576). Absent: the model's applies.
     */
    context_window: factOf(z.number().int().positive()).optional(),
    /**
     * Whether this listing serves tool (function) calling, where a source states it for the listing: a provider may not
     * serve what the model can (OpenRouter lists Llama 3.2 1B Instruct without it). Absent: no source says.
     */
    tool_calling: factOf(z.boolean()).optional(),
    /**
     * Long-context tiers a source lists above the listing's window (Anthropic's retired 1M beta): no request can pay
     * them, so they are kept here, dated and sourced, and never priced (src/ingest/unreachable-tiers.ts).
     */
    unpriced_tiers: factOf(z.array(PriceTier)).optional(),
    eu_resident: factOf(EuResidency),
    /** Source ids that list this offer. */
    listed_by: z.array(Slug).min(1),
    sku: Sku,
    /** Sold by the model's own developer (its API, its cloud platform or its plans), not a reseller or gateway. */
    first_party: z.boolean(),
    /** The provider's status of this listing (a reseller retiring it says nothing about the model). */
    status: OfferStatus.optional(),
    deprecation_date: factOf(IsoDate).optional(),
    /** The day the provider stops serving the listing. */
    shutdown_date: factOf(IsoDate).optional(),
    /**
     * The earliest day the provider said it may stop serving the listing, where it gives no firm day: a lower bound
     * (`bound` `on_or_after`), never a shutdown; past it the listing is still served, its retirement announced.
     */
    shutdown_not_before: factOf(IsoDate).optional(),
    /** The model the provider names as the replacement, in its own spelling. */
    replacement: factOf(z.string().min(1)).optional(),
    /** The price the source schedules next, from the day `starts` (the prices above apply until then). */
    next_prices: factOf(NextPrices).optional(),
    /** Prices a source gives that are not served: more than 20x from the reference, awaiting corroboration. */
    held_back: z.array(HeldBackPrice).min(1).optional(),
  })
  .strict();
export type Offer = z.infer<typeof Offer>;

export const Provider = z
  .object({
    id: Slug,
    name: z.string().min(1),
    hq_country: factOf(z.string().length(2)).optional(),
    jurisdiction: factOf(z.string().min(2)).optional(),
    eu_data_residency: factOf(EuResidency),
    /** True when the provider runs the models it sells on its own servers (Azure OpenAI, Bedrock, Vertex AI), citing its page. */
    hosts_weights: factOf(z.boolean()).optional(),
    /**
     * How the provider serves an open-weights model, from its own page (`evidence_page`, quoted): `host`, it runs the
     * weights on its own servers (DeepInfra, Together AI); `router`, it forwards each request to another provider that
     * does (OpenRouter, Hugging Face's Inference Providers). Absent where no page of the provider was read.
     */
    serving_role: factOf(z.enum(['host', 'router'])).optional(),
    /**
     * Whether the provider's own terms say API inputs and outputs are not used to train models by default (DataTerms),
     * with the page quoted (`evidence_page`); absent where no page was read. What keep=no-training asks of an API offer.
     */
    no_training: factOf(DataTerms).optional(),
    /** Whether the provider's own terms say API inputs and outputs are not retained by default (DataTerms); keep=no-retention. */
    no_retention: factOf(DataTerms).optional(),
    /**
     * The developers whose models the terms pages above cover, where a page covers only some of the provider's listings
     * (Azure's page covers Azure Direct Models, which "includes Azure OpenAI models": `openai`); absent, every listing.
     */
    terms_only_for: z.array(Slug).min(1).optional(),
  })
  .strict();
export type Provider = z.infer<typeof Provider>;
