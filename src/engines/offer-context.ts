// Each offer's own context window (where its source states one) and the offers of a model that serve a context size.
import type { Dataset } from '../dataset/dataset.ts';
import type { Model, Offer, OfferRegion } from '../schema/index.ts';
import { DEFAULT_INPUT_SHARE } from './constants.ts';
import { developerPrice, isConvertedPrice } from './converted-price.ts';
import { cheapestAtPrompt, frontierOf, type Frontier, type OfferFilter } from './offer-frontier.ts';
import type { PricedOffer } from './ranking.ts';
import { perDataset } from './per-dataset.ts';

/**
 * The window an offer serves: the listing's own limit where its source states one (a provider may serve less than
 * the model's window: lambda_ai lists Llama 4 Maverick at 131,072 input tokens, the model reads 1,048,576), else
 * the model's. Undefined when neither is known.
 */
export function offerWindow(offer: Pick<Offer, 'context_window'>, model: Pick<Model, 'context_window'> | undefined): number | undefined {
  return offer.context_window?.value ?? model?.context_window?.value;
}

/**
 * Whether the offer serves a prompt of `tokens`: by its own stated limit first, else by the model's window. With
 * neither known nothing says it cannot (callers that need a known window, as cheapest_for's min_context, ask first).
 */
type Windowed = Pick<Offer, 'context_window'>;
type ModelWindow = Pick<Model, 'context_window'> | undefined;

export function offerServes(offer: Windowed, model: ModelWindow, tokens: number): boolean {
  const w = offerWindow(offer, model);
  return w === undefined || w >= tokens;
}

/** The sentence answers add when an offer's own limit kept it out: what rule was applied. */
export const OFFER_WINDOW_RULE = 'an offer whose source states its own context window (the provider\'s limit for the listing) '
  + 'serves only that much, whatever the model\'s window; an offer with no stated limit is taken at the model\'s window';

/** Asked sizes kept per dataset before the cache is cleared: a caller varying min_context cannot grow it without end. */
const MAX_KEPT = 4096;
const narrowed = perDataset(() => new Map<string, Frontier>());

/**
 * Whether the offer serves tool (function) calling as far as the dataset knows: false only where a source states it
 * for this listing (a provider may not serve what the model can: OpenRouter lists Llama 3.2 1B Instruct with
 * tool_call = false); an offer no source speaks for is taken at the model's capability, which the caller checks.
 */
export function offerServesTools(offer: Pick<Offer, 'tool_calling'>): boolean {
  return offer.tool_calling?.value !== false;
}

/** The sentence answers add when an offer's own listing kept it out for tool calling. */
export const OFFER_TOOLS_RULE = 'an offer whose listing says it serves no tool calling (models.dev\'s provider file '
  + '`tool_call`, LiteLLM\'s `supports_function_calling`) is not ranked, whatever the model can do; an offer no source '
  + 'speaks for is taken at the model\'s capability';

/** Per model, the frontier of its offers that serve tool calling, made on first need: one a model at most. */
const withTools = perDataset(() => new Map<string, Frontier>());

function toolsFrontier(ds: Dataset, model: Model, frontier: Frontier, offers: readonly Offer[]): Frontier {
  if (offers.every(offerServesTools)) return frontier;
  const kept = withTools(ds);
  let f = kept.get(model.id);
  if (!f) {
    f = frontierOf(offers.filter(offerServesTools), ds.lifecycleDate, ds.meta.data_as_of);
    kept.set(model.id, f);
  }
  return f;
}

/**
 * The model's offer frontier restricted to the offers that serve `tokens` (offerServes) and, with `tools`, tool calling
 * (offerServesTools). The frontier itself when every offer does (the usual case, and no work); with `tools`, the tools
 * frontier kept per model, whatever the size, while every offer it keeps serves `tokens` (so a stream of new sizes makes
 * nothing new); else a frontier of the offers left, kept per dataset, size and need.
 */
export function frontierServing(ds: Dataset, model: Model, frontier: Frontier, tokens: number | undefined, tools = false): Frontier {
  if (tokens === undefined && !tools) return frontier;
  const offers = ds.offersByModel.get(model.id) ?? [];
  const base = tools ? toolsFrontier(ds, model, frontier, offers) : frontier;
  if (tokens === undefined) return base;
  return servingTokens(ds, model, offers, base, tokens, tools);
}

/**
 * frontierServing at a size. Apart from it, so that its paths that need no size allocate nothing: a function whose
 * inner closure reads its parameters makes a context for them on every call, closure made or not.
 */
function servingTokens(ds: Dataset, model: Model, offers: readonly Offer[], base: Frontier, tokens: number, tools: boolean): Frontier {
  const needed = (o: Offer) => !tools || offerServesTools(o);
  if (offers.every((o) => !needed(o) || offerServes(o, model, tokens))) return base;
  const cache = narrowed(ds);
  const key = `${model.id}|${tokens}|${tools ? 't' : ''}`;
  let f = cache.get(key);
  if (!f) {
    if (cache.size >= MAX_KEPT) cache.clear();
    f = frontierOf(offers.filter((o) => needed(o) && offerServes(o, model, tokens)), ds.lifecycleDate, ds.meta.data_as_of);
    cache.set(key, f);
  }
  return f;
}

/** cheapest_for's sentence when offers' own tool calling made a difference; null when it made none. */
export function offerToolsNote(rankedElsewhere: number, leftOut: number): string | null {
  if (rankedElsewhere === 0 && leftOut === 0) return null;
  const n = (k: number) => (k === 1 ? '1 model' : `${k} models`);
  const out = [`Tool calling is checked per offer: ${OFFER_TOOLS_RULE}.`];
  if (rankedElsewhere) out.push(`${n(rankedElsewhere)} had a cheaper offer whose listing serves no tool calling, so another offer is shown.`);
  if (leftOut) out.push(`${n(leftOut)} left out: no offer kept by the filters serves tool calling.`);
  return out.join(' ');
}

/** cheapest_for's sentence when offers' own windows made a difference; null when none did. */
export function offerWindowNote(tokens: number | undefined, rankedElsewhere: number, leftOut: number): string | null {
  if (tokens === undefined || (rankedElsewhere === 0 && leftOut === 0)) return null;
  const n = (k: number) => (k === 1 ? '1 model' : `${k} models`);
  const out = [`Context is checked per offer: ${OFFER_WINDOW_RULE}.`];
  const size = `${tokens.toLocaleString('en-US')} tokens`;
  if (rankedElsewhere) out.push(`${n(rankedElsewhere)} had a cheaper offer whose own window is below ${size}, so another offer is shown.`);
  if (leftOut) out.push(`${n(leftOut)} left out: no offer kept by the filters serves ${size}.`);
  return out.join(' ');
}

/** An offer left out of a cost because its own window is below the prompt asked (estimate_cost's `not_priced`). */
export type WindowLeftOut = { provider: string; provider_model_id: string; region: OfferRegion; reason: string };

const servingByOffers = new WeakMap<readonly Offer[], Map<number, { offers: readonly Offer[]; left_out: WindowLeftOut[] }>>();

/**
 * estimate_cost's offers for a prompt of `context` tokens (capped at the model's window, as the cost takes it): those
 * whose own stated window serves it, and those left out, each with why. The list itself when every offer serves it.
 */
export function offersServingContext(
  model: Pick<Model, 'context_window'>, offers: readonly Offer[], context: number | undefined,
): { offers: readonly Offer[]; left_out: WindowLeftOut[] } {
  if (context === undefined) return { offers, left_out: [] };
  const prompt = Math.min(context, model.context_window?.value ?? Infinity);
  let perPrompt = servingByOffers.get(offers);
  const kept = perPrompt?.get(prompt);
  if (kept) return { offers: kept.offers, left_out: kept.left_out.slice() };
  const short = offers.filter((o) => !offerServes(o, model, prompt));
  const out = short.length === 0 ? { offers, left_out: [] } : {
    offers: servingSubset(model, offers, prompt),
    left_out: short.map((o) => ({
      provider: o.provider, provider_model_id: o.provider_model_id, region: o.region,
      reason: `its own context window, ${offerWindow(o, model)!.toLocaleString('en-US')} tokens (${o.context_window!.source}, `
        + `${o.context_window!.as_of}), is below the ${prompt.toLocaleString('en-US')}-token prompt asked: not costed`,
    })),
  };
  if (Object.isFrozen(offers)) {
    if (!perPrompt) servingByOffers.set(offers, (perPrompt = new Map()));
    if (perPrompt.size < MAX_KEPT) perPrompt.set(prompt, out);
  }
  return { offers: out.offers, left_out: out.left_out.slice() };
}

const subsetsByOffers = new WeakMap<readonly Offer[], Map<number, readonly Offer[]>>();

/**
 * The offers that serve `prompt`, as one array for every prompt that keeps the same ones: the kept set changes only
 * at an offer's own window, so it is named by the smallest window at or above the prompt. The API side keeps its
 * ordering per offers array (api-cost.ts); a fresh array for every context asked would make each new context miss it.
 */
function servingSubset(model: Pick<Model, 'context_window'>, offers: readonly Offer[], prompt: number): readonly Offer[] {
  let edge = Infinity;
  for (const o of offers) {
    const w = offerWindow(o, model);
    if (w !== undefined && w >= prompt && w < edge) edge = w;
  }
  let subsets = subsetsByOffers.get(offers);
  const kept = subsets?.get(edge);
  if (kept) return kept;
  const subset = Object.freeze(offers.filter((o) => offerServes(o, model, prompt)));
  if (Object.isFrozen(offers)) {
    if (!subsets) subsetsByOffers.set(offers, (subsets = new Map()));
    subsets.set(edge, subset);
  }
  return subset;
}

const published = perDataset(() => new Map<string, Frontier>());

/**
 * The frontier of the model's offers priced as their provider publishes them (none converted from another currency,
 * converted-price.ts) that serve `tokens` (all, undefined): where the developer's published price is looked for when
 * its cheapest is a conversion. Kept per dataset, model and size, bounded as `narrowed` is.
 */
export function publishedFrontierServing(ds: Dataset, model: Model, tokens: number | undefined): Frontier {
  const cache = published(ds);
  const key = `${model.id}|${tokens ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    if (cache.size >= MAX_KEPT) cache.clear();
    const offers = (ds.offersByModel.get(model.id) ?? [])
      .filter((o) => !isConvertedPrice(o.prices) && (tokens === undefined || offerServes(o, model, tokens)));
    f = frontierOf(offers, ds.lifecycleDate, ds.meta.data_as_of);
    cache.set(key, f);
  }
  return f;
}

/** Each frontier's developer price per filter at the default share and no prompt (null: none), with its model. */
const developerAtDefault = new WeakMap<Frontier, { model: string; kept: Array<PricedOffer | null | undefined> }>();

/**
 * The developer's own price beside a reseller's in cheapest_for (converted-price.ts, developerPrice): its cheapest
 * offer the filter keeps among those priced as published, else among all of `frontier` (the model's offers serving
 * `tokens`). At the default share with no prompt asked it is the same on every ask, so it is found once per frontier
 * and filter and kept (a page of 100 items asks it of every resold model on it); otherwise worked out.
 */
export function developerCheapest(
  ds: Dataset, model: Model, frontier: Frontier, share: number, filter: OfferFilter, tokens: number | undefined,
): PricedOffer | undefined {
  const pick = (published: boolean) => cheapestAtPrompt(
    published ? publishedFrontierServing(ds, model, tokens) : frontier, share, filter, tokens);
  if (tokens !== undefined || share !== DEFAULT_INPUT_SHARE) return developerPrice(pick);
  let at = developerAtDefault.get(frontier);
  if (at?.model !== model.id) developerAtDefault.set(frontier, (at = { model: model.id, kept: [undefined, undefined, undefined, undefined] }));
  const i = (filter.first_party_only ? 2 : 0) + (filter.eu ? 1 : 0);
  let p = at.kept[i];
  if (p === undefined) at.kept[i] = p = developerPrice(pick) ?? null;
  return p ?? undefined;
}
