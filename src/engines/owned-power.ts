// Electricity of owned hardware over a month: board power for the hours the volume needs, idle draw for the rest.

/**
 * Draw of an accelerator that holds a loaded model but serves nothing, as a share of its board power. A stated
 * assumption from nvidia-smi readings of data-centre GPUs at 0% utilisation with a model in memory (performance
 * state P0/P2, as inference servers leave them): H100 80GB HBM3 140 W and 145 W of 700 W (0.20, 0.21;
 * github.com/wilicc/gpu-burn/issues/114, 2024-10-25); Tesla V100-SXM2 53 W of 300 W (0.18;
 * github.com/zai-org/GLM-130B/issues/32, 2022-10-21); RTX A4000 38 W of 140 W (0.27;
 * github.com/huggingface/text-generation-inference/issues/946, 2023-08-29). 0.2 is their middle; a consumer card
 * that drops to P8 between requests draws less (an RTX 3090 Ti about 21 W of 450 W at idle,
 * https://www.ecoenergygeek.com/rtx-4090-power-consumption/), so for it this is an upper bound.
 */
export const IDLE_POWER_FRACTION = 0.2;

export const IDLE_POWER_BASIS =
  `idle draw = ${IDLE_POWER_FRACTION} x board power: nvidia-smi readings of GPUs holding a loaded model at 0% utilisation ` +
  '(H100 140-145 W of 700 W, V100 53 W of 300 W, A4000 38 W of 140 W); an assumption, not a measurement of this configuration';

export type PowerUse = {
  /** Board power of one machine (per accelerator x accelerators), W. */
  watts: number;
  /** Draw of one machine when it holds the model and serves nothing, W. */
  idle_watts: number;
  usd_per_kwh: number;
  /** Hours the volume needs at the estimated throughput and utilisation, at board power (all machines). */
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
 * the month at idle draw: a machine kept on for traffic that comes a few hours a month is not billed 730 busy hours.
 */
export function powerUse(watts: number, hoursNeeded: number, machines: number, usdPerKwh: number, hoursPerMonth: number): PowerUse {
  const active = Math.min(hoursNeeded, machines * hoursPerMonth);
  const idle = machines * hoursPerMonth - active;
  const idleWatts = watts * IDLE_POWER_FRACTION;
  const activeKwh = (watts * active) / 1000;
  const idleKwh = (idleWatts * idle) / 1000;
  return {
    watts, idle_watts: idleWatts, usd_per_kwh: usdPerKwh, active_hours: active, idle_hours: idle,
    active_kwh: activeKwh, idle_kwh: idleKwh, active_usd: activeKwh * usdPerKwh, idle_usd: idleKwh * usdPerKwh,
  };
}
