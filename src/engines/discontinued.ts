// A machine no longer sold new, in words for an answer that offers it as a purchase.
import type { Hardware } from '../schema/index.ts';
import { citeSource } from './cite.ts';

/**
 * docs/hardware-and-cost.md, "Discontinued machines". A configuration the price table marks discontinued (the M3 Ultra
 * and M4 Max Mac Studios on 2026-08-25, the 512 GB M3 Ultra option in 2026-03) is still costed at its last list price
 * (people own them, and that is what they paid), but an answer that picks it for a purchase must say it cannot be bought
 * new: empty where the configuration is on sale, or nothing says otherwise. A card whose production the press reported
 * ended (the RTX 4090 in 2024-10) says it is no longer made.
 */
export function discontinuedText(h: Hardware): string {
  const d = h.discontinued_on;
  if (!d) return '';
  const when = d.value.length === 7 ? `in ${d.value}` : `on ${d.value}`;
  // A card whose end of production the press reported (card-production.csv): its price is its launch price, and what
  // is left to buy is stock or a used card; the report is not the maker's word, so the text says reported.
  if (d.source === 'card-production') {
    return `; ${h.id} is no longer made (end of production reported ${when}, ${citeSource(d)}): its price is the card's `
      + 'launch price, and buying one now means remaining stock or a used card at a price no source in the dataset gives';
  }
  return `; ${h.id} is no longer sold new (discontinued ${when}, ${citeSource(d)}): its price is the last list price, `
    + 'what an owner paid, and buying one now means a used or refurbished machine at a price no source in the dataset gives';
}
