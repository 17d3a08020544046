// Output views the catalogue operations share, one schema per concept, and the builders that fill them.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { DEFAULT_INPUT_SHARE } from '../engines/constants.ts';
import { MODEL_KIND_TEXT, MODEL_KINDS, modelKind } from '../engines/language-model.ts';
import { isShutDownOffer, offerLifecycleNote, offerLifecycleState, retiredText } from '../engines/offer-lifecycle.ts';
import { unconfirmedListingNote } from '../engines/listing-evidence.ts';
import { TIER_RULE, tierBlend, tierDerivedFrom, type AppliedTier } from '../engines/long-context.ts';
import { blendedPrice, cheapestAtDefaultShare, overallRating, type Board, type BoardEntry } from '../engines/ranking.ts';
import {
  EuResidency, HeldBackPrice, IsoDate, Leaderboard, Licence, ModelStatus, NextPrices, OfferRegion, OFFER_REGION_TEXT, PriceTier, Sku,
  type Model, type Offer, type Rating,
} from '../schema/index.ts';
import { LIFECYCLE_STATE_TEXT, LifecycleState, wireFact } from './common.ts';
import { kept } from './json-fragment.ts';
import { replacementFact } from '../engines/replacement.ts';

/** The long-context tier a blend is at: the prompt size asked and the offer's tier it crosses (engines/long-context.ts). */
export const LongContextPrice = z
  .object({
    prompt_tokens: z.number().int().describe('The prompt size priced, tokens (the context the caller asked for).'),
    above_tokens: z.number().int().describe('The tier applied: a request whose prompt is longer than this pays it on every token.'),
    input: z.number().nullable()
      .describe('Input price at this prompt size, USD per 1M tokens (the tier\'s, or the base price where the tier gives none).'),
    output: z.number().nullable().describe('Output price at this prompt size, USD per 1M tokens (likewise).'),
  })
  .describe(`The long-context price a blend is at: ${TIER_RULE}.`);

/** A blended price at an offer's long-context tier, as BlendedPrice shows it. */
export function tierBlendedPrice(t: AppliedTier, inputShare: number): BlendedPrice | null {
  const value = tierBlend(t, inputShare);
  if (value === undefined) return null;
  return {
    value, input_share: inputShare, derived_from: tierDerivedFrom(t, inputShare),
    long_context: { prompt_tokens: t.prompt_tokens, above_tokens: t.above_tokens, input: t.input ?? null, output: t.output ?? null },
  };
}

/** A derived figure: says it is derived and from what (DESIGN.md principle 3). */
export const BlendedPrice = z
  .object({
    value: z.number().describe('USD per 1M tokens: input_share x input + (1 - input_share) x output, from base prices, or from the '
      + 'long-context tier a prompt of the size asked pays (then `long_context` says which); no cache discounts.'),
    input_share: z.number().describe('Share of input tokens the blend assumes.'),
    derived_from: z.array(z.string()).describe('The offer prices the figure is computed from.'),
    long_context: LongContextPrice.optional()
      .describe('Present only when the blend is at a long-context tier of the offer (`prices.tiers`): the prompt size priced and '
        + 'the tier it pays.'),
  })
  .describe('Blended price of one offer, derived by this service.');
export type BlendedPrice = z.infer<typeof BlendedPrice>;

/** A price on the wire: a fact, and the day its source set the value where a history shows it (docs/data.md). */
const WirePrice = wireFact(z.number()).extend({
  set_on: IsoDate.optional().describe('The day the source\'s own history shows it set this value (a price change or the '
    + 'listing\'s addition); `as_of` is the day of the reading. Absent where no history places it.'),
});

export const OfferView = z
  .object({
    provider: z.string().describe('Provider id.'),
    provider_name: z.string(),
    provider_model_id: z.string().describe('The id to put in an API request to this provider.'),
    region: OfferRegion.describe(OFFER_REGION_TEXT),
    prices: z
      .object({
        input: WirePrice.optional(),
        output: WirePrice.optional(),
        cache_read: WirePrice.optional(),
        cache_write: WirePrice.optional(),
        tiers: wireFact(z.array(PriceTier)).optional(),
      })
      .describe('USD per 1M tokens as published; a price no source gives is absent.'),
    eu_resident: wireFact(EuResidency).describe('EU data residency: yes, region (EU regions to choose), no, unknown.'),
    // Optional on the wire: partial responses drop it and list these sources once (access/projection.ts).
    listed_by: z.array(z.string()).optional()
      .describe('Sources that list this offer. Full tier only: partial responses list them once in `sources`.'),
    sku: Sku.describe('Which product of the provider: `standard` (the model at its list price) or `regional` are the base SKUs used by default; `free`, `extended`, `stealth`, `batch`, `flex`, `priority`, `thinking`, `routing`, `online` are other listings.'),
    first_party: z.boolean().describe("true when the model's own developer sells it (its API, cloud platform or plan); false for a reseller or gateway."),
    tool_calling: wireFact(z.boolean()).optional().describe('Whether this listing serves tool (function) calling, where a source '
      + 'states it for the listing (models.dev\'s provider file, LiteLLM\'s key): a provider may not serve what the model can. '
      + 'Absent: no source says; the model\'s `capabilities.tool_calling` is then all that is known. cheapest_for and '
      + 'recommend_model with use=agents do not rank an offer that says false.'),
    status: wireFact(ModelStatus).extend({
      availability: LifecycleState.optional()
        .describe('Where the listing is still served but whether it can be bought is in question: the state `lifecycle_state` shows.'),
    }).optional().describe("The provider's status of this listing (`deprecated`: the provider retired it); not the model's."),
    deprecation_date: wireFact(IsoDate).optional(),
    shutdown_date: wireFact(IsoDate).optional(),
    replacement: wireFact(z.string()).optional(),
    next_prices: wireFact(NextPrices).optional()
      .describe('The price a source schedules next (an introductory rate ending), from the day `starts`; `prices` apply until then.'),
    // Partial responses drop `source` from dated objects (access/projection.ts), as from facts.
    held_back: z.array(HeldBackPrice.extend({ source: z.string().optional() })).optional().describe('Prices a source gives that are not served: more than 20x from the reference, awaiting corroboration.'),
    lifecycle_note: z.string().optional().describe('Present when the offer is shut down by the day the answer judges (today, '
      + 'never before the data\'s date), its provider\'s shutdown date passed or the listing marked retired ("shut down on '
      + '2026-04-24 (developer-notices): no longer sold": listed after the others, its last price kept for the record); or when '
      + 'whether it is still sold is in doubt: the developer '
      + 'shut the model\'s API down and this provider, which hosts the model itself (Azure, Bedrock, Vertex AI), states no retirement '
      + 'date of its own ("the developer shut its API down on 2026-01-05; this provider hosts the model itself and states no date"); '
      + 'or the provider marks the offer deprecated with no shutdown date, which its source means as still served ("deprecated '
      + 'with no shutdown date given: still served, its retirement announced (...)"). '
      + 'A cheapest or best offer is such an offer only where no other is priced.'),
    lifecycle_state: z.enum([...LifecycleState.options, 'shut_down']).optional()
      .describe(`${LIFECYCLE_STATE_TEXT} \`shut_down\`: no longer sold by the day judged; no price, cost or ranking uses it.`),
    listing_unconfirmed: z.literal(true).optional().describe('Present (true) only on a developer\'s own offer listed by LiteLLM\'s '
      + 'price table alone, which keeps an entry after the developer stops selling a model: no live listing (models.dev, '
      + 'genai-prices, the developer\'s page) or notice of the developer confirms it is still sold. A cheapest or best offer is '
      + 'such an offer only where no other is priced.'),
    listing_note: z.string().optional().describe('Present with `listing_unconfirmed`: where the price comes from, with the snapshot\'s '
      + 'date, and that no live listing confirms the developer still sells the model.'),
    blended_price: BlendedPrice.nullable().describe('Null when a price the blend needs is absent.'),
  })
  .describe('A model sold by one inference provider.');
export type OfferView = z.infer<typeof OfferView>;

export const RatingView = z
  .object({
    leaderboard: Leaderboard,
    category: z.string(),
    variant: z.string().describe('The rated variant as the leaderboard names it (e.g. `-thinking`, `-high`).'),
    rating: z.number(),
    rating_lower: z.number().describe('Lower bound of the 95% interval.'),
    rating_upper: z.number().describe('Upper bound of the 95% interval.'),
    votes: z.number().int().optional().describe('Absent where the source publishes no vote count.'),
    arena_rank: z.number().int().optional().describe("The variant's rank as the leaderboard publishes it."),
    as_of: IsoDate,
    source: z.string().optional(),
  })
  .describe('One arena rating row.');
export type RatingView = z.infer<typeof RatingView>;

export const RankedRating = RatingView.extend({
  rank: z.number().int().describe('Rank of the model among the rated models of this board, by best variant (1 + models rated strictly higher).'),
  rated_models: z.number().int().describe('Models rated on this board.'),
}).describe("A model's best-variant rating on one board, with its rank among models.");
export type RankedRating = z.infer<typeof RankedRating>;

export const ModelRef = z
  .object({ id: z.string(), name: z.string(), vendor: z.string(), vendor_name: z.string() })
  .describe('A model named by id, name and developer.');
export type ModelRef = z.infer<typeof ModelRef>;

export const ModelSummary = z
  .object({
    id: z.string(),
    name: wireFact(z.string()),
    vendor: z.string().describe('Developer id.'),
    vendor_name: z.string(),
    kind: z.enum(MODEL_KINDS).describe(`What kind of model, read by this service from the model's modalities (get_model's \`modalities\`) and, for embedders and rerankers, its name: ${MODEL_KIND_TEXT}.`),
    release_date: wireFact(IsoDate).nullable(),
    open_weights: wireFact(z.boolean()).nullable(),
    licence: wireFact(Licence).nullable(),
    context_window: wireFact(z.number().int()).nullable(),
    overall_rating: RankedRating.nullable().describe('Best variant on text_style_control overall where rated there, else text overall; null if unrated.'),
    cheapest_offer: OfferView.nullable().describe(`Cheapest per-token offer by blended price at input_share ${DEFAULT_INPUT_SHARE} (free tiers and subscription plans listed at $0 are not per-token prices and are left out); null if no offer has the prices.`),
    status: wireFact(ModelStatus).nullable().optional()
      .describe('The developer\'s status of the model, judged on the day the answers are judged on; `deprecated` with a later `shutdown_date` is still served until then.'),
    shutdown_date: wireFact(IsoDate).nullable().optional().describe('The day the developer shuts (or shut) the model down; null where none is announced.'),
    replacement: wireFact(z.string()).optional()
      .describe('The model the developer names as the replacement of one it deprecates (a canonical id where it resolves); absent where none is named.'),
  })
  .describe('A model in one line: null marks a fact no source in the dataset gives.');
export type ModelSummary = z.infer<typeof ModelSummary>;

export function toRatingView(r: Rating): RatingView {
  const v: RatingView = {
    leaderboard: r.leaderboard, category: r.category, variant: r.variant,
    rating: r.rating, rating_lower: r.rating_lower, rating_upper: r.rating_upper, as_of: r.as_of, source: r.source,
  };
  if (r.votes !== undefined) v.votes = r.votes;
  if (r.rank !== undefined) v.arena_rank = r.rank;
  return v;
}

export function toRankedRating(b: Board, e: BoardEntry): RankedRating {
  return { ...toRatingView(e.best), rank: e.rank, rated_models: b.entries.length };
}

export function toOfferView(ds: Dataset, o: Offer, inputShare = DEFAULT_INPUT_SHARE, tier?: AppliedTier): OfferView {
  const blended = blendedPrice(o.prices, inputShare);
  const derived_from = [inputShare > 0 ? 'prices.input' : '', inputShare < 1 ? 'prices.output' : ''].filter(Boolean);
  // A listing past its shutdown by the day judged stays on the model sheet (its last price is a record) but says it
  // can no longer be bought.
  const gone = isShutDownOffer(o, ds.lifecycleDate);
  const doubt = gone ? null : offerLifecycleNote(o);
  const unconfirmed = unconfirmedListingNote(ds, o);
  return {
    provider: o.provider,
    provider_name: ds.providerById.get(o.provider)?.name ?? o.provider,
    provider_model_id: o.provider_model_id,
    region: o.region,
    prices: o.prices,
    eu_resident: o.eu_resident,
    listed_by: [...o.listed_by],
    sku: o.sku,
    first_party: o.first_party,
    ...(o.tool_calling ? { tool_calling: o.tool_calling } : {}),
    ...(o.status ? { status: o.status } : {}),
    ...(o.deprecation_date ? { deprecation_date: o.deprecation_date } : {}),
    ...(o.shutdown_date ? { shutdown_date: o.shutdown_date } : {}),
    ...(o.replacement ? { replacement: replacementFact(o.replacement, (s) => ds.resolveModelId(s)) } : {}),
    ...(o.held_back ? { held_back: o.held_back } : {}),
    ...(o.next_prices ? { next_prices: o.next_prices } : {}),
    ...(gone ? { lifecycle_note: `${retiredText(o, ds.lifecycleDate)}: no longer sold`, lifecycle_state: 'shut_down' as const } : {}),
    ...(doubt !== null ? { lifecycle_note: doubt, lifecycle_state: offerLifecycleState(o)! } : {}),
    ...(unconfirmed !== null ? { listing_unconfirmed: true as const, listing_note: unconfirmed } : {}),
    blended_price: tier ? tierBlendedPrice(tier, inputShare)
      : blended === undefined ? null : { value: blended, input_share: inputShare, derived_from },
  };
}

export function toModelRef(ds: Dataset, m: Model): ModelRef {
  return { id: m.id, name: m.name.value, vendor: m.vendor, vendor_name: ds.developerById.get(m.vendor)?.name ?? m.vendor };
}

const summaries = new WeakMap<Dataset, Map<string, ModelSummary>>();

/**
 * The summary of one model, built once per dataset: search pages and comparisons reuse it. Kept
 * (ops/json-fragment.ts): a stitched answer copies its JSON and partial-tier projection as text made once.
 */
export function toSummary(ds: Dataset, m: Model): ModelSummary {
  let cache = summaries.get(ds);
  if (!cache) summaries.set(ds, (cache = new Map()));
  const hit = cache.get(m.id);
  if (hit) return hit;
  const rated = overallRating(ds, m.id);
  const cheapest = cheapestAtDefaultShare(ds, m.id);
  const s: ModelSummary = {
    id: m.id,
    name: m.name,
    vendor: m.vendor,
    vendor_name: ds.developerById.get(m.vendor)?.name ?? m.vendor,
    kind: modelKind(m),
    release_date: m.release_date ?? null,
    open_weights: m.open_weights ?? null,
    licence: m.licence ?? null,
    context_window: m.context_window ?? null,
    overall_rating: rated ? toRankedRating(rated.board, rated.entry) : null,
    cheapest_offer: cheapest ? toOfferView(ds, cheapest.offer) : null,
    // After the members above, so that a reader of a one-line summary also sees a model that is shut down.
    status: m.status ?? null,
    shutdown_date: m.shutdown_date ?? null,
    // Where the developer names one: a reader of a shut-down match learns what to use instead without a second ask.
    ...(m.replacement ? { replacement: replacementFact(m.replacement, (s) => ds.resolveModelId(s)) } : {}),
  };
  cache.set(m.id, kept(s));
  return s;
}
