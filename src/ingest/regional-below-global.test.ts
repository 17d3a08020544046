// Tests of the rule that holds back a regional listing priced below the same provider's listing with no region pinned.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';
import { REGIONAL_MARGIN } from './regional-below-global.ts';

const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider' | 'provider_model_id'>): OfferObservation =>
  ({ region: 'global', as_of: '2026-07-24', ...o });

// LiteLLM 2026-07-24 (model_prices_and_context_window-2026-07-24.json), per token:
//   anthropic.claude-3-5-haiku-20241022-v1:0     8e-07 / 4e-06 / cache read 8e-08 / write 1e-06
//   us.anthropic.claude-3-5-haiku-20241022-v1:0  8e-07 / 4e-06 / 8e-08 / 1e-06
//   eu.anthropic.claude-3-5-haiku-20241022-v1:0  2.5e-07 / 1.25e-06 / 2.5e-08 / 3.125e-07
//   eu.anthropic.claude-3-haiku-20240307-v1:0    2.5e-07 / 1.25e-06 / 2.5e-08 / 3.125e-07 (Claude 3 Haiku: the same figures)
const haiku = (id: string, region: 'global' | 'us' | 'eu', input: number, output: number, cache_read: number, cache_write: number) =>
  obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: id, region, input, output, cache_read, cache_write });
const HAIKU_35 = [
  haiku('anthropic.claude-3-5-haiku-20241022-v1:0', 'global', 0.8, 4, 0.08, 1),
  haiku('us.anthropic.claude-3-5-haiku-20241022-v1:0', 'us', 0.8, 4, 0.08, 1),
  haiku('eu.anthropic.claude-3-5-haiku-20241022-v1:0', 'eu', 0.25, 1.25, 0.025, 0.3125),
];

test("Bedrock's EU profile of Claude 3.5 Haiku at Claude 3 Haiku's 0.25/1.25 is held back, listed but unpriced", () => {
  const { offers, held } = buildOffers(HAIKU_35, () => 'claude-3-5-haiku-20241022', new Map());
  const eu = offers.find((o) => o.provider_model_id.startsWith('eu.'))!;
  assert.ok(eu, 'the offer stays listed');
  assert.deepEqual(eu.prices, {}, 'no price of it is served');
  assert.deepEqual(eu.held_back?.map((h) => [h.field, h.value, h.source]),
    [['input', 0.25, 'litellm'], ['output', 1.25, 'litellm'], ['cache_read', 0.025, 'litellm'], ['cache_write', 0.3125, 'litellm']]);
  // 0.25 / 0.8 = 0.3125: the reason names both prices and the listing the reference comes from.
  assert.match(eu.held_back![0].reason,
    /^regional listing priced below .*: input 0\.25 against 0\.8 at amazon-bedrock\/anthropic\.claude-3-5-haiku-20241022-v1:0 \(0\.3125x\)/);
  assert.equal(held.filter((h) => /regional listing priced below/.test(h.message)).length, 4);
  const us = offers.find((o) => o.provider_model_id.startsWith('us.'))!;
  assert.equal(us.prices.input?.value, 0.8, 'the US profile at the global price is left alone');
  assert.equal(us.held_back, undefined);
});

test('a regional premium and a gap within the margin are left alone', () => {
  // Anthropic's Bedrock page: regional endpoints of Claude Sonnet 4.5 cost 10% more, 3.3/16.5 against 3/15.
  const sonnet = buildOffers([
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', input: 3, output: 15 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0', region: 'eu', input: 3.3, output: 16.5 }),
  ], () => 'claude-sonnet-4-5', new Map()).offers;
  assert.ok(sonnet.every((o) => o.held_back === undefined));
  // 0.96 is 4% below 1: within a margin of 5% (0.95 = 1 - REGIONAL_MARGIN).
  assert.equal(REGIONAL_MARGIN, 0.05);
  const near = buildOffers([
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'm', input: 1, output: 4 }),
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'eu/m', region: 'eu', input: 0.96, output: 3.84 }),
  ], () => 'm', new Map()).offers.find((o) => o.region === 'eu')!;
  assert.equal(near.prices.input?.value, 0.96);
});

// LiteLLM 2026-07-24: bedrock/us-east-1/qwen.qwen3-coder-next 5e-07/1.2e-06 per token; models.dev 2026-07-02 lists
// amazon-bedrock/qwen.qwen3-coder-next at 0.22/1.8. Below on output (1.2 < 1.8), above on input (0.5 > 0.22).
test('a regional listing below on one price and above on the other is left alone: the reference is as doubtful', () => {
  const offers = buildOffers([
    obs({ source: 'models-dev', provider: 'amazon-bedrock', provider_model_id: 'qwen.qwen3-coder-next', input: 0.22, output: 1.8 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'us-east-1/qwen.qwen3-coder-next', input: 0.5, output: 1.2 }),
  ], () => 'qwen3-coder-next', new Map()).offers;
  const regional = offers.find((o) => o.provider_model_id.startsWith('us-east-1/'))!;
  assert.equal(regional.sku, 'regional');
  assert.equal(regional.prices.output?.value, 1.2);
  assert.equal(regional.held_back, undefined);
});

test("another provider's lower price, or the model's other listings in another zone, are no reference", () => {
  const offers = buildOffers([
    obs({ source: 'litellm', provider: 'other', provider_model_id: 'm', input: 0.8, output: 4 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'us.m', region: 'us', input: 0.8, output: 4 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'eu.m', region: 'eu', input: 0.25, output: 1.25 }),
  ], () => 'm', new Map()).offers;
  // Bedrock has no listing of m with no region pinned; the us. profile is regional itself.
  assert.ok(offers.every((o) => o.held_back === undefined));
});
