// The sibling reference of a listing's price: the median of the same provider's other listings of the same model.
import type { OfferObservation } from '../sources/types.ts';
import { median } from './precedence.ts';

type PriceField = 'input' | 'output' | 'cache_read' | 'cache_write';
type Listing = { provider: string; model_id: string; list: ReadonlyArray<{ o: OfferObservation }> };

/**
 * Per source, the median of one price in the provider's other listings of the model (its other SKUs and regions,
 * $0 left out), as that source reads them. A provider prices its SKUs of one model alike (Bedrock's eu./au./us.
 * Claude SKUs within 10%), so a source whose reading of one listing is far from its own readings of the siblings
 * has likely caught another product's or a mistyped price, while a source that reads every sibling alike is
 * consistent, even where another source lags a repricing of them all (DeepSeek's deepseek-chat and -reasoner).
 * Cache prices count too: siblings share the caching scheme.
 */
export function siblingReferenceOf<G extends Listing>(groups: readonly G[]): (g: G, field: PriceField) => Map<string, number> {
  const byKey = new Map<string, G[]>();
  const keyOf = (g: G) => `${g.provider}|${g.model_id}`;
  for (const g of groups) byKey.set(keyOf(g), [...(byKey.get(keyOf(g)) ?? []), g]);
  return (g, field) => {
    const bySource = new Map<string, number[]>();
    for (const x of byKey.get(keyOf(g)) ?? []) {
      if (x === g) continue;
      for (const { o } of x.list) {
        const v = o[field];
        if (v !== undefined && v > 0) bySource.set(o.source, [...(bySource.get(o.source) ?? []), v]);
      }
    }
    return new Map([...bySource].map(([source, vs]) => [source, median(vs)!]));
  };
}
