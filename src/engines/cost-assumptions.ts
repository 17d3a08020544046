// The assumptions every cost estimate rests on, spelled out in the response.
import { HOURS_PER_MONTH, MIN_SELF_HOSTING_BITS } from './constants.ts';
import { DECODE_BASIS, PREFILL_BASIS } from './decode.ts';
import { roundTo } from './memory.ts';
import { IDLE_POWER_FRACTION } from './owned-power.ts';
import type { CostOptions, CostSettings } from './self-hosted-cost.ts';
import type { ApiCosts } from './api-cost.ts';
import { SILENT_REASON_START, TIER_RULE } from './long-context.ts';

/** The assumptions every cost estimate rests on, spelled out in the response. */
export function costAssumptions(opts: CostOptions, s: CostSettings, api?: ApiCosts): string[] {
  return [
    apiAssumption(opts.input_share, s.context, api),
    `self-hosting: every configuration that fits the model at ${MIN_SELF_HOSTING_BITS} bits per weight or more (quantization chosen as in models_for_hardware), rented at its on-demand hourly price or bought and run, cheapest first`,
    `prefill (the ${opts.input_share} input share) is compute-bound: ${PREFILL_BASIS}; where the dataset has no compute ` +
      'figure, prompt tokens are counted at the decode rate (the slow side)',
    `decode is memory-bandwidth bound under continuous batching: up to ${s.max_sequences} sequences share each step, as ` +
      `many as memory holds, until compute binds; a request is ${s.context} tokens, ${opts.input_share} of them prompt, and ` +
      'with requests arriving staggered (steady state) vLLM\'s paged KV cache holds each sequence at its current length, on ' +
      'average the prompt and half the answer (plus half a 16-token block), which each step reads and memory must hold; ' +
      `prefix caching, chunked-prefill gaps and preemption are not modelled; ${DECODE_BASIS}`,
    `utilization ${s.utilization}: the share of paid hours spent serving at that throughput (traffic is uneven over a day)`,
    `rented: billed hours = max(hours the volume needs, ${HOURS_PER_MONTH}); at least one machine for the month, extra machines only for the hours needed (dedicated_monthly_usd counts whole machine-months)`,
    `owned: purchase price over ${s.amortization_months} months plus electricity at ${s.power_usd_per_kwh} USD/kWh: ` +
      `board power for the hours it serves (hours the volume needs x utilization), the idle draw with the model loaded for the rest of each machine's ${HOURS_PER_MONTH} ` +
      'hours (a published reading of the accelerator where there is one, e.g. RTX 4090 22 W of 450 W, H100 140 W of 700 W; ' +
      `else ${IDLE_POWER_FRACTION} x board power, an upper bound for consumer cards); whole machines`,
    'not counted: staff, storage, network egress, host systems around the accelerators, reserved or spot discounts',
    'break-even: against the cheapest API offer with a price above zero (free offers are usually rate-limited); the curve gives monthly cost at each volume for the API, the cheapest rented and the cheapest owned configuration',
  ];
}

/**
 * The API's assumption. Prompts are taken to fill the context (the KV cache's size, capped at the window); the words
 * change only where that reaches an offer's long-context tier, so an answer below every threshold reads as before.
 */
function apiAssumption(share: number, context: number, api: ApiCosts | undefined): string {
  const blend = `API: blended price = ${share} x input + ${roundTo(1 - share, 6)} x output (USD per 1M tokens, `;
  const tiered = api !== undefined && api.offers.some((l) => l.long_context);
  const silent = api !== undefined && api.not_priced.some((n) => n.reason.startsWith(SILENT_REASON_START));
  if (!tiered && !silent) return `${blend}base prices as published: no long-context tiers, cache discounts or batch discounts)`;
  return `${blend}at the long-context price a prompt of ${context.toLocaleString('en-US')} tokens pays, each request's prompt taken `
    + `to fill the context: ${TIER_RULE}; an offer whose source lists no tier is not priced above the lowest threshold another `
    + 'offer of the model lists (`not_priced`); no cache or batch discounts)';
}
