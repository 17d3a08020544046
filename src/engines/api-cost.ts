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
  const lines: ApiCostLine[] = [];
  const not_priced: NotPriced[] = [];
  for (const o of offers) {
    const { input, output } = o.prices;
    if (!input || !output) {
      const lacking = [!input && 'input', !output && 'output'].filter(Boolean).join(' and ');
      not_priced.push({ provider: o.provider, provider_model_id: o.provider_model_id, region: o.region, reason: `no ${lacking} price in the dataset` });
      continue;
    }
    const blended = opts.input_share * input.value + (1 - opts.input_share) * output.value;
    lines.push({
      provider: o.provider,
      provider_model_id: o.provider_model_id,
      region: o.region,
      input: priceRef(input),
      output: priceRef(output),
      blended_usd_per_mtok: roundTo(blended, 6),
      monthly_usd: usd(blended * opts.tokens_millions),
    });
  }
  lines.sort((a, b) => a.blended_usd_per_mtok - b.blended_usd_per_mtok || a.provider.localeCompare(b.provider) || a.region.localeCompare(b.region));
  return { offers: lines, not_priced, cheapest: lines[0] ?? null };
}

