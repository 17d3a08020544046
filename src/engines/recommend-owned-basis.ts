// An owned month of a self-hosted pick in words (recommend-hosting.ts costs it): each part with its figure, source and date.
import { HOURS_PER_MONTH, type QuantizationId } from './constants.ts';
import type { OwnedOption } from './owned-cost.ts';

/** An owned month in words: each part with its figure, source and date, and the estimate_cost ask that gives it. */
export function ownedBasis(o: OwnedOption, volume: number, context: number, q?: QuantizationId): string[] {
  const p = o.purchase;
  const h = o.host_machine;
  const w = o.power;
  const host = !h
    ? 'no source in the dataset prices the host machine around the accelerators (CPU, board, memory, power supply, chassis): not counted, so the month is a lower bound'
    : h.basis === 'in_purchase_price' ? `host machine: in the purchase price (${h.name}; ${h.source}, ${h.as_of})`
      : `host machine ${h.name}: ${h.usd} USD (${h.source}, ${h.as_of}) over ${h.amortization_months} months = ${h.monthly_usd} USD a month`;
  const power = !w
    ? `${o.hardware_id}: no power figure in the dataset, electricity not counted`
    : `electricity ${w.monthly_usd} USD at ${w.usd_per_kwh} USD/kWh: ${w.watts} W for ${w.active_hours} busy hours, ${w.idle_watts} W for ${w.idle_hours} idle hours`
      + `${w.host_watts ? `, the host's ${w.host_watts} W for ${o.machines * HOURS_PER_MONTH} hours` : ''} (${w.source}, ${w.as_of})`;
  return [
    `${o.hardware_id} bought at ${p.usd} USD (${p.source}, ${p.as_of}) over ${p.amortization_months} months = ${p.monthly_usd} USD a month`,
    host,
    power,
    `serves about ${volume}M tokens a month: ${o.throughput_tokens_per_s} tokens/s at batch ${o.batch}, ${o.utilization} utilisation (estimate_cost's model); `
      + `estimate_cost with hardware=${o.hardware_id}, tokens_millions=${volume}${q ? `, quantization=${q}` : ''} and context=${context} gives this month (${o.machines} machine${o.machines === 1 ? '' : 's'})`,
  ];
}
