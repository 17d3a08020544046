// Tests of OpenAI's 272K long-context boundary stored one way: the sources' 272,000 becomes 271,999.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openAiTierStart } from './openai-tier-start.ts';

test('an OpenAI model\'s tier written at 272,000 (LiteLLM above_272k, models.dev) is stored at 271,999, as genai-prices stores it', () => {
  // LiteLLM 2026-07-24, azure/gpt-5.4-2026-03-05: input_cost_per_token_above_272k_tokens 5e-6, output 2.25e-5;
  // genai-prices npm 0.1.8, openai gpt-5.4: tier start 271999 at 5 / 22.5.
  assert.deepEqual(openAiTierStart('openai', [{ above_tokens: 272_000, input: 5, output: 22.5 }]), [{ above_tokens: 271_999, input: 5, output: 22.5 }]);
  const already = [{ above_tokens: 271_999, input: 5, output: 22.5 }];
  assert.equal(openAiTierStart('openai', already), already);
});

test('another developer\'s 272,000 and OpenAI\'s other thresholds stay as written', () => {
  // models.dev 2026-07-02, sakana fugu-ultra: base 5 / 30, tier size 272_000 at 10 / 45 (Sakana's, not OpenAI's wording).
  const sakana = [{ above_tokens: 272_000, input: 10, output: 45 }];
  assert.equal(openAiTierStart('sakana', sakana), sakana);
  assert.equal(openAiTierStart(undefined, sakana), sakana);
  // genai-prices npm 0.1.8, github-copilot gpt-5.6-luna: base 0.2 / 1.2, tier start 200000 at 0.4 / 1.8: left alone.
  const copilot = [{ above_tokens: 200_000, input: 0.4, output: 1.8 }];
  assert.equal(openAiTierStart('openai', copilot), copilot);
});
