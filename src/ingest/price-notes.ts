// Words said beside a chosen price: the hours it holds for, and the copy that dates it.
import type { Offer } from '../schema/index.ts';
import { roundPrice } from '../sources/catalogue-util.ts';
import { DEVELOPER_PRICES_SOURCE_ID } from '../sources/developer-prices.ts';
import type { OfferObservation } from '../sources/types.ts';

const PRICE_FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;

/**
 * Adds to each chosen price of a listing (build-offers.ts) what its readings say beside the figure, in place:
 * - a price that holds for part of the day (the source lists peak hours apart): in the developer's page's own words
 *   where a reviewed reading of it gives the same figure (a catalogue can drop a clause: genai-prices lists DeepSeek's
 *   peak windows every day, the page Monday through Friday), else the chosen source's;
 * - a price its source's history could not date: which copy's date it carries instead (genai-prices-dates.ts).
 */
export function addPriceNotes(prices: Offer['prices'], readings: readonly OfferObservation[]): void {
  const add = (field: (typeof PRICE_FIELDS)[number], said: string | undefined) => {
    const f = prices[field];
    if (f && said) prices[field] = { ...f, note: f.note ? `${f.note}; ${said}` : said };
  };
  for (const field of ['input', 'output'] as const) {
    const f = prices[field];
    if (!f) continue;
    const page = readings.find((o) => o.source === DEVELOPER_PRICES_SOURCE_ID && o.time_of_day_note !== undefined
      && roundPrice(o[field]) === f.value)?.time_of_day_note;
    add(field, page ?? readings.find((o) => o.source === f.source && o.time_of_day_note !== undefined)?.time_of_day_note);
  }
  for (const field of PRICE_FIELDS) {
    const f = prices[field];
    if (!f) continue;
    add(field, readings.find((o) => o.source === f.source && roundPrice(o[field]) === f.value && o.price_dates?.[field]?.note)
      ?.price_dates?.[field]?.note);
  }
}
