// Which bought configurations a cost answer's owned figures rest on: the break-even and the curve weigh those that
// count their whole machine, the cheapest at each volume; the verdict's owned month and the first owned option listed
// are the cheapest of them at the volume asked, the curve's point there. A machine whose host no source prices never
// mixes in where one bought whole is costed: its month is a lower bound a buyer would read as a price.
import { usd } from './money.ts';

/** What the choice reads of a bought configuration costed at the volume asked (OwnedFigures, or a test's stand-in). */
export type OwnedMonth = {
  hardware_id: string; monthly_usd: number; machines: number; host_counted: boolean;
  /** Whether the configuration is still sold new (no discontinued_on); absent reads as sold new. */
  sold_new?: boolean;
  /**
   * Whether one can buy it whole: false for a share of a baseboard no one sells apart (one H200 SXM of an HGX board
   * of 4 or 8); absent reads as whole.
   */
  bought_whole?: boolean;
};

/**
 * The owned basis, from the bought configurations weighed (those with a power figure), cheapest month at the volume
 * asked first: the cheapest that counts its whole machine (its host machine priced, or in the purchase price); where
 * none does, the cheapest, whose month then leaves a host machine out. A month without its host is a lower bound of
 * an unknown cost, so it never stands for owning when a month that counts everything exists. Among those counted whole,
 * one still sold new comes first: a buyer cannot buy a discontinued machine at the last list price it is costed at, so
 * it is the basis only where no configuration sold new counts its whole machine (and the words then say so).
 */
export function pickOwnedBasis<T extends OwnedMonth>(owned: readonly T[]): T | undefined {
  return ownedWeighed(owned)[0];
}

/**
 * The bought configurations the owned break-even and the curve weigh, the cheapest at each volume: those that count
 * their whole machine, or, where none does, every one (their months then lower bounds); of those, the ones still sold
 * new, or every one where none is (a discontinued machine then stands for owning, and the words say so). Weighed whatever the volume
 * asked, so "from when does owning pay?" has one answer; the basis at the volume asked is the curve's point there.
 */
export function ownedWeighed<T extends OwnedMonth>(owned: readonly T[]): readonly T[] {
  // A share of a baseboard (one or two H200 SXM of an HGX board of 4 or 8) is a size one rents, not one buys: its
  // month is 1/8 of a server bought by someone else. Weighed only where nothing one can buy whole serves the model.
  const buyable = owned.filter((o) => o.bought_whole !== false);
  const whole = buyable.length > 0 ? buyable : owned;
  const counted = whole.filter((o) => o.host_counted);
  const pool = counted.length > 0 ? counted : whole;
  // A discontinued machine is costed at a past price (its last list price, a card's launch price), which no buyer can
  // pay for a new one: weighed only where no configuration of the same kind (counted whole, or hostless) still sold new
  // serves the model.
  const sold = pool.filter((o) => o.sold_new !== false);
  return sold.length > 0 ? sold : pool;
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
  const sold = soldNewWords(basis, owned);
  const cheaper = basis.host_counted && owned[0] && owned[0] !== basis && !owned[0].host_counted && owned[0].monthly_usd < basis.monthly_usd
    ? owned[0] : undefined;
  const share = shareWords(basis, owned, cheaper);
  if (!basis.host_counted) {
    return {
      text: `the owned figures (this break-even, the curve) weigh the ${set} costed here${share.set}${sold.set}, the cheapest at each `
        + `volume, none with its host machine priced; at ${volume}M tokens the cheapest is ${at}, the verdict's owned month${share.aside}${sold.aside}`,
      hostless: true,
    };
  }
  // Every reason that holds: a hostless RTX 4090 x4 is also a card no longer made; two hostless MI300X, a share of an
  // 8-GPU baseboard.
  const also = cheaper ? [cheaper.bought_whole === false ? SHARE.one : '', cheaper.sold_new === false ? NO_LONGER_SOLD.one : ''].filter(Boolean) : [];
  const aside = cheaper
    ? `; ${cheaper.hardware_id} costs less (${usd(cheaper.monthly_usd)} USD) but leaves out a host machine no source prices`
      + `${also.map((w) => ` and ${w}`).join('')}, so it is not the basis`
    : '';
  return {
    text: `the owned figures (this break-even, the curve) weigh the ${set} that count their whole machine${share.set}${sold.set}, the `
      + `cheapest at each volume; at ${volume}M tokens the cheapest is ${at}, the verdict's owned month${aside}${share.aside}${sold.aside}`,
    hostless: false,
  };
}

/**
 * Whether being sold new narrowed the weighed set, in words: "and are not recorded as discontinued" where a
 * discontinued machine of the basis's kind was left out (naming each cheaper one passed over, cheapest first), or, where the basis itself
 * is discontinued, that it is no longer sold new and nothing sold new of its kind serves the model.
 */
function soldNewWords(basis: OwnedMonth, owned: readonly OwnedMonth[]): { set: string; aside: string } {
  const kind = basis.host_counted ? ' that counts its whole machine' : '';
  if (basis.sold_new === false) {
    return {
      set: '',
      aside: `; ${basis.hardware_id} is no longer sold new (costed at a price no longer offered), and no configuration sold new${kind} `
        + 'serves the model',
    };
  }
  const left = owned.filter((o) => o.host_counted === basis.host_counted && o.bought_whole !== false && o.sold_new === false);
  if (left.length === 0) return { set: '', aside: '' };
  // Every cheaper one passed over is named, cheapest first (then by id, as the options are listed), not only the first
  // met: two discontinued Macs both cheaper than the basis were one name, the other's month unsaid.
  const passed = left.filter((o) => o.monthly_usd < basis.monthly_usd).sort(cheapestFirst);
  return { set: ' and are not recorded as discontinued', aside: passed.length > 0 ? `; ${passedWords(passed)}` : '' };
}

/**
 * Whether leaving out shares of a baseboard narrowed the weighed set, in words: "and are sold whole in that size"
 * where a share was left out, naming each cheaper one passed over, cheapest first; where the basis itself is a share,
 * that nothing bought whole serves the model.
 */
function shareWords(basis: OwnedMonth, owned: readonly OwnedMonth[], named?: OwnedMonth): { set: string; aside: string } {
  if (basis.bought_whole === false) {
    return { set: '', aside: `; ${basis.hardware_id} is a share of a baseboard sold only whole, and no configuration one can buy whole serves the model` };
  }
  const shares = owned.filter((o) => o.bought_whole === false);
  if (shares.length === 0) return { set: '', aside: '' };
  // The cheapest month without its host is named on its own with every reason it is not the basis, so not twice.
  const passed = shares.filter((o) => o !== named && o.monthly_usd < basis.monthly_usd).sort(cheapestFirst);
  return { set: ' and are sold whole in that size', aside: passed.length > 0 ? `; ${passedWords(passed, SHARE)}` : '' };
}

const SHARE = {
  one: 'is a share of a server sold only whole (its modules come on a baseboard of more)',
  many: 'are shares of servers sold only whole (their modules come on a baseboard of more)',
};

/** The configurations named with their month before "and N more": the answer's sentence stays readable. */
const PASSED_NAMED = 3;

const NO_LONGER_SOLD = { one: 'is no longer sold new', many: 'are no longer sold new' };

/** "a costs less (1 USD) but is ...", or "a (1 USD), b (2 USD) and 2 more cost less but are ...". */
function passedWords(passed: readonly OwnedMonth[], why: { one: string; many: string } = NO_LONGER_SOLD): string {
  const named = passed.slice(0, PASSED_NAMED).map((o) => `${o.hardware_id} (${usd(o.monthly_usd)} USD)`);
  if (passed.length === 1) return `${passed[0].hardware_id} costs less (${usd(passed[0].monthly_usd)} USD) but ${why.one}, so it is not weighed`;
  const more = passed.length - named.length;
  const list = more > 0 ? `${named.join(', ')} and ${more} more` : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
  return `${list} cost less but ${why.many}, so they are not weighed`;
}

function cheapestFirst(a: OwnedMonth, b: OwnedMonth): number {
  return a.monthly_usd - b.monthly_usd || a.hardware_id.localeCompare(b.hardware_id);
}
