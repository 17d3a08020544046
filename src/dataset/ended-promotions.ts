// A promotional price past its stated end, judged on the day the data is loaded: the list price is quoted from then on.
import type { Offer } from '../schema/index.ts';
import { promotionOf } from '../sources/promotion-words.ts';

const FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;

/** The day after an ISO day (`2026-11-21` gives `2026-11-22`). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The stated end of a promotion (the last ISO day of its span, `available at least through 2026-11-21`), or undefined
 * where the span gives none (`no end stated`) or only a start.
 */
export function promotionEnd(span: string): string | undefined {
  return span.includes('through') ? span.match(/\d{4}-\d{2}-\d{2}/g)?.at(-1) : undefined;
}

/**
 * Each offer with a promotional price (running-promotions.csv, its note written by ingest/running-promotions.ts) whose
 * stated end has passed by `judgedOn`, mapped to its prices with the list price in that field. The data's prices are
 * those of its snapshot's day (2026-09-23), when OpenAI's GPT-5.6 Sol cut to $4/$20 ran "at least through"
 * 2026-11-21; from 2026-11-22 no source promises it, and the list price the same row gives ($5/$30) is the one a
 * buyer can count on, so the cut is no longer quoted as the price (a budget at it would fall short the day OpenAI
 * restores the list price, as LiteLLM's tests already do after 2026-11-21). The promotional figure stays in the note,
 * with its span and who stated it: a record, not the price. A promotion with no stated end (OpenRouter's gateway
 * 50%) is left as it is: no day says it is over, and no source gives the price after it.
 */
export function endedPromotionPrices(offers: readonly Offer[], judgedOn: string): Map<Offer, Offer['prices']> {
  const out = new Map<Offer, Offer['prices']>();
  for (const o of offers) {
    let prices: Offer['prices'] | undefined;
    for (const f of FIELDS) {
      const p = o.prices[f];
      const promo = promotionOf(p);
      if (!p || !promo || promo.list === undefined) continue;
      const end = promotionEnd(promo.span);
      if (!end || end >= judgedOn) continue;
      const from = nextDay(end);
      prices ??= { ...o.prices };
      prices[f] = {
        value: promo.list,
        as_of: judgedOn,
        source: 'derived',
        derived_from: [`${p.source} (${p.as_of}): $${p.value}, a ${p.note}`],
        note: `list price from ${from}: the promotion ($${p.value} during it, ${promo.span}) is past its stated end `
          + `by ${judgedOn}, and no source promises it since; the list price is the one the promotion's row gives `
          + '(data/curated/running-promotions.csv)',
      };
    }
    if (prices) out.set(o, prices);
  }
  return out;
}
