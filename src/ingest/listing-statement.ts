// One field as a listing's own sources state it (its window, its tool calling, a scheduled price).
import type { Fact } from '../schema/index.ts';
import type { OfferObservation } from '../sources/types.ts';
import { choose, sourceRank } from './precedence.ts';

/**
 * The newest statement of the best-ranked source among a listing's observations, the others kept as conflicts; undefined
 * where no observation states it (`read` gives undefined). Every statement speaks for the listing itself, so all
 * corroborate or conflict.
 */
export function listingStatement<T>(list: ReadonlyArray<{ o: OfferObservation }>, read: (o: OfferObservation) => T | undefined): Fact<T> | undefined {
  const candidates = list.flatMap(({ o }) => {
    const value = read(o);
    return value === undefined ? [] : [{ value, source: o.source, as_of: o.as_of, tier: 1, authoritative: true }];
  });
  return choose(candidates, sourceRank, { newestFirst: true });
}
