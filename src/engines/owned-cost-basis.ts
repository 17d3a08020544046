// Which bought configurations a cost answer's owned figures rest on: the break-even and the curve weigh those that
// count their whole machine, the cheapest at each volume; the verdict's owned month and the first owned option listed
// are the cheapest of them at the volume asked, the curve's point there. A machine whose host no source prices never
// mixes in where one bought whole is costed: its month is a lower bound a buyer would read as a price.
import { usd } from './money.ts';

/** What the choice reads of a bought configuration costed at the volume asked (OwnedFigures, or a test's stand-in). */
export type OwnedMonth = { hardware_id: string; monthly_usd: number; machines: number; host_counted: boolean };

/**
 * The owned basis, from the bought configurations weighed (those with a power figure), cheapest month at the volume
 * asked first: the cheapest that counts its whole machine (its host machine priced, or in the purchase price); where
 * none does, the cheapest, whose month then leaves a host machine out. A month without its host is a lower bound of
 * an unknown cost, so it never stands for owning when a month that counts everything exists.
 */
export function pickOwnedBasis<T extends OwnedMonth>(owned: readonly T[]): T | undefined {
  return owned.find((o) => o.host_counted) ?? owned[0];
}

/**
 * The bought configurations the owned break-even and the curve weigh, the cheapest at each volume: those that count
 * their whole machine, or, where none does, every one (their months then lower bounds). Weighed whatever the volume
 * asked, so "from when does owning pay?" has one answer; the basis at the volume asked is the curve's point there.
 */
export function ownedWeighed<T extends OwnedMonth>(owned: readonly T[]): readonly T[] {
  const counted = owned.filter((o) => o.host_counted);
  return counted.length > 0 ? counted : owned;
}

/** The words the owned break-even closes with: which configuration the owned figures rest on, and why that one. */
export type OwnedBasisWords = { text: string; hostless: boolean };

/**
 * The basis in words, with the volume it was chosen at and, where a month that leaves its host out costs less, that
 * month too: a reader comparing the listed options sees why the cheapest listed is not the one costed.
 */
export function ownedBasisWords(basis: OwnedMonth, owned: readonly OwnedMonth[], volume: number): OwnedBasisWords {
  const at = `${basis.hardware_id}${basis.machines > 1 ? ` x${basis.machines}` : ''}, ${usd(basis.monthly_usd)} USD a month`;
  const weighed = ownedWeighed(owned).length;
  const set = `${weighed} bought configuration${weighed === 1 ? '' : 's'}`;
  if (!basis.host_counted) {
    return {
      text: `the owned figures (this break-even, the curve) weigh the ${set} costed here, the cheapest at each volume, none `
        + `with its host machine priced; at ${volume}M tokens the cheapest is ${at}, the verdict's owned month`,
      hostless: true,
    };
  }
  const cheaper = owned[0] && owned[0] !== basis && !owned[0].host_counted && owned[0].monthly_usd < basis.monthly_usd ? owned[0] : undefined;
  const aside = cheaper
    ? `; ${cheaper.hardware_id} costs less (${usd(cheaper.monthly_usd)} USD) but leaves out a host machine no source prices, so it is not the basis`
    : '';
  return {
    text: `the owned figures (this break-even, the curve) weigh the ${set} that count their whole machine, the cheapest at `
      + `each volume; at ${volume}M tokens the cheapest is ${at}, the verdict's owned month${aside}`,
    hostless: false,
  };
}
