// The configuration as a fit response shows it: memory, usable share, bandwidth, and how a split works.
import type { Hardware } from '../schema/index.ts';
import { GB } from './constants.ts';
import { aggregateBandwidth, hasBandwidth, roundTo, splitNote, toGb, usableBytes } from './memory.ts';

export type HardwareSummary = {
  id: string;
  name: string;
  accelerator: string;
  count: number;
  unified_memory: boolean;
  memory_gb: number;
  usable_fraction: number;
  usable_gb: number;
  /** null for an ad-hoc configuration (a bare memory size). */
  bandwidth_gbs: number | null;
  aggregate_bandwidth_gbs: number | null;
  compute_tflops: number | null;
  split: string | null;
};

/** The configuration as a fit response shows it: memory, usable share, bandwidth, and how a split works. */
export function hardwareSummary(hardware: Hardware): HardwareSummary {
  return {
    id: hardware.id,
    name: hardware.name,
    accelerator: hardware.accelerator,
    count: hardware.count,
    unified_memory: hardware.unified_memory,
    memory_gb: hardware.memory_gb.value,
    usable_fraction: hardware.usable_fraction.value,
    usable_gb: toGb(usableBytes(hardware)),
    bandwidth_gbs: hardware.bandwidth_gbs?.value ?? null,
    aggregate_bandwidth_gbs: hasBandwidth(hardware) ? roundTo(aggregateBandwidth(hardware) / GB, 1) : null,
    compute_tflops: hardware.compute_tflops?.value ?? null,
    split: splitNote(hardware),
  };
}

