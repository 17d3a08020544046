// recommend_model's one door to the self-hosting engines: where a model runs and what a month of it costs.
// Only this file changes when the fit and cost engines change their interface.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { DEFAULT_INPUT_SHARE, DEFAULT_UTILIZATION, HOURS_PER_MONTH } from './constants.ts';
import { selfHostingCost } from './cost.ts';
import type { FitAssessed } from './hardware-fit.ts';
import { perDataset } from './per-dataset.ts';
import { SelfFit, selfFit, selfHostingFit } from './self-hosting.ts';
import { isEuJurisdiction } from './trust-eu.ts';

export type HostingCost = {
  /** One configuration rented for a month (HOURS_PER_MONTH hours). */
  monthly_usd: number;
  /** The month's cost over what the configuration serves in it at the default utilisation: USD per 1M tokens. */
  usd_per_mtok: number;
  capacity_tokens_millions_per_month: number;
  rental: { provider: string; instance_type: string; usd_per_hour: number; source: string; as_of: string; note?: string };
  /** The provider's EU regions for this configuration (empty: none listed). */
  eu_regions: string[];
  /** How the cost is derived, each input with its figure. */
  basis: string[];
};

export type HostingPick = {
  hardware: Hardware;
  fit: FitAssessed;
  own_machine: boolean;
  /**
   * On the caller's premises (`where=on-premises`, no machine named): hardware the caller owns, costed at the
   * configuration's rent because that is the price the dataset holds; the rental provider does not run it.
   */
  on_premises: boolean;
  /** Whether rental prices were looked for (no machine named, not local): then a null cost means none fits. */
  priced: boolean;
  /** Null on the caller's own machine (already paid for) and where the dataset holds no price for the configuration. */
  cost: HostingCost | null;
  /** The configuration with the least memory the model fits, when it is not `hardware` (it has no price). */
  smallest: { hardware: Hardware; fit: FitAssessed } | null;
};

/** On the machine the caller named: fits at 4 bits or more, or undefined. Its cost is the caller's, already paid. */
export function hostingOnMachine(m: Model, hardware: Hardware, context: number): HostingPick | undefined {
  const f = selfFit(m, hardware, context);
  return f ? new MachinePick(f) : undefined;
}

/**
 * Whether each model fits a named machine at a context, kept per dataset, configuration object and context: one byte a
 * model. A machine text names the same configuration object on every ask (machine-cache.ts keeps the readings), and a
 * built configuration is dropped with its reading, so this is bounded by the catalogue plus the readings kept (2,048
 * configurations of under 1 KB at each context). A fit is figures of the model and the configuration only.
 */
const machineFits = perDataset(() => new WeakMap<Hardware, Map<number, Uint8Array>>());
const modelIndex = perDataset((ds) => new Map(ds.models.map((m, i) => [m, i])));
/** The contexts kept per configuration: the service asks at two (8,192 and the documents context). */
const MAX_KEPT_CONTEXTS = 4;
const FITS = 1;
const DOES_NOT_FIT = 2;

/** hostingOnMachine with whether the model fits remembered (the figures are still written out only when read). */
export function hostingOnNamedMachine(ds: Dataset, m: Model, hardware: Hardware, context: number): HostingPick | undefined {
  const i = modelIndex(ds).get(m);
  const byContext = machineFits(ds).get(hardware) ?? new Map<number, Uint8Array>();
  let known = byContext.get(context);
  if (i === undefined || (!known && byContext.size >= MAX_KEPT_CONTEXTS)) return hostingOnMachine(m, hardware, context);
  if (!known) {
    byContext.set(context, (known = new Uint8Array(ds.models.length)));
    machineFits(ds).set(hardware, byContext);
  }
  if (known[i] === 0) {
    const f = selfFit(m, hardware, context);
    known[i] = f ? FITS : DOES_NOT_FIT;
    return f ? new MachinePick(f) : undefined;
  }
  return known[i] === FITS ? new MachinePick(new SelfFit(m, hardware, context)) : undefined;
}

/** The caller's own machine: ranked on whether the model fits; the fit's figures written out only if it is shown. */
class MachinePick implements HostingPick {
  readonly own_machine = true;
  readonly on_premises = false;
  readonly priced = false;
  readonly cost = null;
  readonly smallest = null;
  constructor(private readonly f: SelfFit) {}
  get hardware(): Hardware {
    return this.f.hardware;
  }
  get fit(): FitAssessed {
    return this.f.fit;
  }
}

const rentedPools = new WeakMap<readonly Hardware[], { any: Hardware[]; eu: Hardware[] }>();
const picks = new WeakMap<readonly Hardware[], Map<string, HostingPick | null>>();

/**
 * The rental a self-hosted pick runs on, or null when the hardware is the caller's: a named machine, a machine on the
 * caller's premises, a bought local machine, or a configuration the dataset holds no rental price for (it would have
 * to be owned). A rented pick is under its provider's jurisdiction, and resident where the provider offers it.
 */
export function rentalOf(pick: HostingPick): HostingCost | null {
  return pick.own_machine || pick.on_premises ? null : pick.cost;
}

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
  let cache = picks.get(pool);
  if (!cache) picks.set(pool, (cache = new Map()));
  const key = `${m.id}\u0000${context}\u0000${priced}\u0000${eu}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const pick = computeHosting(ds, m, pool, context, priced, eu);
  cache.set(key, pick ?? null);
  return pick;
}

function computeHosting(ds: Dataset, m: Model, pool: readonly Hardware[], context: number, priced: boolean, eu: boolean): HostingPick | undefined {
  const small = selfHostingFit(ds, m, pool, context);
  if (small.status !== 'fits') return undefined;
  const smallest = { hardware: small.hardware, fit: small.fit };
  if (!priced) return { ...smallest, own_machine: false, on_premises: false, priced, cost: null, smallest: null };
  // One million tokens a month stays under one machine's capacity, so each option's monthly cost is one rented month.
  const c = selfHostingCost(m, rented(pool, eu), { tokens_millions: 1, input_share: DEFAULT_INPUT_SHARE, context }, 1).cheapest;
  const hw = c ? ds.hardwareById.get(c.hardware_id) : undefined;
  const fit = hw ? selfFit(m, hw, context)?.fit : undefined;
  if (!c || !hw || !fit) return { ...smallest, own_machine: false, on_premises: false, priced, cost: null, smallest: null };
  const monthly = c.rental.usd_per_hour * HOURS_PER_MONTH;
  const cost: HostingCost = {
    monthly_usd: Math.round(monthly * 100) / 100,
    usd_per_mtok: Math.round((monthly / c.capacity_tokens_millions_per_month) * 1e4) / 1e4,
    capacity_tokens_millions_per_month: c.capacity_tokens_millions_per_month,
    rental: c.rental,
    eu_regions: [...hw.rental!.value.eu_regions],
    basis: [
      `${hw.id} rented at ${c.rental.usd_per_hour} USD/h (${c.rental.provider} ${c.rental.instance_type}; ${c.rental.source}, ${c.rental.as_of}) x ${HOURS_PER_MONTH} h`,
      `serves about ${c.capacity_tokens_millions_per_month}M tokens a month: ${c.throughput_tokens_per_s} tokens/s at batch ${c.batch}, ${c.utilization ?? DEFAULT_UTILIZATION} utilisation (estimate_cost's model)`,
    ],
  };
  return { hardware: hw, fit, own_machine: false, on_premises: false, priced, cost, smallest: small.hardware.id === hw.id ? null : smallest };
}
