// The `machine` text and hardware ids: a class, a catalogued configuration, N of a card, or a bare memory size.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware } from '../schema/index.ts';
import { countedConfiguration, MAX_COUNT } from './machine-build.ts';
import { pricedMachineNote } from './machine-priced.ts';
import { usableSettingNote } from './machine-usable.ts';
import { airGenerations, appleBaseBin, baseBinNote, idWordsBinNote, macbookAirChip, macbookMemoryNote, screenBins } from './machine-bins.ts';
import { byMemory } from './machine-memory.ts';
import { cloudInstanceNamed, instanceConfiguration, instanceSentence } from './machine-cloud.ts';
import { mixedCards, sameCards } from './machine-mixed.ts';
import { gb, howSplit, oneMachine, split } from './machine-nodes.ts';
import { appleFamilyMapping, desktopReading } from './machine-family.ts';
import { LAPTOP_GPU_REPRESENTATIVE, laptopMapping } from './machine-laptop.ts';
import { bridgeable, formAgrees, linkLabel, linkNeedsCount, linkNote, noNvlink, pcieHint, withoutFormWords } from './machine-link.ts';
import {
  deviceName, emptyQuery, FORM_WORDS, nameSuffixes, namesDevice, readMachine, type DeviceName, type MachineQuery, type ProductName,
} from './machine-words.ts';
import { usableBytes } from './memory.ts';
import { alsoSoldWords } from './machine-also-sold.ts';
import { productNames } from './machine-product-names.ts';
import { saidMacNote } from './machine-said-form.ts';
import { STOP_WORDS } from './unread.ts';
import { findPhrases, MACHINE_CLASSES, MACHINE_HARDWARE_SYNONYMS, MACHINE_SYNONYMS, phraseWords, words, type MachineClass } from './vocabulary.ts';

/**
 * The catalogued configuration each machine class stands for (docs/trust-and-recommend.md). A laptop is a laptop GPU of the commonest
 * catalogued size (machine-laptop.ts; a MacBook its base configuration, machine-family.ts); a workstation one 48 GB professional card;
 * a server the standard 8-GPU inference node; a cluster the catalogued node with the most memory (multi-node clusters are not modelled).
 */
export const REPRESENTATIVE_HARDWARE: Readonly<Record<Exclude<MachineClass, 'none'>, string>> = {
  laptop: LAPTOP_GPU_REPRESENTATIVE,
  workstation: 'rtx-6000-ada',
  server: 'h100-80gb-x8',
  cluster: 'mi300x-x8',
};

export type MachineHow = 'canonical' | 'synonym' | 'hardware_id' | 'memory' | 'device' | 'counted' | 'ad_hoc';

export type MachineMapping = {
  /** `none`, a class, or a hardware id (catalogued, or built: `rtx-3090-x3`, `gpu-11gb`). */
  value: string;
  how: MachineHow;
  class: MachineClass | null;
  /** The configuration fits are checked on; null for `none`. */
  hardware: Hardware | null;
  matched: string[];
  /** The reading in one sentence, echoed to the caller. */
  interpretation: string;
  /** false for a configuration built from a memory size: its fit is assessed, its speed is not. */
  speed_estimated: boolean;
  /**
   * Words of the text that decided nothing (`blower` in `rtx-3090 blower`); absent when every word was read. Other
   * readings refuse a word they cannot place (machine-words.ts), so only a catalogued id inside other words leaves any.
   */
  unread?: readonly string[];
};

/** Why a text was refused: `ambiguous` names several devices, `unknown` none, `out_of_range` a count or size. */
export type MachineRefusal = { refused: 'ambiguous' | 'unknown' | 'out_of_range'; message: string; understood: string[]; candidates: string[] };

export const isRefusal = (r: MachineMapping | MachineRefusal): r is MachineRefusal => 'refused' in r;

type Device = { hardware: Hardware; name: DeviceName; perDeviceGb: number };
type Phrase = { value: string; phrase: string };
type Catalogue = {
  devices: Device[]; known: Set<string>; suffixes: Map<string, string>; products: ProductName[];
  /** Each configuration by its id's words joined (`rtx 4090 x2`), the first in catalogue order. */
  byIdWords: Map<string, Hardware>;
  /** The device and class synonyms findPhrases reads, and the ids as phrases: the same for every text. */
  phrases: Phrase[]; idPhrases: Phrase[];
};

const catalogues = new WeakMap<Dataset, Catalogue>();

/** Device names of every catalogued configuration, built once per dataset. */
function catalogue(ds: Dataset): Catalogue {
  let c = catalogues.get(ds);
  if (!c) {
    const devices = ds.hardware.map((h) => ({ hardware: h, name: deviceName(h.accelerator), perDeviceGb: h.memory_gb.value / h.count }));
    const known = new Set(devices.flatMap((d) => [...d.name.core, ...d.name.optional, ...d.name.alias]));
    const byIdWords = new Map<string, Hardware>();
    for (const h of ds.hardware) { const k = phraseWords(h.id).join(' '); if (!byIdWords.has(k)) byIdWords.set(k, h); }
    const phrases: Phrase[] = [];
    for (const [id, syn] of Object.entries(MACHINE_HARDWARE_SYNONYMS)) if (ds.hardwareById.has(id)) for (const p of syn) phrases.push({ value: `hw:${id}`, phrase: p });
    for (const x of MACHINE_CLASSES) for (const p of [x, ...MACHINE_SYNONYMS[x]]) phrases.push({ value: x, phrase: p });
    const idPhrases = ds.hardware.map((h) => ({ value: h.id, phrase: phraseWords(h.id).join(' ') }));
    const suffixes = nameSuffixes(devices.map((d) => d.name.core));
    catalogues.set(ds, (c = { devices, known, suffixes, products: productNames(devices), byIdWords, phrases, idPhrases }));
  }
  return c;
}

const byUsableDesc = (a: Hardware, b: Hardware) => usableBytes(b) - usableBytes(a) || a.id.localeCompare(b.id);

/** The preferred configuration of a class, else the largest of that class (cluster: the largest of all). */
function representative(ds: Dataset, cls: Exclude<MachineClass, 'none'>): Hardware | undefined {
  const preferred = ds.hardwareById.get(REPRESENTATIVE_HARDWARE[cls]);
  if (preferred) return preferred;
  const pool = ds.hardware.filter((h) => cls === 'cluster' || h.class === cls);
  return [...pool].sort(byUsableDesc)[0];
}

const ids = (ds: Device[]) => [...new Set(ds.map((d) => d.hardware.id))].sort();

/** Devices the words name, on the vendor and form stated: laptop GPUs only when a laptop is said. */
function devicesNamed(c: Catalogue, q: MachineQuery): Device[] {
  return c.devices.filter((d) => {
    if (q.vendor && d.name.vendor && q.vendor !== d.name.vendor) return false;
    if (q.cpu) return d.name.cpu && (q.ddr === null || d.name.ddr === q.ddr);
    if (!namesDevice(q.device, d.name)) return false;
    const unified = d.hardware.unified_memory;
    if (d.name.laptop) return q.form === 'laptop';
    return !(q.form === 'laptop' && !unified);
  });
}

/**
 * Among configurations of different accelerators, `H100` (no form word) is the SXM module, the card cloud `H100`
 * instances carry; any other difference is an ambiguity for the caller to settle.
 */
function settleForm(q: MachineQuery, devices: Device[]): Device[] {
  const accelerators = [...new Set(devices.map((d) => d.hardware.accelerator))];
  if (accelerators.length < 2 || q.device.some((t) => FORM_WORDS.has(t))) return devices;
  const sxm = devices.filter((d) => d.name.optional.some((t) => t.startsWith('sxm')));
  const sameCore = devices.every((d) => d.name.core.join(' ') === devices[0].name.core.join(' '));
  return sameCore && sxm.length && new Set(sxm.map((d) => d.hardware.accelerator)).size === 1 ? sxm : devices;
}

function refuse(refused: MachineRefusal['refused'], message: string, q: MachineQuery, candidates: string[]): MachineRefusal {
  return { refused, message, understood: q.understood, candidates };
}

/** A device named in the text: the catalogued configuration, N of its card, or a refusal saying why not. */
function byDevice(c: Catalogue, q: MachineQuery, text: string): MachineMapping | MachineRefusal {
  const said = q.cpu ? `CPU${q.ddr ? ` ${q.ddr.toUpperCase()}` : ''}` : q.device.join(' ');
  let named = devicesNamed(c, q);
  let formSaid = '';
  // `2x RTX 3090 PCIe`: a form word no catalogued name of the card carries, read against how the card is catalogued.
  const form = named.length === 0 ? withoutFormWords(q) : undefined;
  const plain = form ? devicesNamed(c, form.query) : [];
  if (form && plain.length) {
    const agrees = formAgrees(form.dropped, plain);
    const singles = ids(plain.filter((d) => d.hardware.count === 1));
    if (agrees.kept.length === 0) return refuse('unknown', `"${text.slice(0, 100)}": ${agrees.refusal}`, q, singles);
    [named, formSaid] = [agrees.kept, agrees.note];
  }
  if (named.length === 0) {
    const unknownWords = q.device.filter((t) => !c.known.has(t));
    return refuse('unknown', `"${text.slice(0, 100)}": no catalogued device is named "${said}"${unknownWords.length ? ` (unknown words: ${unknownWords.join(', ')})` : ''}${q.form === 'laptop' ? ' among laptops' : ''}`, q, []);
  }
  // `MacBook Air M4 Pro`: no such laptop; the Mac mini's chip is never read for it (machine-bins.ts).
  const air = q.understood.includes('macbook air')
    ? macbookAirChip(q, named.map((d) => d.hardware), airGenerations(c.devices.map((d) => d.hardware))) : undefined;
  if (air) {
    const base = ids(c.devices.filter((d) => d.hardware.accelerator.startsWith(`Apple ${air.generation}`) && !/ (Pro|Max|Ultra)/.test(d.hardware.accelerator)));
    return refuse('unknown', `"${text.slice(0, 100)}": ${air.message}`, q, base);
  }
  const count = q.count ?? 1;
  if (count < 1 || count > MAX_COUNT) return refuse('out_of_range', `a count must be from 1 to ${MAX_COUNT}; "${text.slice(0, 100)}" states ${count}`, q, []);
  // `4090 laptop, 32 GB RAM`: system RAM beside a discrete card is not the card's memory, so it picks no size.
  const ramBeside = q.memory_kind === 'ram' && named.every((d) => !d.hardware.unified_memory);
  const size = ramBeside ? null : q.memory_gb;
  const ofSize = size === null ? named : named.filter((d) => Math.abs(d.perDeviceGb - size) < 0.5);
  // `2x H100 NVLink bridge`: a bridge joins PCIe cards, so the SXM module is not what the text names.
  const bridge = bridgeable(q, ofSize);
  if (ofSize.length && !bridge.kept.length) {
    return refuse('unknown', `"${text.slice(0, 100)}": ${bridge.refusal}`, q, ids(ofSize.filter((d) => d.hardware.count === 1)));
  }
  const fitting = bridge.kept;
  let sized = settleForm(q, fitting);
  const card = pcieHint(said, named, fitting.filter((d) => !sized.includes(d)));
  const sxmNote = sized.length >= fitting.length ? ''
    : q.link ? ` ("${said}" with ${linkLabel(q)} is the SXM module on its fabric; say "${card}" for the card)`
    : ` ("${said}" without a form word is the SXM module, as cloud "${said}" instances are; say "${card}" for the card)`;
  const ramNote = ramBesideNote(q, named.map((d) => d.hardware));
  const formNote = formSaid + bridge.note + sxmNote + suffixNote(c, q, sized) + ramNote;
  if (sized.length === 0) {
    const sizes = [...new Set(named.map((d) => gb(d.perDeviceGb)))].join(', ');
    const per = named[0].hardware.unified_memory ? '' : ' per device';
    const candidates = ids(named.filter((d) => d.hardware.count === 1 || d.hardware.unified_memory));
    return refuse('unknown', `"${said}" is catalogued with ${sizes}${per}, not ${gb(size!)}`, q, candidates);
  }
  // `16-inch MacBook Pro M4 Pro 48GB`: a screen size that rules a bin out (machine-bins.ts).
  const screen = screenBins(q.screen_inches, sized);
  sized = screen.kept;
  let singles = sized.filter((d) => d.hardware.count === 1);
  const kinds = new Set(singles.map((d) => `${d.hardware.accelerator}\u0000${d.perDeviceGb}`));
  // `Mac mini M4 Pro 48GB`: one chip in two GPU bins at that size is its base bin, said (machine-bins.ts).
  const bins = kinds.size > 1 ? appleBaseBin(singles.map((d) => d.hardware)) : undefined;
  let binNote = screen.note;
  if (bins) {
    singles = singles.filter((d) => d.hardware === bins.base);
    sized = sized.filter((d) => d.hardware === bins.base);
    binNote += baseBinNote(bins.base, bins.others);
  } else if (kinds.size > 1) {
    return refuse('ambiguous', `"${text.slice(0, 100)}" names ${kinds.size} catalogued devices; add the memory size or the exact name`, q, ids(singles));
  }
  const alsoSold = size === null && singles[0] ? alsoSoldWords(said, singles[0].hardware, singles[0].perDeviceGb) : undefined;
  if (alsoSold) return refuse('ambiguous', alsoSold, q, ids(singles));
  const h0 = singles[0]?.hardware;
  if (h0) binNote += macbookMemoryNote(q, h0) + pricedMachineNote(q.understood, h0) + usableSettingNote(h0);
  const exact = sized.find((d) => d.hardware.count === count);
  const one = singles[0] ?? sized[0];
  if (linkNeedsCount(q, one.hardware)) {
    const with_ = ids(sized.filter((d) => d.hardware.accelerator === one.hardware.accelerator));
    const how = `say how many ("2x ${said} ${linkLabel(q)}")`;
    const none = one.hardware.nvlink?.value === 'none' ? `; ${noNvlink(one.hardware)}: two or more of them talk over PCIe` : '';
    return refuse('ambiguous', `"${text.slice(0, 100)}": ${linkLabel(q)} joins two or more cards; ${how}${none}`, q, with_);
  }
  const matched = [said, ...(size !== null ? [gb(size)] : []), ...(q.count !== null ? [`count ${count}`] : [])];
  if (q.link) matched.push(linkLabel(q));
  if (q.bridge) matched.push('bridge');
  if (exact) {
    const h = exact.hardware;
    // `2x H100 NVLink`: the SXM note already says the link is the module's fabric.
    return mapped(h, 'device', matched, `read as ${h.name} (${h.id})${split(h)}${formNote}${binNote}${sxmNote ? '' : linkNote(q, h)}`);
  }
  if (one.hardware.unified_memory) {
    return refuse('out_of_range', `a count applies to discrete GPUs; ${one.hardware.id} is a unified-memory machine`, q, [one.hardware.id]);
  }
  // `16x H100`: more than one baseboard is more than one machine (machine-nodes.ts).
  const node = oneMachine(one.hardware, count, c.devices.map((d) => d.hardware));
  if (node && 'refusal' in node) return refuse('out_of_range', `"${text.slice(0, 100)}": ${node.refusal}`, q, [node.largest]);
  const built = countedConfiguration(one.hardware, count);
  return mapped(built, 'counted', matched, `read as ${count} x ${one.hardware.accelerator} from ${one.hardware.id}: ${count} x `
    + `${gb(one.perDeviceGb)} = ${gb(built.memory_gb.value)}, ${howSplit(built)}; bandwidth per card as catalogued`
    + `${formNote}${linkNote(q, built)}${node?.note ?? ''}`);
}

/**
 * When a letter was read as part of a name (`L40S`, `4080S`) and, read as a plural, would name another catalogued
 * device (the L40, the RTX 4080), the interpretation says so and how to name the other one.
 */
function suffixNote(c: Catalogue, q: MachineQuery, chosen: Device[]): string {
  if (q.name_suffixes.length === 0 || chosen.length === 0) return '';
  const dropped = q.name_suffixes.map((x) => x.as);
  const plural = { ...q, device: q.device.filter((t) => !dropped.includes(t)) };
  const other = devicesNamed(c, plural).find((d) => d.hardware.accelerator !== chosen[0].hardware.accelerator);
  if (!other) return '';
  const after = q.name_suffixes.map((x) => x.after).join(', ');
  return `; the S after "${after}" is read as part of the name (${chosen[0].hardware.accelerator}), never as a plural: ` +
    `for the ${other.hardware.accelerator}, write "${after}" without the S`;
}

/**
 * `4090 with 64GB RAM`: RAM beside discrete cards is system memory, never the card's; every reading says so and which
 * operation reads it (models_for_hardware), never dropped unsaid where the cards alone are assessed (`2x 3090`: cards').
 */
function ramBesideNote(q: MachineQuery, named: readonly Hardware[], cards = q.count ?? 1): string {
  if (q.ram_gb === null || named.some((h) => h.unified_memory)) return '';
  const [c, why] = cards > 1 ? ['cards\'', 'to say experts_in_system_ram assesses one card beside RAM, not several'] : ['card\'s', 'for experts_in_system_ram'];
  return `; ${gb(q.ram_gb)} of RAM is system memory, not the ${c}: fits use the ${c} memory, and only models_for_hardware and recommend_model read the RAM (as system_ram_gb, ${why})`;
}

function mapped(h: Hardware, how: MachineHow, matched: string[], interpretation: string): MachineMapping {
  return { value: h.id, how, class: null, hardware: h, matched, interpretation, speed_estimated: h.bandwidth_gbs !== undefined };
}

/**
 * Map machine text to none, a class (with its representative configuration), a catalogued configuration, N cards
 * of one, or a configuration built from a memory size; or say why not. Never another device than the one named.
 */
export function resolveMachine(ds: Dataset, text: string): MachineMapping | MachineRefusal {
  const r = readMachineText(ds, text);
  // `4090 + 3090`: said plainly rather than as a device named "4090 3090" (machine-mixed.ts).
  if (isRefusal(r) && r.refused === 'unknown') return mixedCards(text, (part) => readMachineText(ds, part), r.understood) ?? r;
  if (!isRefusal(r) && /[+&,]|\band\b|\bplus\b/i.test(text)) {
    // `3060 12gb + 3060 8gb` reads at once as one of them: the other card would be dropped unsaid.
    const readPart = (part: string) => readMachineText(ds, part);
    // `3090 + 3090`: read at once it names one 3090; listed, it is two.
    return mixedCards(text, readPart, r.matched) ?? sameCards(ds, text, r, readPart) ?? r;
  }
  return r;
}

function readMachineText(ds: Dataset, text: string): MachineMapping | MachineRefusal {
  const w = words(text);
  const c = catalogue(ds);
  // Text with no letter or digit (an emoji, punctuation) is not empty: say what is wrong with it.
  if (w.length === 0) {
    const why = text.trim() ? `"${text.trim().slice(0, 40)}" has no letter or digit to read as a machine` : 'the machine text is empty';
    return refuse('unknown', why, emptyQuery(), []);
  }
  const joined = w.join(' ');
  const exact = ds.hardwareById.get(text.trim().toLowerCase()) ?? c.byIdWords.get(joined);
  if (exact) return { ...mapped(exact, 'hardware_id', [exact.id], `the catalogued configuration ${exact.id}: ${exact.name}${split(exact)}${idWordsBinNote(exact, ds.hardware, text)}`), how: 'hardware_id' };
  const cls = MACHINE_CLASSES.find((x) => x === joined);
  if (cls) return classMapping(ds, cls, 'canonical', [cls], text, emptyQuery());
  // `g5.xlarge`, `AWS p5.48xlarge instance`: the instance's GPUs (data/curated/cloud-instances.csv).
  const instance = cloudInstanceNamed(ds, text);
  if (instance) {
    const { hardware: h, built } = instanceConfiguration(ds, instance);
    const reading = built ? `read as ${h.count} x ${instance.card.accelerator} from ${instance.card.id}${split(h)}` : `read as ${h.name} (${h.id})${split(h)}`;
    return mapped(h, built ? 'counted' : 'device', [instance.said, `count ${h.count}`], `${instanceSentence(instance)}: ${reading}`);
  }

  const said = readMachine(text, c.known, c.suffixes, c.products);
  // `RTX 3090 with 128GB DDR4`, `a 16GB GPU with 32GB DDR4`: the DDR after a size is RAM beside a card, not a CPU machine.
  const gpuSized = said.memory_kind === 'vram' && said.memory_set_aside.length > 0; // not `no GPU, 64 GB DDR5`: one size
  const q = said.ddr_after_size && said.cpu && (gpuSized || devicesNamed(c, { ...said, cpu: false }).length) ? { ...said, cpu: false } : said;
  // A minus sign before a number (`-5 GB GPU`, `-2x 3090`) would otherwise be dropped with the punctuation and the
  // number read as positive; a hyphen inside a name (`rtx-3090-x2`) follows a letter or digit and is not one.
  const negative = /(?:^|[^\p{L}\p{N}])[-\u2212]\s*\d/u.exec(text);
  if (negative) return refuse('out_of_range', `a memory size or count cannot be negative; "${text.slice(0, 100)}" states ${negative[0].trim()}`, q, []);
  const found = findPhrases(w, c.phrases).sort((a, b) => b.length - a.length || a.start - b.start || a.value.localeCompare(b.value));
  // Words that belong to a class phrase (`no gpu`, `dgx`, `multi node`) do not name a device on their own.
  const classWords = new Set(found.flatMap((m) => phraseWords(m.phrase)));
  const deviceWords = q.device.filter((t) => !classWords.has(t));
  if (deviceWords.length > 0 || q.cpu) {
    const r0 = byDevice(c, q, text);
    const r = isRefusal(r0) || !r0.hardware ? r0 : { ...r0, interpretation: r0.interpretation + saidMacNote(r0.hardware, q.understood) };
    if (!isRefusal(r) && q.products.length) return soldAs(r, q.products);
    if (!isRefusal(r) || r.refused !== 'unknown' || r.candidates.length) return r;
    // A catalogued id written inside other words (`my rtx-4090-x2 box`): the longest one named, and only when it holds
    // all the text states (its count, size, device words): never one card of `2x RTX 3090 turbo`.
    const named = findPhrases(w, c.idPhrases).sort((a, b) => b.length - a.length || a.start - b.start)[0];
    const h = named && ds.hardwareById.get(named.value);
    const unread = h && unreadBesideId(h, q, c.known);
    if (!h || !unread) return r;
    const aside = unread.length ? `; words not read: ${unread.join(', ')}` : '';
    const reading = `the catalogued configuration ${h.id} named in the text: ${h.name}${split(h)}${linkNote(q, h)}${ramBesideNote(q, [h], h.count)}${aside}`;
    const meaningful = unread.filter((t) => !STOP_WORDS.has(t));
    return { ...mapped(h, 'hardware_id', [h.id], reading), ...(meaningful.length ? { unread: meaningful } : {}) };
  }
  if (q.memory_gb !== null) return byMemory(ds, q, text);

  // No device and no size: a class word, or a word that stands for one catalogued configuration.
  const hw = found.find((m) => m.value.startsWith('hw:'));
  const first = [...found].filter((m) => !m.value.startsWith('hw:')).sort((a, b) => a.start - b.start)[0];
  // A class word (`my laptop`, `gpu server`) beats a generic word for one configuration (`desktop`).
  if (first && (!hw || first.length >= hw.length)) {
    return classMapping(ds, first.value as MachineClass, 'synonym', [first.phrase], text, q);
  }
  if (hw) {
    const h = ds.hardwareById.get(hw.value.slice(3))!;
    return { ...mapped(h, 'synonym', [hw.phrase], desktopReading(h, hw.phrase)) };
  }
  // `Mac mini`, `iMac`, `Mac Studio`, `Mac`: the family's base configuration, or refused with what it may be.
  if (q.apple) return appleFamilyMapping(ds, q, text);
  return refuse('unknown', `"${text.slice(0, 100)}" names no device, memory size or machine class`, q, []);
}

/** A reading reached through a product name says so: the product is what the caller wrote, the device what it holds. */
function soldAs(r: MachineMapping, products: readonly string[]): MachineMapping {
  const said = products.map((p) => `"${p}"`).join(', ');
  return { ...r, matched: [...products, ...r.matched], interpretation: `${said}, sold with ${r.hardware?.accelerator ?? 'this device'} (a reviewed product table): ${r.interpretation}` };
}

/**
 * The words a catalogued id written inside other words leaves unread (`blower` in `rtx-3090 blower`), or undefined
 * when the id does not hold what the text states: another count or size, a link it lacks, or a word of another
 * catalogued device's name (`2x rtx-3090 turbo` is two cards; `rtx-3090 4090` names two devices).
 */
function unreadBesideId(h: Hardware, q: MachineQuery, known: ReadonlySet<string>): string[] | undefined {
  if ((q.count !== null && q.count !== h.count) || linkNeedsCount(q, h)) return undefined;
  // `RTX PRO 6000 with 64GB RAM`: system RAM beside a card is not the card's size.
  const size = q.memory_kind === 'ram' && !h.unified_memory ? null : q.memory_gb;
  if (size !== null && Math.abs(h.memory_gb.value / h.count - size) >= 0.5 && Math.abs(h.memory_gb.value - size) >= 0.5) return undefined;
  const name = deviceName(h.accelerator);
  const own = new Set([...phraseWords(h.id), ...name.core, ...name.optional, ...name.alias]);
  const rest = q.device.filter((t) => !own.has(t));
  return rest.some((t) => known.has(t)) ? undefined : rest;
}

function classMapping(
  ds: Dataset, cls: MachineClass, how: 'canonical' | 'synonym', matched: string[], text: string, q: MachineQuery,
): MachineMapping | MachineRefusal {
  if (cls === 'laptop') return laptopMapping(ds, q, how, matched, text);
  if (cls === 'none') return { value: 'none', how, class: 'none', hardware: null, matched, interpretation: 'no machine: API offers only', speed_estimated: false };
  const hardware = representative(ds, cls);
  if (!hardware) {
    const said = `"${text.slice(0, 100)}"`;
    return refuse('unknown', `no catalogued configuration stands for ${said}`, { ...emptyQuery(), understood: matched }, []);
  }
  return { value: cls, how, class: cls, hardware, matched, interpretation: `the class ${cls}, checked on ${hardware.name} (${hardware.id})`, speed_estimated: true };
}

/** Earlier name of `resolveMachine` for callers that only need a mapping: undefined when refused. */
export function mapMachine(ds: Dataset, text: string): MachineMapping | undefined {
  const r = resolveMachine(ds, text);
  return isRefusal(r) ? undefined : r;
}

/** Accepted machine values as the 400 lists them. */
export function acceptedMachines(): string {
  return `${MACHINE_CLASSES.join(', ')}; a hardware id (GET /api/v1/hardware); a device as people say it ("4090", "RTX 3060 12GB", "M3 Max 64GB", "4090 laptop"), with a count ("2x 3090", "dual 4090", "4 x H100"); or a memory size ("24 GB GPU", "64 GB Mac")`;
}
