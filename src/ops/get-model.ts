// get_model: the full sheet of one model: every stored fact, its developer, offers, ratings, and what no source gives.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { DEFAULT_INPUT_SHARE } from '../engines/constants.ts';
import { developerRetired } from '../engines/developer-retired.ts';
import { replacementFact } from '../engines/replacement.ts';
import { isShutDownOffer } from '../engines/offer-lifecycle.ts';
import { euCodeOf } from '../engines/trust-eu.ts';
import { blendedPrice, board, isBaseSku, isZeroPriced } from '../engines/ranking.ts';
import {
  Architecture, BenchmarkScore, EuCodeStatus, IsoDate, Leaderboard, Licence, Modalities, ModelStatus, type Model, type Offer,
} from '../schema/index.ts';
import { ModelIdParam, requireModelId, wireFact } from './common.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { OfferView, RatingView, toOfferView, toRatingView } from './shapes.ts';

/** Model facts in the order the sheet shows them; each is its stored fact, or null and listed in `missing`. */
const FACT_FIELDS = [
  'family', 'release_date', 'status', 'deprecation_date', 'shutdown_date', 'replacement', 'open_weights', 'licence', 'weights_url',
  'context_window',
  'max_output', 'modalities', 'knowledge_cutoff', 'parameters_total', 'parameters_active', 'architecture',
] as const;
export const CAPABILITY_FIELDS = ['tool_calling', 'reasoning', 'vision', 'structured_output'] as const;

export const NO_SOURCE = 'no source in the dataset gives it';

const nullableFact = <T extends z.ZodType>(v: T) => wireFact(v).nullable();

const RatingGroup = z.object({
  leaderboard: Leaderboard,
  category: z.string(),
  rank: z.number().int().describe('Rank among models on this board by best variant (1 + models rated strictly higher).'),
  rated_models: z.number().int(),
  best: RatingView.describe("The model's best-rated variant: the one rankings use."),
  variants: z.array(RatingView).describe('Every rated variant of the model on this board, best first.'),
});

const Sheet = z.object({
  id: z.string(),
  vendor: z.string(),
  aliases: z.array(z.string()).describe("Every source's own id for this model; each resolves to `id`."),
  variants: z.array(z.string()).describe('Effort, thinking and dated-snapshot variant names seen in the sources.'),
  name: wireFact(z.string()),
  family: nullableFact(z.string()),
  release_date: nullableFact(IsoDate),
  status: nullableFact(ModelStatus),
  deprecation_date: nullableFact(IsoDate),
  shutdown_date: nullableFact(IsoDate)
    .describe('The day the developer stops (or stopped) serving the model; a passed one makes the status `deprecated`.'),
  replacement: nullableFact(z.string()).describe('The model the developer names as the replacement.'),
  developer_retired: z.object({
    provider: z.string().describe('The developer\'s own provider id (its API or cloud).'),
    provider_name: z.string(),
    provider_model_id: z.string().describe('The id the developer served it under.'),
    status: wireFact(ModelStatus).optional().describe('The developer\'s status of its listing, with its source and date.'),
    shutdown_date: wireFact(IsoDate).optional().describe('The day the developer\'s API stopped serving it.'),
    replacement: wireFact(z.string()).optional().describe('The model the developer names in its place.'),
    other_listings: z.number().int().min(0).describe('Base-SKU listings of other providers in the dataset (each in `offers`).'),
    other_listings_read_after: z.number().int().min(0).describe('How many of those a source read after `shutdown_date`.'),
    note: z.string(),
  }).optional().describe('Present only where the model\'s developer no longer serves it on its own API (its base offer shut '
    + 'down on the day judged) and the model\'s own `status` does not say so: open weights keep no model status, since anyone '
    + 'may still run them (DeepSeek retired V4 Flash on its API on 2026-09-10, while other providers still list it). The '
    + 'developer\'s offer\'s facts, each dated and sourced, and how many other listings remain; whether each still serves '
    + 'the model is not in the dataset.'),
  points_to: wireFact(z.string()).optional()
    .describe('Present only for a moving API name kept as a model (`deepseek-chat`): the model its developer says the name serves, as of the fact\'s date.'),
  open_weights: nullableFact(z.boolean()),
  licence: nullableFact(Licence),
  weights_url: nullableFact(z.string()),
  context_window: nullableFact(z.number().int()),
  max_output: nullableFact(z.number().int()),
  modalities: nullableFact(Modalities),
  knowledge_cutoff: nullableFact(z.string()),
  parameters_total: nullableFact(z.number()),
  parameters_active: nullableFact(z.number()),
  architecture: nullableFact(Architecture),
  benchmarks: z.array(wireFact(BenchmarkScore)).describe('Published benchmark scores, one fact each: name, score, metric, the page that reports it (url) and what it was measured under (harness, variant, dataset, version); dated by the score\'s own date. Empty when no source gives one.'),
  capabilities: z.object({
    tool_calling: nullableFact(z.boolean()),
    reasoning: nullableFact(z.boolean()),
    vision: nullableFact(z.boolean()),
    structured_output: nullableFact(z.boolean()),
  }),
  developer: z.object({
    id: z.string(),
    name: z.string(),
    country: nullableFact(z.string()).describe('ISO 3166 country code of the developer.'),
    eu_code: nullableFact(z.object({ status: EuCodeStatus, chapters: z.string().optional() })).describe('EU GPAI Code of Practice status.'),
    fmti: nullableFact(z.object({ edition: z.string(), score: z.number() })).describe('Latest Foundation Model Transparency Index total score (0..100).'),
  }),
  offers: z.array(OfferView).describe(`Base SKUs (\`standard\`, \`regional\`) first, then other SKUs (\`free\`, \`extended\`, \`batch\`...); within each, cheapest first by blended price at input_share ${DEFAULT_INPUT_SHARE}, then free tiers and subscription plans ($0 per token), then offers missing a price. Each offer says its \`sku\`, whether it is \`first_party\`, and the provider's own \`status\` of the listing.`),
  batch_note: z.string().optional().describe('Present where the developer sells the model at a base price in the dataset '
    + 'and no batch price of its own is in it: says so, and that this is not to say the developer sells no batch API. '
    + 'A reader of `offers` should not take a missing `batch` SKU for a batch API that does not exist.'),
  ratings: z.array(RatingGroup),
  missing: z.array(z.object({ field: z.string(), reason: z.string() })).describe('Fields shown as null, each with why.'),
});
type Sheet = z.infer<typeof Sheet>;

/** Why a field is null: absent from every source, or not applicable given another fact. */
export function missingReason(m: Model, field: string): string {
  const dated = field === 'deprecation_date' || field === 'shutdown_date' || field === 'replacement';
  const held = m.withheld?.find((w) => w.field === field);
  // A date the developer withdrew is said as such, whatever the status: gemini-2.5-flash-lite's 2026-10-16 (fact-set-asides.ts).
  if (dated && held) return `withheld: ${held.value} (${held.source}) ${held.reason}`;
  if (dated && m.status && m.status.value !== 'deprecated') return `not applicable: status is ${m.status.value}`;
  // model-status.ts: open weights stay runnable by anyone, so retirement dates stay on the developer's offers.
  if (dated && m.open_weights?.value === true) return "not applicable: open weights stay runnable; retirement is the offers'";
  if (field === 'weights_url' && m.open_weights?.value === false) return 'not applicable: the weights are not published';
  if (held) return `withheld: ${held.value} (${held.source}) ${held.reason}`;
  return NO_SOURCE;
}

/** LMArena's default view first, as everywhere in the service. */
const LEADERBOARD_ORDER: readonly Leaderboard[] = ['text_style_control', 'text', 'vision', 'webdev'];

function ratingGroups(ds: Dataset, modelId: string): Sheet['ratings'] {
  const keys = new Map<string, { leaderboard: Leaderboard; category: string }>();
  for (const r of ds.ratingsByModel.get(modelId) ?? []) keys.set(`${r.leaderboard}/${r.category}`, r);
  const groups: Sheet['ratings'] = [];
  for (const { leaderboard, category } of keys.values()) {
    const b = board(ds, leaderboard, category)!;
    const e = b.byModel.get(modelId)!;
    groups.push({
      leaderboard, category, rank: e.rank, rated_models: b.entries.length,
      best: toRatingView(e.best), variants: e.variants.map(toRatingView),
    });
  }
  // Leaderboards in their documented order; `overall` first within each, then categories A to Z.
  return groups.sort((a, b) => LEADERBOARD_ORDER.indexOf(a.leaderboard) - LEADERBOARD_ORDER.indexOf(b.leaderboard)
    || Number(b.category === 'overall') - Number(a.category === 'overall') || a.category.localeCompare(b.category));
}

/**
 * The developer's batch price, where the offers would let a reader assume there is none. Most first-party listings
 * have no `batch` SKU in the dataset, not because their developers sell no batch API but because few sources list
 * one: LiteLLM's `_batches` fields are set for few models, and models.dev's and genai-prices' files have no batch price.
 * An offers list with a batch SKU for some models and none for this one would read as "no batch API"; the note says
 * the dataset does not know. Undefined where the developer sells the model at no base price in the dataset (nothing to
 * read the absence against), or a priced batch listing of its own is there.
 */
export function batchNote(developer: string, offers: readonly Offer[]): string | undefined {
  const priced = (o: Offer) => o.prices.input !== undefined && o.prices.output !== undefined && !isZeroPriced(o);
  const own = offers.filter((o) => o.first_party);
  if (!own.some((o) => isBaseSku(o) && priced(o)) || own.some((o) => o.sku === 'batch' && priced(o))) return undefined;
  return own.some((o) => o.sku === 'batch')
    ? `${developer}'s batch listing of this model is in the dataset without a price: no source gives one. Its batch price is not in the dataset.`
    : `No batch price of ${developer}'s own for this model is in the dataset: no source lists a batch SKU of it. `
      + `That is not to say ${developer} sells no batch API for it; none of its pages was read for one.`;
}

function buildSheet(ds: Dataset, m: Model): Sheet {
  const missing: Sheet['missing'] = [];
  const facts: Record<string, unknown> = {};
  for (const field of FACT_FIELDS) {
    facts[field] = m[field] ?? null;
    if (!m[field]) missing.push({ field, reason: missingReason(m, field) });
  }
  // A replacement no model of the dataset answers to says so (engines/replacement.ts).
  if (m.replacement) facts.replacement = replacementFact(m.replacement, (s) => ds.resolveModelId(s));
  const capabilities: Record<string, unknown> = {};
  for (const c of CAPABILITY_FIELDS) {
    capabilities[c] = m.capabilities[c] ?? null;
    if (!m.capabilities[c]) missing.push({ field: `capabilities.${c}`, reason: missingReason(m, `capabilities.${c}`) });
  }
  const dev = ds.developerById.get(m.vendor);
  const retired = developerRetired(ds, m.id);
  // The model has no status of its own, but its developer's API has one: the reason says where to read it.
  const status = retired ? missing.find((x) => x.field === 'status') : undefined;
  if (status) {
    status.reason = `${m.open_weights?.value === true ? 'not applicable: open weights keep no model status' : NO_SOURCE}; `
      + 'the developer\'s own API no longer serves it (developer_retired)';
  }
  // Offers still sold first, those shut down by the day judged after them; then base SKUs first (the model at its list
  // price), then the other SKUs; within each, the cheapest per-token offer first, free tiers and subscription plans ($0)
  // and offers missing a price after them.
  const sortKey = (o: Offer) => (isZeroPriced(o) ? Number.MAX_VALUE : blendedPrice(o.prices, DEFAULT_INPUT_SHARE) ?? Infinity);
  const listed = ds.offersByModel.get(m.id) ?? [];
  // Read once per offer, not once per comparison of the sort.
  const shut = new Set(listed.filter((o) => isShutDownOffer(o, ds.lifecycleDate)));
  const gone = (o: Offer) => shut.has(o);
  const batch = batchNote(dev?.name ?? m.vendor, listed);
  const offers = [...listed]
    .sort((a, b) => Number(gone(a)) - Number(gone(b)) || Number(isBaseSku(b)) - Number(isBaseSku(a))
      || sortKey(a) - sortKey(b) || a.provider.localeCompare(b.provider)
      || a.region.localeCompare(b.region) || a.provider_model_id.localeCompare(b.provider_model_id))
    .map((o) => toOfferView(ds, o));
  return {
    id: m.id, vendor: m.vendor, aliases: [...m.aliases], variants: [...m.variants], name: m.name,
    ...(facts as Pick<Sheet, (typeof FACT_FIELDS)[number]>),
    ...(retired ? { developer_retired: {
      provider: retired.offer.provider,
      provider_name: ds.providerById.get(retired.offer.provider)?.name ?? retired.offer.provider,
      provider_model_id: retired.offer.provider_model_id,
      ...(retired.offer.status ? { status: retired.offer.status } : {}),
      ...(retired.offer.shutdown_date ? { shutdown_date: retired.offer.shutdown_date } : {}),
      ...(retired.offer.replacement ? { replacement: replacementFact(retired.offer.replacement, (s) => ds.resolveModelId(s)) } : {}),
      other_listings: retired.others, other_listings_read_after: retired.readAfter, note: retired.text,
    } } : {}),
    ...(m.points_to ? { points_to: m.points_to } : {}),
    benchmarks: m.benchmarks ?? [],
    capabilities: capabilities as Sheet['capabilities'],
    developer: {
      id: m.vendor,
      name: dev?.name ?? m.vendor,
      country: dev?.country ?? null,
      eu_code: dev?.eu_code ? euCodeOf(ds, dev) : null,
      fmti: dev?.fmti_scores.at(-1) ?? null,
    },
    offers,
    ...(batch ? { batch_note: batch } : {}),
    ratings: ratingGroups(ds, m.id),
    missing,
  };
}

/**
 * Sheets kept per dataset from a model's second ask on (the other tier, or a miss after the response cache let the
 * answer go; bounded by the catalogue). Kept from its first, every sheet of a cold stream of distinct models (about
 * 15 KB of new objects each) survived the young generation, and each scavenge copied the sheets built since the last
 * one: 12-30 ms a scavenge, one in ~120 calls, get_model's slowest 1% (docs/performance.md, twenty-fourth round).
 */
const sheets = new WeakMap<Dataset, { askedOnce: Set<string>; byId: Map<string, Sheet> }>();

export const get_model = defineOperation({
  name: 'get_model',
  title: 'Full sheet of one model',
  description:
    'Return everything the dataset holds about one model, each fact with its date and source: name, family, release '
    + 'date, status (with deprecation and shutdown dates and the replacement the developer names), open weights, '
    + 'licence, context window, max output, modalities, capabilities, knowledge cutoff, parameters, architecture, '
    + 'published benchmark scores; its developer (country, EU Code of Practice status, FMTI score); every offer '
    + '(provider, API model id, SKU, first-party or reseller, prices per 1M tokens, EU residency, the provider\'s own '
    + 'status of the listing); arena ratings per leaderboard and category (best variant and all variants). Facts no '
    + 'source gives are null and listed in `missing`. Accepts aliases such as `anthropic/claude-opus-4.8`.',
  path: '/models/{model_id}',
  input: z.object({ model_id: ModelIdParam }).strict(),
  output: Sheet,
  annotations: READ_ONLY,
  writtenAsBytes: true,
  examples: [
    { title: 'Llama 3.3 70B Instruct', input: { model_id: 'llama-3.3-70b-instruct' } },
    { title: 'DeepSeek-V3', input: { model_id: 'deepseek-v3' } },
    { title: 'GPT-4o', input: { model_id: 'gpt-4o' } },
  ],
  handler(ds, input) {
    const id = requireModelId(ds, input.model_id);
    let kept = sheets.get(ds);
    if (!kept) sheets.set(ds, (kept = { askedOnce: new Set(), byId: new Map() }));
    const sheet = kept.byId.get(id);
    if (sheet) return sheet;
    const built = buildSheet(ds, ds.modelById.get(id)!);
    if (kept.askedOnce.has(id)) kept.byId.set(id, built);
    else kept.askedOnce.add(id);
    return built;
  },
});
