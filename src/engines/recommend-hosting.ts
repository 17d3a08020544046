// recommend_model's one door to the self-hosting engines: where a model runs and what a month of it costs.
// Only this file and the two beside it change when the fit and cost engines change their interface: the named machine
// (recommend-hosting-named.ts) and the owned picks (recommend-hosting-owned.ts), re-exported here.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { DEFAULT_INPUT_SHARE, DEFAULT_UTILIZATION, HOURS_PER_MONTH } from './constants.ts';
import { selfHostingCost } from './cost.ts';
import type { FitAssessed } from './hardware-fit.ts';
import type { OwnedHost, OwnedOption } from './owned-cost.ts';
import { keptPick, type KeptPicks } from './recommend-hosting-kept.ts';
import type { RamPlacement } from './recommend-hosting-ram.ts';
import type { SlowerFormat } from './recommend-quant.ts';
import { selfFit, selfHostingFit } from './self-hosting.ts';
import { isEuJurisdiction } from './trust-eu.ts';

export { hostingOnMachine, hostingOnNamedMachine, OWNED_FIGURE } from './recommend-hosting-named.ts';
export { namedMachineMonth, namedMachineMonthKept, ownedHosting, type NamedMonth } from './recommend-hosting-owned.ts';

export type HostingCost = {
  /**
   * Rented: one configuration rented for a month (HOURS_PER_MONTH hours). Owned (on premises): estimate_cost's owned
   * month of the configuration at `owned.tokens_millions` (its capacity): the purchase and host amortised, and power.
   */
  monthly_usd: number;
  /** The month's cost over what the configuration serves in it at the default utilisation: USD per 1M tokens. */
  usd_per_mtok: number;
  capacity_tokens_millions_per_month: number;
  /** The rent the month rests on; null for a configuration costed as owned. */
  rental: { provider: string; instance_type: string; usd_per_hour: number; source: string; as_of: string; note?: string } | null;
  /** What an owned month rests on, as estimate_cost's owned option gives it; null for a rented one. */
  owned: OwnedCost | null;
  /** The provider's EU regions for this configuration (empty: none listed). */
  eu_regions: string[];
  /** How the cost is derived, each input with its figure. */
  basis: string[];
};

/** An owned month's parts, from estimate_cost's owned option of the configuration at the volume costed. */
export type OwnedCost = {
  /** The volume the month is costed at: the configuration's capacity, to the hundredth of a million below it. */
  tokens_millions: number;
  purchase: OwnedOption['purchase'];
  /** The host machine around the accelerators; null where no source prices it (then the month is a lower bound). */
  host_machine: OwnedHost | null;
  /** The month's electricity, USD; null where the dataset has no power figure for the configuration. */
  power_monthly_usd: number | null;
  machines: number;
};

export type HostingPick = {
  hardware: Hardware;
  fit: FitAssessed;
  own_machine: boolean;
  /**
   * On the caller's premises (`where=on-premises`, no machine named): hardware the caller buys and runs, costed as
   * owned (estimate_cost's purchase amortised, host machine and power); nothing is rented.
   */
  on_premises: boolean;
  /**
   * Costed as bought and run (estimate_cost's owned month): on premises, or a local machine with none named
   * (`where=local`, `keep=on-device`), which the caller would buy. False on a named machine and on a rented one.
   */
  bought: boolean;
  /**
   * Under the use's speed floor (Plan.speed_floor) with no faster configuration to take its place: such a pick is held
   * back (recommend.ts, step `speed`). False where no floor applies or the speed is not estimated.
   */
  below_floor: boolean;
  /**
   * On the caller's named machine: reaches the decode floor but takes longer than the use's prompt limit to read a prompt
   * filling the context (`SpeedFloor.prefill_stated_s`): kept, and ranked after every way that meets it (recommend.ts).
   * False elsewhere: a machine bought for the ask is held to the limit (`below_floor`), a rented one to none.
   */
  over_prompt_limit: boolean;
  /**
   * Bought: the configuration of the pick's kind that costs less to own and runs the model as well, passed over because
   * it is no longer sold new (owned-cost-basis.ts, the rule estimate_cost's owned basis follows). Absent when none was.
   */
  cheaper_not_sold_new?: Hardware;
  /** The configuration chosen without the floor, passed over because it runs the model under it; null when none was. */
  passed_over: { hardware: Hardware; fit: FitAssessed } | null;
  /**
   * The fit at the quantization the fit engine chooses (the highest that fits), passed over because it runs under the
   * speed floor where a lower one reaches it: `fit` is then at that lower one (recommend-quant.ts). Null otherwise. Its
   * quantization and speed only, from the fit's sums (engineChoice): the reason says no more of it.
   */
  slower_quantization: SlowerFormat | null;
  /**
   * Whether prices were looked for (no machine named, not local: rents, or purchase prices on premises): then a null
   * cost means no priced configuration fits.
   */
  priced: boolean;
  /** Null on the caller's own machine (already paid for) and where the dataset holds no price for the configuration. */
  cost: HostingCost | null;
  /** The configuration with the least memory the model fits, when it is not `hardware` (not priced the way it is). */
  smallest: { hardware: Hardware; fit: FitAssessed } | null;
  /**
   * On the caller's card beside the RAM they stated, a model that does not fit the card alone: its routed experts in
   * RAM (recommend-hosting-ram.ts); `fit` then holds the card's memory and the placement's level. Absent otherwise.
   */
  experts_in_ram?: RamPlacement;
};

const rentedPools = new WeakMap<readonly Hardware[], { any: Hardware[]; eu: Hardware[] }>();
const picks: KeptPicks = new WeakMap();

/**
 * The rental a self-hosted pick runs on, or null when the hardware is the caller's: a named machine, a machine on the
 * caller's premises, a bought local machine, or a configuration the dataset holds no rental price for (it would have
 * to be owned). A rented pick is under its provider's jurisdiction, and resident where the provider offers it.
 */
export function rentalOf(pick: HostingPick): RentedCost | null {
  const c = pick.cost;
  return pick.own_machine || pick.on_premises || !c?.rental ? null : (c as RentedCost);
}

/** A rented month: its rent always stated. */
export type RentedCost = HostingCost & { rental: NonNullable<HostingCost['rental']> };

/**
 * A rental provider under EU jurisdiction, by its row in the providers table (inference-providers.csv lists the GPU
 * clouds the rental prices come from). A provider the table does not list has no known jurisdiction: not EU. This is
 * scored (eu_jurisdiction) and stated, never a filter: keep=eu-only asks for EU residency, as it does of API offers.
 */
export function euRentalProvider(ds: Dataset, provider: string): boolean {
  return isEuJurisdiction(ds.providerById.get(provider)?.jurisdiction?.value);
}

/**
 * The configurations of `pool` with a rental price: any, or (eu) those a provider offers in an EU region, whatever
 * the provider's jurisdiction: EU residency is what keep=eu-only and where=eu-cloud ask of an API offer too (Bedrock in
 * Frankfurt qualifies, its US jurisdiction scored), so a rental in an EU region qualifies the same way and its
 * provider's jurisdiction is scored and stated. An EU region is one rental-regions.csv places in an EU member state.
 * Under eu, a configuration whose cheapest rental lists no EU region is rented at its cheapest one that does
 * (`eu_rental`, a copy of the record with that rental in place): the cheaper offer elsewhere does not hide it.
 * Pools are arrays of one dataset (its hardware, or a filter of it kept per dataset).
 */
function rented(pool: readonly Hardware[], eu: boolean): Hardware[] {
  let r = rentedPools.get(pool);
  if (!r) {
    const any = pool.filter((h) => h.rental !== undefined);
    const inEu = any.flatMap((h) => h.rental!.value.eu_regions.length > 0 ? [h] : h.eu_rental ? [{ ...h, rental: h.eu_rental }] : []);
    rentedPools.set(pool, (r = { any, eu: inEu }));
  }
  return eu ? r.eu : r.any;
}

/**
 * With no machine named: the configuration of `pool` that costs least for a month among those with a rental
 * price that fit the model, with that cost; else (no priced configuration fits) the smallest one it fits, at no
 * known cost. `priced: false` (local machines, which are bought, not rented) skips the rental prices; `eu: true`
 * (data must stay in the EU) counts only rentals offered in an EU region, by a provider under any jurisdiction.
 */
export function cheapestHosting(ds: Dataset, m: Model, pool: readonly Hardware[], context: number, priced = true, eu = false): HostingPick | undefined {
  return keptPick(picks, pool, context, priced ? (eu ? 'priced eu' : 'priced') : (eu ? 'eu' : ''), m,
    () => computeHosting(ds, m, pool, context, priced, eu));
}

/** A rented (or, unpriced, a merely fitted) pick: not the caller's, not bought, and held to no speed floor. */
const NOT_OWNED = {
  own_machine: false, on_premises: false, bought: false, below_floor: false, over_prompt_limit: false, passed_over: null,
  slower_quantization: null,
} as const;

function computeHosting(ds: Dataset, m: Model, pool: readonly Hardware[], context: number, priced: boolean, eu: boolean): HostingPick | undefined {
  const small = selfHostingFit(ds, m, pool, context);
  if (small.status !== 'fits') return undefined;
  const smallest = { hardware: small.hardware, fit: small.fit };
  if (!priced) return { ...smallest, ...NOT_OWNED, priced, cost: null, smallest: null };
  // One million tokens a month stays under one machine's capacity, so each option's monthly cost is one rented month.
  const candidates = rented(pool, eu);
  const c = selfHostingCost(m, candidates, { tokens_millions: 1, input_share: DEFAULT_INPUT_SHARE, context }, 1).cheapest;
  // The record costed, not the dataset's: under eu it may carry its EU rental in place of the cheapest.
  const hw = c ? candidates.find((h) => h.id === c.hardware_id) : undefined;
  const fit = hw ? selfFit(m, hw, context)?.fit : undefined;
  if (!c || !hw || !fit) return { ...smallest, ...NOT_OWNED, priced, cost: null, smallest: null };
  const monthly = c.rental.usd_per_hour * HOURS_PER_MONTH;
  const cost: HostingCost = {
    monthly_usd: Math.round(monthly * 100) / 100,
    usd_per_mtok: Math.round((monthly / c.capacity_tokens_millions_per_month) * 1e4) / 1e4,
    capacity_tokens_millions_per_month: c.capacity_tokens_millions_per_month,
    rental: c.rental,
    owned: null,
    eu_regions: [...hw.rental!.value.eu_regions],
    basis: [
      `${hw.id} rented at ${c.rental.usd_per_hour} USD/h (${c.rental.provider} ${c.rental.instance_type}; ${c.rental.source}, ${c.rental.as_of}) x ${HOURS_PER_MONTH} h`,
      `serves about ${c.capacity_tokens_millions_per_month}M tokens a month: ${c.throughput_tokens_per_s} tokens/s at batch ${c.batch}, ${c.utilization ?? DEFAULT_UTILIZATION} utilisation (estimate_cost's model)`,
    ],
  };
  return {
    ...NOT_OWNED, hardware: hw, fit, priced, cost, smallest: small.hardware.id === hw.id ? null : smallest,
  };
}
