// The contract between source adapters and the ingest: what an adapter reads, in the project's vocabulary.
// Adapters translate an upstream shape into observations with provenance; they never merge or write files.
import type { Architecture, BenchmarkScore, DataTerms, EuResidency, FactBound, NativePrecision, OfferRegion, Leaderboard, ModelStatus, RentalPrice, Sku, Source } from '../schema/index.ts';
import type { OfferResidencyRule, PriceEventReview } from './types-reviews.ts';

/** Where a bad row came from, so the ingest report can name it. */
export type IngestIssue = {
  source: string;
  file: string;
  /** Row number, key or path inside the file. */
  row: string;
  field?: string;
  message: string;
};

/** What one source says about one model, under the source's own identifier. */
export type ModelObservation = {
  source: string;
  /** The source's own id (`anthropic/claude-opus-4.8`, `claude-opus-4-8-20260528`). */
  source_model_id: string;
  /** A canonical id the source itself points to (models.dev `base_model`), when it gives one. */
  canonical_hint?: string;
  /**
   * `model`: a lifecycle notice about the whole model at `provider` (every base listing), not one listing id.
   * `listing`: a reviewed notice about the one listing `source_model_id` names, and no other.
   */
  notice_scope?: 'model' | 'listing';
  /** Organisation as the source names it (`anthropic`, `Meta`). */
  vendor_hint?: string;
  /**
   * `provider`: the model as one provider serves it (its limits and features at that provider), with the
   * provider's id; absent: the source describes the model itself (a catalogue entry, a leaderboard, a model card).
   */
  provider?: string;
  as_of: string;
  /** The first day the source saw this statement (a notice page's first reading), where it records one. */
  first_observed?: string;
  name?: string;
  family?: string;
  release_date?: string;
  /** A date the listings give that a reviewed row found to be another model's release, not this one's. */
  held_release_date?: string;
  /**
   * Where `release_date` is only a bound of the release (a reviewed row whose evidence is a commit's day, not a dated
   * announcement): the fact's `bound` (FactBound). Absent: the day itself.
   */
  release_bound?: FactBound;
  /**
   * The day the Hugging Face repository was created (the Hub API's `createdAt`, which llmfit's snapshot stores as
   * `release_date`): not the model card's date and not the day the repository was opened, which can be later.
   */
  repo_created?: string;
  status?: ModelStatus;
  deprecation_date?: string;
  /** The day the model stops being served (by `provider` when set). */
  shutdown_date?: string;
  /**
   * The day the notice gives as the earliest the model may stop being served ("no earlier than", "won't be moved to an
   * earlier date"): a lower bound, not a shutdown; the notice gives no `shutdown_date` then (docs/data.md, "Earliest
   * shutdown dates").
   */
  shutdown_not_before?: string;
  /** The replacement model the notice names, in the source's spelling. */
  replacement?: string;
  open_weights?: boolean;
  /** The licence as the source writes it (`Apache 2.0`, `Llama 3.1 Community`); the ingest normalises it. */
  licence_text?: string;
  /**
   * Where a reviewed row read the licence: the page, the words it quoted and the day. The licence fact it gives carries
   * it as its `evidence_page`, and says it in words in its note (src/ingest/model-licence.ts).
   */
  licence_page?: { url: string; quote: string; read_on: string };
  weights_url?: string;
  context_window?: number;
  /**
   * What a reviewed row says beside the window it gives, where the developer states another figure (DeepSeek: the
   * weights read 163,840, the card and the API say 128K): the note of the context_window fact it gives.
   */
  context_window_note?: string;
  max_output?: number;
  modalities?: { input: string[]; output: string[] };
  tool_calling?: boolean;
  reasoning?: boolean;
  vision?: boolean;
  structured_output?: boolean;
  knowledge_cutoff?: string;
  parameters_total?: number;
  parameters_active?: number;
  architecture?: Architecture;
  native_precision?: NativePrecision;
  /** Published scores, each with the date the source gives for it (absent: the observation's `as_of`). */
  benchmarks?: BenchmarkObservation[];
  /** Reference URL of the row (vendor page, model card), when the source gives one. */
  url?: string;
  /** The page a reviewed row was actually read from, where it is not `url` (another repository's card, a cookbook). */
  read_url?: string;
};

/** A benchmark score as a source reports it, with the score's own date when the source gives one. */
export type BenchmarkObservation = BenchmarkScore & { date?: string };

/** A model offered at a provider with its prices (USD per million tokens). */
export type OfferObservation = {
  source: string;
  provider: string;
  provider_model_id: string;
  /** The model id the source points to, when it gives one (models.dev `base_model`). */
  canonical_hint?: string;
  region: OfferRegion;
  as_of: string;
  input?: number;
  output?: number;
  cache_read?: number;
  cache_write?: number;
  tiers?: Array<{ above_tokens: number; input?: number; output?: number }>;
  /** The listing's own context window in tokens, where the source states one for this provider's listing. */
  context_window?: number;
  /**
   * Whether this provider's listing serves tool (function) calling, as the source states it for the listing (models.dev's
   * provider file `tool_call`, LiteLLM's key `supports_function_calling`); absent where the source is silent.
   */
  tool_calling?: boolean;
  /** The page the price was checked against, when the source gives one. */
  url?: string;
  /** The SKU when the source states it apart from the id; otherwise the ingest reads it from the id. */
  sku?: Sku;
  /** The provider's status of this listing (`deprecated`: the provider retired it). */
  status?: ModelStatus;
  deprecation_date?: string;
  /** The day the source says the listing stops serving. */
  shutdown_date?: string;
  /** When the source prices part of each day differently (peak hours): which part these prices hold for, and the other. */
  time_of_day_note?: string;
  /**
   * A price per 1M reasoning (thinking) tokens the source gives beside `output` and different from it (models.dev
   * `cost.reasoning`: Alibaba's thinking-mode output price of its hybrid Qwen models). Said in the output price's note,
   * never a price of its own: no answer knows whether a request thinks.
   */
  reasoning_output?: number;
  /**
   * Per price, the day the source last set or checked it where that differs from `as_of` (genai-prices' history:
   * src/sources/genai-prices-dates.ts), and a note where only a copy's date could be given.
   */
  price_dates?: Partial<Record<'input' | 'output' | 'cache_read' | 'cache_write', {
    as_of: string;
    note?: string;
    /** The day the source's own history shows it set this figure, where it does (genai-prices-dates.ts). */
    set_on?: string;
  }>>;
  /** A price the source schedules for a later day (an introductory rate ending), with the day it starts. */
  next_prices?: { starts: string; input?: number; output?: number; cache_read?: number; cache_write?: number };
  /** The factor the source says EU-regional processing of this listing costs over its price (LiteLLM's uplift). */
  eu_uplift?: number;
  /** The regions the source says the listing is served in (LiteLLM `supported_regions`): its residency reads them. */
  regions?: string[];
  /** Where the listing sits in the source, so that a price held back can be reported with its file and row. */
  file?: string;
  row?: string;
  /**
   * The listing is absent from an earlier dated copy of the source that holds the provider's file, and present in this
   * one: it was listed after `after` and by `by` (genai-prices' repository of 2026-08-21, its npm bundle of 2026-09-23).
   */
  listed_between?: { after: string; by: string; note: string };
};

/** One current rating row of a leaderboard. */
export type RatingObservation = {
  source: string;
  /** The leaderboard's own model name, kept as the variant name. */
  source_model_id: string;
  organization?: string;
  licence_text?: string;
  leaderboard: Leaderboard;
  category: string;
  rating: number;
  rating_lower: number;
  rating_upper: number;
  /** Absent where the source gives none. */
  votes?: number;
  rank?: number;
  as_of: string;
};

/** One point of a rating history (overall text rating at one leaderboard date). */
export type RatingHistoryPoint = {
  source: string;
  source_model_id: string;
  leaderboard: Leaderboard;
  category: string;
  date: string;
  rating: number;
  commit?: string;
  subject?: string;
  /** The licence the leaderboard showed for the model on that date, where it shows one (licence events). */
  licence_text?: string;
  /** Votes behind the rating and its interval, where the source gives them (how a rename is told from a debut). */
  votes?: number;
  rating_lower?: number;
  rating_upper?: number;
};

/**
 * A field change between two consecutive versions of a source, from its git history, or (`scheduled`) a
 * transition the source dates itself (a price list entry with a `start_date`).
 */
export type CatalogueChange = {
  source: string;
  date: string;
  /** The commit that made the change; absent for a scheduled change, which no commit dates. */
  commit?: string;
  /** Dated by the source's own effective date, not by a commit: never a source's tracking baseline. */
  scheduled?: true;
  /** Why the source states this a real change, not a correction (a promotion's stated end): the event's basis. */
  real_change?: string;
  /**
   * Why the old figure was never the listing's price: the catalogue copied the base model's price into the listing
   * after emptying it, and this change writes back the listing's own figure from before (catalogue-copied-prices.ts).
   */
  copied_back?: string;
  /** The commit's subject line, where the source's history has one (LiteLLM's has none). */
  subject?: string;
  /** `added` / `removed` / `changed`, as the source's change log says. */
  change: 'added' | 'removed' | 'changed';
  provider?: string;
  source_model_id: string;
  /**
   * The provider's own id of the listing, as the same source's offers name it (`regional.openai.gpt-5.6-sol`): a
   * provider may list one model under several ids (regional and global endpoints, dated versions). Set with `provider`.
   */
  provider_model_id?: string;
  canonical_hint?: string;
  /**
   * Project field name: `input`, `output`, `cache_read`, `cache_write`, `open_weights`, `licence`, `offered`; `tiers`
   * (old and new the long-context tiers as catalogue-tier-text.ts `tiersText`: a history read, never a change event).
   */
  field: string;
  old: string | number | boolean | null;
  new: string | number | boolean | null;
  /**
   * On an `offered` row, the listing's prices (project field name -> per 1M tokens) as the source's record of it
   * appearing or going gives them, where the record carries them (genai-prices): what the listing held when it went.
   */
  prices?: Record<string, number>;
  /**
   * On a listing's removal: the providers the source's newest copy reads this provider's prices from when it has none
   * (genai-prices' `fallback_model_providers`); the build reads such a removal as a restructuring where the model is
   * still listed (build-changes.ts).
   */
  falls_back_to?: string[];
};

/**
 * A listing in a source's newest snapshot that its change history never adds nor removes: listed since before the
 * history begins and ever since. LiteLLM's history opens with a line that names no key (`baseline`), so such keys
 * (`gpt-3.5-turbo` at openai) have no row while their siblings' removals do (src/ingest/listing-renames.ts).
 */
export type HeldListing = { source: string; provider: string; provider_model_id: string; source_model_id: string };

export type HardwareObservation = {
  source: string;
  /** The source's name for the accelerator or machine (`NVIDIA H100 SXM5 80GB`, `apple-m4-max`). */
  key: string;
  name: string;
  vendor?: string;
  kind?: string;
  memory_gb?: number;
  usable_fraction?: number;
  bandwidth_gbs?: number;
  release_date?: string;
  launch_price_usd?: number;
  /**
   * The source's own words where its price is not the maker's launch price (Epoch AI's H100 SXM: "No official MSRP.
   * Industry analyst in May 2023 reports DGX servers with 8xH100 were sold for $269k, or $33,600 per GPU."): the
   * price is then labelled an estimate, with these words.
   */
  launch_price_basis?: string;
  /** Dense FP16/BF16 tensor TFLOPS per accelerator (no sparsity), where the source states that figure. */
  compute_tflops?: number;
  /** Board power per accelerator, watts (TDP/TBP/TGP as the source gives it). */
  power_w?: number;
  /** Memory sizes the accelerator or chip is sold with, GB, where the source lists several. */
  memory_options_gb?: number[];
  /** Other memory sizes, GB, the card's name is sold in, as a reviewed row states with its page (`also_sold_url`). */
  also_sold_gb?: number[];
  also_sold_url?: string;
  url?: string;
  as_of: string;
};

export type RentalObservation = RentalPrice & {
  source: string;
  /** Accelerator as the rental source names it (`H100 80GB SXM5`). */
  accelerator: string;
  gpu_count: number;
  as_of: string;
  /** What `as_of` means where it is not the provider's own date (a catalogue read at a commit). */
  note?: string;
};

export type ProviderObservation = {
  source: string;
  id: string;
  name: string;
  hq_country?: string;
  jurisdiction?: string;
  eu_data_residency: EuResidency;
  url?: string;
  as_of: string;
  /** The provider's page on where inference data is processed, quoted, and the day it was read. */
  residency_page?: { url: string; quote: string; read_on: string };
  /** Why the residency reads as it does where no page is quoted (the pages searched). */
  residency_note?: string;
  /** The provider's own terms on training with and retaining API data, each with its page (provider-terms.ts). */
  no_training?: TermsObservation;
  no_retention?: TermsObservation;
  /** The developers whose models those pages cover, where they cover only some of the provider's listings. */
  terms_only_for?: string[];
};

/** A provider's terms against one data constraint: the value, the page quoted where one was read, and why. */
export type TermsObservation = { value: DataTerms; page?: { url: string; quote: string; read_on: string }; note?: string };

export type DeveloperObservation = {
  source: string;
  /** The organisation as the source names it (`OpenAI`, `AI21 Labs`). */
  name: string;
  as_of: string;
  fmti_score?: { edition: string; score: number };
  fmti_indicators?: Record<string, { score: 0 | 1; justification?: string }>;
  eu_code?: { status: 'signatory' | 'partial' | 'declined'; chapters?: string };
};

/** Everything one adapter read. Collections it has nothing for are omitted. */
export type AdapterResult = {
  /** The source's row in the sources table (one adapter may describe several related sources). */
  sources: Source[];
  models?: ModelObservation[];
  offers?: OfferObservation[];
  ratings?: RatingObservation[];
  history?: RatingHistoryPoint[];
  changes?: CatalogueChange[];
  /** Listings a source's history never adds nor removes, though its newest snapshot has them (`HeldListing`). */
  held_listings?: HeldListing[];
  hardware?: HardwareObservation[];
  rentals?: RentalObservation[];
  providers?: ProviderObservation[];
  developers?: DeveloperObservation[];
  offer_residency?: OfferResidencyRule[];
  price_event_reviews?: PriceEventReview[];
  issues: IngestIssue[];
};

// Reviewed residency rules and price-event verdicts (OfferResidencyRule, PriceEventReview).
export type { OfferResidencyRule, PriceEventReview } from './types-reviews.ts';

/** The two roots adapters read: upstream snapshots and reviewed (curated) tables. */
export type SourceRoots = {
  /** Default: the plain copy of the repository's data/sources (see src/ingest/run.ts defaultRoots). */
  sources: string;
  /** Default `data/curated`. */
  curated: string;
};

/** An adapter reads its folder under the roots. Pure apart from reading files; no network here. */
export type Adapter = {
  id: string;
  read(roots: SourceRoots): Promise<AdapterResult>;
};
