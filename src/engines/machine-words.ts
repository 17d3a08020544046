// Reading a machine as people write it: count, memory size, form, vendor and the words that name the device.
import { words } from './vocabulary.ts';

export type Vendor = 'nvidia' | 'amd' | 'intel' | 'apple';

/** What the text says, before any catalogue is consulted. */
export type MachineQuery = {
  /** `2x 3090`, `dual 4090`, `4 x H100`, `rtx-3090-x2`, `a single H100`; null when no count is stated. */
  count: number | null;
  /** `RTX 3060 12GB`, `11 GB GPU`; per device for a discrete GPU, in all for a unified-memory machine. */
  memory_gb: number | null;
  form: 'laptop' | 'desktop' | null;
  vendor: Vendor | null;
  /** Mac words (`MacBook Pro`, `Mac Studio`): an Apple chip, named or not. */
  apple: boolean;
  /** `unified memory`, `RAM`: memory shared with the CPU. */
  unified: boolean;
  /** `CPU only`, `no GPU, 64 GB DDR5`: inference from system RAM. */
  cpu: boolean;
  ddr: 'ddr4' | 'ddr5' | null;
  /** The words left once the above and filler are taken out: the device's name (`3090`, `m3 max`, `h100 sxm`). */
  device: string[];
  /** Phrases understood, in the order read, for the echo (`count 2`, `24 GB`, `laptop`). */
  understood: string[];
};

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  single: 1, one: 1, dual: 2, double: 2, two: 2, pair: 2, triple: 3, three: 3, quad: 4, four: 4, eight: 8,
};

/** Words that say nothing about which device: possessives, articles, generic hardware nouns. */
const FILLER = new Set([
  'my', 'our', 'a', 'an', 'the', 'i', 'we', 'have', 'got', 'own', 'with', 'of', 'on', 'in', 'and', 'using', 'running', 'only', 'just',
  'gpu', 'gpus', 'card', 'cards', 'graphics', 'video', 'vram', 'gaming', 'rig', 'box', 'machine', 'computer', 'system', 'setup',
  'workstation', 'server', 'node', 'tower', 'pc', 'desktop', 'generation', 'gen', 'edition', 'founders', 'fe',
]);
const BRANDS: Readonly<Record<string, Vendor | null>> = {
  nvidia: 'nvidia', geforce: 'nvidia', rtx: null, gtx: null, tesla: 'nvidia', quadro: 'nvidia',
  amd: 'amd', radeon: 'amd', rx: null, instinct: 'amd', ryzen: 'amd',
  intel: 'intel', arc: 'intel',
  apple: 'apple',
};
const LAPTOP = new Set(['laptop', 'laptops', 'notebook', 'mobile', 'macbook']);
const DESKTOP = new Set(['desktop', 'pc', 'tower']);
const UNIFIED = new Set(['unified', 'ram', 'lpddr5', 'lpddr5x']);
/** Apple product names stand for an Apple chip (and, MacBooks, a laptop); `pro` alone stays: it is a chip tier. */
const APPLE_PRODUCTS: ReadonlyArray<{ phrase: string[]; laptop: boolean }> = [
  { phrase: ['macbook', 'pro'], laptop: true },
  { phrase: ['macbook', 'air'], laptop: true },
  { phrase: ['mac', 'studio'], laptop: false },
  { phrase: ['mac', 'mini'], laptop: false },
  { phrase: ['mac', 'pro'], laptop: false },
  { phrase: ['imac'], laptop: false },
  { phrase: ['macbook'], laptop: true },
  { phrase: ['macs'], laptop: false },
  { phrase: ['mac'], laptop: false },
];

const isInt = (w: string | undefined) => w !== undefined && /^\d{1,5}$/.test(w);

/**
 * Split machine text into what it states. `known` holds every word some catalogued device name uses, so that a
 * plural (`H100s`, `3090s`) is read as its device and a count before a device (`4 H100`) as a count.
 */
export function readMachine(text: string, known: ReadonlySet<string>): MachineQuery {
  // `M3 Max 64GB` -> m3 max 64 gb; `rtx-3090-x2` -> rtx 3090 x 2; `4x` -> 4 x; `128GB` -> 128 gb.
  let w = words(text.replace(/\+/g, ' '));
  const q: MachineQuery = {
    count: null, memory_gb: null, form: null, vendor: null,
    apple: false, unified: false, cpu: false, ddr: null, device: [], understood: [],
  };
  for (const { phrase, laptop } of APPLE_PRODUCTS) {
    for (let i = 0; i + phrase.length <= w.length; i++) {
      if (phrase.every((p, j) => w[i + j] === p)) {
        q.apple = true;
        if (laptop) q.form = 'laptop';
        q.understood.push(phrase.join(' '));
        w = [...w.slice(0, i), ...w.slice(i + phrase.length)];
        i--;
      }
    }
  }
  const rest: string[] = [];
  for (let i = 0; i < w.length; i++) {
    const t = w[i];
    const next = w[i + 1];
    // Memory: `24 gb`, `24 gib`, `1 tb`.
    if (isInt(t) && (next === 'gb' || next === 'gib' || next === 'tb')) {
      q.memory_gb = Number(t) * (next === 'tb' ? 1000 : 1);
      q.understood.push(`${t} ${next}`);
      i++;
      continue;
    }
    // Count: `2 x 3090`, `x 2` after a device, `4 h100`, `2 gpus`, `dual`, `a single`.
    if (isInt(t) && next === 'x') { q.count = Number(t); q.understood.push(`${t} x`); i++; continue; }
    if (t === 'x' && isInt(next)) { q.count = Number(next); q.understood.push(`x ${next}`); i++; continue; }
    if (/^x\d{1,3}$/.test(t)) { q.count = Number(t.slice(1)); q.understood.push(t); continue; }
    if (isInt(t) && Number(t) <= 64 && next !== undefined && next !== 'core' && (known.has(next) || known.has(singular(next)) || /^(gpus?|cards?)$/.test(next))) {
      q.count = Number(t);
      q.understood.push(`${t} (count)`);
      continue;
    }
    if (t in NUMBER_WORDS) { q.count = NUMBER_WORDS[t]; q.understood.push(t); continue; }
    if (LAPTOP.has(t)) { q.form = 'laptop'; q.understood.push(t); continue; }
    if (DESKTOP.has(t) && q.form === null) { q.form = 'desktop'; q.understood.push(t); continue; }
    if (UNIFIED.has(t)) { q.unified = true; q.understood.push(t); continue; }
    if (t === 'cpu' || t === 'cpus') { q.cpu = true; q.understood.push(t); continue; }
    if (t === 'ddr4' || t === 'ddr5') { q.cpu = true; q.ddr = t; q.understood.push(t); continue; }
    if (t === 'memory') continue;
    // `H100s` reaches here as `h100 s` (a digit then a letter splits): the plural s of the word before.
    if (t === 's' && rest.length > 0) continue;
    if (t in BRANDS) {
      const v = BRANDS[t];
      if (v) q.vendor = v;
      if (v === 'apple') q.apple = true;
      q.understood.push(t);
      continue;
    }
    if (FILLER.has(t)) continue;
    rest.push(known.has(t) ? t : known.has(singular(t)) ? singular(t) : t);
  }
  q.device = rest;
  return q;
}

/** `h100s` -> `h100`, `3090s` -> `3090`; other words unchanged. */
function singular(t: string): string {
  return t.length > 2 && t.endsWith('s') ? t.slice(0, -1) : t;
}

/** Device words of a catalogued accelerator name, split into the name proper, optional form words and aliases. */
export type DeviceName = { vendor: Vendor | null; laptop: boolean; cpu: boolean; ddr: 'ddr4' | 'ddr5' | null; core: string[]; optional: string[]; alias: string[] };

/** Form-factor words a person may leave out (`H100` for the SXM5 module, `A10` for the PCIe card). */
export const FORM_WORDS = new Set(['sxm', 'sxm4', 'sxm5', 'pcie', 'pcle']);

/**
 * `NVIDIA GeForce RTX 3060 Ti 8GB (GDDR6)` -> core [3060, ti], alias [gddr6]; `AMD Ryzen AI Max+ 395 (Strix Halo)`
 * -> core [ai, max, 395], alias [strix, halo]; `NVIDIA GeForce RTX 4090 Laptop GPU 16GB` -> core [4090], laptop.
 */
export function deviceName(accelerator: string): DeviceName {
  const paren = /\(([^)]*)\)/.exec(accelerator);
  const outside = words(accelerator.replace(/\([^)]*\)/g, ' ').replace(/\+/g, ' '));
  const alias = paren ? words(paren[1]).filter((t) => !FILLER.has(t)) : [];
  let vendor: Vendor | null = null;
  let laptop = false;
  let cpu = false;
  let ddr: DeviceName['ddr'] = null;
  const core: string[] = [];
  const optional: string[] = [];
  for (let i = 0; i < outside.length; i++) {
    const t = outside[i];
    if (isInt(t) && (outside[i + 1] === 'gb' || outside[i + 1] === 'gib')) { i++; continue; }
    if (t in BRANDS) { vendor ??= BRANDS[t]; continue; }
    if (LAPTOP.has(t)) { laptop = true; continue; }
    if (t === 'cpu') { cpu = true; continue; }
    if (t === 'ddr4' || t === 'ddr5') { ddr = t; continue; }
    if (FORM_WORDS.has(t)) { optional.push(t); continue; }
    if (FILLER.has(t)) continue;
    core.push(t);
  }
  return { vendor, laptop, cpu, ddr, core, optional, alias };
}

/** Whether the device words of a query name this device: every word known to it, every word of its name given. */
export function namesDevice(q: readonly string[], d: DeviceName): boolean {
  if (q.length === 0 || d.cpu) return false;
  const all = new Set([...d.core, ...d.optional, ...d.alias]);
  if (q.every((t) => all.has(t)) && d.core.every((t) => q.includes(t))) return true;
  // The parenthesised name alone (`Strix Halo`, `GB10`) names the device too.
  return d.alias.length > 0 && q.length === d.alias.length && d.alias.every((t) => q.includes(t));
}
