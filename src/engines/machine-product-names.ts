// The product names a machine text may use for a catalogued device: `GMKtec EVO-X2`, and the same without its maker.
import type { Hardware } from '../schema/index.ts';
import type { DeviceName, ProductName } from './machine-words.ts';
import { words } from './vocabulary.ts';

/**
 * A word of letters and digits (`x2`, `z13`, `gtr9`, `gx10`): a model number, which names one maker's product on its own.
 * A product name without it (`Framework Desktop`, `GIGABYTE AI TOP ATOM`) keeps its maker, as `desktop` alone is a form.
 */
const MODEL_NUMBER = /^(?=[a-z0-9]*[a-z])(?=[a-z0-9]*\d)[a-z0-9]+$/;

/**
 * The products the dataset names for its devices (`sold_as`), each standing for a name of its device: the chip's own
 * (`ai max 395`) when every device sold under it is that one chip, so that a size the product is not read with at that
 * chip (`ROG Flow Z13 32GB`) is refused rather than read as another chip sharing the family name; the parenthesised
 * family name (`strix halo`) when the product is sold with several chips (the Framework Desktop: Ryzen AI Max 385 or
 * Max+ 395), so the size chooses among them. Owners name a product without its maker (`EVO-X2 128GB`, `ROG Flow
 * Z13`), so each is also read without its first word when the rest still carries a model number; a shorter phrase
 * another product already uses is not taken. Longest phrases first.
 */
export function productNames(devices: ReadonlyArray<{ hardware: Hardware; name: DeviceName }>): ProductName[] {
  const chips = new Map<string, { phrase: string[]; names: DeviceName[] }>();
  for (const d of devices) {
    for (const product of d.hardware.sold_as?.value ?? []) {
      const phrase = words(product);
      const key = phrase.join(' ');
      if (!phrase.length) continue;
      const entry = chips.get(key) ?? { phrase, names: [] };
      entry.names.push(d.name);
      chips.set(key, entry);
    }
  }
  const byPhrase = new Map<string, ProductName>();
  for (const [key, { phrase, names }] of chips) {
    const one = new Set(names.map((n) => n.core.join(' '))).size === 1;
    const device = one || !names[0].alias.length ? names[0].core : names[0].alias;
    byPhrase.set(key, { phrase, device });
  }
  for (const { phrase, device } of [...byPhrase.values()]) {
    const rest = phrase.slice(1);
    if (rest.some((w) => MODEL_NUMBER.test(w)) && !byPhrase.has(rest.join(' '))) byPhrase.set(rest.join(' '), { phrase: rest, device });
  }
  return [...byPhrase.values()].sort((a, b) => b.phrase.length - a.phrase.length);
}
