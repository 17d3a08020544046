// Cost: monthly API cost per offer versus self-hosting (rented and owned), with the break-even and the cost curve.
import type { Hardware, Model, Offer } from '../schema/index.ts';
import { apiCosts, type ApiCosts } from './api-cost.ts';
import { breakEven, costCurve, type BreakEven, type CurvePoint } from './break-even.ts';
import { costAssumptions } from './cost-assumptions.ts';
import { costContext, costSettings, type CostOptions, type CostSettings } from './self-hosted-cost.ts';
import { selfHostingCosts, WRITTEN_OUT, type Describers, type SelfHosting } from './self-hosted-options.ts';
import { IN_OUTLINE, type OwnedOutline, type RentedOutline } from './cost-outline.ts';

export { apiCosts, usd, type ApiCostLine, type ApiCosts, type NotPriced, type PriceRef } from './api-cost.ts';
export { costAssumptions } from './cost-assumptions.ts';
export { costContext, costSettings, type CostOptions, type CostSettings, type SelfHostedOption } from './self-hosted-cost.ts';
export { selfHostingCost, selfHostingCosts, type SelfHosting } from './self-hosted-options.ts';
export type { OwnedOption } from './owned-cost.ts';
export type { BreakEven, CurvePoint } from './break-even.ts';
export type { OwnedOutline, RentedOutline } from './cost-outline.ts';

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
  /** Which is cheaper at the requested volume: the API or self-hosting (rented or owned, the cheaper); null when a side has no figure. */
  cheaper: 'api' | 'self_hosted' | null;
  estimate: true;
  assumptions: string[];
};

type Priced = { monthly_usd: number };

/**
 * The cheapest self-hosted month, rented or owned (an owned month counts the purchase share and the power): null
 * without either. A volume that favours bought hardware must not read as "the API is cheaper" because renting is dear.
 */
export function cheapestSelfHosted(sh: SelfHosting<Priced, Priced>): number | undefined {
  const costs = [sh.options[0]?.monthly_usd, sh.owned_options[0]?.monthly_usd].filter((x): x is number => x !== undefined);
  return costs.length ? Math.min(...costs) : undefined;
}

/** What both forms of a cost rest on: the API lines, self-hosting costed on every configuration, the break-evens. */
function costParts<R extends Priced, O extends Priced>(
  model: Model, offers: readonly Offer[], hardwareList: readonly Hardware[], opts: CostOptions, list: number, d: Describers<R, O>,
) {
  // Each request's prompt is taken to fill the context asked (capped at the window): it picks the long-context tier.
  const api = apiCosts(offers, opts, costContext(model, opts));
  // Every configuration that fits is costed and weighed (cheapest, break-even, curve); the cheapest `list` written out.
  const sh = selfHostingCosts(model, hardwareList, opts, list, d);
  const settings = costSettings(model, opts);
  const be = breakEven(api, sh.rented, sh.owned, sh.self_hosting.reason);
  const a = api.cheapest?.monthly_usd;
  const s = cheapestSelfHosted(sh.self_hosting);
  const cheaper = a === undefined || s === undefined ? null : a <= s ? ('api' as const) : ('self_hosted' as const);
  return { api, sh, settings, be, cheaper };
}

/** Monthly cost of a model through each API offer versus self-hosted, with the break-even volumes and the curve. Pure. */
export function estimateCost(model: Model, offers: readonly Offer[], hardwareList: readonly Hardware[], opts: CostOptions, list = Infinity): CostResult {
  const { api, sh, settings, be, cheaper } = costParts(model, offers, hardwareList, opts, list, WRITTEN_OUT);
  // The curve shows the break-evens, where owned self-hosting stops costing no more (the first window's end) and where
  // it stays so (be.edges, unrounded), beside the volume asked.
  return {
    model_id: model.id,
    tokens_millions: opts.tokens_millions,
    input_share: opts.input_share,
    settings,
    api,
    self_hosting: sh.self_hosting,
    break_even: be.rented,
    break_even_owned: be.owned,
    curve: costCurve(api, sh.rented, sh.owned, [opts.tokens_millions], be.edges),
    cheaper,
    estimate: true,
    assumptions: costAssumptions(opts, settings, api),
  };
}

/** The cost in outline (estimate_cost's short form): the same figures, no curve, each listed option in outline. */
export type CostOutline = Omit<CostResult, 'self_hosting' | 'curve'> & { self_hosting: SelfHosting<RentedOutline, OwnedOutline> };

/** estimateCost without what its short form does not show: the curve, and each listed option's full derivation figures. Pure. */
export function estimateCostOutline(
  model: Model, offers: readonly Offer[], hardwareList: readonly Hardware[], opts: CostOptions, list = Infinity,
): CostOutline {
  const { api, sh, settings, be, cheaper } = costParts(model, offers, hardwareList, opts, list, IN_OUTLINE);
  return {
    model_id: model.id,
    tokens_millions: opts.tokens_millions,
    input_share: opts.input_share,
    settings,
    api,
    self_hosting: sh.self_hosting,
    break_even: be.rented,
    break_even_owned: be.owned,
    cheaper,
    estimate: true,
    assumptions: costAssumptions(opts, settings, api),
  };
}
