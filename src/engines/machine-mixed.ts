// Cards listed with a joiner: two kinds in one machine (`4090 + 3090`) refused with what each part reads as, since
// every estimate assumes one kind of card split evenly (decode.ts); the same card listed twice (`3090 + 3090`) counted.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware } from '../schema/index.ts';
import { countedConfiguration, MAX_COUNT } from './machine-build.ts';
import { oneMachine } from './machine-nodes.ts';
import type { MachineMapping, MachineRefusal } from './machine.ts';

/** `+`, `&`, `and`, `plus`, a comma: the joiners a text lists two machines' cards with. */
const JOINER = /\s*(?:\+|&|,|\band\b|\bplus\b)\s*/i;

/**
 * A refusal naming the cards when the text joins two or more readings of different accelerators, each read alone;
 * undefined when it does not (one part unread, or every part the same card: `3090 + 3090` is left to the reader).
 */
export function mixedCards(
  text: string, readPart: (part: string) => MachineMapping | MachineRefusal, understood: string[],
): MachineRefusal | undefined {
  const parts = text.split(JOINER).map((p) => p.trim()).filter(Boolean);
  if (parts.length < 2) return undefined;
  const read = parts.map(readPart);
  const cards: MachineMapping[] = [];
  for (const r of read) {
    // A Mac or a mini PC beside a card (`4090 + M4 Max`) is two machines, not a mixed one: left refused as it was.
    if ('refused' in r || !r.hardware || r.class !== null || r.hardware.unified_memory) return undefined;
    // A size beside a card (`RTX 3090, 24GB`) is that card's memory, not a second card.
    if (r.how === 'ad_hoc' || r.how === 'memory') return undefined;
    cards.push(r);
  }
  if (new Set(cards.map((c) => c.hardware!.accelerator)).size < 2) return undefined;
  const ids = [...new Set(cards.map((c) => c.value))];
  const each = cards.map((c, i) => `"${parts[i]}" is ${c.value} (${c.hardware!.memory_gb.value} GB)`).join(', ');
  const total = Math.round(cards.reduce((s, c) => s + c.hardware!.memory_gb.value, 0) * 100) / 100;
  return {
    refused: 'ambiguous',
    message: `"${text.slice(0, 100)}" names different cards in one machine: ${each}. Mixed cards are not modelled (every `
      + 'estimate assumes one kind of card, the weights split evenly): ask for each card on its own, or for their memory '
      + `together ("${total} GB GPU") to check the fit alone, with no speed estimated`,
    understood,
    candidates: ids,
  };
}

/**
 * `3090 + 3090`, `2x 3090 and a 3090`: parts that each read as the same discrete card are that many of it, where the
 * whole text, read at once, would count one. Undefined when the parts differ, one is not a card, or the whole reading
 * already holds their count.
 */
export function sameCards(
  ds: Dataset, text: string, whole: MachineMapping, readPart: (part: string) => MachineMapping | MachineRefusal,
): MachineMapping | MachineRefusal | undefined {
  const parts = text.split(JOINER).map((p) => p.trim()).filter(Boolean);
  if (parts.length < 2) return undefined;
  const cards: Hardware[] = [];
  for (const r of parts.map(readPart)) {
    if ('refused' in r || !r.hardware || r.class !== null || r.hardware.unified_memory) return undefined;
    cards.push(r.hardware);
  }
  const accelerator = cards[0].accelerator;
  const total = cards.reduce((s, h) => s + h.count, 0);
  if (cards.some((h) => h.accelerator !== accelerator) || total === whole.hardware?.count || total > MAX_COUNT) return undefined;
  const one = ds.hardware.find((h) => h.accelerator === accelerator && h.count === 1);
  if (!one) return undefined;
  const catalogued = ds.hardware.find((h) => h.accelerator === accelerator && h.count === total);
  // `8x H100 + 8x H100`: two boards are two machines, refused as `16x H100` is, never read as the first board alone.
  const node = catalogued ? undefined : oneMachine(one, total, ds.hardware);
  if (node && 'refusal' in node) {
    return { refused: 'out_of_range', message: `"${text.slice(0, 100)}": ${node.refusal}`, understood: [...parts, `count ${total}`], candidates: [node.largest] };
  }
  const h = catalogued ?? countedConfiguration(one, total);
  const per = Math.round((one.memory_gb.value) * 100) / 100;
  return {
    value: h.id, how: catalogued ? 'device' : 'counted', class: null, hardware: h, matched: [...parts, `count ${total}`],
    interpretation: `"${text.slice(0, 100)}" lists ${total} x ${accelerator}: read as ${h.name} (${h.id}), ${total} x ${per} GB = `
      + `${Math.round(h.memory_gb.value * 100) / 100} GB${node?.note ?? ''}`,
    speed_estimated: h.bandwidth_gbs !== undefined,
  };
}
