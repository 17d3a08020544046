// API cost: monthly cost of a volume through each priced offer, blended by the share of input tokens.
import type { Offer, OfferLifecycleState, OfferRegion } from '../schema/index.ts';
import { priceKnownAt, silentReason, tierAt, tierBounds, tierThresholds, type AppliedTier } from './long-context.ts';
import { SHORT_TIER_TOKENS, shortTierReason } from './converted-price.ts';
import { roundTo } from './memory.ts';
import { usd } from './money.ts';
import { isExistingCustomersOnly, offerLifecycleNote, offerLifecycleState } from './offer-lifecycle.ts';
import { unconfirmedAmong } from './listing-evidence.ts';
import { oldPriceSince } from './price-age.ts';

export { usd } from './money.ts';

type PriceFact = { value: number; source: string; as_of: string; note?: string; conflicts?: readonly unknown[] };

/**
 * A price as quoted, made once per price fact (the dataset's facts are frozen and live as long as it): every ask for
 * the model quotes the same prices, and an offer line is two of them. Frozen, since answers share them.
 */
const priceRefs = new WeakMap<PriceFact, PriceRef>();
function priceRef(f: PriceFact): PriceRef {
  let r = priceRefs.get(f);
  if (!r) {
    r = { usd_per_mtok: f.value, source: f.source, as_of: f.as_of };
    if (f.note) r.note = f.note;
    // get_model marks such a price; a cost line quoting it must too, or a disputed price reads as settled.
    if (f.conflicts?.length) r.sources_disagree = true;
    priceRefs.set(f, Object.freeze(r));
  }
  return r;
}

/** A price as an answer quotes it; `note` when the source qualifies it (a price for part of the day). */
export type PriceRef = { usd_per_mtok: number; source: string; as_of: string; note?: string; sources_disagree?: true };

export type ApiCostLine = {
  provider: string;
  provider_model_id: string;
  region: OfferRegion;
  input: PriceRef;
  output: PriceRef;
  /** input_share x input + (1 - input_share) x output, USD per 1M tokens. */
  blended_usd_per_mtok: number;
  monthly_usd: number;
  /** When the prompt size asked crosses a tier of the offer: the tier, and the prices the blend reads at it. */
  long_context?: LongContextLine;
  /**
   * The offer's lifecycle in doubt (offerLifecycleNote): weighed only where no other offer is priced (break-even.ts
   * `paidOffer`); never where its state is existing customers only (`isExistingCustomersOnly`).
   */
  lifecycle_note?: string;
  /** The same in one word of a closed vocabulary (offerLifecycleState), present with the note: what code reads. */
  lifecycle_state?: OfferLifecycleState;
  /**
   * A developer's own offer no live listing confirms (listing-evidence.ts: LiteLLM's table alone lists it): weighed,
   * like a line in doubt, only where no other offer is priced (break-even.ts `paidOffer`).
   */
  listing_unconfirmed?: true;
  /**
   * The day the offer's price has been listed unchanged since, where its source set it more than six months before the
   * data's date and no other source confirms it (price-age.ts `oldPriceSince`): weighed, like a line in doubt, only where
   * no offer with a current or confirmed price is priced (break-even.ts `paidOffer`). Given only with `data_as_of`.
   */
  price_unchanged_since?: string;
};

/** The long-context tier a line is costed at; a side the tier does not give is the base price. */
export type LongContextLine = { prompt_tokens: number; above_tokens: number; input: PriceRef; output: PriceRef };

export type NotPriced = { provider: string; provider_model_id: string; region: OfferRegion; reason: string };

export type ApiCosts = { offers: ApiCostLine[]; not_priced: NotPriced[]; cheapest: ApiCostLine | null };

/**
 * One line per offer with both prices, cheapest first; the others are listed as not priced. `promptTokens`: the size
 * of each request's prompt, which picks the long-context tier each offer charges (engines/long-context.ts); above the
 * lowest threshold any offer lists, an offer whose source lists no tier is not priced (its price there is unknown).
 */
export function apiCosts(
  offers: readonly Offer[], opts: { tokens_millions: number; input_share: number; data_as_of?: string }, promptTokens?: number,
): ApiCosts {
  const { priced, not_priced } = orderedOffers(offers, opts.input_share, promptTokens, opts.data_as_of);
  const lines: ApiCostLine[] = [];
  for (const p of priced) {
    const line: ApiCostLine = {
      provider: p.o.provider,
      provider_model_id: p.o.provider_model_id,
      region: p.o.region,
      input: p.input,
      output: p.output,
      blended_usd_per_mtok: p.rounded,
      monthly_usd: usd(p.blended * opts.tokens_millions),
    };
    if (p.tier) {
      line.long_context = { prompt_tokens: promptTokens!, above_tokens: p.tier.above_tokens, input: p.tier.input, output: p.tier.output };
    }
    if (p.doubt !== undefined) {
      line.lifecycle_note = p.doubt.note;
      line.lifecycle_state = p.doubt.state;
    }
    if (p.unconfirmed) line.listing_unconfirmed = true;
    if (p.old !== undefined) line.price_unchanged_since = p.old;
    lines.push(line);
  }
  // An offer sold to existing customers only (Vertex AI's, Cohere's deprecated listings) is listed after those a new
  // customer can buy, cheapest first among them, and is nobody's cheapest: a buyer cannot buy it.
  const open = lines.filter((l) => !isExistingCustomersOnly(l.lifecycle_state));
  const ordered = open.length === lines.length ? lines : [...open, ...lines.filter((l) => isExistingCustomersOnly(l.lifecycle_state))];
  return { offers: ordered, not_priced: not_priced.slice(), cheapest: open[0] ?? null };
}

/**
 * An offer with both prices, blended at an input share (`rounded` as written, `blended` as costed); `input` and
 * `output` the base prices, `tier` the tier's when the blend is at one.
 */
type Priced = {
  o: Offer; input: PriceRef; output: PriceRef; blended: number; rounded: number; tier?: TierPrices; doubt?: Doubt; unconfirmed?: true;
  /** The day its price has been listed unchanged since, where that is old and unconfirmed (price-age.ts). */
  old?: string;
};
/** The offer's lifecycle in doubt (offer-lifecycle.ts), read from the offer alone: worked out with the order it is kept with. */
type Doubt = { note: string; state: OfferLifecycleState };
type TierPrices = { above_tokens: number; input: PriceRef; output: PriceRef };
/** `band`: how many tier thresholds of the list the prompt is longer than (0: base prices), the order's other key. */
type Ordered = {
  share: number; band: number; dataAsOf: string | undefined; priced: readonly Priced[]; not_priced: readonly NotPriced[];
  /** The prompt a reason in `not_priced` may name (a converted short tier's, shortTierReason); undefined when none. */
  named?: number;
};

/**
 * A list's tier thresholds and the own windows of its offers without tiers, lowest first, once per frozen list: the
 * lines change only where a prompt crosses one.
 */
const thresholdsByOffers = new WeakMap<readonly Offer[], readonly number[]>();
function thresholdsOf(offers: readonly Offer[]): readonly number[] {
  let t = thresholdsByOffers.get(offers);
  if (!t) {
    // The windows of offers that list no tier too: above another offer's threshold such an offer is priced only up to
    // its own window (long-context.ts, priceKnownAt), so the priced lines change there as well.
    const edges = offers.flatMap((o) => {
      const t = tierThresholds(o.prices);
      // A converted short tier stops being priced at SHORT_TIER_TOKENS (shortTierReason): the lines change there too.
      const short = shortTierReason(o, SHORT_TIER_TOKENS) === undefined ? [] : [SHORT_TIER_TOKENS - 1];
      return [...(t.length > 0 || !o.context_window ? t : [o.context_window.value]), ...short];
    });
    t = [...new Set(edges)].sort((a, b) => a - b);
    if (Object.isFrozen(offers)) thresholdsByOffers.set(offers, t);
  }
  return t;
}

/** A tier's price of one side as quoted: the tier fact's date and source, or the base price where the tier gives none. */
function tierRef(offer: Offer, t: AppliedTier, side: 'input' | 'output', base: PriceRef): PriceRef {
  const fromTier = side === 'input' ? t.input_from_tier : t.output_from_tier;
  const tiers = offer.prices.tiers!;
  return fromTier ? Object.freeze({ usd_per_mtok: t[side]!, source: tiers.source, as_of: tiers.as_of }) : base;
}

/**
 * A frozen offer list's lines in order at the last input share asked: the order, the prices and the blend are the same
 * on every ask at that share (most use the default), only the volume changes. A list that is not frozen is worked
 * out each time, since it could change.
 */
const orderedByOffers = new WeakMap<readonly Offer[], Ordered>();

function orderedOffers(offers: readonly Offer[], share: number, promptTokens: number | undefined, dataAsOf: string | undefined): Ordered {
  const thresholds = thresholdsOf(offers);
  let band = 0;
  if (promptTokens !== undefined) while (band < thresholds.length && promptTokens > thresholds[band]) band++;
  const kept = orderedByOffers.get(offers);
  // A kept order whose reasons name its prompt serves that prompt only: another in the same band would read the wrong size.
  if (kept?.share === share && kept.band === band && kept.dataAsOf === dataAsOf && (kept.named === undefined || kept.named === promptTokens)) return kept;
  const bounds = tierBounds(offers);
  const priced: Priced[] = [];
  const not_priced: NotPriced[] = [];
  let named: number | undefined;
  const unconfirmed = unconfirmedAmong(offers);
  for (const o of offers) {
    const { input, output } = o.prices;
    if (!input || !output) {
      const lacking = [!input && 'input', !output && 'output'].filter(Boolean).join(' and ');
      // A price held back as doubtful says why, so an offer listed unpriced reads as a decision, not a gap.
      const held = o.held_back?.find((h) => (h.field === 'input' && !input) || (h.field === 'output' && !output));
      not_priced.push({ provider: o.provider, provider_model_id: o.provider_model_id, region: o.region,
        reason: `no ${lacking} price in the dataset${held ? `: ${held.source}'s ${held.value} held back (${held.reason})` : ''}` });
      continue;
    }
    // A converted price of the cheapest length tier covers short prompts only (engines/converted-price.ts).
    const short = shortTierReason(o, promptTokens);
    if (short !== undefined) {
      // Its reason may name the prompt's size: the order kept then serves this prompt only.
      named = promptTokens;
      not_priced.push({ provider: o.provider, provider_model_id: o.provider_model_id, region: o.region, reason: short });
      continue;
    }
    if (!priceKnownAt(o, bounds, promptTokens)) {
      not_priced.push({ provider: o.provider, provider_model_id: o.provider_model_id, region: o.region, reason: silentReason(o, bounds, promptTokens!) });
      continue;
    }
    const t = promptTokens !== undefined ? tierAt(o.prices, promptTokens) : undefined;
    const [bi, bo] = [priceRef(input), priceRef(output)];
    const tier = t ? { above_tokens: t.above_tokens, input: tierRef(o, t, 'input', bi), output: tierRef(o, t, 'output', bo) } : undefined;
    const blended = tier ? share * tier.input.usd_per_mtok + (1 - share) * tier.output.usd_per_mtok
      : share * input.value + (1 - share) * output.value;
    const p: Priced = { o, input: bi, output: bo, blended, rounded: roundTo(blended, 6) };
    if (tier) p.tier = tier;
    const note = offerLifecycleNote(o);
    if (note !== null) p.doubt = { note, state: offerLifecycleState(o)! };
    if (unconfirmed.has(o)) p.unconfirmed = true;
    const old = dataAsOf === undefined ? undefined : oldPriceSince(o, dataAsOf);
    if (old !== undefined) p.old = old;
    priced.push(p);
  }
  // At an equal price the developer's own offer first, as `cheaper` (ranking.ts) picks it: a reseller at that price is no cheaper.
  priced.sort((a, b) => a.rounded - b.rounded || Number(b.o.first_party) - Number(a.o.first_party)
    || a.o.provider.localeCompare(b.o.provider) || a.o.region.localeCompare(b.o.region));
  const ordered: Ordered = { share, band, dataAsOf, priced, not_priced, named };
  if (Object.isFrozen(offers)) {
    for (const n of not_priced) Object.freeze(n);
    orderedByOffers.set(offers, ordered);
  }
  return ordered;
}
