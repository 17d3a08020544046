// The Mac the caller named, when one catalogued configuration stands for several (`MacBook Pro or Mac Studio`).
import type { Hardware } from '../schema/index.ts';
import { words } from './vocabulary.ts';

/**
 * `MacBook Pro or Mac Studio (40-core GPU) with Apple M4 Max, 128 GB` -> [macbook pro, mac studio]: the products a
 * configuration's name lists before its chip, in its order; the first is the one its class describes (hardware-configs.csv).
 */
const productsOf = (h: Hardware): string[] => {
  const head = /^(.*?) with Apple /.exec(h.name)?.[1];
  return head ? head.replace(/\s*\([^)]*\)/g, '').split(/,\s*|\s+or\s+/).map((p) => words(p).join(' ')).filter(Boolean) : [];
};

/**
 * A note for a configuration that stands for several Macs, when the Mac the text names is not of the class the
 * configuration carries: `Mac Studio M4 Max 128GB` is m4-max-128gb, class laptop for its first product, the MacBook
 * Pro. The figures are the same chip and memory either way; the answer says which Mac was read, so that it does not
 * call a Mac Studio a laptop. A MacBook is a laptop, every other Mac is not (machine-words.ts, APPLE_PRODUCTS).
 */
export function saidMacNote(h: Hardware, understood: readonly string[]): string {
  const products = productsOf(h);
  const said = understood.find((u) => products.includes(u));
  if (products.length < 2 || !said) return '';
  const laptop = (p: string) => p.startsWith('macbook');
  if (laptop(said) === (h.class === 'laptop')) return '';
  const name = (p: string) => p.replace(/\bmacbook\b/, 'MacBook').replace(/\bmac\b/, 'Mac').replace(/\b(pro|air|studio)\b/, (x) => x[0].toUpperCase() + x.slice(1));
  return `; the ${name(said)}, as said: ${h.id} stands for the ${products.map(name).join(' or the ')} with this chip and memory, `
    + `the same figures; its class, ${h.class}, is the ${name(products[0])}'s, not the ${name(said)}'s`;
}
