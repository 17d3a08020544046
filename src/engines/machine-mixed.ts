// Two kinds of card in one machine (`4090 + 3090`): refused with what each part reads as, since every estimate
// assumes one kind of card split evenly (decode.ts), and a mixed pair has no such figure.
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
