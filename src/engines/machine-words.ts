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
  /** `GPU`, `VRAM`, `graphics card`: the memory stated is a discrete GPU's, even beside `laptop`. */
  discrete: boolean;
  /** What the size stated is said to be: `8 GB VRAM` (a GPU's), `32 GB RAM` (system memory), or null (not said). */
  memory_kind: 'vram' | 'ram' | null;
  /** Sizes read but not used: system RAM beside a GPU's memory (`16 GB RAM and 8 GB VRAM`). */
  memory_set_aside: string[];
  /** The last size said to be RAM (`32 GB RAM`, `128 GB DDR4`), in GB, whether or not it was used; null when none. */
  ram_gb: number | null;
  /**
   * `RTX 3090 with 128GB DDR4`: a DDR word said right after a size, with no `CPU` word: the RAM's kind, which makes a
   * CPU-only machine only when no device is named beside it (machine.ts decides, with the catalogue).
   */
  ddr_after_size: boolean;
  /** Letters read as part of a device's name, not as a plural (`L40S`, `4080S` for SUPER), with the word before. */
  name_suffixes: Array<{ after: string; letter: string; as: string }>;
  /** `NVLink`, `NV-Link`, `NVLink bridge`, `NVSwitch`: how the cards are joined, said beside the card (never its name). */
  link: 'nvlink' | 'nvswitch' | null;
  /** `bridge`, `bridged`: the link said is a bridge, which joins two PCIe cards, never SXM modules (machine-link.ts). */
  bridge: boolean;
  /** `gaming laptop`, `gaming rig`: a discrete GPU, which one not said. */
  gaming: boolean;
  /** `CPU only`, `no GPU, 64 GB DDR5`: inference from system RAM. */
  cpu: boolean;
  ddr: 'ddr4' | 'ddr5' | null;
  /** The words left once the above and filler are taken out: the device's name (`3090`, `m3 max`, `h100 sxm`). */
  device: string[];
  /** Product names read as their device (`framework desktop`), as written in the words of the text. */
  products: string[];
  /** A laptop's screen size in inches (`16-inch MacBook Pro`, `MacBook Pro 14`, `16" laptop`); null when not said. */
  screen_inches: number | null;
  /** Phrases understood, in the order read, for the echo (`count 2`, `24 GB`, `laptop`). */
  understood: string[];
};

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  single: 1, one: 1, dual: 2, double: 2, two: 2, pair: 2, triple: 3, three: 3, quad: 4, four: 4, eight: 8,
};

/** Words that say nothing about which device: possessives, articles, generic hardware nouns. */
const FILLER = new Set([
  'my', 'our', 'a', 'an', 'the', 'i', 'we', 'have', 'got', 'own', 'with', 'of', 'on', 'in', 'and', 'using', 'running', 'only', 'just',
  'gpu', 'gpus', 'card', 'cards', 'graphics', 'video', 'vram', 'rig', 'box', 'machine', 'computer', 'system', 'setup',
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
/** Words that say the memory is a discrete GPU's (`16 GB laptop GPU`, `8 GB VRAM`); `40-core GPU` is a core count. */
const DISCRETE = new Set(['gpu', 'gpus', 'vram', 'graphics', 'card', 'cards', 'gddr6', 'gddr6x', 'gddr7']);
/** Words after a size that say which memory it is. */
const VRAM_AFTER = new Set(['vram', 'gpu', 'graphics', 'gddr6', 'gddr6x', 'gddr7']);
const RAM_AFTER = new Set(['ram', 'system', 'ddr4', 'ddr5', 'lpddr5', 'lpddr5x']);
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

/**
 * Words that, with no catalogued name beside them, still give a reading something to go on: an Apple machine, a CPU,
 * a memory size's unit (a size is a number then one of these). machine-readable.ts tells texts without any such word apart.
 */
export const READING_WORDS: ReadonlySet<string> = new Set([
  ...APPLE_PRODUCTS.flatMap((p) => p.phrase), 'apple', 'cpu', 'ddr4', 'ddr5', 'gb', 'gib', 'tb',
]);

/**
 * Words for the link between cards: a bridge between GPUs is read as an NVLink bridge; `NV-Link` splits as `nv link`.
 */
const LINK_WORDS: Readonly<Record<string, 'nvlink' | 'nvswitch'>> = {
  nvlink: 'nvlink', nvlinked: 'nvlink', bridge: 'nvlink', bridged: 'nvlink', nvswitch: 'nvswitch',
};
const NV_LINK_PAIRS: Readonly<Record<string, 'nvlink' | 'nvswitch'>> = { link: 'nvlink', linked: 'nvlink', switch: 'nvswitch' };

const isInt = (w: string | undefined) => w !== undefined && /^\d{1,5}$/.test(w);
/** A memory size of any length is read as one, so that `9999999 GB` meets the range check rather than "unknown words". */
const isSize = (w: string | undefined) => w !== undefined && /^\d{1,15}$/.test(w);

/** A product sold around one catalogued device (`Framework Desktop`): its words, and the words that name the device. */
export type ProductName = { phrase: readonly string[]; device: readonly string[] };

/**
 * GB in a TB, as memory is sold: a "64 GB" module holds 64 GiB, and a "2 TB" server 16 x 128 GB of them, 2,048 GB; so a
 * TB said of memory is 1,024 of the GB the text counts in (each read GiB-like where the service sizes memory). Until
 * 2026-11-29 a TB was read as 1,000: "2TB RAM" as 2,000 GB beside "64GB RAM" as 64.
 */
export const GB_PER_TB = 1024;

/**
 * A size with a fraction (`1.5TB`, `15.5GB`) as whole GB, before the words are split at the point (which read `1.5TB` as
 * 5 TB): a TB size in GB, rounded (1.5 TB = 1,536 GB; under half a GB of a TB-scale size is lost or gained); a GB size
 * rounded down, so that the memory is never read as more than said.
 */
function wholeSizes(text: string): string {
  return text.replace(/\b(\d{1,6}\.\d{1,6}) ?(tb|gib|gb)\b/gi, (_, n: string, unit: string) =>
    unit.toLowerCase() === 'tb' ? `${Math.round(Number(n) * GB_PER_TB)} gb` : `${Math.floor(Number(n))} ${unit}`);
}

/**
 * The words readMachine reads: `M3 Max 64GB` -> m3 max 64 gb; `rtx-3090-x2` -> rtx 3090 x 2; `4x` -> 4 x; `128GB` ->
 * 128 gb; `4xL40S` -> 4 x l40 s (a count glued to a name: `4xl40s` would otherwise split as `4 xl40 s`, `4x4090` as `4 x4090`).
 */
export function machineWords(text: string): string[] {
  return words(wholeSizes(text).replace(/\+/g, ' ').replace(/\b(\d{1,2}) ?[x\u00d7] ?(?=[a-z0-9])/gi, '$1 x '));
}

/**
 * Split machine text into what it states. `known` holds every word some catalogued device name uses, so that a
 * plural (`H100s`, `3090s`) is read as its device and a count before a device (`4 H100`) as a count.
 */
export function readMachine(
  text: string, known: ReadonlySet<string>, suffixes: NameSuffixes = new Map(), products: readonly ProductName[] = [],
): MachineQuery {
  let w = machineWords(text);
  const q = emptyQuery();
  // `two 4080s` is two RTX 4080s; `2x 4080S` two SUPERs: a lower-case s after a count, as the text was written.
  const lowerS = new Set([...text.matchAll(/(\d+)s\b/g)].map((m) => m[1]));
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
  w = readScreen(text, w, q);
  // `Framework Desktop 128GB`, `GMKtec EVO-X2`: a product name stands for its device's name (`strix halo`), read before
  // its words could be taken for a form (`desktop`) or a count (`x2`). Longest first: `Beelink GTR9 Pro` before any prefix.
  for (const { phrase, device } of products) {
    for (let i = 0; i + phrase.length <= w.length; i++) {
      if (phrase.every((p, j) => w[i + j] === p)) {
        q.products.push(phrase.join(' '));
        q.understood.push(`${phrase.join(' ')} (sold with the ${device.join(' ')})`);
        w = [...w.slice(0, i), ...device, ...w.slice(i + phrase.length)];
        i += device.length - 1;
      }
    }
  }
  const rest: string[] = [];
  const sizes: Array<{ gb: number; said: string; kind: MachineQuery['memory_kind'] }> = [];
  let [cpuSaid, ddrAfterSize] = [false, false];
  for (let i = 0; i < w.length; i++) {
    const t = w[i];
    const next = w[i + 1];
    // Memory: `24 gb`, `24 gib`, `1 tb`; the word after says whose (`8 gb vram`, `32 gb ram`, `16 gb ddr5`).
    if (isSize(t) && (next === 'gb' || next === 'gib' || next === 'tb')) {
      const after = w[i + 2];
      const kind = after && VRAM_AFTER.has(after) ? 'vram' : after && RAM_AFTER.has(after) ? 'ram' : null;
      sizes.push({ gb: Number(t) * (next === 'tb' ? GB_PER_TB : 1), said: `${t} ${next}`, kind });
      q.understood.push(`${t} ${next}`);
      i++;
      continue;
    }
    // `Mac Studio M3 Ultra 512`: a bare number ending the text, after an Apple chip and no size said, is the memory in
    // GB, as Apple sells and names the configurations (M3 Ultra with 96, 256 or 512 GB unified memory). Nowhere else is
    // a bare number a size: `4 4090` is a count, `4090` a device.
    if (isSize(t) && next === undefined && !sizes.length && rest.some((r) => /^m\d{1,2}$/.test(r))) {
      sizes.push({ gb: Number(t), said: `${t} gb`, kind: null });
      q.understood.push(`${t} (GB of memory, after the chip)`);
      continue;
    }
    // `4090M`: a laptop GPU, as NVIDIA named its laptop GPUs with an M (GeForce GTX 980M, 1070M) and people still write
    // the RTX ones (its own name: GeForce RTX 4090 Laptop GPU). The M glued to a device number only.
    if (t === 'm' && rest.length > 0 && /^\d{3,4}$/.test(rest[rest.length - 1]) && new RegExp(`${rest[rest.length - 1]}m\\b`, 'i').test(text)) {
      q.form = 'laptop';
      q.understood.push(`${rest[rest.length - 1]}m (laptop GPU)`);
      continue;
    }
    // `16-core CPU / 40-core GPU`: core counts of a chip, not a count of devices nor a CPU-only machine.
    if (t === 'core' && (next === 'cpu' || next === 'gpu')) { rest.push(t); if (next === 'cpu') rest.push(next); i++; continue; }
    // `dual-channel DDR5`: memory channels, not two devices.
    if (Object.hasOwn(NUMBER_WORDS, t) && next === 'channel') { q.understood.push(`${t} ${next}`); i++; continue; }
    // Count: `2 x 3090`, `x 2` after a device, `4 h100`, `2 gpus`, `dual`, `a single`.
    // `MI300X 192GB`: an X that ends a catalogued name is the name, not a count (`x 192`).
    if (t === 'x' && rest.length > 0 && suffixes.get(`${rest[rest.length - 1]} x`) === 'x') { rest.push(t); continue; }
    // `rtx 3090 x 2`: a device number then `x 2` is the device and a count after it, not 3090 devices (`16 x 24GB`
    // stays 16 cards: no catalogued device number is 64 or less, and a size is no count).
    const deviceThenCount = known.has(t) && Number(t) > 64 && isInt(w[i + 2]) && !/^(gb|gib|tb)$/.test(w[i + 3] ?? '');
    if (isInt(t) && next === 'x' && !deviceThenCount) { q.count = Number(t); q.understood.push(`${t} x`); i++; continue; }
    if (t === 'x' && isInt(next)) { q.count = Number(next); q.understood.push(`x ${next}`); i++; continue; }
    if (/^x\d{1,3}$/.test(t)) { q.count = Number(t.slice(1)); q.understood.push(t); continue; }
    if (isInt(t) && Number(t) <= 64 && next !== undefined && next !== 'core' && (known.has(next) || known.has(singular(next)) || /^(gpus?|cards?)$/.test(next))) {
      q.count = Number(t);
      q.understood.push(`${t} (count)`);
      continue;
    }
    if (Object.hasOwn(NUMBER_WORDS, t)) { q.count = NUMBER_WORDS[t]; q.understood.push(t); continue; }
    if (LAPTOP.has(t)) { q.form = 'laptop'; q.understood.push(t); continue; }
    if (DESKTOP.has(t) && q.form === null) { q.form = 'desktop'; q.understood.push(t); continue; }
    if (UNIFIED.has(t)) { q.unified = true; q.understood.push(t); continue; }
    if (t === 'cpu' || t === 'cpus') { q.cpu = true; cpuSaid = true; q.understood.push(t); continue; }
    if (t === 'ddr4' || t === 'ddr5') {
      if (/^(gb|gib|tb)$/.test(w[i - 1] ?? '') && isSize(w[i - 2])) ddrAfterSize = true;
      q.cpu = true; q.ddr = t; q.understood.push(t); continue;
    }
    if (t === 'memory') continue;
    // `2x 3090 NVLink`: the link is how two cards are joined, not a word of either card's name.
    const link = Object.hasOwn(LINK_WORDS, t) ? LINK_WORDS[t]
      : t === 'nv' && next && Object.hasOwn(NV_LINK_PAIRS, next) ? NV_LINK_PAIRS[next] : undefined;
    if (link) {
      if (q.link !== 'nvswitch') q.link = link;
      if (t === 'bridge' || t === 'bridged') q.bridge = true;
      q.understood.push(t === 'nv' ? `nv ${next}` : t);
      if (t === 'nv') i++;
      continue;
    }
    if (t === 'gaming') { q.gaming = true; q.understood.push(t); continue; }
    if (DISCRETE.has(t)) q.discrete = true;
    // `H100s` reaches here as `h100 s` (a digit then a letter splits). An S that is part of a catalogued name
    // (`L40S`; `4080S`, `4070 Ti S` for SUPER) is that name, never a plural: a device is not read as another.
    if (t === 's' && rest.length > 0) {
      const after = rest[rest.length - 1];
      const as = suffixes.get(`${after} s`);
      const plural = as === 'super' && q.count !== null && q.count > 1 && lowerS.has(after);
      if (as && !plural) nameSuffix(q, rest, after, as);
      continue;
    }
    // `A10Gs`, `L40Ss`, `MI300Xs`: the plural of a name that ends in a letter.
    const letter = t.length === 2 && t.endsWith('s') && rest.length > 0 ? suffixes.get(`${rest[rest.length - 1]} ${t[0]}`) : undefined;
    if (letter === t[0]) { rest.push(letter); continue; }
    // `4070 TiS`: the S glued to a word, the same way.
    const glued = t.length > 2 && t.endsWith('s') ? suffixes.get(`${t.slice(0, -1)} s`) : undefined;
    if (glued) { rest.push(t.slice(0, -1)); nameSuffix(q, rest, t.slice(0, -1), glued); continue; }
    if (Object.hasOwn(BRANDS, t)) {
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
  q.ddr_after_size = ddrAfterSize && !cpuSaid;
  // A GPU's memory beside system RAM (`16 GB RAM and 8 GB VRAM`): the GPU's is where the weights go. So is a size not
  // said to be RAM beside a named device and a RAM size (`RTX 4060 Ti 16GB with 32GB RAM`: the card's 16 GB).
  const vram = sizes.filter((x) => x.kind === 'vram');
  const plain = rest.some((t) => known.has(t)) && sizes.some((x) => x.kind === 'ram') ? sizes.filter((x) => x.kind === null) : [];
  const used = vram.length ? vram[vram.length - 1] : plain.length ? plain[plain.length - 1] : sizes[sizes.length - 1];
  const ram = sizes.filter((x) => x.kind === 'ram');
  if (ram.length) q.ram_gb = ram[ram.length - 1].gb;
  if (used) {
    q.memory_gb = used.gb;
    q.memory_kind = used.kind;
    q.memory_set_aside = sizes.filter((x) => x !== used).map((x) => `${x.said}${x.kind === 'ram' ? ' ram' : ''}`);
  }
  if (used?.kind === 'vram') q.discrete = true;
  return q;
}

function nameSuffix(q: MachineQuery, rest: string[], after: string, as: string): void {
  rest.push(as);
  q.name_suffixes.push({ after, letter: 's', as });
  q.understood.push(`${after} s (${as === 's' ? 'part of the name' : as}, not a plural)`);
}

/** A word and the letter after it (`l40 s`), and what the letter stands for there: `s` (L40S), `super` (4080S). */
export type NameSuffixes = ReadonlyMap<string, string>;

/**
 * Letters that end a catalogued name, from the names themselves: `L40S` splits as [l40, s], so an S after `l40` is
 * the name (so is the X of `MI300X`); `4080 SUPER` is written `4080S`, so an S after `4080` is SUPER. A letter of a
 * name beats the SUPER reading.
 */
export function nameSuffixes(names: ReadonlyArray<readonly string[]>): Map<string, string> {
  const m = new Map<string, string>();
  for (const core of names) {
    for (let i = 1; i < core.length; i++) {
      const key = `${core[i - 1]} ${core[i] === 'super' ? 's' : core[i]}`;
      if (/^[a-z]$/.test(core[i])) m.set(key, core[i]);
      else if (core[i] === 'super' && !m.has(key)) m.set(key, 'super');
    }
  }
  return m;
}

export function emptyQuery(): MachineQuery {
  return {
    count: null, memory_gb: null, form: null, vendor: null, apple: false, unified: false, discrete: false,
    memory_kind: null, memory_set_aside: [], ram_gb: null, ddr_after_size: false, link: null, bridge: false, gaming: false,
    cpu: false, ddr: null, device: [], name_suffixes: [],
    products: [], understood: [], screen_inches: null,
  };
}

/** Laptop screen sizes people give, in inches: MacBook Pros are 14 and 16, PC laptops 13 to 18. */
const isScreen = (t: string | undefined) => t !== undefined && /^1[3-8]$/.test(t);

/**
 * A laptop's screen size, taken out of the words so that it is read as neither a count (`MacBook Pro 16 M4 Pro 48GB`
 * is one machine, not 16) nor an unknown word (`16-inch`): `16 inch`, `16in`, `16"` anywhere, or a bare 14 or 16 right
 * after `macbook pro` and not followed by a memory unit (`MacBook Pro 16 GB` is memory). It decides a reading only where
 * one chip ships in other configurations by screen size (machine-bins.ts); elsewhere it is echoed and nothing more.
 */
function readScreen(text: string, w: string[], q: MachineQuery): string[] {
  const quoted = /\b(1[3-8])\s*(?:"|\u201d|\u2033|'')/.exec(text)?.[1];
  // `in` only glued to the number (`16in`): `16 in my PC` is not a screen.
  const glued = /\b(1[3-8])in\b/i.exec(text)?.[1];
  const inch = (t: string, next: string | undefined) => next === 'inch' || next === 'inches' || (next === 'in' && t === glued);
  for (let i = 0; i < w.length; i++) {
    const t = w[i];
    const afterPro = q.understood.includes('macbook pro') && (t === '14' || t === '16') && !/^(gb|gib|tb|x|core)$/.test(w[i + 1] ?? '')
      && new RegExp(`macbook\\s*pro\\s*${t}(?!\\d)`, 'i').test(text);
    if (isScreen(t) && (inch(t, w[i + 1]) || t === quoted || afterPro)) {
      q.screen_inches = Number(t);
      q.understood.push(`${t}-inch`);
      return [...w.slice(0, i), ...w.slice(i + (inch(t, w[i + 1]) ? 2 : 1))];
    }
  }
  return w;
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
    if (isSize(t) && (outside[i + 1] === 'gb' || outside[i + 1] === 'gib')) { i++; continue; }
    if (Object.hasOwn(BRANDS, t)) { vendor ??= BRANDS[t]; continue; }
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
  // `SXM` alone names the module of any generation (`H100 SXM` is the SXM5 module the catalogue lists).
  if (d.optional.some((t) => t.startsWith('sxm'))) all.add('sxm');
  if (q.every((t) => all.has(t)) && d.core.every((t) => q.includes(t))) return true;
  // The parenthesised name alone (`Strix Halo`, `GB10`) names the device too.
  return d.alias.length > 0 && q.length === d.alias.length && d.alias.every((t) => q.includes(t));
}
