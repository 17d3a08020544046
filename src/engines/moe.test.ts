// Which models the speed estimates cost as a mixture of experts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PREFILL_EFFICIENCY, MOE_PREFILL_EFFICIENCY } from './constants.ts';
import { prefillEfficiency } from './decode.ts';
import { isMixtureOfExperts } from './moe.ts';

test('a dense model whose two counts differ by rounding is dense: phi-4, gemma-3-12b-it, gemma-3n-e4b-it', () => {
  // data/curated/architecture-overrides.csv phi-4 14,659,507,200 beside llmfit's microsoft/phi-4 "14B";
  // llmfit unsloth/gemma-3-12b-it 12,187,325,040 beside google/gemma-3-12b-it 12B; unsloth/gemma-3n-E4B-it 8,387,373,392
  // beside google/gemma-3n-E4B-it 8B. All three are dense transformers (their model cards name no experts).
  for (const [active, total] of [[14e9, 14_659_507_200], [12e9, 12_187_325_040], [8e9, 8_387_373_392]]) {
    assert.equal(isMixtureOfExperts(active, total), false, `${active} of ${total}`);
    assert.equal(prefillEfficiency(active, total), PREFILL_EFFICIENCY);
  }
});

test('real mixtures of experts stay MoE: Mixtral 8x7B, Qwen3-30B-A3B, gpt-oss-20b', () => {
  // Mistral: Mixtral 8x7B 12.9B active of 46.7B; Qwen: Qwen3-30B-A3B 3.3B of 30.5B; OpenAI: gpt-oss-20b 3.61B of 20.91B.
  for (const [active, total] of [[12.9e9, 46.7e9], [3.3e9, 30.5e9], [3.61e9, 20.91e9]]) {
    assert.equal(isMixtureOfExperts(active, total), true, `${active} of ${total}`);
    assert.equal(prefillEfficiency(active, total), MOE_PREFILL_EFFICIENCY);
  }
  assert.equal(isMixtureOfExperts(7e9, 7e9), false);
});
