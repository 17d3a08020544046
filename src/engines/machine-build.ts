// Configurations the catalogue does not hold but the text states: N cards of a catalogued one, or a bare memory size.
import { fact, type Fact, type Hardware } from '../schema/index.ts';
import { citeFact } from './cite.ts';

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Counts a machine may state: one to sixteen devices in one node. The catalogue's largest configuration holds 8
 * (a100-80gb-x8, h100-80gb-x8, h200-x8, b200-x8, mi300x-x8, mi325x-x8); the largest single-node system sold held 16
 * (NVIDIA DGX-2, 16 x V100 over NVSwitch, 2018: https://www.servethehome.com/nvidia-dgx-2-pushing-limits-at-16-gpus-and-512gb-of-hbm2-ram/),
 * twice the catalogue's. Beyond one node the service models no interconnect (no rack such as NVL72 is catalogued).
 * A module sold on a baseboard of fewer (an HGX H100 holds 8) is bounded by its board, not by this (machine-nodes.ts).
 */
export const MAX_COUNT = 16;
/**
 * Memory one stated device may have: twice the largest per-device memory of any catalogued configuration (today the
 * 512 GB Mac Studio M3 Ultra, m3-ultra-512gb; the largest discrete card is the 256 GB MI325X). The margin of two
 * admits the next generation of a catalogued device without letting "9999 GB GPU" pass as a machine that exists.
 * Derived from the loaded table, not a constant, so a larger catalogued device raises it.
 */
export const MEMORY_MARGIN = 2;
const bounds = new WeakMap<readonly Hardware[], { gb: number; from: string }>();
export function maxMemoryGb(hardware: readonly Hardware[]): { gb: number; from: string } {
  let b = bounds.get(hardware);
  if (!b) {
    let top: Hardware | undefined;
    for (const h of hardware) if (!top || h.memory_gb.value / h.count > top.memory_gb.value / top.count) top = h;
    b = top ? { gb: Math.ceil(MEMORY_MARGIN * top.memory_gb.value / top.count), from: top.id } : { gb: 0, from: 'no configuration' };
    bounds.set(hardware, b);
  }
  return b;
}

/**
 * `count` cards of a catalogued single-card configuration: memory is the card's times the count (derived, citing
 * the card's fact); bandwidth, compute, power and usable share are per card and carry over unchanged. No rental is
 * joined (a rental offer is of its own count and is catalogued as such).
 */
export function countedConfiguration(one: Hardware, count: number): Hardware {
  const base = one.id.replace(/-x1$/, '');
  const memory = fact(round(one.memory_gb.value * count), one.memory_gb.as_of, 'derived', {
    derived_from: [citeFact(`${one.id}.memory_gb`, one.memory_gb), `count = ${count}`],
    note: `${one.memory_gb.value} GB per accelerator x ${count}`,
  });
  const price = one.purchase_price_usd
    ? fact(round(one.purchase_price_usd.value * count), one.purchase_price_usd.as_of, 'derived', {
      derived_from: [citeFact(`${one.id}.purchase_price_usd`, one.purchase_price_usd), `count = ${count}`],
      note: 'the accelerators only; the host machine is not included',
    })
    : undefined;
  return {
    id: `${base}-x${count}`,
    name: `${count} x ${one.accelerator} (${count} x ${one.memory_gb.value} GB), built from ${one.id}`,
    class: one.class === 'laptop' ? 'desktop' : one.class,
    accelerator: one.accelerator,
    count,
    unified_memory: false,
    memory_gb: memory,
    usable_fraction: one.usable_fraction,
    ...(one.bandwidth_gbs ? { bandwidth_gbs: one.bandwidth_gbs } : {}),
    ...(one.compute_tflops ? { compute_tflops: one.compute_tflops } : {}),
    ...(one.power_w ? { power_w: one.power_w } : {}),
    ...(one.idle_power_w ? { idle_power_w: one.idle_power_w } : {}),
    ...(one.nvlink ? { nvlink: one.nvlink } : {}),
    // Without it, 3 x MI300X (one Infinity Fabric baseboard) would be read as 3 cards on PCIe (decode.ts onFabric).
    ...(one.peer_fabric ? { peer_fabric: one.peer_fabric } : {}),
    ...(price ? { purchase_price_usd: price } : {}),
  };
}

export type AdHocKind = 'gpu' | 'laptop-gpu' | 'apple' | 'unified' | 'laptop';

// `what` makes the accelerator; `noun` the name, which answers put inside sentences ("Runs on your machine, <name> (<id>)").
const KIND_WORDS: Readonly<Record<AdHocKind, { id: string; what: string; noun: string }>> = {
  gpu: { id: 'gpu', what: 'GPU', noun: 'GPU' },
  'laptop-gpu': { id: 'laptop-gpu', what: 'laptop GPU', noun: 'laptop GPU' },
  apple: { id: 'mac', what: 'Mac (Apple chip not named)', noun: 'Mac' },
  unified: { id: 'unified', what: 'unified-memory machine', noun: 'unified-memory machine' },
  laptop: { id: 'laptop', what: 'laptop (memory kind not stated)', noun: 'laptop' },
};

/**
 * The name of a configuration built from a memory size: "an unnamed 16 GB GPU", "2 unnamed 24 GB GPUs". Short and
 * without brackets, since answers write it inside sentences and follow it with the id in brackets; that no speed is
 * estimated is said where the figure would be, and the interpretation says why.
 */
export function adHocName(kind: AdHocKind, memoryGb: number, count: number): string {
  const { noun } = KIND_WORDS[kind];
  return count > 1 ? `${count} unnamed ${memoryGb} GB ${noun}s` : `an unnamed ${memoryGb} GB ${noun}`;
}

/**
 * A configuration built from a stated memory size alone. Its usable share is a catalogued fact (passed in, with
 * its source); it has no bandwidth, so no speed is estimated on it.
 */
export function adHocConfiguration(kind: AdHocKind, memoryGb: number, count: number, usable: Fact<number>, usableFrom: string): Hardware {
  const k = KIND_WORDS[kind];
  const perDevice = kind === 'gpu' || kind === 'laptop-gpu';
  const total = perDevice ? memoryGb * count : memoryGb;
  return {
    id: `${k.id}-${memoryGb}gb${perDevice && count > 1 ? `-x${count}` : ''}`,
    name: adHocName(kind, memoryGb, perDevice ? count : 1),
    class: kind === 'laptop' || kind === 'laptop-gpu' ? 'laptop' : 'desktop',
    accelerator: `unnamed ${k.what}`,
    count: perDevice ? count : 1,
    unified_memory: !perDevice,
    memory_gb: fact(total, usable.as_of, 'derived', {
      derived_from: [`machine text: ${memoryGb} GB${perDevice && count > 1 ? ` x ${count}` : ''}`],
      note: 'memory as stated in the request',
    }),
    usable_fraction: { ...usable, note: `${usable.note ? `${usable.note}; ` : ''}the share catalogued for ${usableFrom}` },
  };
}
