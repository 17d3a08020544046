// API cost: monthly cost of a volume through each priced offer, blended by the share of input tokens.
import type { Offer } from '../schema/index.ts';
import { roundTo } from './memory.ts';
import { usd } from './money.ts';

export { usd } from './money.ts';

type PriceFact = { value: number; source: string; as_of: string; note?: string };

/**
 * A price as quoted, made once per price fact (the dataset's facts are frozen and live as long as it): every ask for
 * the model quotes the same prices, and an offer line is two of them. Frozen, since answers share them.
 */
const priceRefs = new WeakMap<PriceFact, PriceRef>();
function priceRef(f: PriceFact): PriceRef {
  let r = priceRefs.get(f);
  if (!r) {
    r = { usd_per_mtok: f.value, source: f.source, as_of: f.as_of };
    if (f.note) r.note = f.note;
    priceRefs.set(f, Object.freeze(r));
  }
  return r;
}

/** A price as an answer quotes it; `note` when the source qualifies it (a price for part of the day). */
export type PriceRef = { usd_per_mtok: number; source: string; as_of: string; note?: string };

export type ApiCostLine = {
  provider: string;
  provider_model_id: string;
  region: 'global' | 'eu';
  input: PriceRef;
  output: PriceRef;
  /** input_share x input + (1 - input_share) x output, USD per 1M tokens. */
  blended_usd_per_mtok: number;
  monthly_usd: number;
};

export type NotPriced = { provider: string; provider_model_id: string; region: 'global' | 'eu'; reason: string };

export type ApiCosts = { offers: ApiCostLine[]; not_priced: NotPriced[]; cheapest: ApiCostLine | null };

/** One line per offer with both prices, cheapest first; the others are listed as not priced. */
export function apiCosts(offers: readonly Offer[], opts: { tokens_millions: number; input_share: number }): ApiCosts {
  const { priced, not_priced } = orderedOffers(offers, opts.input_share);
  const lines: ApiCostLine[] = [];
  for (const p of priced) {
    lines.push({
      provider: p.o.provider,
      provider_model_id: p.o.provider_model_id,
      region: p.o.region,
      input: p.input,
      output: p.output,
      blended_usd_per_mtok: p.rounded,
      monthly_usd: usd(p.blended * opts.tokens_millions),
    });
  }
  return { offers: lines, not_priced: not_priced.slice(), cheapest: lines[0] ?? null };
}

/** An offer with both prices, blended at an input share (`rounded` as written, `blended` as costed). */
type Priced = { o: Offer; input: PriceRef; output: PriceRef; blended: number; rounded: number };
type Ordered = { share: number; priced: readonly Priced[]; not_priced: readonly NotPriced[] };

/**
 * A frozen offer list's lines in order at the last input share asked: the order, the prices and the blend are the same
 * on every ask at that share (most use the default), only the volume changes. A list that is not frozen is worked
 * out each time, since it could change.
 */
const orderedByOffers = new WeakMap<readonly Offer[], Ordered>();

function orderedOffers(offers: readonly Offer[], share: number): Ordered {
  const kept = orderedByOffers.get(offers);
  if (kept?.share === share) return kept;
  const priced: Priced[] = [];
  const not_priced: NotPriced[] = [];
  for (const o of offers) {
    const { input, output } = o.prices;
    if (!input || !output) {
      const lacking = [!input && 'input', !output && 'output'].filter(Boolean).join(' and ');
      not_priced.push({ provider: o.provider, provider_model_id: o.provider_model_id, region: o.region, reason: `no ${lacking} price in the dataset` });
      continue;
    }
    const blended = share * input.value + (1 - share) * output.value;
    priced.push({ o, input: priceRef(input), output: priceRef(output), blended, rounded: roundTo(blended, 6) });
  }
  priced.sort((a, b) => a.rounded - b.rounded || a.o.provider.localeCompare(b.o.provider) || a.o.region.localeCompare(b.o.region));
  const ordered = { share, priced, not_priced };
  if (Object.isFrozen(offers)) {
    for (const n of not_priced) Object.freeze(n);
    orderedByOffers.set(offers, ordered);
  }
  return ordered;
}
