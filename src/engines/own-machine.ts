// The machine a caller names and no source prices: what it serves, as the caller's own machine, and its electricity.
import type { Hardware, Model } from '../schema/index.ts';
import { citeFact } from './cite.ts';
import { HOURS_PER_MONTH } from './constants.ts';
import { roundTo, type ModelFacts } from './memory.ts';
import { usd } from './money.ts';
import { hostPower, hostWatts } from './owned-cost.ts';
import { idleDraw, powerUse } from './owned-power.ts';
import { base, servingInputs, size, type Base, type CostOptions, type CostSettings } from './self-hosted-cost.ts';

/**
 * A named configuration that fits the model but that no source prices, rented or bought (an M2 Pro, a laptop, an
 * A100 PCIe card): the machine is taken as the caller's, its purchase spent, as recommend_model takes `machine`.
 * Fit, throughput, capacity and the machines the volume needs are given; the month is electricity only, where a
 * power figure is known, and is weighed against nothing (no purchase price, so no break-even or verdict rests on it).
 */
export type OwnMachine = Omit<ReturnType<typeof base>, 'prefill' | 'decode'> & Pick<Base, 'machines'> & {
  /** Always null: no source in the dataset prices the configuration; nothing is guessed. */
  purchase: null;
  /** Electricity of the month, all machines: board power for the hours serving, idle draw for the rest; null without a power figure. */
  power: {
    watts: number; idle_watts: number; idle_basis: string; usd_per_kwh: number; active_hours: number; idle_hours: number;
    active_kwh: number; idle_kwh: number; host_watts?: number; monthly_usd: number; source: string; as_of: string;
  } | null;
  /** power.monthly_usd: what running it costs a month, the purchase being spent; null without a power figure. */
  monthly_usd: number | null;
  note: string;
  derived_from: string[];
};

/** The named configuration as the caller's own machine, or undefined where the model does not fit it. */
export function ownMachine(model: Model, facts: ModelFacts, hardware: Hardware, opts: CostOptions, s: CostSettings): OwnMachine | undefined {
  const sized = size(model, facts, hardware, opts, s);
  if (sized === 'does_not_fit') return undefined;
  // The phases' USD per 1M tokens rest on a machine-hour's price, which an unpriced machine does not have: left out.
  const { prefill: _p, decode: _d, ...served } = base(hardware, sized, opts, s, 0);
  const machines = Math.max(1, Math.ceil(sized.phases.hours / HOURS_PER_MONTH));
  const p = hardware.power_w;
  const unpriced = `${hardware.id}: no source in the dataset prices this configuration, rented or bought; named, it is taken `
    + 'as a machine you own, its purchase spent (as recommend_model takes `machine`): no purchase share is counted and none is guessed';
  if (!p) {
    return Object.assign(served, {
      machines, purchase: null, power: null, monthly_usd: null,
      note: `${unpriced}; no power figure either, so no electricity is counted: what it serves is given, not what it costs`,
      derived_from: [...servingInputs(hardware, sized, s), unpriced],
    });
  }
  const watts = p.value * hardware.count;
  const idle = idleDraw(hardware, watts);
  const use = powerUse(watts, sized.phases.hours * s.utilization, machines, s.power_usd_per_kwh, HOURS_PER_MONTH, idle.watts);
  // A host whose idle reading is published draws it every hour, as an owned option counts it (owned-cost.ts).
  const host = hostWatts(hardware);
  const monthly = usd(use.active_usd + use.idle_usd + hostPower(host, machines, s.power_usd_per_kwh).host_usd);
  return Object.assign(served, {
    machines, purchase: null,
    power: {
      watts, idle_watts: roundTo(idle.watts, 1), idle_basis: idle.basis, usd_per_kwh: s.power_usd_per_kwh,
      active_hours: roundTo(use.active_hours, 2), idle_hours: roundTo(use.idle_hours, 2),
      active_kwh: roundTo(use.active_kwh, 2), idle_kwh: roundTo(use.idle_kwh, 2), ...(host > 0 ? { host_watts: host } : {}),
      monthly_usd: monthly, source: p.source, as_of: p.as_of,
    },
    monthly_usd: monthly,
    note: `${unpriced}; the month is its electricity alone, weighed against no API price (no break-even rests on a machine with no price)`,
    derived_from: [
      ...servingInputs(hardware, sized, s), unpriced,
      `${citeFact(`${hardware.id}.power_w`, p)} per accelerator x ${hardware.count}, at ${s.power_usd_per_kwh} USD/kWh, for the `
        + `${roundTo(use.active_hours, 2)} hours the volume keeps it busy; ${roundTo(idle.watts, 1)} W idle (power.idle_basis says whence) `
        + `for the other ${roundTo(use.idle_hours, 2)} hours${host > 0 ? `; the host's own ${host} W every hour` : ''}`,
    ],
  });
}
