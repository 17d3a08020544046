// cheapest_for's account of the models ranked last for an old price: their only price is one no other source confirms.
import { OLD_PRICE_MONTHS } from '../engines/price-age.ts';

/**
 * The sentence saying how many of the ranked models rest on an old price (price-age.ts oldPriceSince) and that they
 * follow every model whose price is not old; null when none does. Whatever the page: a model beyond it is counted too.
 */
export function oldPriceRankNote(old: number, matched: number): string | null {
  if (old === 0) return null;
  const current = matched - old;
  const which = old === 1 ? '1 model ranked has' : `${old} models ranked have`;
  return `${which} only a price its source set more than ${OLD_PRICE_MONTHS} months before the data's date and no other `
    + `source confirms, which may no longer be what is charged: ${old === 1 ? 'it is' : 'they are'} ranked after the `
    + `${current} ${current === 1 ? 'model' : 'models'} with a price that is not so old, cheapest first among themselves, `
    + `from place ${current + 1}.`;
}
