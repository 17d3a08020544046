// A machine no longer sold new, in words for an answer that offers it as a purchase.
import type { Hardware } from '../schema/index.ts';
import { citeSource } from './cite.ts';

/**
 * docs/hardware-and-cost.md, "Discontinued machines". A configuration the price table marks discontinued (the M3 Ultra
 * and M4 Max Mac Studios on 2026-08-25, the 512 GB M3 Ultra option in 2026-03) is still costed at its last list price
 * (people own them, and that is what they paid), but an answer that picks it for a purchase must say it cannot be bought
 * new: empty where the configuration is on sale, or nothing says otherwise.
 */
export function discontinuedText(h: Hardware): string {
  const d = h.discontinued_on;
  if (!d) return '';
  const when = d.value.length === 7 ? `in ${d.value}` : `on ${d.value}`;
  return `; ${h.id} is no longer sold new (discontinued ${when}, ${citeSource(d)}): its price is the last list price, `
    + 'what an owner paid, and buying one now means a used or refurbished machine at a price no source in the dataset gives';
}
