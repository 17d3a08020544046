// How old a served price is: the day its source set it beside the day it was read, and when that is old evidence.
import type { Offer } from '../schema/index.ts';

/**
 * A price its source set more than this many months before the data's date, that no other source confirms, is said
 * to be old in the answer (docs/data.md, "A price's two dates"). Why six: a source's history rarely touches a
 * listing again once it is settled. Of LiteLLM's 237 input or output price changes from 2025-02 to 2026-07 (its
 * field history), 94% came within six months of the listing's previous set (87% within three, 97% within nine); a
 * price left alone longer is one no one has looked at again, not one re-checked, and the provider may have moved.
 */
export const OLD_PRICE_MONTHS = 6;

type PriceDates = { as_of: string; set_on?: string };

/** A price's date in words: the day it was read, and the day its source set it where that is earlier. */
export function priceDateWords(f: PriceDates): string {
  return f.set_on !== undefined && f.set_on < f.as_of ? `set ${f.set_on}, read ${f.as_of}` : f.as_of;
}

/** The day `months` calendar months before an ISO day (the 31st of a shorter month rolls into the next). */
export function monthsBefore(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

/** The cutoff of the last data date asked (one per dataset): a cold ranking judges every model's offers against it. */
let lastCutoff: { dataAsOf: string; cutoff: string } | undefined;
function cutoffOf(dataAsOf: string): string {
  if (lastCutoff?.dataAsOf !== dataAsOf) lastCutoff = { dataAsOf, cutoff: monthsBefore(dataAsOf, OLD_PRICE_MONTHS) };
  return lastCutoff.cutoff;
}

/**
 * The day an offer's price has been listed unchanged since, where its input and output prices were both set by their
 * source more than OLD_PRICE_MONTHS before `dataAsOf` and neither is confirmed by another source (`corroborated_by`):
 * the later of the two set days. Undefined otherwise, and where a price has no set day (no history places it: its age
 * is not known, so nothing is said). Such a price is weighed by a decision figure (the break-even, a "cheapest") only
 * for want of a current or confirmed one (offer-lifecycle.ts, `pickedOnlyForWant`; docs/hardware-and-cost.md).
 */
export function oldPriceSince(o: Pick<Offer, 'prices'>, dataAsOf: string): string | undefined {
  const { input, output } = o.prices;
  if (input === undefined && output === undefined) return undefined;
  const cutoff = cutoffOf(dataAsOf);
  let set = '';
  for (const f of [input, output]) {
    if (f === undefined) continue;
    if (f.set_on === undefined || f.set_on >= cutoff || f.corroborated_by?.length) return undefined;
    if (f.set_on > set) set = f.set_on;
  }
  return set;
}

/**
 * The clause an answer adds where an offer's price is old (`oldPriceSince`): "its price has been listed unchanged since
 * ...", lower case and without a full stop, for a sentence or a detail to carry; empty otherwise. Names no source:
 * partial answers carry it too.
 */
export function oldPriceClause(o: Pick<Offer, 'prices'>, dataAsOf: string): string {
  const set = oldPriceSince(o, dataAsOf);
  if (set === undefined) return '';
  const read = [o.prices.input, o.prices.output].filter((f) => f !== undefined).map((f) => f.as_of).sort().at(-1)!;
  return `its price has been listed unchanged since ${set} (still so when read ${read}) and no other source confirms it:`
    + ` set more than ${OLD_PRICE_MONTHS} months before the data's date (${dataAsOf}), it may no longer be what is charged`;
}

/** The same as a sentence of its own, with a leading space (cheapest_for's item sentences); empty where the clause is. */
export function oldPriceWords(o: Pick<Offer, 'prices'>, dataAsOf: string): string {
  const c = oldPriceClause(o, dataAsOf);
  return c ? ` I${c.slice(1)}.` : '';
}
