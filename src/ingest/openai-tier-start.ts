// OpenAI's long-context boundary, stored one way whatever the source: prices "272K and above" at 271,999.
//
// OpenAI lists its standard rates "for prompts with <272K input tokens" (genai-prices npm 0.1.8, openai gpt-5.4 and
// gpt-5.5: "the long-context rates begin at exactly 272K. Tier starts are encoded as 271999 because the pricing
// engines select a tier when the token count is greater than start"). The sources write the same boundary two ways:
// genai-prices 271,999 for GPT-5.4 to 5.6, 272,000 for GPT-6; LiteLLM's `*_above_272k_tokens` and models.dev's
// `tier.size = 272_000` read as 272,000. A tier applies to a prompt strictly longer than its start
// (src/engines/long-context.ts), so the two disagree on a prompt of exactly 272,000 tokens, and two offers of one
// model would price it apart. One rule: an OpenAI model's tier starting at 272,000 is stored at 271,999, the reading
// where such a prompt pays the dearer price (an estimate never below what the request may pay).

type Tier = { above_tokens: number; input?: number; output?: number };

/** The threshold as the sources write it, and as the dataset stores it. */
export const OPENAI_TIER_WRITTEN = 272_000;
export const OPENAI_TIER_STORED = 271_999;

/** The tiers with OpenAI's 272K boundary stored at 271,999 when the model's developer is OpenAI; others as given. */
export function openAiTierStart<T extends Tier>(vendor: string | undefined, tiers: T[]): T[] {
  if (vendor !== 'openai' || !tiers.some((t) => t.above_tokens === OPENAI_TIER_WRITTEN)) return tiers;
  return tiers.map((t) => (t.above_tokens === OPENAI_TIER_WRITTEN ? { ...t, above_tokens: OPENAI_TIER_STORED } : t));
}
