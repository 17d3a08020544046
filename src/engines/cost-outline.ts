// A listed configuration in outline (estimate_cost's short form): what the option is and costs, and its derivation's
// lines, without the figures only the full answer shows (serving report, phases, per-phase and power details).
import { HOURS_PER_MONTH, type QuantizationId } from './constants.ts';
import type { FitLevel } from './hardware-fit.ts';
import { roundTo } from './memory.ts';
import { usd } from './money.ts';
import { hostOf, ownedDerivedFrom, ownedMonth, ownedPurchase, type OwnedFigures, type OwnedOption } from './owned-cost.ts';
import {
  rentalOf, rentedDerivedFrom, type CostOptions, type CostSettings, type RentedFigures, type SelfHostedOption,
} from './self-hosted-cost.ts';
import type { Describers } from './self-hosted-options.ts';

/** What every outline gives, as the full option gives it (the same sums and rounding as base()). */
type OutlineCommon = {
  hardware_id: string;
  hardware_name: string;
  quantization: QuantizationId;
  fit: FitLevel;
  machines: number;
  throughput_tokens_per_s: number;
  capacity_tokens_millions_per_month: number;
  /** The option's whole derivation, as the full option's `derived_from`. */
  derived_from: string[];
};

export type RentedOutline = OutlineCommon & { rental: SelfHostedOption['rental']; monthly_usd: number };
export type OwnedOutline = OutlineCommon & {
  purchase: OwnedOption['purchase'];
  host_machine: OwnedOption['host_machine'];
  /** The full option's `power`, its month only. */
  power: { monthly_usd: number; as_of: string; source: string } | null;
  monthly_usd: number;
};

function common(f: RentedFigures | OwnedFigures, derived_from: string[]): OutlineCommon {
  const { hardware, sized } = f;
  return {
    hardware_id: hardware.id,
    hardware_name: hardware.name,
    quantization: sized.quantization,
    fit: sized.level,
    machines: f.machines,
    throughput_tokens_per_s: roundTo(sized.serving.tokens_per_s, 1),
    capacity_tokens_millions_per_month: roundTo(sized.phases.mtokPerHour * HOURS_PER_MONTH, 2),
    derived_from,
  };
}

/** A rented configuration in outline. Its lines are the ones kept with its sizing, shared and read only. */
export function outlineRented(f: RentedFigures, _opts: CostOptions, s: CostSettings): RentedOutline {
  return Object.assign(common(f, rentedDerivedFrom(f.hardware, f.sized, s) as string[]), { rental: rentalOf(f), monthly_usd: f.monthly_usd });
}

/** A bought configuration in outline. */
export function outlineOwned(f: OwnedFigures, _opts: CostOptions, s: CostSettings): OwnedOutline {
  const m = ownedMonth(f, s);
  const p = f.hardware.power_w;
  return Object.assign(common(f, ownedDerivedFrom(f, s, m)), {
    purchase: ownedPurchase(f, s, m),
    host_machine: hostOf(f.hardware, s.amortization_months),
    power: p ? { monthly_usd: usd(m.powerMonthly), as_of: p.as_of, source: p.source } : null,
    monthly_usd: f.monthly_usd,
  });
}

export const IN_OUTLINE: Describers<RentedOutline, OwnedOutline> = { rented: outlineRented, owned: outlineOwned };
