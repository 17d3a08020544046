// Prices a source converted from another currency: how an answer tells them from prices the provider publishes in USD.
import type { Offer } from '../schema/index.ts';
import { CONVERTED_MARK } from '../sources/genai-prices-currency.ts';

/**
 * How the same note says the price is the cheapest length tier only (Zhipu AI's GLM-4.5-Air, GLM-4.7, GLM-5,
 * GLM-5-Turbo and GLM-5.1: "[0, 32k) input", each model's description in the source), and the prompt size that tier
 * ends at: 32K read as 32,000, the smaller reading, so no prompt the tier may not cover is priced at it.
 */
export const SHORT_TIER_MARK = 'prompts under 32K tokens';
export const SHORT_TIER_TOKENS = 32_000;

type Noted = { note?: string } | undefined;
const noteHas = (f: Noted, mark: string) => f?.note?.includes(mark) === true;

/** Whether an offer's input or output price is a conversion by its source, not a USD price the provider publishes. */
export function isConvertedPrice(prices: { input?: Noted; output?: Noted }): boolean {
  return noteHas(prices.input, CONVERTED_MARK) || noteHas(prices.output, CONVERTED_MARK);
}

/**
 * How the note says the tier also ends at a short answer (GLM-4.5-Air and GLM-4.7: "[0, 0.2k) output", answers under
 * 200 tokens): no monthly volume is made of such answers alone, so the price is never taken for one.
 */
export const SHORT_ANSWER_MARK = ', answers under ';

/**
 * The developer's own price: its cheapest offer priced as it publishes it (Z.ai's USD list) before one a source
 * converted from another currency (Zhipu AI's CNY at the source's rate), which a USD buyer is not quoted; the
 * converted one only when it is all the developer sells. `pick(published)` is the caller's cheapest developer offer,
 * among the unconverted ones when `published`. estimate_cost and cheapest_for both name it so, the same for a model.
 */
export function developerPrice<T>(pick: (published: boolean) => T | undefined): T | undefined {
  return pick(true) ?? pick(false);
}

/**
 * Why an offer is not priced at a prompt of `promptTokens`, when its price is a converted cheapest tier that ends below
 * it, or ends at a short answer (the higher tiers are not in the source, so the price there is unknown); undefined
 * otherwise.
 */
export function shortTierReason(o: Pick<Offer, 'prices'>, promptTokens: number | undefined): string | undefined {
  const has = (mark: string) => noteHas(o.prices.input, mark) || noteHas(o.prices.output, mark);
  if (has(SHORT_ANSWER_MARK)) {
    const n = /answers under ([\d,]+) tokens/.exec(o.prices.input?.note ?? o.prices.output?.note ?? '')?.[1] ?? '200';
    return `its price is converted by the source from another currency at the cheapest length tier, prompts under 32K `
      + `tokens and answers under ${n} tokens, and the source lists none of the higher tiers: not taken for a month of answers`;
  }
  if (promptTokens === undefined || promptTokens < SHORT_TIER_TOKENS) return undefined;
  if (!has(SHORT_TIER_MARK)) return undefined;
  return `its price is converted by the source from another currency at the cheapest length tier, prompts under 32K `
    + `tokens, and the source lists none of the higher tiers: not taken for the price of a ${promptTokens.toLocaleString('en-US')}-token prompt`;
}
