// Whether N cards named in a machine text fit one machine: a baseboard of SXM or OAM modules holds a fixed number, and
// the estimates take every device of a configuration as one machine (tensor parallel over one GPU-to-GPU fabric).
import type { Hardware } from '../schema/index.ts';
import { decodeSplit, onFabric } from './decode.ts';

/**
 * PCIe cards beyond this count are said to be more than most hosts take. "GPU-enhanced servers can typically pack up to
 * eight of the accelerators"; Supermicro's SYS-322GB-NR, built for more, has "room for 18 single-slot GPUs or ten
 * dual-slot cards" (The Register, 2024-10-10, reposted at https://simmtester.com/News/IndustryArticle/26563). The
 * catalogue holds no card's slot width, so whether N of one card fit one host is not checked: it is said.
 */
export const TYPICAL_PCIE_HOST = 8;

export type NodeReading = { refusal: string; largest: string } | { note: string } | undefined;

/**
 * `16x H100`: a count beyond the largest baseboard its module is sold on is more than one machine, and no estimate
 * here models the network between machines (InfiniBand or Ethernet, an order of magnitude slower than NVLink), so
 * it is refused with the largest single configuration. A module whose board size no source gave keeps its reading,
 * and says so; PCIe cards beyond a typical host say that too.
 */
export function oneMachine(one: Hardware, count: number, catalogued: readonly Hardware[]): NodeReading {
  if (one.unified_memory || count <= 1) return undefined;
  const same = catalogued.filter((h) => h.accelerator === one.accelerator);
  const largestCatalogued = same.reduce((a, h) => (h.count > a.count ? h : a), one);
  if (onFabric(one)) {
    const board = one.sold_in ? Math.max(...one.sold_in.value) : undefined;
    if (board !== undefined && count > board) {
      const largest = same.find((h) => h.count === board) ?? largestCatalogued;
      const platform = one.sold_in!.note?.split(':')[0] ?? 'its baseboards';
      const evidence = /evidence: (\S+)/.exec(one.sold_in!.note ?? '')?.[1];
      return {
        largest: largest.id,
        refusal: `${count} x ${one.accelerator} is more than one machine: the module is sold on a baseboard of at most ${board} `
          + `(${platform}${evidence ? `; ${evidence}` : ''}), so ${count} would be ${Math.ceil(count / board)} machines joined `
          + `over a network, which no estimate here models (each takes one machine's GPUs on one fabric); the largest single `
          + `configuration is ${largest.id} (${largest.count} x ${gbOf(one)})`,
      };
    }
    if (board === undefined && count > largestCatalogued.count) {
      return { note: `; no source for how many ${one.accelerator} modules one baseboard holds was read, and the largest `
        + `configuration catalogued is ${largestCatalogued.id}: ${count} of them are taken as one machine on one fabric, `
        + `which may be more than one board` };
    }
    return undefined;
  }
  if (count > TYPICAL_PCIE_HOST) {
    return { note: `; ${count} cards is more than most hosts take (servers typically hold up to ${TYPICAL_PCIE_HOST}; `
      + `Supermicro's SYS-322GB-NR takes ten dual-slot or 18 single-slot cards): whether ${count} of this card fit one `
      + `host is not checked, and the estimate takes them as one machine` };
  }
  return undefined;
}

const gbOf = (h: Hardware) => `${Math.round(h.memory_gb.value / h.count * 100) / 100} GB`;

/** Gigabytes as the machine texts say them (two decimals at most). */
export const gb = (n: number) => `${Math.round(n * 100) / 100} GB`;

/** `2 x 24 GB = 48 GB, weights split across the cards by layer` for a multi-card configuration, else nothing. */
export function split(h: Hardware): string {
  return h.count > 1 ? `: ${h.count} x ${gb(h.memory_gb.value / h.count)} = ${gb(h.memory_gb.value)}, ${howSplit(h)}` : '';
}

/**
 * The split the estimates assume (decode.ts), so the interpretation and the figures beside it say the same: PCIe
 * cards split by layer for a batch-1 speed, tensor parallel for a server's throughput (decode.ts `servingLayout`).
 */
export function howSplit(h: Hardware): string {
  return decodeSplit(h) === 'tensor'
    ? 'weights split across the cards (tensor parallel over their GPU-to-GPU fabric)'
    : 'weights split across the cards over PCIe: by layer for a batch-1 speed (one card at a time per token, as ' +
        'llama.cpp runs them), tensor parallel for serving throughput (as vLLM or SGLang run them)';
}
