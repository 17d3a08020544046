// Self-hosting on bought hardware: the purchase amortised, and electricity for the hours served and the hours idle.
import type { Hardware, Model } from '../schema/index.ts';
import { citeFact } from './cite.ts';
import { HOURS_PER_MONTH } from './constants.ts';
import { roundTo, type ModelFacts } from './memory.ts';
import { usd } from './money.ts';
import { IDLE_POWER_FRACTION, idleDraw, powerUse, powerUsd, type IdleDraw, type PowerUse } from './owned-power.ts';
import {
  base, servingInputs, size, type Base, type CostOptions, type CostSettings, type Figures, type Skip,
} from './self-hosted-cost.ts';

/** Bought, amortised, and powered. */
export type OwnedOption = Base & {
  purchase: { usd: number; source: string; as_of: string; amortization_months: number; monthly_usd: number };
  /**
   * Electricity of the month, all machines: board power for the hours serving (hours needed x utilization), idle draw for the rest;
   * null when the dataset has no power figure.
   */
  power: (PowerUse & { idle_basis: string; monthly_usd: number; source: string; as_of: string }) | null;
  /** monthly_usd / machines: purchase share and electricity of one machine this month. */
  monthly_per_machine_usd: number;
  /** What one machine costs in a month whatever it serves: its purchase share and a whole month at idle draw. */
  fixed_per_machine_usd: number;
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
};

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

/** The figures of one bought configuration (purchase amortised, power paid), or why it is skipped. */
export function ownedFigures(model: Model, facts: ModelFacts, hardware: Hardware, opts: CostOptions, s: CostSettings): OwnedFigures | Skip {
  const price = hardware.purchase_price_usd;
  if (!price) return 'no_purchase_price';
  const sized = size(model, facts, hardware, opts, s);
  if (sized === 'does_not_fit') return sized;
  const watts = wattsOf(hardware);
  const machines = Math.max(1, Math.ceil(sized.phases.hours / HOURS_PER_MONTH));
  const idle = idleDrawOf(hardware, watts);
  const purchaseMonthly = price.value / s.amortization_months;
  // The hours needed are paid hours: at `utilization` the machine serves at full throughput for that share of them and
  // waits for traffic the rest, so board power is drawn for hours x utilization and idle draw for every other hour.
  const powerMonthly = powerUsd(watts, sized.phases.hours * s.utilization, machines, s.power_usd_per_kwh, HOURS_PER_MONTH, idle.watts);
  const fixed = purchaseMonthly + (idle.watts / 1000) * HOURS_PER_MONTH * s.power_usd_per_kwh;
  // One more 1M tokens takes 1 / mtokPerHour more paid hours, `utilization` of them busy at board power instead of idle.
  const marginal = (((watts - idle.watts) / 1000) * s.power_usd_per_kwh * s.utilization) / sized.phases.mtokPerHour;
  return {
    hardware_id: hardware.id, hardware, sized, watts, machines, idle, fixed, utilization: s.utilization,
    monthly_usd: usd(machines * purchaseMonthly + powerMonthly),
    fixed_per_machine_usd: usd(fixed),
    marginal_usd_per_mtok: usd(marginal),
    // As base() writes it; the break-even and the curve read the unrounded one.
    capacity_tokens_millions_per_month: roundTo(sized.phases.mtokPerHour * HOURS_PER_MONTH, 2),
    unrounded: {
      marginal_usd_per_mtok: marginal, fixed_per_machine_usd: fixed,
      capacity_tokens_millions_per_month: sized.phases.mtokPerHour * HOURS_PER_MONTH,
    },
  };
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

/** What describing a bought configuration works out again from its figures: its purchase share and the month's power. */
export type OwnedMonth = { purchaseMonthly: number; use: PowerUse; powerMonthly: number };

/** As ownedFigures works them (powerUsd is this use's active_usd + idle_usd). */
export function ownedMonth(f: OwnedFigures, s: CostSettings): OwnedMonth {
  const use = powerUse(f.watts, f.sized.phases.hours * s.utilization, f.machines, s.power_usd_per_kwh, HOURS_PER_MONTH, f.idle.watts);
  return { purchaseMonthly: f.hardware.purchase_price_usd!.value / s.amortization_months, use, powerMonthly: use.active_usd + use.idle_usd };
}

/** A bought configuration's purchase as written out. */
export function ownedPurchase(f: OwnedFigures, s: CostSettings, m: OwnedMonth): OwnedOption['purchase'] {
  const price = f.hardware.purchase_price_usd!;
  return { usd: price.value, source: price.source, as_of: price.as_of, amortization_months: s.amortization_months, monthly_usd: usd(m.purchaseMonthly) };
}

/** A bought configuration's derivation: the serving words, the purchase, and the month's power in words. */
export function ownedDerivedFrom(f: OwnedFigures, s: CostSettings, m: OwnedMonth): string[] {
  const { hardware, sized, idle } = f;
  const p = hardware.power_w;
  return [
    ...servingInputs(hardware, sized, s),
    purchaseLine(hardware, s.amortization_months),
    p
      ? `${citeFact(`${hardware.id}.power_w`, p)} per accelerator x ${hardware.count}, at ${s.power_usd_per_kwh} USD/kWh, ` +
        `for the ${roundTo(m.use.active_hours, 2)} hours the volume keeps it busy (hours needed x utilization ${s.utilization}); ` +
        (idle.source
          ? `${citeFact(`${hardware.id}.idle_power_w`, idle.source)} per accelerator x ${hardware.count}`
          : `${IDLE_POWER_FRACTION} x that`) +
        ` for the other ${roundTo(m.use.idle_hours, 2)} hours`
      : `${hardware.id}: no power figure in the dataset, electricity not counted`,
  ];
}

/** A bought configuration written out, from its figures. */
export function describeOwned(f: OwnedFigures, opts: CostOptions, s: CostSettings): OwnedOption {
  const { hardware, sized, watts, machines, idle } = f;
  const p = hardware.power_w;
  const m = ownedMonth(f, s);
  const use = m.use;
  const total = machines * m.purchaseMonthly + m.powerMonthly;
  // Assigned onto base()'s object, not spread into a new one: in Node 20 (V8 11.3) a spread followed by more members
  // cost 40 to 60 us per option (a map transition made per object), the same keys in the same order.
  return Object.assign(base(hardware, sized, opts, s, f.fixed / HOURS_PER_MONTH + (watts - use.idle_watts) / 1000 * s.power_usd_per_kwh), {
    purchase: ownedPurchase(f, s, m),
    power: p ? {
      watts, idle_watts: roundTo(use.idle_watts, 1), idle_basis: idle.basis, usd_per_kwh: s.power_usd_per_kwh,
      active_hours: roundTo(use.active_hours, 2), idle_hours: roundTo(use.idle_hours, 2),
      active_kwh: roundTo(use.active_kwh, 2), idle_kwh: roundTo(use.idle_kwh, 2),
      active_usd: usd(use.active_usd), idle_usd: usd(use.idle_usd), monthly_usd: usd(m.powerMonthly), source: p.source, as_of: p.as_of,
    } : null,
    monthly_per_machine_usd: usd(total / machines),
    fixed_per_machine_usd: f.fixed_per_machine_usd,
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
