// A provider that bills in another currency: the reading its source converts from that currency is the listing's price.
import type { OfferObservation } from '../sources/types.ts';
import { CONVERTED_MARK } from '../sources/genai-prices-currency.ts';
import type { PriceRule } from './precedence.ts';

type PriceField = 'input' | 'output' | 'cache_read' | 'cache_write';

/** Whether a source's reading of `field` says it is converted from the currency the provider bills in. */
export const isConvertedReading = (o: OfferObservation, field: PriceField) =>
  o.price_dates?.[field]?.note?.includes(CONVERTED_MARK) === true;

/**
 * docs/data.md, "Prices converted from another currency". genai-prices says Zhipu AI (open.bigmodel.cn, region cn)
 * "does not publish USD prices" and gives its CNY list converted at 1 USD = 7.25 CNY. Another source's USD figure at
 * that listing is then no price the provider bills: models.dev's zhipuai glm-5.1 was added on 2026-04-08 at
 * 6/24/1.3, the CNY list read as USD, and its commit f3fc692299 "fix glm-5.1 price" (2026-07-01) copied Z.ai's
 * international USD list, 1.4/4.4/0.26, which is Z.ai's own offer. Being set later, that reading was served while
 * the same question for glm-5.2 (models.dev 1.4/4.4 beside the converted 1.103/3.862) went the other way. The rule
 * serves the converted reading wherever a listing has one and another source disagrees; the other figure stays in the
 * price's `conflicts`, and the note says why it was passed over. Undefined (the usual choice) where no reading of the
 * listing is converted.
 */
export function billedCurrencyRule(list: readonly { o: OfferObservation }[], field: PriceField): PriceRule | undefined {
  if (!list.some(({ o }) => isConvertedReading(o, field))) return undefined;
  return (kept) => {
    // buildOffers' readings carry the observation they were read from.
    const best = kept.find((r) => {
      const o = (r as { o?: OfferObservation }).o;
      return o !== undefined && isConvertedReading(o, field);
    });
    if (!best) return undefined;
    return { best, why: `${best.source} states the provider bills in another currency and converts its list `
      + '(the note on this price); a USD figure from another source is not a price this listing bills' };
  };
}
