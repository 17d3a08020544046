// The month of a pick on the machine the caller named and owns: estimate_cost's owned month of that machine at the
// volume it serves, at the quantization the pick runs at, stated beside the pick (its purchase is spent: price 1).
import type { Hardware, Model } from '../schema/index.ts';
import type { QuantizationId } from './constants.ts';
import type { FitAssessed } from './hardware-fit.ts';
import type { OwnedOption } from './owned-cost.ts';
import { namedMachineMonth } from './recommend-hosting.ts';

export type MachineMonth = {
  option: OwnedOption;
  /** The volume costed: what the machine serves in a month at estimate_cost's throughput and utilisation. */
  volume: number;
  /**
   * The quantization estimate_cost is asked at: the pick's, where estimate_cost would choose another on its own (it
   * costs a server, so on PCIe cards it takes vLLM's formats: FP8 on two RTX 3090s where the pick runs Q8_0); else
   * undefined, estimate_cost's own choice being the pick's.
   */
  quantization: QuantizationId | undefined;
};

/** Kept per fit written out: the reasons and the answer's `owned_cost` read the same month of a pick shown. */
const months = new WeakMap<FitAssessed, MachineMonth | null>();

/**
 * estimate_cost's owned month of the named machine for the pick: at the pick's quantization, so that the month is of
 * the format the answer says it runs at; null where the dataset lacks a power figure or a purchase price for the
 * machine (estimate_cost then weighs no owned month either). Only for the picks shown.
 */
export function machineMonth(m: Model, h: Hardware, context: number, fit: FitAssessed): MachineMonth | null {
  const kept = months.get(fit);
  if (kept !== undefined) return kept;
  const own = namedMachineMonth(m, h, context);
  const q = fit.quantization ?? undefined;
  let month: MachineMonth | null = own ? { ...own, quantization: undefined } : null;
  if (own && q !== undefined && own.option.quantization !== q) {
    const at = namedMachineMonth(m, h, context, q);
    month = at ? { ...at, quantization: q } : null;
  }
  months.set(fit, month);
  return month;
}
