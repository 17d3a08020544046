// The month of a pick on the machine the caller named and owns: estimate_cost's owned month of that machine at the
// volume it serves, at the quantization the pick runs at, stated beside the pick (its purchase is spent: price 1).
import type { Hardware, Model } from '../schema/index.ts';
import type { QuantizationId } from './constants.ts';
import type { FitAssessed } from './hardware-fit.ts';
import { namedMachineMonthKept, type NamedMonth } from './recommend-hosting.ts';

export type MachineMonth = NamedMonth & {
  /**
   * The quantization estimate_cost is asked at: the pick's, where estimate_cost would choose another on its own (it
   * costs a server, so on PCIe cards it takes vLLM's formats: FP8 on two RTX 3090s where the pick runs Q8_0); else
   * undefined, estimate_cost's own choice being the pick's.
   */
  quantization: QuantizationId | undefined;
};

/**
 * estimate_cost's owned month of the named machine for the pick: at the pick's quantization, so that the month is of
 * the format the answer says it runs at; null where the dataset lacks a power figure or a purchase price for the
 * machine (estimate_cost then weighs no owned month either). Only for the picks shown. Both months are kept
 * (namedMachineMonthKept): keyed by the configuration, context, model and the quantization asked (none: estimate_cost's
 * own choice, which no figure of the pick's changes; else the pick's own format, a GGUF type on a desktop read at
 * models_for_hardware's figure), so the reasons and the answer's `owned_cost` read one month, sized once.
 */
export function machineMonth(m: Model, h: Hardware, context: number, fit: FitAssessed): MachineMonth | null {
  const own = namedMachineMonthKept(m, h, context);
  if (!own) return null;
  const q = fit.quantization ?? undefined;
  if (q === undefined || own.sized_at === q) return { ...own, quantization: undefined };
  const at = namedMachineMonthKept(m, h, context, q);
  return at ? { ...at, quantization: q } : null;
}
