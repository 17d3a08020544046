// Self-hosting on bought hardware: the purchase amortised, and electricity for the hours served and the hours idle.
import type { Hardware, Model } from '../schema/index.ts';
import { citeFact } from './cite.ts';
import { HOURS_PER_MONTH } from './constants.ts';
import { roundTo, type ModelFacts } from './memory.ts';
import { usd } from './money.ts';
import { IDLE_POWER_FRACTION, idleDraw, powerUse, powerUsd, type IdleDraw, type PowerUse } from './owned-power.ts';
import {
  base, servingInputs, size, type Base, type CostOptions, type CostSettings, type Figures, type Sized, type Skip, type Unrounded,
} from './self-hosted-cost.ts';

/**
 * The machine the accelerators sit in, as the owned month counts it: `priced` (its price, or this configuration's
 * share of it, amortised like the accelerators), or `in_purchase_price` (the accelerators' price already pays it).
 */
export type OwnedHost = {
  id: string; name: string; basis: 'priced' | 'in_purchase_price'; usd: number; amortization_months: number; monthly_usd: number;
  /** The host's own draw at the wall with nothing to do, W, where a reading is published (counted in `power`). */
  idle_watts?: number;
  source: string; as_of: string; note?: string;
};

/** Bought, amortised, and powered. */
export type OwnedOption = Base & {
  /**
   * `note`, for a machine sold whole (machine-prices): which price it is (the latest dated list price, or the launch
   * price and why), and whether the configuration is still sold new.
   */
  purchase: { usd: number; source: string; as_of: string; amortization_months: number; monthly_usd: number; note?: string };
  /**
   * The host machine (CPU, board, memory, storage, power supply, chassis): counted in monthly_usd where a source
   * prices it; null where none does (then the month leaves it out, and `cheaper` does not rest on this option).
   */
  host_machine: OwnedHost | null;
  /**
   * Electricity of the month, all machines: board power for the hours serving (hours needed x utilization), idle draw for the rest;
   * null when the dataset has no power figure.
   */
  power: (PowerUse & { idle_basis: string; monthly_usd: number; source: string; as_of: string } & Partial<HostPower>) | null;
  /** monthly_usd / machines: purchase share and electricity of one machine this month. */
  monthly_per_machine_usd: number;
  /** What one machine costs in a month whatever it serves: its purchase share and a whole month at idle draw. */
  fixed_per_machine_usd: number;
  /**
   * When the configuration stopped being sold new (a machine's last list price, or a card's reported end of production),
   * cited; null where no source dates an end. A discontinued configuration is listed, never weighed where one sold new
   * serves the model (owned-cost-basis.ts).
   */
  discontinued_on: { value: string; source: string; as_of: string; note?: string } | null;
  /**
   * The counts of its module one can buy whole, where the module is sold only on a baseboard (an H200 SXM on a 4- or
   * 8-GPU HGX board), and whether this configuration is one of them (`whole`); null where no source restricts the count
   * (cards bought one by one). A share of a baseboard (`whole: false`) is a rented figure's size, not a machine one
   * buys: listed, never weighed.
   */
  sold_in: { counts: number[]; whole: boolean; source: string; as_of: string; note?: string } | null;
};

/**
 * A bought configuration's figures before anything is written out (see RentedFigures). The month's power and purchase
 * terms are worked again by `describeOwned` for the few listed: kept here for every configuration costed, they were
 * most of the garbage an ask made outside its JSON.
 */
export type OwnedFigures = Figures & {
  watts: number;
  /** The idle draw used and where it comes from (a cited reading, or the stated fallback share). */
  idle: IdleDraw;
  fixed_per_machine_usd: number;
  capacity_tokens_millions_per_month: number;
  /** One machine's fixed cost of the month unrounded (purchase share and a month at idle draw), as the phase costs read it. */
  fixed: number;
  /** Whether the month counts the host machine (priced beside the accelerators, or in their price). */
  host_counted: boolean;
  /** Whether the configuration is still sold new (the price table gives no discontinued_on). */
  sold_new: boolean;
  /** Whether one can buy the configuration whole (no `sold_in`, or its count is one of them), not a share of a baseboard. */
  bought_whole: boolean;
};

/** A configuration's host machine price, counted beside the purchase (0 where none is priced or it is in the purchase). */
function hostUsd(hardware: Hardware): number {
  const h = hardware.host_machine?.value;
  return h?.basis === 'priced' ? h.usd : 0;
}

/**
 * The host's own draw, W, where a reading is published and the accelerators' power is known (0 otherwise: with no
 * board power the month counts no electricity at all). Drawn every hour of the month, serving or not.
 */
export function hostWatts(hardware: Hardware): number {
  return hardware.power_w ? hardware.host_machine?.value.idle_watts ?? 0 : 0;
}

/** The host's electricity of the month, all machines: its idle draw for every hour, a floor (serving, the CPU draws more). */
export type HostPower = { host_watts: number; host_kwh: number; host_usd: number };
export function hostPower(watts: number, machines: number, usdPerKwh: number): HostPower {
  const kwh = (watts * machines * HOURS_PER_MONTH) / 1000;
  return { host_watts: watts, host_kwh: kwh, host_usd: kwh * usdPerKwh };
}

/**
 * A configuration's idle draw and its words: from its own facts alone, so worked out once per configuration (an answer
 * costs every configuration of the catalogue, and the words are a new string each time).
 */
const idleDraws = new WeakMap<Hardware, { watts: number; idle: IdleDraw }>();
function idleDrawOf(hardware: Hardware, watts: number): IdleDraw {
  const kept = idleDraws.get(hardware);
  if (kept?.watts === watts) return kept.idle;
  const idle = Object.freeze(idleDraw(hardware, watts));
  idleDraws.set(hardware, { watts, idle });
  return idle;
}

/**
 * What a bought configuration's month reads that its sizing does not change: the purchase share, the board, idle and
 * host draw, one machine's fixed month, whether it is sold new and whole. They rest on the configuration's own facts and
 * three settings (utilization, the electricity price, the months of amortization), so they are kept per configuration
 * for the last settings asked (`machineTermsOf`): an ask at a new context sizes every configuration afresh (some 84),
 * and each made these again (some 19 KB a call). Read only once made.
 */
export type MachineTerms = Readonly<{
  utilization: number; power_usd_per_kwh: number; amortization_months: number;
  watts: number; idle: IdleDraw;
  /** The host's own draw, W (0 where none is published or no electricity is counted). */
  host_watts: number;
  /** The purchase of one machine (accelerators and a priced host) over the months, unrounded. */
  purchase_monthly: number;
  fixed: number; fixed_per_machine_usd: number;
  /** The electricity of the busy share of one paid hour above idle draw, USD: over the sizing's 1M tokens an hour, the marginal cost. */
  marginal_hour_usd: number;
  host_counted: boolean; sold_new: boolean; bought_whole: boolean;
}>;

/**
 * A bought configuration's terms no volume changes: the machine's (MachineTerms) and what the sizing's throughput makes
 * of them, the marginal cost of 1M tokens and the capacity. Kept with the sizing for the machine terms it was worked
 * from (`kept.owned`): a sizing at the default settings is kept per model and configuration for the dataset's life
 * (self-hosted-sizing.ts), and an ask then applies only its volume (the hours, the machines, the month's electricity).
 */
export type OwnedTerms = Readonly<{
  machine: MachineTerms;
  marginal_usd_per_mtok: number;
  capacity_tokens_millions_per_month: number;
  unrounded: Unrounded;
}>;

const machineTerms = new WeakMap<Hardware, MachineTerms>();
function machineTermsOf(hardware: Hardware, price: number, s: CostSettings): MachineTerms {
  const kept = machineTerms.get(hardware);
  if (kept !== undefined && kept.utilization === s.utilization && kept.power_usd_per_kwh === s.power_usd_per_kwh
    && kept.amortization_months === s.amortization_months) return kept;
  const watts = wattsOf(hardware);
  const idle = idleDrawOf(hardware, watts);
  // The host machine is bought with the accelerators and spread over the same months.
  const purchaseMonthly = (price + hostUsd(hardware)) / s.amortization_months;
  const hostW = hostWatts(hardware);
  // The host draws its idle power every hour whatever is served: part of what a machine costs a month.
  const fixed = purchaseMonthly + ((idle.watts + hostW) / 1000) * HOURS_PER_MONTH * s.power_usd_per_kwh;
  const t: MachineTerms = Object.freeze({
    utilization: s.utilization, power_usd_per_kwh: s.power_usd_per_kwh, amortization_months: s.amortization_months,
    watts, idle, host_watts: hostW, purchase_monthly: purchaseMonthly, fixed,
    fixed_per_machine_usd: usd(fixed),
    // One more 1M tokens takes 1 / mtokPerHour more paid hours, `utilization` of them busy at board power instead of idle.
    marginal_hour_usd: ((watts - idle.watts) / 1000) * s.power_usd_per_kwh * s.utilization,
    host_counted: hardware.host_machine !== undefined,
    sold_new: hardware.discontinued_on === undefined,
    bought_whole: boughtWhole(hardware),
  });
  machineTerms.set(hardware, t);
  return t;
}

function ownedTerms(hardware: Hardware, price: number, sized: Sized, s: CostSettings): OwnedTerms {
  const m = machineTermsOf(hardware, price, s);
  const k = sized.kept;
  const kept = k.owned;
  if (kept !== undefined && kept.machine === m) return kept;
  const mtokPerHour = sized.phases.mtokPerHour;
  const marginal = m.marginal_hour_usd / mtokPerHour;
  const t: OwnedTerms = Object.freeze({
    machine: m,
    marginal_usd_per_mtok: usd(marginal),
    // As base() writes it; the break-even and the curve read the unrounded one.
    capacity_tokens_millions_per_month: roundTo(mtokPerHour * HOURS_PER_MONTH, 2),
    unrounded: Object.freeze({
      marginal_usd_per_mtok: marginal, fixed_per_machine_usd: m.fixed, capacity_tokens_millions_per_month: mtokPerHour * HOURS_PER_MONTH,
    }),
  });
  k.owned = t;
  return t;
}

/**
 * One bought configuration at one volume: the kept terms (ownedTerms) and what the volume makes of them. The terms are
 * read through getters, so an ask makes one small object per configuration costed rather than copies of every term
 * (an ask costs every bought configuration that fits, some 35 for a small model; copied, each term was a new heap
 * number).
 */
class OwnedAt implements OwnedFigures {
  constructor(
    readonly hardware: Hardware, readonly sized: Sized, readonly terms: OwnedTerms, readonly machines: number, readonly monthly_usd: number,
  ) {}

  get hardware_id(): string { return this.hardware.id; }
  get utilization(): number { return this.terms.machine.utilization; }
  get watts(): number { return this.terms.machine.watts; }
  get idle(): IdleDraw { return this.terms.machine.idle; }
  get fixed(): number { return this.terms.machine.fixed; }
  get host_counted(): boolean { return this.terms.machine.host_counted; }
  get sold_new(): boolean { return this.terms.machine.sold_new; }
  get bought_whole(): boolean { return this.terms.machine.bought_whole; }
  get fixed_per_machine_usd(): number { return this.terms.machine.fixed_per_machine_usd; }
  get marginal_usd_per_mtok(): number { return this.terms.marginal_usd_per_mtok; }
  get capacity_tokens_millions_per_month(): number { return this.terms.capacity_tokens_millions_per_month; }
  get unrounded(): Unrounded { return this.terms.unrounded; }
}

/** The figures of one bought configuration (purchase amortised, power paid), or why it is skipped. */
export function ownedFigures(model: Model, facts: ModelFacts, hardware: Hardware, opts: CostOptions, s: CostSettings): OwnedFigures | Skip {
  const price = hardware.purchase_price_usd;
  if (!price) return 'no_purchase_price';
  const sized = size(model, facts, hardware, opts, s);
  if (sized === 'does_not_fit') return sized;
  const t = ownedTerms(hardware, price.value, sized, s);
  const m = t.machine;
  const machines = Math.max(1, Math.ceil(sized.phases.hours / HOURS_PER_MONTH));
  // The hours needed are paid hours: at `utilization` the machine serves at full throughput for that share of them and
  // waits for traffic the rest, so board power is drawn for hours x utilization and idle draw for every other hour.
  const powerMonthly = powerUsd(m.watts, sized.phases.hours * s.utilization, machines, s.power_usd_per_kwh, HOURS_PER_MONTH, m.idle.watts)
    + ((m.host_watts * machines * HOURS_PER_MONTH) / 1000) * s.power_usd_per_kwh;
  return new OwnedAt(hardware, sized, t, machines, usd(machines * m.purchase_monthly + powerMonthly));
}

/** Whether a configuration is a machine one buys whole: its module is not baseboard-only, or its count is a board's. */
export function boughtWhole(hardware: Hardware): boolean {
  const s = hardware.sold_in;
  return s === undefined || s.value.includes(hardware.count);
}

/** The discontinued fact as an owned option carries it: cited, null where no source dates an end. */
function discontinuedOf(hardware: Hardware): OwnedOption['discontinued_on'] {
  const d = hardware.discontinued_on;
  if (!d) return null;
  return { value: d.value, source: d.source, as_of: d.as_of, ...(d.note ? { note: d.note } : {}) };
}

/** The baseboard counts as an owned option carries them: null where no source restricts the count. */
function soldInOf(hardware: Hardware): OwnedOption['sold_in'] {
  const s = hardware.sold_in;
  if (!s) return null;
  return { counts: [...s.value], whole: boughtWhole(hardware), source: s.source, as_of: s.as_of, ...(s.note ? { note: s.note } : {}) };
}

/** Board power of a configuration, all its accelerators; 0 without a power figure. */
function wattsOf(hardware: Hardware): number {
  const p = hardware.power_w;
  return p ? p.value * hardware.count : 0;
}

/**
 * A configuration's purchase, cited, over the months asked: one string per configuration for the last months asked, so
 * that every answer listing it quotes the same string (a partial answer looks each text up by its content, and a new
 * string is hashed afresh).
 */
const purchaseLines = new WeakMap<Hardware, { months: number; line: string }>();
function purchaseLine(hardware: Hardware, months: number): string {
  const kept = purchaseLines.get(hardware);
  if (kept?.months === months) return kept.line;
  const line = `${citeFact(`${hardware.id}.purchase_price_usd`, hardware.purchase_price_usd!)}, over ${months} months`;
  purchaseLines.set(hardware, { months, line });
  return line;
}

/** The host machine as an owned option writes it out; null where no source prices it. */
export function hostOf(hardware: Hardware, months: number): OwnedHost | null {
  const f = hardware.host_machine;
  if (!f) return null;
  const h = f.value;
  const out: OwnedHost = {
    id: h.id, name: h.name, basis: h.basis, usd: h.usd, amortization_months: months, monthly_usd: usd(h.usd / months), source: f.source, as_of: f.as_of,
  };
  if (h.idle_watts !== undefined) out.idle_watts = h.idle_watts;
  if (f.note) out.note = f.note;
  return out;
}

/** The host machine's line of derivation: counted and cited, in the purchase price, or not counted and why. */
const hostLines = new WeakMap<Hardware, { months: number; line: string }>();
function hostLine(hardware: Hardware, months: number): string {
  const kept = hostLines.get(hardware);
  if (kept?.months === months) return kept.line;
  const f = hardware.host_machine;
  const line = !f
    ? `${hardware.id}: no source in the dataset prices the host machine around the accelerators (CPU, board, memory, power supply, chassis): not counted, so this month is a lower bound`
    : f.value.basis === 'in_purchase_price'
      ? `${hardware.id}.host_machine: ${f.value.name} (${f.source}, ${f.as_of})`
      : `${hardware.id}.host_machine = ${f.value.usd} USD, ${f.value.name} (${f.source}, ${f.as_of}), over ${months} months; ${hostDrawWords(hardware)}`;
  hostLines.set(hardware, { months, line });
  return line;
}

/** The host's own draw in words: counted from its published reading, or not counted and why. */
function hostDrawWords(hardware: Hardware): string {
  const w = hardware.host_machine?.value.idle_watts;
  if (w === undefined) return 'its own power draw is not counted (no published reading)';
  return hardware.power_w
    ? `its own draw, ${w} W at the wall with nothing to do (the reading in its note), counted for every hour of the month: a floor, as serving the CPU draws more`
    : `its own draw (${w} W) is not counted: no power figure for the accelerators, so no electricity is`;
}

/**
 * What describing a bought configuration works out again from its figures: its purchase share, its host machine's
 * share (0 where none is priced or it is in the purchase price) and the month's power.
 */
export type OwnedMonth = { purchaseMonthly: number; hostMonthly: number; use: PowerUse; host: HostPower; powerMonthly: number };

/** As ownedFigures works them (powerUsd is this use's active_usd + idle_usd; the host's draw is added after). */
export function ownedMonth(f: OwnedFigures, s: CostSettings): OwnedMonth {
  const use = powerUse(f.watts, f.sized.phases.hours * s.utilization, f.machines, s.power_usd_per_kwh, HOURS_PER_MONTH, f.idle.watts);
  const host = hostPower(hostWatts(f.hardware), f.machines, s.power_usd_per_kwh);
  return {
    purchaseMonthly: f.hardware.purchase_price_usd!.value / s.amortization_months, hostMonthly: hostUsd(f.hardware) / s.amortization_months,
    use, host, powerMonthly: use.active_usd + use.idle_usd + host.host_usd,
  };
}

/** A bought configuration's purchase as written out. */
export function ownedPurchase(f: OwnedFigures, s: CostSettings, m: OwnedMonth): OwnedOption['purchase'] {
  const price = f.hardware.purchase_price_usd!;
  const out: OwnedOption['purchase'] = {
    usd: price.value, source: price.source, as_of: price.as_of, amortization_months: s.amortization_months, monthly_usd: usd(m.purchaseMonthly),
  };
  // Which price it is, wherever it is not a card's plain launch price: a machine's list price, a street price, an MSRP
  // from a table that cites no source, an estimate worked out from a server's price (the H100 SXM's): a buyer weighing
  // two configurations must see that their prices are not the same kind of figure.
  if (price.note && !/^launch price of the accelerator/.test(price.note)) out.note = price.note;
  return out;
}

/** A bought configuration's derivation: the serving words, the purchase, the host machine, and the month's power in words. */
export function ownedDerivedFrom(f: OwnedFigures, s: CostSettings, m: OwnedMonth): string[] {
  const { hardware, sized, idle } = f;
  const p = hardware.power_w;
  return [
    ...servingInputs(hardware, sized, s),
    purchaseLine(hardware, s.amortization_months),
    hostLine(hardware, s.amortization_months),
    p
      ? `${citeFact(`${hardware.id}.power_w`, p)} per accelerator x ${hardware.count}, at ${s.power_usd_per_kwh} USD/kWh, ` +
        `for the ${roundTo(m.use.active_hours, 2)} hours the volume keeps it busy (hours needed x utilization ${s.utilization}); ` +
        (idle.source
          ? `${citeFact(`${hardware.id}.idle_power_w`, idle.source)} per accelerator x ${hardware.count}`
          : `${IDLE_POWER_FRACTION} x that`) +
        ` for the other ${roundTo(m.use.idle_hours, 2)} hours` +
        (m.host.host_watts > 0 ? `; the host's own ${m.host.host_watts} W x ${f.machines} machine(s) x ${HOURS_PER_MONTH} hours` : '')
      : `${hardware.id}: no power figure in the dataset, electricity not counted, so this month is listed after every month that ` +
        'counts it and is not weighed as the cheapest owned one (cheaper, the owned break-even, the curve)',
  ];
}

/** A bought configuration written out, from its figures. */
export function describeOwned(f: OwnedFigures, opts: CostOptions, s: CostSettings): OwnedOption {
  const { hardware, sized, watts, machines, idle } = f;
  const p = hardware.power_w;
  const m = ownedMonth(f, s);
  const use = m.use;
  const total = machines * (m.purchaseMonthly + m.hostMonthly) + m.powerMonthly;
  // Assigned onto base()'s object, not spread into a new one: in Node 20 (V8 11.3) a spread followed by more members
  // cost 40 to 60 us per option (a map transition made per object), the same keys in the same order.
  return Object.assign(base(hardware, sized, opts, s, f.fixed / HOURS_PER_MONTH + (watts - use.idle_watts) / 1000 * s.power_usd_per_kwh), {
    purchase: ownedPurchase(f, s, m),
    host_machine: hostOf(hardware, s.amortization_months),
    power: p ? {
      watts, idle_watts: roundTo(use.idle_watts, 1), idle_basis: idle.basis, usd_per_kwh: s.power_usd_per_kwh,
      active_hours: roundTo(use.active_hours, 2), idle_hours: roundTo(use.idle_hours, 2),
      active_kwh: roundTo(use.active_kwh, 2), idle_kwh: roundTo(use.idle_kwh, 2),
      active_usd: usd(use.active_usd), idle_usd: usd(use.idle_usd),
      ...(m.host.host_watts > 0
        ? { host_watts: m.host.host_watts, host_kwh: roundTo(m.host.host_kwh, 2), host_usd: usd(m.host.host_usd) }
        : {}),
      monthly_usd: usd(m.powerMonthly), source: p.source, as_of: p.as_of,
    } : null,
    monthly_per_machine_usd: usd(total / machines),
    fixed_per_machine_usd: f.fixed_per_machine_usd,
    discontinued_on: discontinuedOf(hardware),
    sold_in: soldInOf(hardware),
    machines,
    monthly_usd: f.monthly_usd,
    marginal_usd_per_mtok: f.marginal_usd_per_mtok,
    derived_from: ownedDerivedFrom(f, s, m),
  });
}

/** Self-hosting on one bought configuration (purchase amortised, power paid), or why it is skipped. */
export function ownedOption(model: Model, facts: ModelFacts, hardware: Hardware, opts: CostOptions, s: CostSettings): OwnedOption | Skip {
  const f = ownedFigures(model, facts, hardware, opts, s);
  return typeof f === 'string' ? f : describeOwned(f, opts, s);
}
