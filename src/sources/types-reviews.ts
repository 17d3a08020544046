// Reviewed rules an adapter reads beside its observations: residency exceptions and price-event verdicts. Kept apart
// from types.ts, which re-exports them, so each file stays readable.
import type { EuResidency, Sku } from '../schema/index.ts';

/**
 * A reviewed exception to a provider's residency for the listings of one developer's models there that pin no zone:
 * the provider's or the developer's own page says how those listings are served (src/ingest/offer-residency.ts).
 */
export type OfferResidencyRule = {
  source: string;
  provider: string;
  /** The developer (a model's vendor) the rule is about; undefined: every developer's models at the provider. */
  developer?: string;
  /** The canonical model ids the page's rule covers; undefined: every model of the developer at the provider. */
  models?: string[];
  /** The SKUs the page speaks for (standard, batch ...); undefined: every SKU of the listings it covers. */
  skus?: Sku[];
  eu_resident: EuResidency;
  url: string;
  as_of: string;
  note: string;
  /** Who may have the EU processing the rule states, in the page's words (OpenAI: eligible organizations only). */
  condition?: string;
  row: string;
};

/**
 * A reviewed price event (data/curated/price-event-reviews.csv): the event the change feed records (source, the commit it
 * cites, provider, canonical model, field, old and new per 1M tokens) is the catalogue correcting itself, or a real
 * move of the listed price, as the page at `url` shows (src/ingest/reviewed-price-events.ts).
 */
export type PriceEventReview = {
  source: string;
  commit: string;
  provider: string;
  model_id: string;
  field: 'input' | 'output' | 'cache_read' | 'cache_write';
  old: number;
  new: number;
  url: string;
  read_on: string;
  note: string;
  /**
   * `correction`: the catalogue correcting itself; `change`: a real move of the listed price, kept a change; `late`: a late
   * (or early) record of the provider's own move, dated `effective_on` and from `effective_old` to `effective_new` (`new` if unset).
   */
  verdict: 'correction' | 'change' | 'late';
  effective_on?: string;
  effective_old?: number;
  effective_new?: number;
  row: string;
};
