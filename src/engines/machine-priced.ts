// Which machine a configuration sold in more than one Mac was priced as, said where the text names another.
import type { Hardware } from '../schema/index.ts';

/** The Mac families a text can name (machine-words.ts APPLE_PRODUCTS), most specific first, with how they are written. */
const FAMILIES: ReadonlyArray<{ said: string; name: string; matches: RegExp }> = [
  { said: 'macbook pro', name: 'MacBook Pro', matches: /\bMacBook Pro\b/i },
  { said: 'macbook air', name: 'MacBook Air', matches: /\bMacBook Air\b/i },
  { said: 'macbook', name: 'MacBook', matches: /\bMacBook\b/i },
  { said: 'mac studio', name: 'Mac Studio', matches: /\bMac Studio\b/i },
  { said: 'mac mini', name: 'Mac mini', matches: /\bMac mini\b/i },
  { said: 'mac pro', name: 'Mac Pro', matches: /\bMac Pro\b/i },
  { said: 'imac', name: 'iMac', matches: /\biMac\b/i },
];

/**
 * A configuration such as m4-max-128gb ("MacBook Pro or Mac Studio ... 128 GB") is priced as one machine, the cheaper
 * (machine-prices.csv: the Mac Studio (2025) at 3,499 USD, where the 16-inch MacBook Pro of the same chip and memory
 * was 5,000, "not applied"), and its idle draw is that machine's too. A text that names another family ("MacBook Pro
 * M4 Max 128GB") is read as the configuration, since chip, memory and bandwidth are the same, but its owned cost is not
 * that Mac's: the interpretation says which machine was priced, so a laptop owner does not read the Mac Studio's
 * 3,499 USD as a MacBook's. Nothing is said where the text names no family or the family priced.
 */
export function pricedMachineNote(understood: readonly string[], h: Hardware): string {
  const family = FAMILIES.find((f) => understood.includes(f.said));
  const host = h.host_machine?.value;
  if (!family || !host || host.basis !== 'in_purchase_price') return '';
  const priced = host.name.split(':')[0].trim();
  if (family.matches.test(priced)) return '';
  const price = h.purchase_price_usd ? `, ${h.purchase_price_usd.value.toLocaleString('en-US')} USD` : '';
  return `; its price and idle draw are the ${priced}'s${price} (the machine priced for this chip and memory), not a `
    + `${family.name}'s: the ${family.name}'s own price is not applied, so the owned cost is the ${priced}'s`;
}
