// Tests of long-context prices: which tier a prompt pays, at the threshold and above it, and the blend at it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Offer, Prices } from '../schema/index.ts';
import { lowestTier, priceKnownAt, tierAt, tierBlend, tierDerivedFrom } from './long-context.ts';

const f = <T>(value: T) => ({ value, as_of: '2026-07-24', source: 'litellm' });

// LiteLLM 2026-07-24, gemini/gemini-2.5-pro: input_cost_per_token 1.25e-6, output 1e-5,
// input_cost_per_token_above_200k_tokens 2.5e-6, output_..._above_200k_tokens 1.5e-5 (Google: "prompts > 200k tokens").
const gemini25Pro: Prices = { input: f(1.25), output: f(10), tiers: f([{ above_tokens: 200_000, input: 2.5, output: 15 }]) };
// genai-prices npm 0.1.8, openai gpt-5.4: base 2.5 / 15, tier start 271999 at 5 / 22.5 ("272K input tokens and above",
// stored one below because the pricing engines select a tier when the prompt is greater than start).
const gpt54: Prices = { input: f(2.5), output: f(15), tiers: f([{ above_tokens: 271_999, input: 5, output: 22.5 }]) };
// LiteLLM 2026-07-24, dashscope/qwen3-coder-plus tiered_pricing: ranges from 0, 32k, 128k, 256k at 1/5, 1.8/9, 3/15, 6/60.
const qwenCoderPlus: Prices = {
  input: f(1), output: f(5),
  tiers: f([
    { above_tokens: 32_000, input: 1.8, output: 9 }, { above_tokens: 128_000, input: 3, output: 15 },
    { above_tokens: 256_000, input: 6, output: 60 },
  ]),
};

test('a prompt of exactly the threshold pays the base price; one token more pays the tier for every token', () => {
  assert.equal(tierAt(gemini25Pro, 200_000), undefined);
  const t = tierAt(gemini25Pro, 200_001)!;
  assert.deepEqual([t.above_tokens, t.input, t.output], [200_000, 2.5, 15]);
  // 0.75 x 2.5 + 0.25 x 15 = 1.875 + 3.75 = 5.625 (base: 0.75 x 1.25 + 0.25 x 10 = 3.4375).
  assert.equal(tierBlend(t, 0.75), 5.625);
  assert.deepEqual(tierDerivedFrom(t, 0.75), ['prices.tiers']);
});

test('OpenAI\'s "272K and above" stored as 271,999: 272,000 tokens pay the tier, 271,999 do not', () => {
  assert.equal(tierAt(gpt54, 271_999), undefined);
  const t = tierAt(gpt54, 272_000)!;
  assert.deepEqual([t.input, t.output], [5, 22.5]);
  // 0.5 x 5 + 0.5 x 22.5 = 13.75.
  assert.equal(tierBlend(t, 0.5), 13.75);
});

test('of several tiers, the highest one the prompt is longer than applies', () => {
  assert.equal(tierAt(qwenCoderPlus, 32_000), undefined);
  assert.deepEqual([tierAt(qwenCoderPlus, 100_000)!.input, tierAt(qwenCoderPlus, 100_000)!.output], [1.8, 9]);
  assert.deepEqual([tierAt(qwenCoderPlus, 128_001)!.input, tierAt(qwenCoderPlus, 128_001)!.output], [3, 15]);
  const t = tierAt(qwenCoderPlus, 500_000)!;
  assert.deepEqual([t.above_tokens, t.input, t.output], [256_000, 6, 60]);
  // 0.75 x 6 + 0.25 x 60 = 4.5 + 15 = 19.5.
  assert.equal(tierBlend(t, 0.75), 19.5);
});

test('a tier giving one side only keeps the other side\'s price below it, and says which fields the blend reads', () => {
  const inputOnly: Prices = { input: f(1), output: f(4), tiers: f([{ above_tokens: 100_000, input: 2 }]) };
  const t = tierAt(inputOnly, 150_000)!;
  assert.deepEqual([t.input, t.output, t.input_from_tier, t.output_from_tier], [2, 4, true, false]);
  // 0.75 x 2 + 0.25 x 4 = 2.5.
  assert.equal(tierBlend(t, 0.75), 2.5);
  assert.deepEqual(tierDerivedFrom(t, 0.75), ['prices.tiers', 'prices.output']);
  assert.deepEqual(tierDerivedFrom(t, 1), ['prices.tiers']);
  assert.equal(tierBlend({ ...t, output: undefined }, 0.75), undefined);
});

test('above the lowest threshold of a model, an offer that lists no tier has no known price; below it, every offer has', () => {
  const offer = (prices: Prices) => ({ prices }) as Offer;
  const offers = [offer(gemini25Pro), offer({ input: f(1.25), output: f(10) })];
  const low = lowestTier(offers);
  assert.equal(low, 200_000);
  assert.equal(lowestTier([offers[1]]), Infinity);
  assert.deepEqual([priceKnownAt(offers[1], low, undefined), priceKnownAt(offers[1], low, 200_000), priceKnownAt(offers[1], low, 200_001)],
    [true, true, false]);
  assert.equal(priceKnownAt(offers[0], low, 500_000), true);
});
