// The EU-regional SKU of a listing whose source gives an EU processing multiplier (LiteLLM's uplift), priced with it.
import type { Fact, Offer, Prices } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import { roundPrice } from '../sources/catalogue-util.ts';
import type { OfferObservation } from '../sources/types.ts';

const FIELD = 'regional_processing_uplift_multiplier_eu';
const FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;

/**
 * OpenAI charges its data-residency endpoints "a 10% uplift for models released on or after March 5, 2026"
 * (developers.openai.com/api/docs/guides/data-residency); LiteLLM states it per listing as
 * `regional_processing_uplift_multiplier_eu: 1.1`. The multiplier is a ratio to the listing's price, whichever
 * source's price is served (genai-prices cut gpt-5.6-luna to $0.20/$1.20 while LiteLLM still lists $1/$6), so the
 * EU SKU is the served standard price times it: $0.22/$1.32. An offer of its own (region `eu`, SKU `regional`),
 * never an EU label on the global price. Standard SKU only: no source prices batch or priority EU processing.
 */
export function euUpliftOffer(base: Offer, obs: readonly OfferObservation[]): Offer | undefined {
  if (base.region !== 'global' || base.sku !== 'standard' || !base.prices.input || !base.prices.output) return undefined;
  const up = obs.find((o) => o.eu_uplift !== undefined && o.eu_uplift > 0);
  if (!up) return undefined;
  const m = up.eu_uplift!;
  const said = `${up.source} (${up.as_of}): ${FIELD} ${m}`;
  const note = `LiteLLM: ${FIELD} ${m}`;
  const later = (a: string) => (a > up.as_of ? a : up.as_of);
  const prices: Prices = {};
  for (const field of FIELDS) {
    const f = base.prices[field];
    if (!f) continue;
    prices[field] = fact(roundPrice(f.value * m), later(f.as_of), 'derived', {
      derived_from: [`${f.source} (${f.as_of}): ${field} ${f.value} per 1M tokens`, said], note,
    });
  }
  const tiers = base.prices.tiers;
  if (tiers) {
    const value = tiers.value.map((t) => ({
      above_tokens: t.above_tokens,
      ...(t.input !== undefined ? { input: roundPrice(t.input * m) } : {}),
      ...(t.output !== undefined ? { output: roundPrice(t.output * m) } : {}),
    }));
    prices.tiers = fact(value, later(tiers.as_of), 'derived', { derived_from: [`${tiers.source} (${tiers.as_of}): tiers`, said], note });
  }
  const eu: Offer = {
    model_id: base.model_id, provider: base.provider, provider_model_id: base.provider_model_id, region: 'eu',
    prices,
    eu_resident: fact('yes' as const, up.as_of, up.source, {
      note: `EU-regional processing (the provider's EU data-residency endpoint), priced at the listing's price x ${m} (${note})`,
    }),
    listed_by: [up.source], sku: 'regional', first_party: base.first_party,
  };
  for (const k of ['status', 'deprecation_date', 'shutdown_date', 'replacement'] as const) {
    const f = base[k] as Fact<never> | undefined;
    if (f) (eu as Record<string, unknown>)[k] = f;
  }
  return eu;
}

/** Drops an uplifted EU SKU where a source lists the EU listing itself (same provider, model and id): the source wins. */
export function dropListedTwins(offers: Offer[]): void {
  const key = (o: Offer) => `${o.provider}|${o.model_id}|${o.provider_model_id}`;
  const listed = new Set(offers.filter((o) => o.region === 'eu' && !isUplifted(o)).map(key));
  for (let i = offers.length - 1; i >= 0; i--) {
    if (isUplifted(offers[i]) && listed.has(key(offers[i]))) offers.splice(i, 1);
  }
}

const isUplifted = (o: Offer) =>
  o.region === 'eu' && o.prices.input?.source === 'derived' && o.prices.input.note?.startsWith(`LiteLLM: ${FIELD}`) === true;
