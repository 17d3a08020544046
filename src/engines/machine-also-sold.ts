// A card name sold in memory sizes the catalogue does not hold.
import type { Hardware } from '../schema/index.ts';

const gb = (n: number) => `${Math.round(n * 100) / 100} GB`;

/**
 * Why a bare card name is asked about rather than read (`RX 9060 XT`: sold with 8 GB as well as the catalogued 16 GB),
 * or undefined where the name says one card: answered for the larger card, it would tell an 8 GB owner that models fit
 * which do not. The other sizes come from `sold_also_in_gb` (accelerators-extra.csv, each with its page).
 */
export function alsoSoldWords(said: string, hardware: Hardware, perDeviceGb: number): string | undefined {
  const alsoSold = hardware.sold_also_in_gb?.value;
  if (!alsoSold?.length) return undefined;
  const has = gb(perDeviceGb);
  const other = alsoSold.map(gb).join(' or ');
  return `"${said}" is sold with ${other} as well as ${has}; only the ${has} card is catalogued: say "${said} `
    + `${has.replace(' ', '')}" for it, or "${alsoSold.map((g) => `${g} GB GPU`).join('" / "')}" for the other (fits only, no speed)`;
}
