// A machine no longer sold new, in words for an answer that offers it as a purchase.
import { WITHDRAWN_FROM_STORE, type Hardware } from '../schema/index.ts';
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
  // A card whose end of production the press reported (card-production.csv): its price is its launch price, and what
  // is left to buy is stock or a used card; the report is not the maker's word, so the text says reported.
  if (d.source === 'card-production' && h.purchase_price_usd?.source === 'card-street-prices') {
    // A card no longer made that a dated page still prices: that price is what it is costed at (its note says which).
    return `; ${h.id} ${endedWords(h)}: its price is a dated street `
      + `price, ${h.purchase_price_usd.value.toLocaleString('en-US')} USD (card-street-prices, as of ${h.purchase_price_usd.as_of})`;
  }
  if (d.source === 'card-production') {
    // Withdrawn from the maker's store (the RTX 30 Founders Editions in 2023-03) is not "no longer made": partners'
    // stock may remain, but not at the maker's launch price.
    return `; ${h.id} ${endedWords(h)}: its price is the card's `
      + `launch price${launchPrice(h)}, not a price of today, and buying one now means remaining stock or a used card at a `
      + 'price no source in the dataset gives';
  }
  return `; ${h.id} ${endedWords(h)}: its price is the last list price, `
    + 'what an owner paid, and buying one now means a used or refurbished machine at a price no source in the dataset gives';
}

/**
 * How a configuration's sale ended, cited: "is no longer sold by its maker (withdrawn from its store, reported in
 * 2023-03, card-production, 2026-11-29)"; empty where it is still sold new.
 */
function endedWords(h: Hardware): string {
  const d = h.discontinued_on;
  if (!d) return '';
  const when = d.value.length === 7 ? `in ${d.value}` : `on ${d.value}`;
  if (d.source === 'card-production' && d.note?.startsWith(WITHDRAWN_FROM_STORE)) {
    return `is no longer sold by its maker (withdrawn from its store, reported ${when}, ${citeSource(d)})`;
  }
  if (d.source === 'card-production') return `is no longer made (end of production reported ${when}, ${citeSource(d)})`;
  return `is no longer sold new (discontinued ${when}, ${citeSource(d)})`;
}

/**
 * A bought pick's cheaper configuration passed over as no longer sold new, in words: recommend_model weighs it as
 * estimate_cost's owned basis does (owned-cost-basis.ts), only where nothing sold new runs the model. Empty when none.
 */
export function notWeighedText(h: Hardware | undefined): string {
  if (!h?.discontinued_on) return '';
  return ` ${h.name} (${h.id}) costs less to own but ${endedWords(h)}, so it is not weighed: as estimate_cost, a configuration `
    + 'no longer sold new is costed at a price no buyer can pay, and is picked only where none sold new runs the model.';
}

/**
 * The one price a card no longer made is costed at, in words: `, $1,599 a card (epoch-hardware, as of 2025-07-21)`. A
 * configuration of several cards is priced at the card's launch price times the count (src/ingest/hardware.ts), so
 * the card's price is read from the derivation; empty when the configuration carries no price.
 */
function launchPrice(h: Hardware): string {
  const p = h.purchase_price_usd;
  if (!p || !h.count) return '';
  const perCard = Math.round(p.value / h.count);
  // A derived price names its source first (`epoch-hardware: launch price of ..., 1599 USD`).
  const source = p.source === 'derived' ? (p.derived_from?.[0]?.split(':')[0] ?? 'derived') : p.source;
  const times = h.count > 1 ? ` x ${h.count} = $${p.value.toLocaleString('en-US')}` : '';
  return `, $${perCard.toLocaleString('en-US')} a card${times} (${source}, as of ${p.as_of})`;
}
