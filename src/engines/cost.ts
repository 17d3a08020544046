// Cost: monthly API cost per offer versus self-hosting (rented and owned), with the break-even and the cost curve.
import type { Hardware, Model, Offer } from '../schema/index.ts';
import { HOURS_PER_MONTH, MIN_SELF_HOSTING_BITS, PREFILL_EFFICIENCY, DECODE_EFFICIENCY } from './constants.ts';
import { apiCosts, type ApiCosts } from './api-cost.ts';
import { breakEven, costCurve, type BreakEven, type CurvePoint } from './break-even.ts';
import { modelFacts, roundTo } from './memory.ts';
import { IDLE_POWER_FRACTION } from './owned-power.ts';
import { ownedOption, type OwnedOption } from './owned-cost.ts';
import { costSettings, rentedOption, type CostOptions, type CostSettings, type SelfHostedOption } from './self-hosted-cost.ts';

export { apiCosts, usd, type ApiCostLine, type ApiCosts, type NotPriced, type PriceRef } from './api-cost.ts';
export { costContext, costSettings, type CostOptions, type CostSettings, type SelfHostedOption } from './self-hosted-cost.ts';
export type { OwnedOption } from './owned-cost.ts';
export type { BreakEven, CurvePoint } from './break-even.ts';

export type SelfHosting = {
  /** false: closed weights; null: the dataset does not say whether the weights are published. */
  possible: boolean | null;
  reason: string | null;
  cheapest: SelfHostedOption | null;
  /** Rented configurations, cheapest first. */
  options: SelfHostedOption[];
  /** Configurations with a purchase price, costed as owned, cheapest first. */
  owned_options: OwnedOption[];
  skipped: { no_rental_price: number; no_purchase_price: number; does_not_fit: number };
  /** The model facts every option rests on (each option adds its hardware's). */
  derived_from: string[];
};

export type CostResult = {
  model_id: string;
  tokens_millions: number;
  input_share: number;
  settings: CostSettings;
  api: ApiCosts;
  self_hosting: SelfHosting;
  /** Against rented hardware. */
  break_even: BreakEven;
  /** Against owned hardware. */
  break_even_owned: BreakEven;
  /** Monthly cost against volume: API, cheapest rented, cheapest owned. */
  curve: CurvePoint[];
  /** Which is cheaper at the requested volume (rented self-hosting against the API); null when one side has no figure. */
  cheaper: 'api' | 'self_hosted' | null;
  estimate: true;
  assumptions: string[];
};

/** Self-hosting for a model: not possible (closed), unknown, or the configurations that fit, rented and owned, cheapest first. */
export function selfHostingCost(model: Model, hardwareList: readonly Hardware[], opts: CostOptions): SelfHosting {
  const skipped = { no_rental_price: 0, no_purchase_price: 0, does_not_fit: 0 };
  const none = (possible: boolean | null, reason: string, derived_from: string[] = []): SelfHosting =>
    ({ possible, reason, cheapest: null, options: [], owned_options: [], skipped, derived_from });
  const ow = model.open_weights;
  if (ow?.value === false) {
    return none(false, `not possible: the weights are not published (open_weights = false, ${ow.source}, ${ow.as_of}); the model is available only through APIs`, [
      `open_weights = false (${ow.source}, ${ow.as_of})`,
    ]);
  }
  if (!ow) return none(null, 'unknown: no source in the dataset says whether the weights are published, so self-hosting is not costed');
  const facts = modelFacts(model);
  if ('missing' in facts) {
    return none(true, `open weights, but not costed: the dataset has no ${facts.missing.join(' or ')} for this model, and the service does not guess them`);
  }
  const candidates = opts.hardware_id === undefined ? hardwareList : hardwareList.filter((h) => h.id === opts.hardware_id);
  if (candidates.length === 0) return none(true, `no hardware configuration ${opts.hardware_id} in the dataset`, facts.derived_from);
  const s = costSettings(model, opts);
  const options: SelfHostedOption[] = [];
  const owned_options: OwnedOption[] = [];
  for (const h of candidates) {
    const r = rentedOption(model, facts, h, opts, s);
    const o = ownedOption(model, facts, h, opts, s);
    if (r === 'does_not_fit' || o === 'does_not_fit') {
      skipped.does_not_fit++;
      continue;
    }
    if (typeof r === 'string') skipped.no_rental_price++;
    else options.push(r);
    if (typeof o === 'string') skipped.no_purchase_price++;
    else owned_options.push(o);
  }
  const byCost = (a: { monthly_usd: number; hardware_id: string }, b: { monthly_usd: number; hardware_id: string }) => a.monthly_usd - b.monthly_usd || a.hardware_id.localeCompare(b.hardware_id);
  options.sort(byCost);
  owned_options.sort(byCost);
  let reason: string | null = null;
  if (options.length === 0 && owned_options.length === 0) {
    reason =
      `open weights, but no configuration considered has a rental or purchase price and fits the model at ${MIN_SELF_HOSTING_BITS} bits per weight or more ` +
      `(${skipped.does_not_fit} too small for it, ${skipped.no_rental_price} without a rental price)`;
  }
  return { possible: true, reason, cheapest: options[0] ?? null, options, owned_options, skipped, derived_from: facts.derived_from };
}

/** The assumptions every cost estimate rests on, spelled out in the response. */
export function costAssumptions(opts: CostOptions, s: CostSettings): string[] {
  return [
    `API: blended price = ${opts.input_share} x input + ${roundTo(1 - opts.input_share, 6)} x output (USD per 1M tokens, base prices as published: no long-context tiers, cache discounts or batch discounts)`,
    `self-hosting: every configuration that fits the model at ${MIN_SELF_HOSTING_BITS} bits per weight or more (quantization chosen as in models_for_hardware), rented at its on-demand hourly price or bought and run, cheapest first`,
    `prefill (the ${opts.input_share} input share) is compute-bound: ${PREFILL_EFFICIENCY} x dense FP16 compute / (2 x active parameters); where the dataset has no compute figure, prompt tokens are counted at the decode rate (the slow side)`,
    `decode is memory-bandwidth bound under continuous batching: up to ${s.max_sequences} sequences of ${s.context} tokens (each KV cache sized and read at the full context, the slow side) share each step, as many as memory holds, until compute binds; efficiency ${DECODE_EFFICIENCY} of peak bandwidth`,
    `utilization ${s.utilization}: the share of paid hours spent serving at that throughput (traffic is uneven over a day)`,
    `rented: billed hours = max(hours the volume needs, ${HOURS_PER_MONTH}); at least one machine for the month, extra machines only for the hours needed (dedicated_monthly_usd counts whole machine-months)`,
    `owned: purchase price over ${s.amortization_months} months plus electricity at ${s.power_usd_per_kwh} USD/kWh: board power for the hours the volume needs, ` +
      `${IDLE_POWER_FRACTION} x board power (idle with the model loaded) for the rest of each machine's ${HOURS_PER_MONTH} hours; whole machines`,
    'not counted: staff, storage, network egress, host systems around the accelerators, reserved or spot discounts',
    'break-even: against the cheapest API offer with a price above zero (free offers are usually rate-limited); the curve gives monthly cost at each volume for the API, the cheapest rented and the cheapest owned configuration',
  ];
}

/** Monthly cost of a model through each API offer versus self-hosted, with the break-even volumes and the curve. Pure. */
export function estimateCost(model: Model, offers: readonly Offer[], hardwareList: readonly Hardware[], opts: CostOptions): CostResult {
  const api = apiCosts(offers, opts);
  const self_hosting = selfHostingCost(model, hardwareList, opts);
  const settings = costSettings(model, opts);
  const be = breakEven(api, self_hosting.options, self_hosting.owned_options, self_hosting.reason);
  const a = api.cheapest?.monthly_usd;
  const s = self_hosting.cheapest?.monthly_usd;
  const extra = [opts.tokens_millions, be.rented.tokens_millions ?? 0, be.owned.tokens_millions ?? 0];
  return {
    model_id: model.id,
    tokens_millions: opts.tokens_millions,
    input_share: opts.input_share,
    settings,
    api,
    self_hosting,
    break_even: be.rented,
    break_even_owned: be.owned,
    curve: costCurve(api, self_hosting.options, self_hosting.owned_options, extra),
    cheaper: a === undefined || s === undefined ? null : a <= s ? 'api' : 'self_hosted',
    estimate: true,
    assumptions: costAssumptions(opts, settings),
  };
}
