// One Apple chip sold in two GPU bins at the same memory size (M4 Pro: 16- or 20-core GPU at 24, 48 and 64 GB).
import type { Hardware } from '../schema/index.ts';

const gpuCores = (h: Hardware): number | undefined => {
  const m = /(\d+)-core GPU/.exec(h.accelerator);
  return m ? Number(m[1]) : undefined;
};

/**
 * The bin a text that names the chip and size but no core count stands for, or undefined when the configurations are
 * not bins of one Apple chip at one size. It is the bin with the fewer GPU cores: Apple's base chip, the one the machine
 * is sold with unless the buyer pays for the upgrade (the Mac mini's M4 Pro is the 12-core CPU / 16-core GPU bin at 24,
 * 48 and 64 GB; its 20-core GPU is an option: machine-prices.csv's table, rows mac-mini-m4-pro-24/-48/-64). Where two
 * bins share a size the figures differ only in compute (same memory, same bandwidth), and the base bin's is the slower
 * side, so a prompt rate quoted for it holds on both. The other bin is reached by naming its core count.
 */
export function appleBaseBin(configs: readonly Hardware[]): { base: Hardware; others: Hardware[] } | undefined {
  if (configs.length < 2) return undefined;
  const apple = configs.every((h) => h.unified_memory && /^Apple /.test(h.accelerator) && gpuCores(h) !== undefined);
  const chip = (h: Hardware) => h.accelerator.replace(/\s*\(.*\)$/, '');
  if (!apple || new Set(configs.map(chip)).size !== 1 || new Set(configs.map((h) => h.memory_gb.value)).size !== 1) return undefined;
  const sorted = [...configs].sort((a, b) => gpuCores(a)! - gpuCores(b)! || a.id.localeCompare(b.id));
  if (gpuCores(sorted[0]) === gpuCores(sorted[1])) return undefined;
  return { base: sorted[0], others: sorted.slice(1) };
}

/**
 * `; no GPU core count said, so the M3 Ultra with 256 GB is read as its base bin, the 60-core GPU (...); the 80-core GPU
 * bin is m3-ultra-80c-256gb: ...`. What the assumption changes is said with it: decode reads the weights once a token,
 * so it follows bandwidth, the same in both bins; a prompt is processed in batches, bound by compute, which Apple's GPU
 * rate scales with the cores (accelerator-compute.csv scales the full chip's figure by cores), so it is slower by the
 * compute figures' ratio at most.
 */
export function baseBinNote(base: Hardware, others: readonly Hardware[]): string {
  const chip = base.accelerator.replace(/^Apple\s+/, '').replace(/\s*\(.*\)$/, '');
  const size = `${base.memory_gb.value} GB`;
  const other = others.map((h) => `the ${gpuCores(h)}-core GPU bin is ${h.id}`).join('; ');
  const say = others.map((h) => `"${chip} ${gpuCores(h)}-core ${base.memory_gb.value}GB"`).join(' or ');
  const bw = base.bandwidth_gbs?.value;
  const decode = bw === undefined ? 'the same memory and bandwidth' : `the same memory and ${bw} GB/s, so the same decode speed`;
  const mine = base.compute_tflops?.value;
  const top = others[others.length - 1];
  const theirs = top.compute_tflops?.value;
  const prompt = mine !== undefined && theirs !== undefined && theirs > mine
    ? `; ${mine} against ${theirs} TFLOPS, so prompt processing up to ${Math.round((1 - mine / theirs) * 100)}% slower than on the ${gpuCores(top)}-core`
    : '; less compute';
  return `; no GPU core count said, so the ${chip} with ${size} is read as its base bin, the ${gpuCores(base)}-core GPU `
    + `(the chip sold unless the buyer pays for the upgrade; ${decode}${prompt}); ${other}: name its core count (${say})`;
}

/**
 * The bin note for a text that is a configuration's id in words (`M3 Ultra 256GB` is m3-ultra-256gb's), when that
 * configuration is the base bin of its chip at its size; else nothing. The id itself (`m3-ultra-256gb`) names the
 * configuration outright and gets no note.
 */
export function idWordsBinNote(h: Hardware, catalogue: readonly Hardware[], text: string): string {
  if (text.trim().toLowerCase() === h.id || !h.unified_memory) return '';
  const chip = (x: Hardware) => x.accelerator.replace(/\s*\(.*\)$/, '');
  const twins = catalogue.filter((x) => x.count === 1 && chip(x) === chip(h) && x.memory_gb.value === h.memory_gb.value);
  const bins = appleBaseBin(twins);
  return bins && bins.base === h ? baseBinNote(bins.base, bins.others) : '';
}

/**
 * Bins a MacBook Pro of one screen size is not sold with. The 16-inch MacBook Pro (2024) ships the M4 Pro only as the
 * 14-core CPU / 20-core GPU bin, where the 14-inch and the Mac mini start at the 12-core CPU / 16-core GPU one (Apple's
 * MacBook Pro tech specs, apple.com/macbook-pro/specs/, not in the stored snapshots; read 2026-11-27 in shrook.com's
 * review of the 16-inch M4 Pro: "its 14-core CPU and 20-core GPU configuration"; CNET's table of the M4 family, as
 * americanfork.business reprints it: M4 Pro "12/16 or 14/20", "The MacBook Pro 16's entry model has 24GB RAM"). The
 * 16-inch MacBook Pro (2021) likewise starts at "the full version of the M1 Pro, with a 10-core CPU and 16-core GPU",
 * the 14-inch at "an eight-core CPU and 14-core GPU" (2021-10-18 launch report, reprinted at pappp.net/?m=20211018).
 */
const NOT_SOLD_AT: ReadonlyArray<{ inches: number; accelerator: string; because: string }> = [
  { inches: 16, accelerator: 'Apple M4 Pro (16-core GPU)', because: 'the 16-inch MacBook Pro ships the M4 Pro only with the 14-core CPU and 20-core GPU' },
  { inches: 16, accelerator: 'Apple M1 Pro (14-core GPU)', because: 'the 16-inch MacBook Pro ships the M1 Pro only with the 10-core CPU and 16-core GPU' },
];

/** The configurations a MacBook Pro of the screen size said can be, and the words that say which were set aside. */
export function screenBins<T extends { hardware: Hardware }>(inches: number | null, devices: readonly T[]): { kept: T[]; note: string } {
  const rules = NOT_SOLD_AT.filter((r) => r.inches === inches);
  const kept = devices.filter((d) => !rules.some((r) => r.accelerator === d.hardware.accelerator));
  if (kept.length === devices.length || kept.length === 0) return { kept: [...devices], note: '' };
  const why = rules.filter((r) => devices.some((d) => d.hardware.accelerator === r.accelerator)).map((r) => r.because);
  return { kept, note: `; ${why.join('; ')} (the ${inches}-inch said)` };
}

/**
 * The most memory a MacBook Pro is sold with per chip, where another Mac holds the same chip with more: the M4 Pro
 * MacBook Pro (2024) "can be configurable to up to 48GB of memory" (appleosophy.com/2024/11/01/top-tidbits-about-the-
 * macbook-pro-m4-m4-pro-m4-max-you-may-have-missed, read 2026-11-27), where the Mac mini's M4 Pro reaches 64 GB
 * (machine-prices.csv, mac-mini-m4-pro-64). A MacBook Pro said with more is read as the chip and memory said (the Mac
 * mini's figures: same chip, same memory and bandwidth) and told what a MacBook Pro of that chip can be.
 */
const MACBOOK_PRO_MAX_GB: ReadonlyArray<{ chip: string; gb: number }> = [{ chip: 'Apple M4 Pro', gb: 48 }];

/** `; a MacBook Pro with the M4 Pro is sold with up to 48 GB ...` when a MacBook is said with more; else nothing. */
export function macbookMemoryNote(q: { apple: boolean; form: string | null; understood: string[] }, h: Hardware): string {
  // The note speaks of the MacBook Pro: a MacBook Air said with the chip is not told of a MacBook Pro's memory.
  if (!q.apple || q.form !== 'laptop' || q.understood.includes('macbook air')) return '';
  const rule = MACBOOK_PRO_MAX_GB.find((r) => h.accelerator.startsWith(r.chip) && h.memory_gb.value > r.gb);
  if (!rule) return '';
  const chip = rule.chip.replace(/^Apple\s+/, '');
  return `; a MacBook Pro with the ${chip} is sold with up to ${rule.gb} GB: ${h.memory_gb.value} GB with the ${chip} is the `
    + `Mac mini's, whose figures are read here (same chip, memory and bandwidth); a MacBook Pro of ${h.memory_gb.value} GB `
    + `holds an M4 Max, and one with the ${chip} ${rule.gb} GB at most ("MacBook Pro ${chip} ${rule.gb}GB")`;
}

/**
 * The MacBook Air is sold with the base chip of its generation only (M1, M2, M3, M4), never a Pro, Max or Ultra: the
 * M4 Air's variants are "10-core CPU and 8-core GPU (found in the base 13-inch MacBook Air)" and "10-core CPU and 10-core
 * GPU (found in the ... 13-inch/15-inch MacBook Air ...)" of the plain M4 (appleosophy.com/?p=130556, 2025-03, from
 * Apple's tech specs); the catalogue's own names agree (m1-8gb to m4-32gb are "MacBook Air, MacBook Pro or Mac mini",
 * no Pro, Max or Ultra row names the Air). A MacBook Air said with such a chip is refused, never read as another Mac's.
 */
const AIR_TIERS = /^Apple (M\d+) (Pro|Max|Ultra)\b/;

/**
 * The generations of the MacBook Air's chip as the catalogue names them (`M1 to M4`): the plain chips of the
 * configurations whose name says MacBook Air (hardware-configs.csv: "MacBook Air, MacBook Pro or Mac mini with Apple
 * M1"), a run of consecutive generations as its ends, else listed. Undefined where no configuration names the Air.
 */
export function airGenerations(catalogue: readonly Hardware[]): string | undefined {
  const gens = [...new Set(catalogue.filter((h) => /\bMacBook Air\b/.test(h.name))
    .map((h) => /^Apple M(\d+)(?!\d| (Pro|Max|Ultra)\b)/.exec(h.accelerator)?.[1]).filter((g): g is string => g !== undefined))]
    .map(Number).sort((a, b) => a - b);
  if (gens.length === 0) return undefined;
  const run = gens.every((g, i) => g === gens[0] + i);
  if (run && gens.length > 2) return `M${gens[0]} to M${gens.at(-1)}`;
  const names = gens.map((g) => `M${g}`);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * `the MacBook Air is sold with the M4 only ...` when a MacBook Air is said with a Pro, Max or Ultra chip; else
 * undefined. `generations`: the catalogue's MacBook Air chips in words (`airGenerations`).
 */
export function macbookAirChip(q: { understood: string[] }, named: readonly Hardware[], generations?: string):
  { generation: string; message: string } | undefined {
  if (!q.understood.includes('macbook air') || named.length === 0) return undefined;
  const tiers = named.map((h) => AIR_TIERS.exec(h.accelerator));
  if (tiers.some((m) => m === null)) return undefined;
  const chip = `${tiers[0]![1]} ${tiers[0]![2]}`;
  const generation = tiers[0]![1];
  return {
    generation,
    message: `Apple sells no MacBook Air with the ${chip}: the MacBook Air has the base chip of each generation only (`
      + `${generations === undefined ? '' : `${generations} in the catalogue; `}the M4 MacBook Air is the plain M4 with an `
      + '8- or 10-core GPU, appleosophy.com/?p=130556 from Apple\'s tech specs); '
      + `say "MacBook Air ${generation} 16GB" for a MacBook Air, or the ${chip} and its memory alone for the Mac that holds it`,
  };
}
