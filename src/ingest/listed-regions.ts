// A listing's EU residency from the regions its source lists for it (LiteLLM `supported_regions`).
import type { EuResidency, Fact } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import { placeOfRegion } from '../sources/cloud-regions.ts';
import type { OfferObservation } from '../sources/types.ts';

/** The regions one source lists for a listing, with where it says so (file and row), to cite. */
export type ListedRegions = Required<Pick<OfferObservation, 'regions' | 'source' | 'as_of'>> & { file?: string; row?: string };

/** The first reading of the listing that lists its regions (one source does: LiteLLM). */
export function listedRegionsOf(list: readonly OfferObservation[]): ListedRegions | undefined {
  const o = list.find((x) => x.regions !== undefined && x.regions.length > 0);
  return o ? { regions: o.regions!, source: o.source, as_of: o.as_of, file: o.file, row: o.row } : undefined;
}

/**
 * The source's list of a listing's regions decides, ahead of the provider's row: a provider that sells in EU
 * regions does not sell every model there (Vertex AI lists DeepSeek-V3.1 in `us-central1` only). An EU region in the
 * list is `region` (EU regions to choose); only regions outside the EU, or global routing (any region, as a
 * `global.` id is), is `no`; a region the table cannot place, with none in the EU, is `unknown` (never guessed).
 */
export function residencyFromRegions(l: ListedRegions): Fact<EuResidency> {
  // The source by its id, then the file in brackets: the partial tier names the source for its id and drops the path.
  const cited = `${l.source}${l.file ? ` (${l.file})` : ''}${l.row ? ` [${l.row}]` : ''} supported_regions ${JSON.stringify(l.regions)}`;
  const places = l.regions.map((r) => ({ r, at: placeOfRegion(r) }));
  const eu = places.filter((p) => p.at?.eu);
  const unplaced = places.filter((p) => !p.at).map((p) => p.r);
  const where = (ps: typeof places) => ps.map((p) => `${p.r} (${p.at!.place})`).join(', ');
  if (eu.length > 0) return fact('region' as const, l.as_of, l.source, { note: `EU regions to choose: ${where(eu)}; ${cited}` });
  if (unplaced.length > 0) {
    const note = `the source lists regions not placed in or out of the EU (${unplaced.join(', ')}); ${cited}`;
    return fact('unknown' as const, l.as_of, l.source, { note });
  }
  return fact('no' as const, l.as_of, l.source, { note: `served only in ${where(places)}, none in the EU; ${cited}` });
}
