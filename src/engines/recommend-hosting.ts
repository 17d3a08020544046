// recommend_model's one door to the self-hosting engines: where a model runs and what a month of it costs.
// Only this file changes when the fit and cost engines change their interface.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { DEFAULT_INPUT_SHARE, DEFAULT_UTILIZATION, HOURS_PER_MONTH, type QuantizationId } from './constants.ts';
import { selfHostingCost, selfHostingCosts } from './cost.ts';
import type { FitAssessed } from './hardware-fit.ts';
import type { OwnedHost, OwnedOption } from './owned-cost.ts';
import { perDataset } from './per-dataset.ts';
import { ownedBasis } from './recommend-owned-basis.ts';
import { fitAt, usableQuantization } from './recommend-quant.ts';
import { fastEnough } from './recommend-speed.ts';
import { SelfFit, selfFit, selfHostingFit } from './self-hosting.ts';
import { isEuJurisdiction } from './trust-eu.ts';

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
  /** The configuration chosen without the floor, passed over because it runs the model under it; null when none was. */
  passed_over: { hardware: Hardware; fit: FitAssessed } | null;
  /**
   * The fit at the quantization the fit engine chooses (the highest that fits), passed over because it runs under the
   * speed floor where a lower one reaches it: `fit` is then at that lower one (recommend-quant.ts). Null otherwise.
   */
  slower_quantization: FitAssessed | null;
  /**
   * Whether prices were looked for (no machine named, not local: rents, or purchase prices on premises): then a null
   * cost means no priced configuration fits.
   */
  priced: boolean;
  /** Null on the caller's own machine (already paid for) and where the dataset holds no price for the configuration. */
  cost: HostingCost | null;
  /** The configuration with the least memory the model fits, when it is not `hardware` (not priced the way it is). */
  smallest: { hardware: Hardware; fit: FitAssessed } | null;
};

/**
 * The figure a machine the caller owns is described at: models_for_hardware's batch-1 speed, in the runtime it picks
 * for the machine's class (runtime.ts: llama.cpp's GGUF types on a desktop, PCIe cards split by layer, an Apple machine
 * or a CPU; vLLM formats only where the speed is tensor parallel), so both answers state one quantization and speed.
 */
export const OWNED_FIGURE = 'batch' as const;

/**
 * On the machine the caller named: fits at 4 bits or more, or undefined. Its cost is the caller's, already paid. It
 * runs at batch 1 on it, in the formats models_for_hardware uses for that machine (OWNED_FIGURE), not a server's.
 */
export function hostingOnMachine(m: Model, hardware: Hardware, context: number, floor: number | null = null): HostingPick | undefined {
  const f = selfFit(m, hardware, context, OWNED_FIGURE);
  if (!f) return undefined;
  if (floor === null || fastEnough(f.fit, floor)) return new MachinePick(f, false);
  const q = usableQuantization(f.fit, floor);
  return new MachinePick(f, q === null, q?.quantization);
}

/**
 * Whether each model fits a named machine at a context, kept per dataset, configuration object and context: one byte a
 * model. A machine text names the same configuration object on every ask (machine-cache.ts keeps the readings), and a
 * built configuration is dropped with its reading, so this is bounded by the catalogue plus the readings kept (2,048
 * configurations of under 1 KB at each context). A fit is figures of the model and the configuration only.
 */
const machineFits = perDataset(() => new WeakMap<Hardware, Map<string, Uint8Array>>());
const modelIndex = perDataset((ds) => new Map(ds.models.map((m, i) => [m, i])));
/** The contexts kept per configuration: the service asks at two (8,192 and the documents context). */
const MAX_KEPT_CONTEXTS = 4;
const FITS = 1;
const DOES_NOT_FIT = 2;
/** Fits, under the speed floor asked (the floor is part of the key the byte is kept under). */
const FITS_SLOW = 3;
/** Fits, under the floor at the highest quantization that fits, but reaches it at a lower one. */
const FITS_LOWERED = 4;

/**
 * hostingOnMachine with whether the model fits (and, with a floor, whether it reaches it) remembered; the figures are
 * still written out only when read. Kept per context and floor: the floors are the uses' (recommend-speed.ts), a few.
 */
export function hostingOnNamedMachine(
  ds: Dataset, m: Model, hardware: Hardware, context: number, floor: number | null = null,
): HostingPick | undefined {
  const i = modelIndex(ds).get(m);
  const byContext = machineFits(ds).get(hardware) ?? new Map<string, Uint8Array>();
  const key = `${context}|${floor}`;
  let known = byContext.get(key);
  if (i === undefined || (!known && byContext.size >= MAX_KEPT_CONTEXTS)) return hostingOnMachine(m, hardware, context, floor);
  if (!known) {
    byContext.set(key, (known = new Uint8Array(ds.models.length)));
    machineFits(ds).set(hardware, byContext);
  }
  if (known[i] === 0) {
    const pick = hostingOnMachine(m, hardware, context, floor);
    known[i] = !pick ? DOES_NOT_FIT : pick.below_floor ? FITS_SLOW : pick.slower_quantization ? FITS_LOWERED : FITS;
    return pick;
  }
  if (known[i] === DOES_NOT_FIT) return undefined;
  // Lowered: the quantization is chosen again when the fit is read (only for the picks shown).
  if (known[i] === FITS_LOWERED) return hostingOnMachine(m, hardware, context, floor);
  return new MachinePick(new SelfFit(m, hardware, context, OWNED_FIGURE), known[i] === FITS_SLOW);
}

/** The caller's own machine: ranked on whether the model fits; the fit's figures written out only if it is shown. */
class MachinePick implements HostingPick {
  readonly own_machine = true;
  readonly on_premises = false;
  readonly bought = false;
  readonly priced = false;
  readonly cost = null;
  readonly smallest = null;
  readonly passed_over = null;
  private lowered: FitAssessed | undefined;
  /** `q`: the lower quantization that reaches the floor, when the fit engine's own choice does not. */
  constructor(private readonly f: SelfFit, readonly below_floor: boolean, private readonly q?: QuantizationId) {}
  get hardware(): Hardware {
    return this.f.hardware;
  }
  get fit(): FitAssessed {
    if (this.q === undefined) return this.f.fit;
    return (this.lowered ??= fitAt(this.f.model, this.f.hardware, this.f.context, this.q, this.f.figure));
  }
  get slower_quantization(): FitAssessed | null {
    return this.q === undefined ? null : this.f.fit;
  }
}

const rentedPools = new WeakMap<readonly Hardware[], { any: Hardware[]; eu: Hardware[] }>();
const boughtPools = new WeakMap<readonly Hardware[], Hardware[]>();
/** Picks kept per pool and context: a pool's picks at a context, by model (and, rented, the ask's settings). */
type KeptPicks = WeakMap<readonly Hardware[], Map<number, Map<string, HostingPick | null>>>;
const picks: KeptPicks = new WeakMap();
const ownedPicks: KeptPicks = new WeakMap();

/**
 * The picks kept for a pool at a context, or undefined past MAX_KEPT_CONTEXTS contexts: a caller may ask at any context,
 * and a pick kept per model at each would grow with every new one (about 170 models an ask); the service's own asks
 * use two (8,192 and the documents context), so the first contexts kept are those, and a pick at another context past
 * the bound is worked out again on each ask.
 */
function keptAt(store: KeptPicks, pool: readonly Hardware[], context: number): Map<string, HostingPick | null> | undefined {
  let byContext = store.get(pool);
  if (!byContext) store.set(pool, (byContext = new Map()));
  let kept = byContext.get(context);
  if (!kept && byContext.size < MAX_KEPT_CONTEXTS) byContext.set(context, (kept = new Map()));
  return kept;
}

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
 * The configurations of `pool` with a rental price: any, or (eu) those the provider offers in an EU region, whatever
 * the provider's jurisdiction: EU residency is what keep=eu-only and where=eu-cloud ask of an API offer too (Bedrock in
 * Frankfurt qualifies, its US jurisdiction scored), so a rental in an EU region qualifies the same way and its
 * provider's jurisdiction is scored and stated. An EU region is one rental-regions.csv places in an EU member state.
 * Pools are arrays of one dataset (its hardware, or a filter of it kept per dataset).
 */
function rented(pool: readonly Hardware[], eu: boolean): Hardware[] {
  let r = rentedPools.get(pool);
  if (!r) {
    const any = pool.filter((h) => h.rental !== undefined);
    const inEu = any.filter((h) => h.rental!.value.eu_regions.length > 0);
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
  const cache = keptAt(picks, pool, context);
  const key = `${m.id}\u0000${priced}\u0000${eu}`;
  const hit = cache?.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const pick = computeHosting(ds, m, pool, context, priced, eu);
  cache?.set(key, pick ?? null);
  return pick;
}

/** A rented (or, unpriced, a merely fitted) pick: not the caller's, not bought, and held to no speed floor. */
const NOT_OWNED = {
  own_machine: false, on_premises: false, bought: false, below_floor: false, passed_over: null, slower_quantization: null,
} as const;

function computeHosting(ds: Dataset, m: Model, pool: readonly Hardware[], context: number, priced: boolean, eu: boolean): HostingPick | undefined {
  const small = selfHostingFit(ds, m, pool, context);
  if (small.status !== 'fits') return undefined;
  const smallest = { hardware: small.hardware, fit: small.fit };
  if (!priced) return { ...smallest, ...NOT_OWNED, priced, cost: null, smallest: null };
  // One million tokens a month stays under one machine's capacity, so each option's monthly cost is one rented month.
  const c = selfHostingCost(m, rented(pool, eu), { tokens_millions: 1, input_share: DEFAULT_INPUT_SHARE, context }, 1).cheapest;
  const hw = c ? ds.hardwareById.get(c.hardware_id) : undefined;
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

/** The configurations of `pool` with a purchase price (pools are arrays of one dataset, as for `rented`). */
function bought(pool: readonly Hardware[]): Hardware[] {
  let b = boughtPools.get(pool);
  if (!b) boughtPools.set(pool, (b = pool.filter((h) => h.purchase_price_usd !== undefined)));
  return b;
}

/**
 * On the caller's premises with no machine named: the configuration of `pool` least costly to own that the model fits,
 * costed as estimate_cost costs it bought (purchase and host machine amortised, electricity for the hours served and
 * idle: owned-cost.ts), one engine for both answers. Which is least costly is estimate_cost's owned order at 1M tokens a
 * month, where a month is nearly its fixed part (purchase share and idle draw), as the least costly rent is chosen for
 * a rented pick; among them the first whose month counts the whole machine (its host machine priced or in its price,
 * as `cheaper` weighs it), else the first at all, its month then a lower bound. A configuration with no power figure
 * is not weighed (as in estimate_cost). The month shown is estimate_cost's at the configuration's capacity (to the
 * hundredth of a million tokens below it, the figure the answer states): the owned machine kept as busy as a rented one
 * is ranked at. No priced configuration fits: the smallest it fits, at no known cost.
 */
export function ownedHosting(
  ds: Dataset, m: Model, pool: readonly Hardware[], context: number, floor: number | null = null, onPremises = true,
): HostingPick | undefined {
  const cache = keptAt(ownedPicks, pool, context);
  const key = `${m.id}\u0000${floor}\u0000${onPremises}`;
  const hit = cache?.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const pick = computeOwned(ds, m, pool, context, floor, onPremises);
  cache?.set(key, pick ?? null);
  return pick;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * With a speed floor (local and on premises: recommend-speed.ts), the configuration chosen is the least costly to own
 * that runs the model at the floor or faster, by the same order and host rule; the one passed over is kept to be said.
 * None reaches it: the usual one, marked below the floor (the pick is then held back). On premises the priced
 * configurations are looked for (none fits: price 0); a local machine with none priced stays not costed (neutral).
 */
function computeOwned(
  ds: Dataset, m: Model, pool: readonly Hardware[], context: number, floor: number | null, onPremises: boolean,
): HostingPick | undefined {
  const small = selfHostingFit(ds, m, pool, context);
  if (small.status !== 'fits') return undefined;
  const slow = (f: FitAssessed) => floor !== null && !fastEnough(f, floor);
  const unpriced: HostingPick = {
    hardware: small.hardware, fit: small.fit, own_machine: false, on_premises: onPremises, bought: true, below_floor: slow(small.fit),
    passed_over: null, slower_quantization: null, priced: onPremises, cost: null, smallest: null,
  };
  const opts = { tokens_millions: 1, input_share: DEFAULT_INPUT_SHARE, context };
  const months = selfHostingCosts(m, bought(pool), opts, 0).owned;
  const usual = months.find((o) => o.host_counted) ?? months[0];
  const fits = new Map<string, FitAssessed | undefined>();
  const fitOn = (h: Hardware) => {
    if (!fits.has(h.id)) fits.set(h.id, selfFit(m, h, context)?.fit);
    return fits.get(h.id);
  };
  // A configuration runs it usably at the fit engine's quantization, or at the highest lower one that reaches the floor.
  const lowerTo = new Map<string, QuantizationId | null>();
  const runs = (h: Hardware): boolean => {
    const f = fitOn(h);
    if (f === undefined) return false;
    if (!slow(f)) return true;
    if (!lowerTo.has(h.id)) lowerTo.set(h.id, usableQuantization(f, floor!)?.quantization ?? null);
    return lowerTo.get(h.id) !== null;
  };
  let first = usual;
  let passed: HostingPick['passed_over'] = null;
  const usualFit = usual ? fitOn(usual.hardware) : undefined;
  if (usual && usualFit && slow(usualFit)) {
    const faster = months.find((o) => o.host_counted && runs(o.hardware)) ?? months.find((o) => runs(o.hardware));
    if (faster) {
      first = faster;
      if (faster.hardware.id !== usual.hardware.id) passed = { hardware: usual.hardware, fit: usualFit };
    }
  }
  const engineFit = first ? fitOn(first.hardware) : undefined;
  if (!first || !engineFit) return unpriced;
  const hw = first.hardware;
  const q = lowerTo.get(hw.id) ?? undefined;
  const fit = q === undefined ? engineFit : fitAt(m, hw, context, q);
  const at = q === undefined ? ownedAtCapacity(m, first, context) : ownedAtQuantization(m, hw, context, q);
  if (!at) return unpriced;
  const { option: o, volume } = at;
  const cost: HostingCost = {
    monthly_usd: o.monthly_usd,
    usd_per_mtok: round4(o.monthly_usd / volume),
    capacity_tokens_millions_per_month: o.capacity_tokens_millions_per_month,
    rental: null,
    owned: {
      tokens_millions: volume, purchase: o.purchase, host_machine: o.host_machine, power_monthly_usd: o.power?.monthly_usd ?? null, machines: o.machines,
    },
    eu_regions: [],
    basis: ownedBasis(o, volume, context, q),
  };
  const smallest = small.hardware.id === hw.id ? null : { hardware: small.hardware, fit: small.fit };
  return {
    hardware: hw, fit, own_machine: false, on_premises: onPremises, bought: true, below_floor: slow(fit), passed_over: passed,
    slower_quantization: q === undefined ? null : engineFit, priced: true, cost, smallest,
  };
}

/**
 * estimate_cost's owned option of a configuration at the volume it serves in a month (its capacity at the default
 * utilisation, to the hundredth of a million tokens below, the figure the answer states), from its option at 1M tokens.
 */
function ownedAtCapacity(
  m: Model, at1: { hardware: Hardware; capacity_tokens_millions_per_month: number; unrounded: { capacity_tokens_millions_per_month?: number } },
  context: number, quantization?: QuantizationId,
): { option: OwnedOption; volume: number } | null {
  const capacity = at1.unrounded.capacity_tokens_millions_per_month ?? at1.capacity_tokens_millions_per_month;
  const volume = Math.floor(capacity * 100) / 100 || capacity;
  const opts = { tokens_millions: volume, input_share: DEFAULT_INPUT_SHARE, context, quantization };
  const option = selfHostingCosts(m, [at1.hardware], opts, 1).self_hosting.owned_options[0];
  return option ? { option, volume } : null;
}

/** ownedAtCapacity at exactly one quantization (the one a pick is lowered to for speed): estimate_cost's with `quantization`. */
function ownedAtQuantization(m: Model, hardware: Hardware, context: number, q: QuantizationId): { option: OwnedOption; volume: number } | null {
  const at1 = selfHostingCosts(m, [hardware], { tokens_millions: 1, input_share: DEFAULT_INPUT_SHARE, context, quantization: q }, 0).owned[0];
  return at1 ? ownedAtCapacity(m, at1, context, q) : null;
}

/**
 * A machine the caller named and owns: estimate_cost's owned month of it at the volume it serves in a month, to state
 * beside the pick (its purchase is spent, so the ranking does not count it: price 1); null where the dataset holds no
 * purchase price or power figure for it (estimate_cost then weighs no owned month either). Only for the picks shown.
 */
export function namedMachineMonth(
  m: Model, hardware: Hardware, context: number, quantization?: QuantizationId,
): { option: OwnedOption; volume: number } | null {
  if (!hardware.power_w) return null;
  if (quantization) return ownedAtQuantization(m, hardware, context, quantization);
  const at1 = selfHostingCosts(m, [hardware], { tokens_millions: 1, input_share: DEFAULT_INPUT_SHARE, context }, 0).owned[0];
  return at1 ? ownedAtCapacity(m, at1, context) : null;
}
