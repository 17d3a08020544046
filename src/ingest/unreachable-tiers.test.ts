// Tests of setting aside long-context tiers a listing cannot serve (Anthropic's retired 1M-context beta).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anOffer, f } from '../dataset/fixtures.ts';
import { setAsideUnreachableTiers } from './unreachable-tiers.ts';

// Rows as the sources give them. LiteLLM 2026-07-24, key `claude-sonnet-4-5`: input 3e-06, output 1.5e-05,
// input_cost_per_token_above_200k_tokens 6e-06, output_cost_per_token_above_200k_tokens 2.25e-05, max_input_tokens
// 200000 (per 1M tokens: 3/15, above 200k 6/22.5). genai-prices npm 0.1.8, anthropic claude-sonnet-4-5: context_window
// 200000, tiers start 200000, and "The 1M context beta was retired on 2026-04-30; requests over 200k now error".
const sonnetTier = { above_tokens: 200_000, input: 6, output: 22.5 };
const sonnet = () => anOffer({
  model_id: 'claude-sonnet-4-5', provider: 'anthropic',
  prices: { input: f(3), output: f(15), tiers: f([sonnetTier], 'litellm', '2026-07-24') },
  context_window: f(200_000, 'litellm', '2026-07-24'),
});
const windows = new Map<string, number>([['claude-sonnet-4-5', 200_000], ['gemini-2.5-pro', 1_048_576], ['no-own', 200_000]]);

test('a tier at or above the listing\'s own window is set aside, dated, never priced', () => {
  const o = sonnet();
  const issues = setAsideUnreachableTiers([o], (id) => windows.get(id));
  assert.equal(o.prices.tiers, undefined, 'no tier left to price');
  assert.deepEqual(o.unpriced_tiers?.value, [sonnetTier]);
  assert.equal(o.unpriced_tiers?.source, 'litellm');
  assert.equal(o.unpriced_tiers?.as_of, '2026-07-24');
  assert.match(o.unpriced_tiers!.note!, /the listing's own window \(litellm, 2026-07-24\) is 200,000 tokens/);
  assert.equal(issues.length, 1);
  assert.equal(issues[0].row, 'anthropic/claude-sonnet-4-5:standard');
});

test('a reachable tier stays priced: Gemini 2.5 Pro above 200k on a 1,048,576-token window', () => {
  // Google's published prices: $1.25/$10, $2.5/$15 for prompts over 200k tokens.
  const o = anOffer({ model_id: 'gemini-2.5-pro', provider: 'google',
    prices: { input: f(1.25), output: f(10), tiers: f([{ above_tokens: 200_000, input: 2.5, output: 15 }]) } });
  assert.deepEqual(setAsideUnreachableTiers([o], (id) => windows.get(id)), []);
  assert.deepEqual(o.prices.tiers?.value, [{ above_tokens: 200_000, input: 2.5, output: 15 }]);
  assert.equal(o.unpriced_tiers, undefined);
});

test('with no window of its own the model\'s applies; of two tiers only the unreachable one goes', () => {
  const o = anOffer({ model_id: 'no-own', provider: 'r',
    prices: { input: f(1), output: f(2),
      tiers: f([{ above_tokens: 128_000, input: 2, output: 3 }, { above_tokens: 200_000, input: 4, output: 6 }]) } });
  setAsideUnreachableTiers([o], (id) => windows.get(id));
  assert.deepEqual(o.prices.tiers?.value, [{ above_tokens: 128_000, input: 2, output: 3 }]);
  assert.deepEqual(o.unpriced_tiers?.value, [{ above_tokens: 200_000, input: 4, output: 6 }]);
  assert.match(o.unpriced_tiers!.note!, /the model's window \(the listing states none\) is 200,000 tokens/);
  // No window known at all: nothing is set aside.
  const u = anOffer({ model_id: 'unknown', prices: { input: f(1), output: f(2), tiers: f([{ above_tokens: 200_000, input: 2 }]) } });
  assert.deepEqual(setAsideUnreachableTiers([u], (id) => windows.get(id)), []);
  assert.equal(u.prices.tiers?.value.length, 1);
});
