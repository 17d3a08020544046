// How the cards a machine text names are joined (NVLink, NVSwitch, PCIe, SXM), read against what the catalogue models.
import type { Hardware } from '../schema/index.ts';
import { ALLREDUCE_LATENCY_S, LAYER_HANDOFF_S } from './constants.ts';
import { decodeSplit } from './decode.ts';
import { FORM_WORDS, type MachineQuery } from './machine-words.ts';

const LABEL: Readonly<Record<NonNullable<MachineQuery['link']>, string>> = { nvlink: 'NVLink', nvswitch: 'NVSwitch' };

const gb = (n: number) => `${Math.round(n * 100) / 100} GB`;

/**
 * Whether the catalogue runs several of this accelerator on a GPU-to-GPU fabric (tensor parallel): decode.ts decides
 * it from the accelerator's name, asked here of two cards so that a single module answers as its pairs do.
 */
export function onFabric(h: Hardware): boolean {
  return decodeSplit({ ...h, count: Math.max(2, h.count) }) === 'tensor';
}

/** `NVLink`, `NVSwitch`; empty when no link is said. */
export const linkLabel = (q: MachineQuery): string => (q.link ? LABEL[q.link] : '');

/**
 * A link said beside one card (`RTX 3090 NVLink`) joins it to cards the text does not count: refused, since the
 * memory a fit is checked on would be guessed. An SXM module (`H100 NVLink`) sits on its fabric alone too: read.
 */
export function linkNeedsCount(q: MachineQuery, h: Hardware): boolean {
  return q.link !== null && (q.count === null || q.count <= 1) && !onFabric(h);
}

/**
 * What the interpretation adds when a link is said, read against the card's NVLink as its specification gives it
 * (data/curated/accelerator-nvlink.csv). SXM modules are catalogued on their fabric, so the link is what the figures
 * assume. A card without an NVLink connector (every Ada and Blackwell GeForce card, the L40S, the RTX 6000 Ada) is
 * read as the PCIe cards it can only be, and the answer says the card has no NVLink: refusing would cost the caller a
 * second ask for the same cards and the same memory. A card that takes a bridge is catalogued over PCIe too. Either
 * way the answer says what the figures assume for PCIe cards (pcieFigures): the batch-1 split is measured over PCIe,
 * the serving all-reduces are not, and are counted at the NVLink latency (speed-layout.ts), the fast side.
 */
export function linkNote(q: MachineQuery, h: Hardware): string {
  if (!q.link) return '';
  const label = LABEL[q.link];
  if (onFabric(h) && h.nvlink?.value === 'none') {
    return `; no ${label}: ${noNvlink(h)}; its modules are catalogued on their own GPU-to-GPU fabric, which the figures assume`;
  }
  if (onFabric(h)) return `; ${label} read: the ${h.accelerator} is catalogued on its GPU-to-GPU fabric, which the figures assume`;
  if (h.nvlink?.value === 'none') return `; no ${label}: ${noNvlink(h)}, so the ${h.count} cards talk over PCIe; ${pcieFigures()}`;
  return `; ${label} read but not modelled: the catalogue models these cards over PCIe; the memory is the cards' own `
    + `(${h.count} x ${gb(h.memory_gb.value / h.count)}) either way; ${pcieFigures()}; with a bridge they are `
    + `nearer the mark${bridgeNote(q, h)}`
    + (h.nvlink ? '' : `; whether the ${h.accelerator} has an NVLink connector is not reviewed (data/curated/accelerator-nvlink.csv)`);
}

/**
 * What the figures assume for cards joined over PCIe, as decode.ts and speed-layout.ts compute them: a batch-1 token
 * passes its hidden state from card to card (LAYER_HANDOFF_S, measured over PCIe); a server runs the cards tensor
 * parallel and its all-reduces are counted at ALLREDUCE_LATENCY_S, fitted on NVLink (B200) rows, since no
 * calibration row measures them over PCIe, where they are slower (more so without peer-to-peer transfers).
 */
function pcieFigures(): string {
  const handoffMs = Math.round(LAYER_HANDOFF_S * 1e5) / 100;
  const allReduceUs = Math.round(ALLREDUCE_LATENCY_S * 1e7) / 10;
  return `the batch-1 figures split the model by layer, a token passing its hidden state from card to card (${handoffMs} ms `
    + `a boundary, measured over PCIe); the serving figures run the cards tensor parallel and count their all-reduces at `
    + `the NVLink latency (${allReduceUs} us a layer): no calibration row measures PCIe all-reduces, which are slower, `
    + 'so those figures are the fast side for PCIe cards';
}

/** `the NVIDIA GeForce RTX 4090 has no NVLink connector (...)`, with where that fact comes from and when it was read. */
export const noNvlink = (h: Hardware): string =>
  `the ${h.accelerator} has no NVLink connector (data/curated/accelerator-nvlink.csv, read ${h.nvlink?.as_of ?? 'undated'})`;

/**
 * A bridge joins two cards (NVLink bridges are 2-way on the RTX 3090, the RTX A6000, the A100 PCIe and the H100
 * PCIe/NVL), and no card that takes one is built for NVSwitch: the answer says what the link said can be.
 */
function bridgeNote(q: MachineQuery, h: Hardware): string {
  if (h.nvlink?.value !== 'bridge') return '';
  const pairs = h.count > 2 ? `; a bridge joins two cards, so ${h.count} of them are at most ${Math.floor(h.count / 2)} bridged pairs` : '';
  const sw = q.link === 'nvswitch' ? `; the ${h.accelerator} takes a two-card NVLink bridge, not NVSwitch` : '';
  return `${sw}${pairs}`;
}

/**
 * A bridge said (`2x H100 NVLink bridge`): an NVLink bridge joins two PCIe cards (the RTX 3090, the RTX A6000, the A100
 * PCIe, the H100 PCIe and NVL: accelerator-nvlink.csv), never SXM modules, which are joined on their board (NVSwitch).
 * So the devices a bridge can join are kept: a card catalogued over PCIe (one without a connector is read as PCIe
 * cards, its note says so), or a device that takes a bridge; an SXM module is dropped, and where none is left the text
 * names a form the catalogue does not hold. `H100` with a bridge is thus the H100 PCIe, not the SXM module `H100`
 * alone is read as; the H100 NVL, also sold bridged, is named by its own word (`2x H100 NVL`), so it is not guessed.
 */
export function bridgeable<T extends { hardware: Hardware }>(q: MachineQuery, devices: T[]): { kept: T[]; note: string; refusal: string } {
  if (!q.bridge) return { kept: devices, note: '', refusal: '' };
  const takes = (h: Hardware) => !onFabric(h) || h.nvlink?.value === 'bridge' || h.nvlink === undefined;
  const kept = devices.filter((d) => takes(d.hardware));
  const dropped = [...new Set(devices.filter((d) => !takes(d.hardware)).map((d) => d.hardware.accelerator))];
  const modules = dropped.join(' and ');
  const is = dropped.length > 1 ? 'are' : 'is';
  const note = modules && kept.length
    ? `; a bridge joins PCIe cards, never SXM modules (the ${modules} ${is} joined on a board): read as the `
      + `${kept[0].hardware.accelerator} with its bridge`
    : '';
  const refusal = `a bridge joins PCIe cards; the ${modules} ${is} catalogued only as a module joined on a board, which takes none`;
  return { kept, note, refusal };
}

/** Device words less the form words (`PCIe`, `SXM`) the text adds to a name: `2x RTX 3090 PCIe`. */
export function withoutFormWords(q: MachineQuery): { query: MachineQuery; dropped: string[] } | undefined {
  const dropped = q.device.filter((t) => FORM_WORDS.has(t) || t === 'sxm');
  if (dropped.length === 0) return undefined;
  return { query: { ...q, device: q.device.filter((t) => !dropped.includes(t)) }, dropped };
}

/**
 * A form word no catalogued name of the device carries, against how the catalogue runs that device: `PCIe` beside a
 * card catalogued over PCIe agrees (`RTX 3090 PCIe`); `SXM` beside a PCIe card, or `PCIe` beside a device catalogued
 * only as an SXM module, names a form the catalogue does not hold.
 */
export function formAgrees<T extends { hardware: Hardware }>(
  dropped: string[], devices: T[],
): { kept: T[]; note: string; refusal: string } {
  const pcie = dropped.some((t) => t.startsWith('pc'));
  const sxm = dropped.some((t) => t.startsWith('sxm'));
  const kept = pcie && sxm ? [] : devices.filter((d) => (pcie ? !onFabric(d.hardware) : onFabric(d.hardware)));
  const accelerators = [...new Set(devices.map((d) => d.hardware.accelerator))].join(', ');
  const said = pcie && sxm ? 'both PCIe and SXM' : pcie ? 'a PCIe card' : 'an SXM module';
  const is = devices.every((d) => onFabric(d.hardware)) ? 'an SXM module' : 'a PCIe card';
  return {
    kept,
    note: pcie ? '; PCIe: as the catalogue models these cards' : '; SXM: as the catalogue models these modules',
    refusal: `the ${accelerators} is catalogued as ${is}, not ${said}`,
  };
}

/** A device as machine.ts reads it: its catalogued name's optional words, and its memory per device. */
type Sized = { name: { optional: readonly string[] }; perDeviceGb: number };

/**
 * The words that read as the PCIe card a form-less name set aside. `a100 PCIe` names the 40 and 80 GB cards alike (and is
 * refused as ambiguous), so when the card comes in several sizes the hint carries the size of the one set aside.
 */
export function pcieHint<T extends Sized>(said: string, named: readonly T[], setAside: readonly T[]): string {
  const isModule = (d: T) => d.name.optional.some((t) => t.startsWith('sxm'));
  const cardSizes = new Set(named.filter((d) => !isModule(d)).map((d) => d.perDeviceGb));
  const sizes = [...new Set(setAside.map((d) => d.perDeviceGb))];
  return cardSizes.size > 1 && sizes.length === 1 ? `${said} ${Math.round(sizes[0])}GB PCIe` : `${said} PCIe`;
}
