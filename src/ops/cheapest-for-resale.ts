// cheapest_for's word on resellers: a reseller's price can be a fraction of the developer's own (a closed model's
// developer sets the list price, so a far lower one is the reseller's own affair), and a reader must not take the
// ranking as the dataset's endorsement of whoever sells cheapest.

/** How many of a page's places are third parties' offers, and how many of those sell under half the developer's price. */
export type Resale = { shown: number; resold: number; underHalf: number };

/** One sentence when the page shows a reseller's offer; null when every place is the developer's own or none is priced. */
export function resaleNote(r: Resale): string | null {
  if (!r.resold) return null;
  const under = r.underHalf ? `, ${r.underHalf} of them at under half the developer's own price` : '';
  // "Third parties": a closed model's are resellers, an open-weights model's may run the weights themselves (the reasons
  // say which, cheapest-for-items.ts sellerWords); neither is vouched for.
  return `${r.resold} of the ${r.shown} places shown are third parties' offers (resellers, or hosts and routers of open weights)`
    + `${under}: the dataset lists their prices as their sources give them and does not vouch for them (first_party_only=true `
    + 'ranks the developers\' own offers only).';
}
