// search_models' account, sorted by price, of the results whose cheapest offer rests on an old, unconfirmed price.
import type { Dataset } from '../dataset/dataset.ts';
import { OLD_PRICE_MONTHS, oldPriceSince } from '../engines/price-age.ts';
import { cheapestAtDefaultShare } from '../engines/ranking.ts';

export type OldPrices = { count: number; models: string[]; placed: 'after_current'; note: string };

/**
 * The results (all matches, not only the page) whose summary's cheapest offer has input and output prices both set more
 * than OLD_PRICE_MONTHS before the data's date and confirmed by no other source (price-age.ts oldPriceSince): the price
 * sort puts them after the results of their kind whose price is not so old (engines/search.ts `orders`). Undefined
 * when none is.
 */
export function oldPricesNote(ds: Dataset, ids: readonly string[]): OldPrices | undefined {
  const old = ids.filter((id) => {
    const c = cheapestAtDefaultShare(ds, id);
    return c !== undefined && oldPriceSince(c.offer, ds.meta.data_as_of) !== undefined;
  });
  if (old.length === 0) return undefined;
  const n = old.length;
  return {
    count: n,
    models: old.slice(0, 50),
    placed: 'after_current',
    note: `${n === 1 ? '1 result\'s cheapest offer has' : `${n} results' cheapest offers have`} only a price its source set more `
      + `than ${OLD_PRICE_MONTHS} months before the data's date (${ds.meta.data_as_of}) and no other source confirms, which may `
      + `no longer be what is charged: sorted by price, ${n === 1 ? 'it follows' : 'they follow'} `
      + 'every result of the same kind whose price is not so old, cheapest first among themselves.',
  };
}
