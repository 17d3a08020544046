// Tests of the break-even sentence when self-hosting never beats the API: figures at the utilization and at full use.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiCosts } from './api-cost.ts';
import { breakEven } from './break-even.ts';
import type { SelfHostedOption } from './self-hosted-cost.ts';

const api = (blended: number) =>
  ({ offers: [{ provider: 'nano-gpt', provider_model_id: 'llama', blended_usd_per_mtok: blended }] }) as unknown as ApiCosts;

/** A rented option as self-hosted-cost.ts prices it: marginal = hourly / (tokens/s x utilization x 3600 / 1e6). */
function rented(usdPerHour: number, tokensPerS: number, utilization: number): SelfHostedOption {
  return {
    hardware_id: 'b200-x8', utilization, throughput_tokens_per_s: tokensPerS,
    marginal_usd_per_mtok: Math.round((usdPerHour / ((tokensPerS * utilization * 3600) / 1e6)) * 1e4) / 1e4,
    rental: { provider: 'cloud', instance_type: 'b200x8', usd_per_hour: usdPerHour, source: 'test', as_of: '2026-09-23' },
  } as unknown as SelfHostedOption;
}

test('never crossing: the figure is stated at the utilization used, and at full use worked apart', () => {
  // Llama 3.3 70B on b200-x8 as estimate_cost serves it: $44/h, 32,556.5 tokens/s. At utilization 0.5:
  // 44 / (32,556.5 x 0.5 x 3600 / 1e6 = 58.60 M tokens/h) = 0.7508 USD per 1M; at full use 44 / 117.20 = 0.3754.
  const r = breakEven(api(0.095), [rented(44, 32_556.5, 0.5)]).rented;
  assert.equal(r.tokens_millions, null);
  assert.match(r.reason, /never cross at utilization 0\.5: rented self-hosting costs at least 0\.7508 USD per 1M tokens \(b200-x8\)/);
  assert.match(r.reason, /and 0\.3754 even at full use; the cheapest paid API offer is 0\.095 \(nano-gpt\)/);
  assert.doesNotMatch(r.reason, /0\.7508 USD per 1M tokens even at full use/);
});

test('never crossing at the utilization used, yet below the API at full use: the sentence says a higher utilization crosses', () => {
  // API at 0.5 USD per 1M: 0.7508 at utilization 0.5 is above it, 0.3754 at full use below it.
  const r = breakEven(api(0.5), [rented(44, 32_556.5, 0.5)]).rented;
  assert.equal(r.tokens_millions, null);
  assert.match(r.reason, /at full use it would cost 0\.3754, below the API: a higher utilization crosses/);
});
