// Electricity of owned hardware over a month: board power for the hours it serves, idle draw for the rest.
import type { Fact, Hardware } from '../schema/index.ts';

/**
 * The fallback where no reading of the accelerator is published: its draw holding a loaded model but serving
 * nothing, as a share of board power. A stated assumption from nvidia-smi readings of data-centre GPUs at 0%
 * utilisation with a model in memory (performance state P0/P2, as inference servers leave them): H100 80GB HBM3
 * 140 W and 145 W of 700 W (0.20, 0.21; github.com/wilicc/gpu-burn/issues/114, 2024-10-25); Tesla V100-SXM2 53 W of
 * 300 W (0.18; github.com/zai-org/GLM-130B/issues/32, 2022-10-21); RTX A4000 38 W of 140 W (0.27;
 * github.com/huggingface/text-generation-inference/issues/946, 2023-08-29). 0.2 is their middle. A consumer card drops
 * to P8 between requests and draws far less (RTX 4090 22 W of 450 W, 0.05): for such cards the reviewed table
 * `data/curated/accelerator-idle-power.csv` gives the reading, and the share is only the fallback (an upper bound).
 */
export const IDLE_POWER_FRACTION = 0.2;

const FALLBACK_BASIS =
  `no published reading for this accelerator: idle draw = ${IDLE_POWER_FRACTION} x board power, from nvidia-smi readings of data-centre ` +
  'GPUs holding a loaded model at 0% utilisation (H100 140-145 W of 700 W, V100 53 W of 300 W, A4000 38 W of 140 W); ' +
  'an assumption, an upper bound for a consumer card';

/** Idle draw of one machine (all its accelerators), W, and where the figure comes from. */
export type IdleDraw = { watts: number; basis: string; source?: Fact<number> };

/**
 * One machine's idle draw: the accelerator's published reading times the count where the dataset has one
 * (`idle_power_w`), else IDLE_POWER_FRACTION of the machine's board power.
 */
export function idleDraw(hardware: Pick<Hardware, 'count' | 'idle_power_w'>, boardWatts: number): IdleDraw {
  const r = hardware.idle_power_w;
  if (r) {
    return { watts: r.value * hardware.count, source: r,
      basis: `idle draw = ${r.value} W per accelerator x ${hardware.count}: ${r.note ?? 'a published reading'} (${r.source}, ${r.as_of})` };
  }
  return { watts: boardWatts * IDLE_POWER_FRACTION, basis: FALLBACK_BASIS };
}

export type PowerUse = {
  /** Board power of one machine (per accelerator x accelerators), W. */
  watts: number;
  /** Draw of one machine when it holds the model and serves nothing, W. */
  idle_watts: number;
  usd_per_kwh: number;
  /** Hours the volume keeps the machines serving at full throughput (hours needed x utilisation), at board power. */
  active_hours: number;
  /** The rest of the machines' hours in the month, at idle draw. */
  idle_hours: number;
  active_kwh: number;
  idle_kwh: number;
  active_usd: number;
  idle_usd: number;
};

/**
 * A month of electricity for `machines` owned machines serving `hoursNeeded` hours of work. Busy hours are counted
 * at full board power (decode, bound by memory bandwidth, often draws less: an upper figure), the remaining hours of
 * the month at `idleWatts`: a machine kept on for traffic that comes a few hours a month is not billed 730 busy hours.
 */
export function powerUse(
  watts: number, hoursNeeded: number, machines: number, usdPerKwh: number, hoursPerMonth: number, idleWatts = watts * IDLE_POWER_FRACTION,
): PowerUse {
  const active = Math.min(hoursNeeded, machines * hoursPerMonth);
  const idle = machines * hoursPerMonth - active;
  const activeKwh = (watts * active) / 1000;
  const idleKwh = (idleWatts * idle) / 1000;
  return {
    watts, idle_watts: idleWatts, usd_per_kwh: usdPerKwh, active_hours: active, idle_hours: idle,
    active_kwh: activeKwh, idle_kwh: idleKwh, active_usd: activeKwh * usdPerKwh, idle_usd: idleKwh * usdPerKwh,
  };
}

/**
 * The month's electricity of powerUse alone (active_usd + idle_usd, the same sums in the same order), without its
 * figures: every bought configuration of an ask is costed, and only the few listed write their figures out.
 */
export function powerUsd(watts: number, hoursNeeded: number, machines: number, usdPerKwh: number, hoursPerMonth: number, idleWatts: number): number {
  const active = Math.min(hoursNeeded, machines * hoursPerMonth);
  const idle = machines * hoursPerMonth - active;
  return ((watts * active) / 1000) * usdPerKwh + ((idleWatts * idle) / 1000) * usdPerKwh;
}
