// The laptop class as people say it: a gaming laptop or a laptop GPU, a MacBook, or a laptop of unknown kind.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware } from '../schema/index.ts';
import type { MachineMapping, MachineRefusal } from './machine.ts';
import { appleBaseReading } from './machine-family.ts';
import { deviceName, type MachineQuery } from './machine-words.ts';

/**
 * A laptop of no stated kind is checked on a laptop GPU of the size most catalogued laptop GPUs have (8 GB: 6 of
 * the 15), the slowest of those (256 GB/s, with the RTX 4070 Laptop GPU). Its 8 GB x 0.95 usable is less than any
 * MacBook but the 8 GB ones leaves (16 GB x 0.75), so a model said to fit it fits those too. It used to be the
 * largest laptop catalogued, a 128 GB MacBook Pro: the owner of a gaming laptop was told 70B models fit.
 */
export const LAPTOP_GPU_REPRESENTATIVE = 'rtx-4060-laptop';


/** Catalogued laptops with one discrete GPU, its own memory. */
const laptopGpus = (ds: Dataset) => ds.hardware.filter((h) => h.class === 'laptop' && !h.unified_memory && h.count === 1);

/**
 * The laptop GPU a dataset without the preferred one is checked on, by the rule the preferred one was chosen by:
 * the memory size most laptop GPUs have (the smaller at a tie), then the lowest bandwidth, then the id.
 */
function typicalLaptopGpu(ds: Dataset): Hardware | undefined {
  const gpus = laptopGpus(ds);
  const count = (gb: number) => gpus.filter((h) => h.memory_gb.value === gb).length;
  return [...gpus].sort((a, b) => count(b.memory_gb.value) - count(a.memory_gb.value) || a.memory_gb.value - b.memory_gb.value
    || (a.bandwidth_gbs?.value ?? Infinity) - (b.bandwidth_gbs?.value ?? Infinity) || a.id.localeCompare(b.id))[0];
}

const GPU_BRANDS = new Set(['rtx', 'gtx', 'geforce']);
const VENDOR_NAMES: Readonly<Record<string, string>> = { nvidia: 'NVIDIA', amd: 'AMD', intel: 'Intel', apple: 'Apple' };

/**
 * The laptop class, read from what else the text says: `gaming laptop`, `laptop GPU`, `nvidia laptop` are a laptop
 * with a discrete NVIDIA GPU; `MacBook` an Apple laptop, its base configuration; `AMD laptop` names no catalogued laptop GPU (refused, with
 * the catalogued machines of that vendor sold as laptops); `laptop`, `my laptop`, `notebook` are of unknown kind and
 * checked on the laptop GPU, the interpretation saying what was assumed and what to write instead.
 */
export function laptopMapping(
  ds: Dataset, q: MachineQuery, how: 'canonical' | 'synonym', phrases: string[], text: string,
): MachineMapping | MachineRefusal {
  const said = text.slice(0, 100);
  if (q.vendor && q.vendor !== 'nvidia' && !q.apple) {
    const vendor = VENDOR_NAMES[q.vendor];
    const candidates = ds.hardware
      .filter((h) => /laptop/i.test(h.name) && deviceName(h.accelerator).vendor === q.vendor).map((h) => h.id).sort();
    return {
      refused: candidates.length ? 'ambiguous' : 'unknown',
      message: `"${said}": no catalogued laptop GPU is ${vendor}'s; name the chip and its memory, or the memory alone ("16GB laptop")`,
      understood: q.understood, candidates,
    };
  }
  const brands = q.understood.filter((u) => GPU_BRANDS.has(u) || u === 'nvidia');
  const gpuSaid = q.gaming || q.discrete || brands.length > 0;
  // The words that decided the kind, beside the class phrase: `gaming`, `gpu`, `nvidia`, `rtx`.
  const matched = [...(q.gaming ? ['gaming'] : []), ...(q.discrete ? ['gpu'] : []), ...brands, ...phrases];
  if (q.apple) {
    // A MacBook of no stated chip is its base configuration (machine-family.ts); `apple laptop` names no family: a MacBook.
    const base = appleBaseReading(ds, q) ?? appleBaseReading(ds, { ...q, understood: [...q.understood, 'macbook'] });
    if (base) return laptop(base.hardware, how, matched, base.interpretation);
    // Never an NVIDIA laptop GPU for a MacBook: without its base catalogued, the caller names the chip.
    const message = `"${said}": no catalogued MacBook base configuration; name the chip and memory`;
    return { refused: 'unknown', message, understood: q.understood, candidates: [] };
  }
  const gpu = ds.hardwareById.get(LAPTOP_GPU_REPRESENTATIVE) ?? typicalLaptopGpu(ds);
  if (!gpu) {
    return { refused: 'unknown', message: `no catalogued configuration stands for "${said}"`, understood: q.understood, candidates: [] };
  }
  const gpus = laptopGpus(ds).map((h) => h.memory_gb.value);
  const size = gpu.memory_gb.value;
  const share = gpus.length
    ? `${size} GB is what ${gpus.filter((x) => x === size).length} of the ${gpus.length} catalogued laptop GPUs have (they range from `
      + `${Math.min(...gpus)} to ${Math.max(...gpus)} GB)`
    : `${size} GB`;
  const yours = 'name yours for its own answer ("RTX 4090 laptop", "4070 laptop") or its memory ("16 GB laptop GPU")';
  if (gpuSaid) {
    const on = `checked on ${gpu.name} (${gpu.id})`;
    return laptop(gpu, how, matched, `a laptop with a discrete NVIDIA GPU, which one not said: ${on}: ${share}; ${yours}`);
  }
  return laptop(gpu, how, matched, 'a laptop, kind not said: assumed one with a discrete NVIDIA GPU and '
    + `checked on ${gpu.name} (${gpu.id}): `
    + `${share}; for another laptop name its GPU ("RTX 4090 laptop", "16 GB laptop GPU") or, for a MacBook, its chip and memory `
    + '("MacBook Pro M4 Max 128GB", "MacBook Air M3 16GB")');
}

function laptop(h: Hardware, how: 'canonical' | 'synonym', matched: string[], interpretation: string): MachineMapping {
  return { value: 'laptop', how, class: 'laptop', hardware: h, matched, interpretation, speed_estimated: h.bandwidth_gbs !== undefined };
}
