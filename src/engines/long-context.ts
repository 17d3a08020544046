// Long-context prices: what an offer charges for a request whose prompt has a given size, by its published tiers.
//
// The rule, from the sources the tiers come from: a tier applies to a request whose prompt is strictly longer than
// its `above_tokens`, and then to every token of that request, input and output ("cliff" pricing: Google's
// "prompts > 200k tokens", Anthropic's "> 200K input tokens"; genai-prices' TieredPrices and LiteLLM's
// `*_above_200k_tokens` both select a tier when the prompt is greater than its start). A provider whose higher price
// starts at a size ("272K input tokens and above", xAI's ">= 200k") is stored one below it (271,999; 199,999), as
// genai-prices writes it. So a prompt of exactly `above_tokens` pays the lower price. An offer that lists no tier is
// priced flat where its own source states a window reaching the prompt (priceKnownAt says when, and when not).
import type { Offer, Prices } from '../schema/index.ts';

type PriceTier = NonNullable<Prices['tiers']>['value'][number];

/** The rule in one sentence, for answers and docs. */
export const TIER_RULE = 'a long-context tier applies to a request whose prompt is longer than its above_tokens (strictly: a '
  + 'prompt of exactly above_tokens pays the lower price) and then to every input and output token of that request';

/** The tier a prompt pays at, with the prices it reads (a side the tier does not give falls back to the one below). */
export type AppliedTier = {
  prompt_tokens: number;
  above_tokens: number;
  /** USD per 1M tokens at this prompt size; undefined only where the base price is absent too. */
  input: number | undefined;
  output: number | undefined;
  /** Whether each side's price comes from a tier (true) or from the base price (false). */
  input_from_tier: boolean;
  output_from_tier: boolean;
};

/**
 * A tier that charges what the base price charges is no tier: some resellers repeat the base price as a ">200k"
 * price (models.dev, Gemini 3 Flash Preview: aihubmix $0.5/$3, qihang-ai $0.07/$0.43, each its base). Read as a tier, it would
 * make every other offer of the model silent above 200k for a price no different from the base.
 */
function raises(prices: Prices, t: PriceTier): boolean {
  return (t.input !== undefined && t.input !== prices.input?.value) || (t.output !== undefined && t.output !== prices.output?.value);
}

/** The offer's tiers found once per (frozen) price set: tiers are read for every offer of every long-context ask. */
const tiersByPrices = new WeakMap<Prices, readonly PriceTier[]>();

/**
 * The offer's tiers that change a price, lowest threshold first (the ingest sorts them; sorted here too, so the
 * rule never rests on it).
 */
function tiersOf(prices: Prices): readonly PriceTier[] {
  const t = prices.tiers?.value;
  if (!t) return [];
  let kept = tiersByPrices.get(prices);
  if (kept) return kept;
  kept = t.filter((x) => raises(prices, x));
  for (let i = 1; i < kept.length; i++) {
    if (kept[i - 1].above_tokens > kept[i].above_tokens) {
      kept = [...kept].sort((a, b) => a.above_tokens - b.above_tokens);
      break;
    }
  }
  if (Object.isFrozen(prices)) tiersByPrices.set(prices, kept);
  return kept;
}

/** The thresholds of the offer's tiers, lowest first (only those that change a price). */
export function tierThresholds(prices: Prices): number[] {
  return tiersOf(prices).map((t) => t.above_tokens);
}

/**
 * The tier a prompt of `promptTokens` pays at, or undefined when it crosses none (base prices apply). Each side is the
 * highest tier below the prompt that gives it, else the base price: a tier listing only an input price keeps the
 * output price of the tier (or base) under it.
 */
export function tierAt(prices: Prices, promptTokens: number): AppliedTier | undefined {
  let applied: AppliedTier | undefined;
  for (const t of tiersOf(prices)) {
    if (!(promptTokens > t.above_tokens)) break;
    applied ??= {
      prompt_tokens: promptTokens, above_tokens: t.above_tokens, input: prices.input?.value, output: prices.output?.value,
      input_from_tier: false, output_from_tier: false,
    };
    applied.above_tokens = t.above_tokens;
    if (t.input !== undefined) [applied.input, applied.input_from_tier] = [t.input, true];
    if (t.output !== undefined) [applied.output, applied.output_from_tier] = [t.output, true];
  }
  return applied;
}

/** Round to 6 decimals, as ranking.ts's roundPrice (not imported: ranking imports this module). */
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** The blend of a tier's prices at an input share, as blendedPrice blends base prices; undefined when a side is absent. */
export function tierBlend(t: AppliedTier, inputShare: number): number | undefined {
  if (inputShare > 0 && t.input === undefined) return undefined;
  if (inputShare < 1 && t.output === undefined) return undefined;
  return round6(inputShare * (t.input ?? 0) + (1 - inputShare) * (t.output ?? 0));
}

/** The offer fields a tier's blend is computed from, in the order blended prices name them. */
export function tierDerivedFrom(t: AppliedTier, inputShare: number): string[] {
  const out = ['prices.tiers'];
  if (inputShare > 0 && !t.input_from_tier) out.push('prices.input');
  if (inputShare < 1 && !t.output_from_tier) out.push('prices.output');
  return out;
}

/**
 * Where a model's long-context prices start: `lowest`, the lowest tier threshold any of the offers lists; `developer`,
 * the lowest one the model's developer lists on one of its own offers (first_party). Infinity where none does.
 */
export type TierBounds = { lowest: number; developer: number };

export function tierBounds(offers: readonly Offer[]): TierBounds {
  let lowest = Infinity;
  let developer = Infinity;
  for (const o of offers) {
    // The developer's tiers above its own window count as its word on long prompts too (Anthropic's Claude Sonnet
    // 4.5: $6/$22.5 above 200k before its 1M beta was retired): a reseller still listing a 1M window at the base
    // price and no tier is not taken to have dropped that surcharge.
    if (o.first_party) for (const t of o.unpriced_tiers?.value ?? []) if (t.above_tokens < developer) developer = t.above_tokens;
    const t = tiersOf(o.prices);
    if (t.length === 0) continue;
    if (t[0].above_tokens < lowest) lowest = t[0].above_tokens;
    if (o.first_party && t[0].above_tokens < developer) developer = t[0].above_tokens;
  }
  return { lowest, developer };
}

/**
 * Whether an offer's price for a prompt of `promptTokens` is known, given where the model's tiers start:
 * - for every offer while the prompt crosses no threshold any offer of the model lists;
 * - for an offer that lists tiers (the tier it crosses, or its base price below them; a tier equal to the base price
 *   says the price does not change);
 * - for an offer that lists no tier, at its flat price, where its own source states a context window that reaches the
 *   prompt (Anthropic's Claude Sonnet 4.6: genai-prices, "Long context (>200k) surcharge removed" from 2026-03-13,
 *   $3/$15 up to its 1,000,000-token window), unless the model's developer charges a long-context price at that
 *   size on an offer of its own: then a listing without a tier is taken as its source leaving the tier out (Gemini
 *   2.5 Pro at resellers, most at $1.25/$10 and a 1,048,576 window, where Google charges $2.5/$15 above 200k).
 * Otherwise the offer is silent there: its window is not stated, or the developer bills more there.
 */
export function priceKnownAt(o: Offer, bounds: TierBounds, promptTokens: number | undefined): boolean {
  if (promptTokens === undefined || !(promptTokens > bounds.lowest) || statesLongPrice(o)) return true;
  return flatAt(o, bounds, promptTokens);
}

/**
 * Whether the offer's source gives its price for long prompts: it lists tiers, even one equal to its base price (no
 * tier, but said: orcarouter's Gemini 2.5 Pro, models.dev, $2.5/$15 both below and above 200k).
 */
export function statesLongPrice(o: Pick<Offer, 'prices'>): boolean {
  return o.prices.tiers !== undefined;
}

/** A tierless offer priced at its flat price above another offer's threshold: its own window reaches the prompt. */
function flatAt(o: Offer, bounds: TierBounds, promptTokens: number): boolean {
  const w = o.context_window?.value;
  return w !== undefined && w >= promptTokens && !(promptTokens > bounds.developer);
}

/** The rule for offers that list no tier, in one sentence, for answers and docs. */
export const FLAT_RULE = 'an offer whose source lists no tier is priced at its flat price where its own source states a context '
  + 'window reaching the prompt and the model\'s developer lists no long-context price at that size; otherwise it is not '
  + 'priced above the lowest threshold another offer of the model lists (its price there is unknown)';

/** How silentReason begins, for a reader that counts such offers. */
export const SILENT_REASON_START = 'its source lists no price for prompts longer than ';

/** The reason an offer is not priced at a prompt size (priceKnownAt false), for the lists of offers left out. */
export function silentReason(o: Offer, bounds: TierBounds, promptTokens: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const w = o.context_window?.value;
  if (w !== undefined && w >= promptTokens) {
    return `${SILENT_REASON_START}${n(bounds.developer)} tokens, where the model's developer lists a long-context price: `
      + 'its base price is not taken for the price there, though its own window reaches the prompt';
  }
  return `${SILENT_REASON_START}${n(bounds.lowest)} tokens, where another offer of the model charges a long-context `
    + 'price, and states no context window of its own reaching the prompt: its base price is not taken for the price there';
}
