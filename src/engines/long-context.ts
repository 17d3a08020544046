// Long-context prices: what an offer charges for a request whose prompt has a given size, by its published tiers.
//
// The rule, from the sources the tiers come from: a tier applies to a request whose prompt is strictly longer than
// its `above_tokens`, and then to every token of that request, input and output ("cliff" pricing: Google's
// "prompts > 200k tokens", Anthropic's "> 200K input tokens"; genai-prices' TieredPrices and LiteLLM's
// `*_above_200k_tokens` both select a tier when the prompt is greater than its start). A provider whose higher price
// starts at a size ("272K input tokens and above", xAI's ">= 200k") is stored one below it (271,999; 199,999), as
// genai-prices writes it. So a prompt of exactly `above_tokens` pays the lower price.
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

/** The offer's tiers, lowest threshold first (the ingest sorts them; sorted here too, so the rule never rests on it). */
function tiersOf(prices: Prices): readonly PriceTier[] {
  const t = prices.tiers?.value;
  if (!t || t.length < 2) return t ?? [];
  for (let i = 1; i < t.length; i++) {
    if (t[i - 1].above_tokens > t[i].above_tokens) return [...t].sort((a, b) => a.above_tokens - b.above_tokens);
  }
  return t;
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

/** The lowest tier threshold among offers, Infinity when none carries a tier. */
export function lowestTier(offers: readonly Offer[]): number {
  let low = Infinity;
  for (const o of offers) for (const t of o.prices.tiers?.value ?? []) if (t.above_tokens < low) low = t.above_tokens;
  return low;
}

/**
 * Whether an offer's price for a prompt of `promptTokens` is known, given the lowest tier threshold among the
 * model's offers: yes for an offer that lists tiers, and for every offer while the prompt crosses no threshold
 * any offer of the model lists. Above one, an offer whose source lists no tier is silent on what it charges there
 * (the model's developer and other sellers charge more): its base price is not taken for that price.
 */
export function priceKnownAt(o: Offer, modelLowestTier: number, promptTokens: number | undefined): boolean {
  return promptTokens === undefined || !(promptTokens > modelLowestTier) || o.prices.tiers !== undefined;
}

/** How silentReason begins, for a reader that counts such offers. */
export const SILENT_REASON_START = 'its source lists no price for prompts longer than ';

/** The reason an offer is not priced above the model's lowest tier threshold, for the lists of offers left out. */
export function silentReason(modelLowestTier: number): string {
  const n = modelLowestTier.toLocaleString('en-US');
  return `${SILENT_REASON_START}${n} tokens, where another offer of the model charges a long-context `
    + 'price: its base price is not taken for the price there';
}
