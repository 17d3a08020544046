// A machine named by its memory size alone (`11 GB GPU`, `64 GB Mac`, `16GB laptop`): a configuration of that size.
import type { Dataset } from '../dataset/dataset.ts';
import type { Fact, Hardware } from '../schema/index.ts';
import { adHocConfiguration, MAX_COUNT, maxMemoryGb, MEMORY_MARGIN, type AdHocKind } from './machine-build.ts';
import type { MachineQuery } from './machine-words.ts';
import type { MachineMapping, MachineRefusal } from './machine.ts';
import { toGb, usableBytes } from './memory.ts';
import { perDataset } from './per-dataset.ts';

const gb = (n: number) => `${Math.round(n * 100) / 100} GB`;

function refuse(refused: MachineRefusal['refused'], message: string, q: MachineQuery): MachineRefusal {
  return { refused, message, understood: q.understood, candidates: [] };
}

/** The lowest catalogued usable share among configurations that pass `keep`, with where it comes from. */
function usableShare(ds: Dataset, keep: (h: Hardware) => boolean): { fact: Fact<number>; from: string } | undefined {
  const h = ds.hardware.filter(keep).sort((a, b) => a.usable_fraction.value - b.usable_fraction.value || a.id.localeCompare(b.id))[0];
  return h ? { fact: h.usable_fraction, from: h.id } : undefined;
}

/**
 * The usable share of each kind but Apple's, read once per dataset: a discrete GPU's documented share (a laptop GPU's
 * when a laptop is said, else a discrete GPU's), or (unified, laptop: kind unsure) the lowest of unified memory. Each
 * is a filter and sort of the catalogue, and a size is a new text on most first asks (11% of the handler of a first
 * ask at "354 GB GPU": docs/performance.md, twenty-sixth round).
 */
const sharesOf = perDataset((ds) => ({
  gpu: usableShare(ds, (h) => !h.unified_memory),
  'laptop-gpu': usableShare(ds, (h) => !h.unified_memory && h.class === 'laptop') ?? usableShare(ds, (h) => !h.unified_memory),
  unified: usableShare(ds, (h) => h.unified_memory),
}));

/**
 * An Apple Mac's share follows its memory size (Metal gives the GPU two-thirds of a small Mac's memory, three-quarters
 * of a large one's: src/ingest/apple-metal.ts), so a Mac of a stated size takes the share of the catalogued Mac nearest
 * in memory (the lower share at a tie).
 */
function appleShare(ds: Dataset, memory: number): { fact: Fact<number>; from: string } | undefined {
  const macs = ds.hardware.filter((h) => h.unified_memory && /^apple/i.test(h.accelerator));
  const gap = (h: Hardware) => Math.abs(h.memory_gb.value - memory);
  const h = [...macs].sort((a, b) => gap(a) - gap(b) || a.usable_fraction.value - b.usable_fraction.value || a.id.localeCompare(b.id))[0];
  return h ? { fact: h.usable_fraction, from: h.id } : undefined;
}

/** A memory size without a device: `11 GB GPU`, `64 GB Mac`, `128 GB unified memory`, `16GB laptop`. */
export function byMemory(ds: Dataset, q: MachineQuery, text: string): MachineMapping | MachineRefusal {
  const memory = q.memory_gb!;
  const bound = maxMemoryGb(ds.hardware);
  if (!Number.isFinite(memory) || memory < 1 || memory > bound.gb) {
    return refuse('out_of_range', `a memory size must be from 1 to ${bound.gb} GB per device (${MEMORY_MARGIN} x the largest catalogued, `
      + `${bound.from}); "${text.slice(0, 100)}" states ${memory} GB`, q);
  }
  // GPU words (`GPU`, `VRAM`) say whose memory it is, beside `laptop` too; system RAM (`32 GB RAM`) is not a GPU's.
  const discrete = q.discrete && q.memory_kind !== 'ram';
  const kind: AdHocKind = q.apple ? 'apple' : discrete ? (q.form === 'laptop' ? 'laptop-gpu' : 'gpu')
    : q.unified ? 'unified' : q.form === 'laptop' ? 'laptop' : 'gpu';
  const count = q.count ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) return refuse('out_of_range', `a count must be from 1 to ${MAX_COUNT}; "${text.slice(0, 100)}" states ${count}`, q);
  if (kind !== 'gpu' && kind !== 'laptop-gpu' && count > 1) return refuse('out_of_range', 'a count applies to discrete GPUs', q);
  // The usable share: a discrete GPU's documented share (a laptop GPU's when a laptop is said), an Apple chip's, or
  // (unified, laptop: kind unsure) the lowest.
  const share = kind === 'apple' ? appleShare(ds, memory) : sharesOf(ds)[kind === 'laptop' ? 'unified' : kind];
  if (!share) return refuse('unknown', 'no catalogued configuration gives a usable memory share for this kind of machine', q);
  const h = adHocConfiguration(kind, memory, count, share.fact, share.from);
  const ofKind = (x: Hardware) => kind === 'gpu' ? !x.unified_memory : kind === 'laptop-gpu' ? !x.unified_memory && x.class === 'laptop'
    : kind === 'apple' ? /^apple/i.test(x.accelerator) : kind === 'unified' ? x.unified_memory : x.class === 'laptop';
  // A MacBook Air holds the base chip of its generation only (machine-bins.ts): the Pro chips of that size are other Macs.
  const air = q.understood.includes('macbook air');
  const same = ds.hardware.filter((x) => x.count === count && Math.abs(x.memory_gb.value / x.count - memory) < 0.5 && ofKind(x)
    && (!air || /\bMacBook Air\b/.test(x.name)));
  const aside = q.memory_set_aside.length
    // System memory, not the GPU's: the fit is the GPU's, and models_for_hardware and recommend_model alone may read the RAM (as
    // system_ram_gb), so "set aside" would contradict its experts_in_system_ram reading of the same words.
    ? `; ${q.memory_set_aside.join(', ')}: system memory, not the GPU's (fits use the GPU's memory; only models_for_hardware and recommend_model read the RAM)` : '';
  const checked = gb(memory * (kind === 'gpu' || kind === 'laptop-gpu' ? count : 1));
  const listed = `${same.slice(0, 8).map((x) => x.id).join(', ')}${same.length > 8 ? ', ...' : ''}`;
  const also = same.length ? `; catalogued devices of that size: ${listed} (name one for a speed estimate)` : '';
  return {
    value: h.id, how: 'ad_hoc', class: null, hardware: h, matched: [gb(memory), ...q.understood.filter((u) => !/gb$/.test(u))],
    interpretation: `read as ${h.name}: ${kind === 'laptop' ? 'neither the device nor the kind of memory' : 'no device'} named, `
      + `so fits are checked on ${checked} x `
      // Sizes are binary (a "16 GB" card holds 16 GiB, as memory.ts reads every device), so the sum is said in GB of 1e9.
      // A share of two-thirds (Metal's on a small Mac) is said to four places, not as 0.6666666666666666.
      + `${Number(h.usable_fraction.value.toFixed(4))} usable = ${toGb(usableBytes(h))} GB (memory sizes are binary: GB read as GiB) and no speed is `
      + `estimated${aside}${also}`,
    speed_estimated: false,
  };
}
