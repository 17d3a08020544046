// recommend_model on hardware the caller buys and runs (on premises, or a local machine with none named), and the owned
// month of a machine the caller named: estimate_cost's owned option, under the usable-speed floor.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { DEFAULT_INPUT_SHARE, type QuantizationId } from './constants.ts';
import { selfHostingCosts } from './cost.ts';
import type { FitAssessed } from './hardware-fit.ts';
import type { OwnedOption } from './owned-cost.ts';
import type { HostingCost, HostingPick } from './recommend-hosting.ts';
import { keptPick, MAX_KEPT_CONTEXTS, type KeptPicks } from './recommend-hosting-kept.ts';
import { pickOwnedBasis } from './owned-cost-basis.ts';
import { ownedBasis } from './recommend-owned-basis.ts';
import { engineChoice, fitAt, usableFormat, type UsableFormat } from './recommend-quant.ts';
import { fastEnough, floorKey, readsInTime, type SpeedFloor } from './recommend-speed.ts';
import { SelfFit, selfFit, selfHostingFit } from './self-hosting.ts';
import { ownedFitOf } from './recommend-also.ts';
import { OWNED_FIGURE } from './recommend-hosting-named.ts';
import type { Figure } from './runtime.ts';

/** The catalogue's classes of data-centre configurations (hardware `class`): machines an organisation runs as servers. */
const DATA_CENTRE_CLASSES: ReadonlySet<Hardware['class']> = new Set(['server', 'cluster']);

/**
 * The figure a configuration bought is sized at (docs/trust-and-recommend.md §2.3, step 8). On premises, a data-centre
 * configuration (class server or cluster: a B200, an 8 x H100 box) is bought to run a batched server, so it is sized
 * and costed as estimate_cost sizes it (vLLM's formats, the server's throughput). The PCIe cards NVIDIA sells for the
 * data centre (L40S, L40: passively cooled, class server in hardware-configs.csv) are such configurations; a desktop,
 * a workstation (Apple, an actively cooled RTX 6000 Ada, RTX A6000 or RTX PRO card), a mini PC (Strix Halo, DGX
 * Spark), and every machine of where=local or keep=on-device, is run as a named machine of it is (OWNED_FIGURE:
 * llama.cpp at batch 1, GGUF types).
 */
export function boughtFigure(h: Pick<Hardware, 'class'>, onPremises: boolean): Figure {
  return onPremises && DATA_CENTRE_CLASSES.has(h.class) ? 'serving' : OWNED_FIGURE;
}

const boughtPools = new WeakMap<readonly Hardware[], Hardware[]>();
const ownedPicks: KeptPicks = new WeakMap();

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
  ds: Dataset, m: Model, pool: readonly Hardware[], context: number, floor: SpeedFloor | null = null, onPremises = true,
): HostingPick | undefined {
  // The floor's key is made once a floor (floorKey); a local machine's settings are kept apart under a key of their own.
  const settings = onPremises ? floorKey(floor) : localKeyOf(floorKey(floor));
  return keptPick(ownedPicks, pool, context, settings, m, () => computeOwned(ds, m, pool, context, floor, onPremises));
}

/** A floor's key with `local` after it, made once a floor key (a few): not a string made for each model of an ask. */
const LOCAL_KEYS = new Map<string, string>();
function localKeyOf(floor: string): string {
  let k = LOCAL_KEYS.get(floor);
  if (k === undefined) LOCAL_KEYS.set(floor, (k = `${floor}\u0000local`));
  return k;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * With a speed floor (local and on premises: recommend-speed.ts), the configuration chosen is the least costly to own
 * that runs the model at the floor or faster, by the same order and host rule; the one passed over is kept to be said.
 * None reaches it: the usual one, marked below the floor (the pick is then held back). On premises the priced
 * configurations are looked for (none fits: price 0); a local machine with none priced stays not costed (neutral).
 * A configuration bought is run as a named machine of it is (OWNED_FIGURE: models_for_hardware's batch-1 figure, in
 * the runtime it picks for the machine's class: GGUF types on a desktop or PCIe cards split by layer), so the pick's
 * quantization, memory and speed are the hardware page's for that model; the month is estimate_cost's at that format.
 * On premises a data-centre configuration is the exception (`boughtFigure`): it is sized as the server it is bought to be.
 */
function computeOwned(
  ds: Dataset, m: Model, pool: readonly Hardware[], context: number, floor: SpeedFloor | null, onPremises: boolean,
): HostingPick | undefined {
  const small = selfHostingFit(ds, m, pool, context);
  if (small.status !== 'fits') return undefined;
  // Under the floor: too slow to write, or (with a prompt limit) too slow to read a prompt filling the context.
  const slow = (f: FitAssessed) => floor !== null && (!fastEnough(f, floor.tokens_per_s) || !readsInTime(f, floor.prefill_s));
  // No priced configuration runs it: the smallest it fits, as the caller would run it (models_for_hardware's formats),
  // or as a server where those formats do not fit it there (two PCIe cards hold INT4 W4A16 where Q4_K_M is larger).
  const unpriced = (): HostingPick => {
    const owned = boughtFigure(small.hardware, onPremises) === 'serving' ? small.fit : ownedFitOf(m, small, context);
    const fit = owned.fit === 'no' ? small.fit : owned;
    return {
      hardware: small.hardware, fit, own_machine: false, on_premises: onPremises, bought: true, below_floor: slow(fit),
      over_prompt_limit: false, passed_over: null, slower_quantization: null, priced: onPremises, cost: null, smallest: null,
    };
  };
  const opts = { tokens_millions: 1, input_share: DEFAULT_INPUT_SHARE, context };
  const months = selfHostingCosts(m, bought(pool), opts, 0).owned;
  // How each configuration weighed runs the model under the floor, at a named machine's figure, decided from the fit's
  // sums (usableFormat); only the fits of the configuration chosen and of the one passed over are written out.
  const formats = new Map<string, UsableFormat | undefined>();
  const formatOn = (h: Hardware): UsableFormat | undefined => {
    if (!formats.has(h.id)) {
      const figure = boughtFigure(h, onPremises);
      formats.set(h.id, floor === null
        ? (selfFit(m, h, context, figure) ? 'fast' : undefined)
        : usableFormat(m, h, context, floor.tokens_per_s, figure, floor.prefill_s));
    }
    return formats.get(h.id);
  };
  // estimate_cost weighs a configuration the model fits as a server; it is run here as the caller's own machine, where
  // the format ladder may differ (GGUF types, not vLLM's), so only those it also fits that way are weighed.
  const fitsOwned = (h: Hardware): boolean => formatOn(h) !== undefined;
  // A machine bought whole with its host counted first; a share of a baseboard (two H200 SXM of an HGX board of 4 or 8)
  // is no machine one buys, and is picked only where nothing else serves.
  // One rule with estimate_cost's owned basis (owned-cost-basis.ts): a configuration no longer sold new (an RTX 3090,
  // withdrawn from NVIDIA's store in 2023-03) is costed at a price no buyer can pay, so it is picked only where nothing
  // sold new of its kind runs the model.
  const pick = (ok: (h: Hardware) => boolean) => pickOwnedBasis(months.filter((o) => ok(o.hardware)));
  const usual = pick(fitsOwned);
  // A configuration runs it usably at the fit engine's quantization, or at the highest lower one that reaches the floor.
  const runs = (h: Hardware): boolean => {
    const v = formatOn(h);
    return v !== undefined && v !== 'slow';
  };
  let first = usual;
  let chosenBy = fitsOwned;
  let passed: HostingPick['passed_over'] = null;
  const usualFormat = usual ? formatOn(usual.hardware) : undefined;
  if (usual && usualFormat !== undefined && usualFormat !== 'fast') {
    const faster = pick(runs);
    if (faster) {
      first = faster;
      chosenBy = runs;
      if (faster.hardware.id !== usual.hardware.id) {
        passed = { hardware: usual.hardware, fit: new SelfFit(m, usual.hardware, context, boughtFigure(usual.hardware, onPremises)).fit };
      }
    }
  }
  const firstFormat = first ? formatOn(first.hardware) : undefined;
  if (!first || firstFormat === undefined) return unpriced();
  const hw = first.hardware;
  const lowered = firstFormat === 'fast' || firstFormat === 'slow' ? undefined : firstFormat;
  // Lowered for speed: the fit at the lower quantization is written out; of the one passed over, only what is said.
  const figure = boughtFigure(hw, onPremises);
  const fit = lowered === undefined ? new SelfFit(m, hw, context, figure).fit : fitAt(m, hw, context, lowered, figure);
  // The month of the format the pick runs at: estimate_cost's own choice where it is the pick's, else asked at it (a
  // server on two PCIe cards takes FP8 where the pick runs Q8_0), as a named machine's month is (machineMonth).
  const asked = lowered ?? (fit.quantization === first.sized.quantization ? undefined : fit.quantization ?? undefined);
  const at = asked === undefined ? ownedAtCapacity(m, first, context) : ownedAtQuantization(m, hw, context, asked);
  if (!at) return unpriced();
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
    basis: ownedBasis(o, volume, context, asked),
  };
  const smallest = small.hardware.id === hw.id ? null : { hardware: small.hardware, fit: small.fit };
  // The cheapest of its kind passed over as no longer sold new, named in the answer as estimate_cost names it.
  const chosen = first;
  const unsold = months.slice(0, months.indexOf(chosen)).find((o) => o.sold_new === false && o.host_counted === chosen.host_counted
    && o.bought_whole === chosen.bought_whole && chosenBy(o.hardware));
  return {
    hardware: hw, fit, own_machine: false, on_premises: onPremises, bought: true, below_floor: slow(fit), over_prompt_limit: false,
    passed_over: passed, ...(unsold ? { cheaper_not_sold_new: unsold.hardware } : {}),
    slower_quantization: lowered === undefined ? null : engineChoice(m, hw, context, figure), priced: true, cost, smallest,
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

/** What a named machine's month states: the volume, the month and its electricity, the purchase and host machine. */
export type NamedMonth = {
  volume: number;
  monthly_usd: number;
  power_monthly_usd: number | null;
  purchase: OwnedOption['purchase'];
  host_machine: OwnedOption['host_machine'];
  /** The machines the month counts (estimate_cost's `machines`). */
  machines: number;
  /** The quantization estimate_cost sized the month at: the one asked, else its own choice (a server's format). */
  sized_at: QuantizationId;
};

/**
 * The named machines' months stated, per configuration object, context, model and quantization. A machine text names the
 * same configuration object on every ask (machine-cache.ts), so the picks shown on it meet the same months again: two
 * estimate_cost sizings a pick, each ask. Bounded as the named machines' fits are (hostingOnNamedMachine): at most
 * MAX_KEPT_CONTEXTS contexts a configuration, and at most KEPT_MONTHS models and quantizations at each (the few a
 * machine's answers show; past that, worked out afresh), about 100 bytes each.
 */
const namedMonths = new WeakMap<Hardware, Map<number, Map<string, NamedMonth | null>>>();
const KEPT_MONTHS = 256;

/** namedMachineMonth's figures the answer states, kept (see namedMonths). */
export function namedMachineMonthKept(m: Model, hardware: Hardware, context: number, quantization?: QuantizationId): NamedMonth | null {
  if (!hardware.power_w) return null;
  let byContext = namedMonths.get(hardware);
  if (!byContext) namedMonths.set(hardware, (byContext = new Map()));
  let kept = byContext.get(context);
  if (!kept && byContext.size < MAX_KEPT_CONTEXTS) byContext.set(context, (kept = new Map()));
  const key = `${m.id}\u0000${quantization ?? ''}`;
  const hit = kept?.get(key);
  if (hit !== undefined) return hit;
  const mm = namedMachineMonth(m, hardware, context, quantization);
  const month = mm && {
    volume: mm.volume, monthly_usd: mm.option.monthly_usd, power_monthly_usd: mm.option.power?.monthly_usd ?? null,
    purchase: mm.option.purchase, host_machine: mm.option.host_machine, machines: mm.option.machines,
    sized_at: mm.option.quantization,
  };
  if (kept && kept.size < KEPT_MONTHS) kept.set(key, month);
  return month;
}
