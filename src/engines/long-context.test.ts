// Tests of long-context prices: which tier a prompt pays, at the threshold and above it, and the blend at it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Offer, Prices } from '../schema/index.ts';
import { priceKnownAt, silentReason, tierAt, tierBlend, tierBounds, tierDerivedFrom, tierThresholds } from './long-context.ts';

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

test('above the lowest threshold of a model, an offer that lists no tier nor a window of its own has no known price; below it, every offer has', () => {
  const offer = (prices: Prices) => ({ prices }) as Offer;
  const offers = [offer(gemini25Pro), offer({ input: f(1.25), output: f(10) })];
  const low = tierBounds(offers).lowest;
  assert.equal(low, 200_000);
  assert.equal(tierBounds([offers[1]]).lowest, Infinity);
  const bounds = tierBounds(offers);
  assert.deepEqual([priceKnownAt(offers[1], bounds, undefined), priceKnownAt(offers[1], bounds, 200_000), priceKnownAt(offers[1], bounds, 200_001)],
    [true, true, false]);
  assert.equal(priceKnownAt(offers[0], bounds, 500_000), true);
});

// genai-prices providers-yml/anthropic.yml, claude-sonnet-4-6: "Long context (>200k) surcharge removed" from 2026-03-13,
// input 3, output 15 (claude.com/blog/1m-context-ga); context_window 1000000 (npm 0.1.8). Resellers still list
// models.dev's tier at 6 / 22.5 above 200k (vercel, requesty, openrouter).
const sonnet46Own = { prices: { input: f(3), output: f(15) }, context_window: f(1_000_000), first_party: true } as unknown as Offer;
const sonnet46Reseller = { prices: { input: f(3), output: f(15), tiers: f([{ above_tokens: 200_000, input: 6, output: 22.5 }]) },
  first_party: false } as unknown as Offer;

test('an offer that lists no tier is priced at its flat price up to its own stated window, above another offer\'s threshold', () => {
  const bounds = tierBounds([sonnet46Own, sonnet46Reseller]);
  assert.deepEqual(bounds, { lowest: 200_000, developer: Infinity });
  // 500,000 and 1,000,000 tokens: within Anthropic's 1M window, flat 3 / 15 (0.75 x 3 + 0.25 x 15 = 6 blended).
  assert.deepEqual([priceKnownAt(sonnet46Own, bounds, 500_000), priceKnownAt(sonnet46Own, bounds, 1_000_000)], [true, true]);
  assert.equal(tierAt(sonnet46Own.prices, 500_000), undefined);
  // One token past its window: silent.
  assert.equal(priceKnownAt(sonnet46Own, bounds, 1_000_001), false);
  // Without a window of its own, the same offer is silent above 200k.
  const noWindow = { ...sonnet46Own, context_window: undefined } as Offer;
  assert.equal(priceKnownAt(noWindow, bounds, 200_001), false);
  assert.match(silentReason(noWindow, bounds, 200_001), /longer than 200,000 tokens, where another offer .* no context window of its own/);
});

test('where the developer charges a tier on its own offer, a reseller that lists none stays silent above it, whatever its window', () => {
  // LiteLLM 2026-07-24, gemini/gemini-2.5-pro (Google's own): 1.25 / 10, 2.5 / 15 above 200k; a reseller listing
  // models.dev's 1.25 / 10 with a 1,048,576 window and no tier is taken as its source leaving the tier out.
  const google = { prices: gemini25Pro, first_party: true, context_window: f(1_048_576) } as unknown as Offer;
  const reseller = { prices: { input: f(1.25), output: f(10) }, first_party: false, context_window: f(1_048_576) } as unknown as Offer;
  const bounds = tierBounds([google, reseller]);
  assert.deepEqual(bounds, { lowest: 200_000, developer: 200_000 });
  assert.deepEqual([priceKnownAt(reseller, bounds, 200_000), priceKnownAt(reseller, bounds, 400_000)], [true, false]);
  assert.match(silentReason(reseller, bounds, 400_000), /the model's developer lists a long-context price/);
});

test('a tier equal to the base price is no tier: it sets no threshold and is never applied', () => {
  // models.dev 2026-07-02, aihubmix gemini-3-flash-preview: input 0.5, output 3, tier above 200000 at 0.5 / 3.
  const aihubmix: Prices = { input: f(0.5), output: f(3), tiers: f([{ above_tokens: 200_000, input: 0.5, output: 3 }]) };
  assert.deepEqual(tierThresholds(aihubmix), []);
  assert.equal(tierAt(aihubmix, 500_000), undefined);
  assert.equal(tierBounds([{ prices: aihubmix } as Offer]).lowest, Infinity);
  // A tier that raises one side only is a tier.
  assert.deepEqual(tierThresholds({ input: f(0.5), output: f(3), tiers: f([{ above_tokens: 200_000, input: 1, output: 3 }]) }), [200_000]);
});

test('the developer\'s tiers above its own window count as its word too: a reseller\'s 1M window at base price stays silent', () => {
  // genai-prices npm 0.1.8, anthropic claude-sonnet-4-5: context_window 200000, >200k tiers 6 / 22.5 kept as history
  // ("The 1M context beta was retired on 2026-04-30"); models.dev 2026-07-02, kilo anthropic/claude-sonnet-4.5: 3 / 15,
  // limit.context 1_000_000, no tier.
  const own = { prices: { input: f(3), output: f(15) }, first_party: true, context_window: f(200_000),
    unpriced_tiers: f([{ above_tokens: 200_000, input: 6, output: 22.5 }]) } as unknown as Offer;
  const kilo = { prices: { input: f(3), output: f(15) }, first_party: false, context_window: f(1_000_000) } as unknown as Offer;
  const listed = { prices: sonnet46Reseller.prices, first_party: false } as unknown as Offer;
  const bounds = tierBounds([own, kilo, listed]);
  assert.deepEqual(bounds, { lowest: 200_000, developer: 200_000 });
  assert.equal(priceKnownAt(kilo, bounds, 500_000), false);
  assert.equal(priceKnownAt(listed, bounds, 500_000), true);
});
