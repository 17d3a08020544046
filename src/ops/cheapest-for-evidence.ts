// What a buyer may rely on in a ranked offer's price: a closed model's third-party listing one catalogue alone gives,
// and a price another source gives at 2x or more away. Both said in the place's words, whatever the price's age
// (price-age.ts speaks only of prices set more than six months before the data's date).
import type { Model, Offer, Provider, Source } from '../schema/index.ts';

/** A conflicting reading this far from the ranked price, either way, is said in the sentence (2: half or double). */
export const CONFLICT_FACTOR = 2;

/** "5.4x" above the price shown, "20x lower" below it: no reading rounds to "0x". */
const apart = (r: number) => (r >= 1 ? `${Math.round(r * 10) / 10}x` : `${Math.round((1 / r) * 10) / 10}x lower`);

/** A page of the provider's own read for the dataset, quoted in one of its facts: its terms or its serving role. */
export type OwnPage = { url?: string; read_on: string };

/**
 * The first page of its own a provider's facts quote (no_training, no_retention, serving_role, EU residency), or
 * undefined: where one was read, "no page of its own was read" would be false, though none read gives the price.
 */
export function ownPageOf(p: Provider | undefined): OwnPage | undefined {
  if (!p) return undefined;
  for (const x of [p.no_training, p.no_retention, p.serving_role, p.eu_data_residency]) {
    const page = x?.evidence_page;
    // A partial answer's page keeps its day only (fact.ts): the words then name the day alone.
    if (page) return page.url ? { url: page.url, read_on: page.read_on } : { read_on: page.read_on };
  }
  return undefined;
}

/**
 * ` Listed by one catalogue only (genai-prices-npm); no page of quicksilverpro's own was read.` where an offer of a model
 * not known to have open weights (closed, or no source says: the reseller's words of cheapest-for-items.ts), not sold by
 * its developer, is listed by one aggregator alone and no price of it is corroborated or rests on a
 * page read: the dataset has nothing but that catalogue's row to show the reseller sells it at that price (QuickSilver
 * Pro's 42 models at 0.85x the developers' own, all from genai-prices' npm bundle). Empty otherwise. An open-weights
 * model's hosts are many and mostly listed by one catalogue; the words are kept for the listing that may only relay the
 * developer's API, whose list price the developer sets. Where a page of the provider's own was read (`ownPage`: its
 * terms, say) but gives no price of this listing, the sentence names that page instead of saying none was read.
 */
export function singleCatalogueWords(o: Offer, m: Pick<Model, 'open_weights'> | undefined, source: (id: string) => Source | undefined,
  providerName: string, ownPage?: OwnPage): string {
  if (o.first_party || m?.open_weights?.value === true) return '';
  const by = o.listed_by ?? [];
  if (by.length !== 1 || source(by[0]!)?.kind !== 'aggregator') return '';
  const prices = [o.prices.input, o.prices.output].filter((p) => p !== undefined);
  if (prices.some((p) => p.corroborated_by?.length || p.evidence_page)) return '';
  if (ownPage) {
    return ` Listed by one catalogue only (${by[0]}); the page of ${providerName}'s own that was read (${ownPage.url ? `${ownPage.url}, ` : ''}${ownPage.read_on}) `
      + 'gives no price for this listing.';
  }
  return ` Listed by one catalogue only (${by[0]}); no page of ${providerName}'s own was read.`;
}

/**
 * ` The sources disagree on this price: models-dev gives $0.027 input (2026-07-02, 5.4x) and $0.201 output (2026-07-02,
 * 20.1x).` for each reading in the ranked input or output price's `conflicts` at CONFLICT_FACTOR or more from it,
 * but a $0 reading or one the build held back; empty where none is. Above the price shown the ratio is the other reading
 * over it ("5.4x"), below it the inverse ("20x lower").
 */
export function conflictWords(o: Pick<Offer, 'prices'>): string {
  const said: string[] = [];
  for (const side of ['input', 'output'] as const) {
    const p = o.prices[side];
    if (!p || !(p.value > 0)) continue;
    // A reading the build held back as an outlier (named in the price's note) or a $0 one is not a price a source
    // stands by: W&B's $0.10 beside LiteLLM's held-back $10,000 is no disagreement to put in the sentence.
    const held = p.note?.includes('held back until corroborated') ? p.note : '';
    for (const c of p.conflicts ?? []) {
      if (!(c.value > 0) || held.includes(`${c.source} ${c.value}`)) continue;
      const r = c.value / p.value;
      if (r >= CONFLICT_FACTOR || r <= 1 / CONFLICT_FACTOR) said.push(`${c.source} gives $${c.value} ${side} (${c.as_of}, ${apart(r)})`);
    }
  }
  return said.length ? ` The sources disagree on this price: ${said.join('; ')}.` : '';
}
