// Cost: monthly API cost per offer versus self-hosting (rented and owned), with the break-even and the cost curve.
import type { Hardware, Model, Offer } from '../schema/index.ts';
import { apiCosts, usd, type ApiCosts } from './api-cost.ts';
import { breakEven, costCurve, paidOffer, type BreakEven, type CurvePoint } from './break-even.ts';
import { assumptionsWith, costAssumptions } from './cost-assumptions.ts';
import { attentionAssumption } from './attention-support.ts';
import { costContext, costSettings, type CostOptions, type CostSettings } from './self-hosted-cost.ts';
import { selfHostingCosts, WRITTEN_OUT, type Describers, type SelfHosting } from './self-hosted-options.ts';
import { IN_OUTLINE, type OwnedOutline, type RentedOutline } from './cost-outline.ts';
import type { OwnedFigures } from './owned-cost.ts';
import { ownedBasisWords, ownedWeighed as weighedOwned, pickOwnedBasis } from './owned-cost-basis.ts';
import type { RentedFigures } from './self-hosted-cost.ts';

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
  /** Monthly cost against volume: API, cheapest rented, and the owned basis (the one bought configuration the owned figures rest on). */
  curve: CurvePoint[];
  /** Which is cheaper at the requested volume: the API or self-hosting (rented or owned, the cheaper); null when a side has no figure. */
  cheaper: 'api' | 'self_hosted' | null;
  /** Why `cheaper` is null though a self-hosted month is below the API's (its host machine is not priced); else null. */
  cheaper_note: string | null;
  /** The two months `cheaper` compares, and the margin between them; null when it is null. */
  cheaper_basis: VerdictBasis | null;
  estimate: true;
  assumptions: string[];
};

type Priced = { monthly_usd: number };

/** One self-hosted month `cheaper` weighs: what it costs, on which configuration, and whether it is bought. */
export type SelfHostedMonth = { usd: number; hardware_id: string; owned: boolean; machines?: number };

/**
 * The cheapest self-hosted month (`any`, rented or owned), the cheapest that counts the whole machine (`counted`:
 * rented, which bills a whole machine, or owned with its host machine priced or in the purchase price), and the
 * cheaper of the rented month and the owned basis (`basis`: owned-cost-basis.ts), the month a verdict for the API names.
 */
export type SelfHostedMonths = { any?: SelfHostedMonth; counted?: SelfHostedMonth; basis?: SelfHostedMonth };

export function selfHostedMonths(
  rented: readonly RentedFigures[], owned: readonly OwnedFigures[], ownedBasis: OwnedFigures | undefined = pickOwnedBasis(owned),
): SelfHostedMonths {
  const r = rented[0] && { usd: rented[0].monthly_usd, hardware_id: rented[0].hardware_id, owned: false, machines: rented[0].machines };
  const month = (o: OwnedFigures | undefined) => o && { usd: o.monthly_usd, hardware_id: o.hardware_id, owned: true, machines: o.machines };
  const b = month(ownedBasis);
  const min = (a?: SelfHostedMonth, c?: SelfHostedMonth) => (a === undefined ? c : c === undefined || a.usd <= c.usd ? a : c);
  // The basis counts its whole machine whenever any bought configuration does (pickOwnedBasis).
  return { any: min(r, month(owned[0])), counted: min(r, ownedBasis?.host_counted ? b : undefined), basis: min(r, b) };
}

/** The API month `cheaper` weighs: the cheapest offer priced above zero. */
export type ApiMonth = { usd: number; provider: string };

export type Verdict = { cheaper: 'api' | 'self_hosted' | null; note: string | null };

/**
 * Which costs less at the volume. The API, when it costs no more than every self-hosted month (a host machine left
 * out of an owned month would only add to it); self-hosting, when a month that counts the whole machine is below the
 * API's. Otherwise the only months below the API's leave out a host machine no source prices: not shown cheaper, so
 * null, with a note giving the margin the host would have to fit in.
 */
export function costVerdict(api: ApiMonth | undefined, m: SelfHostedMonths): Verdict {
  const { any, counted } = m;
  if (api === undefined || any === undefined) return { cheaper: null, note: null };
  if (api.usd <= any.usd) return { cheaper: 'api', note: null };
  if (counted !== undefined && counted.usd < api.usd) return { cheaper: 'self_hosted', note: null };
  const more = Math.round(((api.usd - any.usd) / any.usd) * 1000) / 10;
  const whole = counted === undefined
    ? 'no configuration costed here counts the whole machine'
    : `the cheapest month that counts the whole machine, ${counted.hardware_id} ${counted.owned ? 'bought' : 'rented'}, costs ${counted.usd} USD, `
      + `${counted.usd === api.usd ? 'the same as' : 'more than'} the API`;
  return {
    cheaper: null,
    note: `self-hosting is not shown cheaper: ${any.hardware_id} bought and run costs ${any.usd} USD a month, and the API (${api.provider}) `
      + `${api.usd} USD, ${more}% more; but no source in the dataset prices the host machine around its accelerators (CPU, board, memory, `
      + `power supply, chassis), which that month leaves out, and the saving of ${usd(api.usd - any.usd)} USD may not cover it; ${whole}`,
  };
}

/**
 * The months a verdict rests on. Self-hosting cheaper: the cheapest month that counts the whole machine (gpt-oss-120b at
 * 10,000M: rtx-3090-x4 x2 with its host, not rtx-4090-x4, cheaper but hostless). The API cheaper: the cheaper of the
 * rented month and the owned basis, which the API costs no more than (it costs no more than every month). Either way
 * the owned month named is the owned basis, the configuration of the owned break-even and of the curve: an answer that
 * named one configuration there and another here would mislead.
 */
export type VerdictBasis = {
  self_hosted: { hardware_id: string; owned: boolean; machines: number; monthly_usd: number };
  api: { provider: string; monthly_usd: number };
  /** How much less the cheaper side costs a month (USD, rounded as money). */
  margin_usd: number;
};

export function verdictBasis(api: ApiMonth | undefined, m: SelfHostedMonths, v: Verdict): VerdictBasis | null {
  const month = v.cheaper === 'self_hosted' ? m.counted : v.cheaper === 'api' ? m.basis ?? m.any : undefined;
  if (!api || !month) return null;
  return {
    self_hosted: { hardware_id: month.hardware_id, owned: month.owned, machines: month.machines ?? 1, monthly_usd: month.usd },
    api: { provider: api.provider, monthly_usd: api.usd },
    margin_usd: usd(Math.abs(api.usd - month.usd)),
  };
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
  // The owned break-even and curve weigh the configurations that count their whole machine (whatever the volume asked);
  // the verdict's owned month is the cheapest of them at the volume asked, the owned basis.
  const basis = sh.owned_basis;
  const ownedWeighed = weighedOwned(sh.owned);
  const words = basis && ownedBasisWords(basis, sh.owned, opts.tokens_millions);
  const be = breakEven(api, sh.rented, ownedWeighed, sh.self_hosting.reason, words);
  // The API month weighed is the cheapest offer priced above zero: a $0 listing (a free tier or plan) is no price to
  // compare, as in the catalogue's price rankings and the break-even.
  const paid = paidOffer(api);
  // Every configuration weighs, not only those listed.
  const apiMonth = paid ? { usd: paid.monthly_usd, provider: paid.provider } : undefined;
  const months = selfHostedMonths(sh.rented, sh.owned, basis);
  const verdict = costVerdict(apiMonth, months);
  return { api, sh, ownedWeighed, settings, be, verdict, basis: verdictBasis(apiMonth, months, verdict) };
}

/**
 * A cost's members from its parts, the curve apart (only the full form draws it): the same figures for both forms.
 */
function costMembers<R extends Priced, O extends Priced>(model: Model, opts: CostOptions, p: ReturnType<typeof costParts<R, O>>) {
  const { api, sh, settings, be, verdict, basis } = p;
  return {
    model_id: model.id,
    tokens_millions: opts.tokens_millions,
    input_share: opts.input_share,
    settings,
    api,
    self_hosting: sh.self_hosting,
    break_even: be.rented,
    break_even_owned: be.owned,
    cheaper: verdict.cheaper,
    cheaper_note: verdict.note,
    cheaper_basis: basis,
    estimate: true as const,
    assumptions: assumptionsWith(costAssumptions(opts, settings, api), attentionAssumption(model)),
  };
}

/** Monthly cost of a model through each API offer versus self-hosted, with the break-even volumes and the curve. Pure. */
export function estimateCost(model: Model, offers: readonly Offer[], hardwareList: readonly Hardware[], opts: CostOptions, list = Infinity): CostResult {
  const p = costParts(model, offers, hardwareList, opts, list, WRITTEN_OUT);
  // The curve shows the break-evens, where owned self-hosting stops costing no more (the first window's end) and where
  // it stays so (be.edges, unrounded), beside the volume asked.
  // Assigned onto the members' object, not spread into a new one with the curve after them (one hidden class per result
  // in Node 20; see the operation, ops/estimate-cost.ts).
  return Object.assign(costMembers(model, opts, p), { curve: costCurve(p.api, p.sh.rented, p.ownedWeighed, [opts.tokens_millions], p.be.edges) });
}

/** The cost in outline (estimate_cost's short form): the same figures, no curve, each listed option in outline. */
export type CostOutline = Omit<CostResult, 'self_hosting' | 'curve'> & { self_hosting: SelfHosting<RentedOutline, OwnedOutline> };

/** estimateCost without what its short form does not show: the curve, and each listed option's full derivation figures. Pure. */
export function estimateCostOutline(
  model: Model, offers: readonly Offer[], hardwareList: readonly Hardware[], opts: CostOptions, list = Infinity,
): CostOutline {
  return costMembers(model, opts, costParts(model, offers, hardwareList, opts, list, IN_OUTLINE));
}
