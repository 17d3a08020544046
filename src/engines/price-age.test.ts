// A served price's two dates in words, and the sentence for a price set long ago that no other source confirms.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monthsBefore, oldPriceWords, priceDateWords } from './price-age.ts';

// Lambda's qwen3-32b-fp8 as LiteLLM's field history has it (litellm-field-changes-2025-02..2026-07.jsonl): added
// 2025-07-21 at input_cost_per_token 5e-08, output 1e-07 (0.05/0.1 per 1M), removed 2025-07-22, added again
// 2025-07-23T01:37:16Z with the same figures, never changed; read in the snapshot of 2026-07-24. Data date 2026-09-23.
const lambda = {
  input: { value: 0.05, as_of: '2026-07-24', source: 'litellm', set_on: '2025-07-23' },
  output: { value: 0.1, as_of: '2026-07-24', source: 'litellm', set_on: '2025-07-23' },
};

test('a price reads with the day its source set it beside the day it was read; one date where they are the same', () => {
  assert.equal(priceDateWords(lambda.input), 'set 2025-07-23, read 2026-07-24');
  // genai-prices' OpenAI gpt-5-nano input, dated by its own history: set and read the same day.
  assert.equal(priceDateWords({ as_of: '2025-11-13', set_on: '2025-11-13' }), '2025-11-13');
  // No history places it (a curated developer price): the reading's date alone.
  assert.equal(priceDateWords({ as_of: '2026-11-26' }), '2026-11-26');
});

test('six months before the data date, by calendar months', () => {
  assert.equal(monthsBefore('2026-09-23', 6), '2026-03-23');
  assert.equal(monthsBefore('2026-01-15', 6), '2025-07-15');
});

test('Lambda\'s qwen3-32b price, set 2025-07-23 and confirmed by no other source, is said to be old on 2026-09-23', () => {
  assert.equal(oldPriceWords({ prices: lambda }, '2026-09-23'),
    ' Its price has been listed unchanged since 2025-07-23 (still so when read 2026-07-24) and no other source confirms it:'
      + ' set more than 6 months before the data\'s date (2026-09-23), it may no longer be what is charged.');
});

test('nothing is said where another source confirms the price, where it is recent, or where its set day is unknown', () => {
  const corroborated = { ...lambda, output: { ...lambda.output, corroborated_by: ['models-dev'] } };
  assert.equal(oldPriceWords({ prices: corroborated }, '2026-09-23'), '');
  // Set 2026-03-24: within six months of 2026-09-23 (the cutoff is 2026-03-23).
  const recent = { input: { ...lambda.input, set_on: '2026-03-24' }, output: { ...lambda.output, set_on: '2026-03-24' } };
  assert.equal(oldPriceWords({ prices: recent }, '2026-09-23'), '');
  // No history places the output: its age is not known, so the answer claims none.
  assert.equal(oldPriceWords({ prices: { ...lambda, output: { value: 0.1, as_of: '2026-07-24', source: 'litellm' } } }, '2026-09-23'), '');
  assert.equal(oldPriceWords({ prices: {} }, '2026-09-23'), '');
});
