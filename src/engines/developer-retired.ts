// The developer's own listing of a model, shut down: an answer that picks a third party's listing of it says so.
import type { Dataset } from '../dataset/dataset.ts';
import type { Offer } from '../schema/index.ts';
import { isShutDownOffer, retiredText } from './offer-lifecycle.ts';
import { isBaseSku } from './ranking.ts';
import { replacementWords } from './replacement.ts';

/** The developer's own base-SKU offer shut down by `asOf`, if any (estimate_cost's `own_retired`, cheapest_for's words). */
export function retiredOwnOffer(offers: readonly Offer[], asOf: string): Offer | undefined {
  return offers.find((o) => o.first_party && isBaseSku(o) && isShutDownOffer(o, asOf));
}

/** Whether one of the developer's own base-SKU listings is still served by `asOf`. */
function stillServedOwn(offers: readonly Offer[], asOf: string): boolean {
  return offers.some((o) => o.first_party && isBaseSku(o) && !isShutDownOffer(o, asOf));
}

/** The newest day a source read the listing's prices. */
function lastRead(o: Offer): string | undefined {
  const days = [o.prices.input?.as_of, o.prices.output?.as_of].filter((d): d is string => d !== undefined);
  return days.sort().at(-1);
}

/**
 * Why a pick served through a third party's API is one to check first, or null: DeepSeek retired V4 Flash on its own
 * API on 2026-09-10 (for V4.1 Flash), and recommend_model picked cortecs' listing read on 2026-07-02 without a word
 * of it. A third party may host the weights itself and go on serving, or relay the developer's API and stop with it;
 * the dataset does not say which, so the sentence gives the two days and leaves the question open.
 */
export function developerRetiredReason(ds: Dataset, picked: Offer): string | null {
  if (picked.first_party) return null;
  const offers = ds.offersByModel.get(picked.model_id) ?? [];
  const own = retiredOwnOffer(offers, ds.lifecycleDate);
  // As developerRetired: a retired dated snapshot beside the developer's own listing still served (moonshot-v1-8k-0430
  // beside moonshot-v1-8k) is no retirement of the model from the developer's API.
  if (!own || stillServedOwn(offers, ds.lifecycleDate)) return null;
  const name = ds.providerById.get(picked.provider)?.name ?? picked.provider;
  const read = lastRead(picked);
  const shut = own.shutdown_date?.value;
  // Read after the shutdown: the third party still listed the model then. Before it (or undated): not known.
  const listing = read && shut && read > shut
    ? `${name} still listed it on ${read}, after that day.`
    : `${name}'s listing was last read${read ? ` on ${read}` : ''}${read && shut ? ', before that day' : ''}: `
      + `whether ${name} still serves the model is not in the dataset.`;
  return `The developer's own API no longer serves it: ${own.provider_model_id} ${retiredText(own, ds.lifecycleDate)}`
    + `${own.replacement ? `; its replacement is ${replacementWords(own.replacement.value, (s) => ds.resolveModelId(s))}` : ''}. ${listing}`;
}

/** What get_model says of a model whose developer's own API no longer serves it (`developerRetired`). */
export type DeveloperRetired = {
  offer: Offer;
  /** Other providers' base-SKU listings still in the dataset, and how many a source read after the shutdown day. */
  others: number;
  readAfter: number;
  text: string;
};

/**
 * The developer's own base-SKU offer shut down by the day judged, with the other providers' listings beside it, or null.
 * A model whose weights are open keeps no status of its own (model-status.ts: anyone may still run it), so its sheet
 * said nothing when DeepSeek retired V4 Flash on its API on 2026-09-10 while 46 other listings remained: this is what
 * it says, with the offer's own dated and sourced facts. Null where the model's own status already says deprecated:
 * the developer's shutdown is then the model's.
 */
export function developerRetired(ds: Dataset, modelId: string): DeveloperRetired | null {
  const model = ds.modelById.get(modelId);
  if (!model || model.status?.value === 'deprecated') return null;
  const offers = ds.offersByModel.get(modelId) ?? [];
  const own = retiredOwnOffer(offers, ds.lifecycleDate);
  // Another of the developer's own listings still served (a dated snapshot retired, moonshot-v1-8k-0430, beside
  // moonshot-v1-8k; kimi-k2-0905 on Moonshot's China platform): the developer still serves the model.
  if (!own || stillServedOwn(offers, ds.lifecycleDate)) return null;
  const shut = own.shutdown_date?.value;
  const others = offers.filter((o) => !o.first_party && isBaseSku(o));
  const readAfter = shut === undefined ? 0 : others.filter((o) => (lastRead(o) ?? '') > shut).length;
  const dev = ds.developerById.get(model.vendor)?.name ?? model.vendor;
  const listings = others.length === 0 ? 'No other provider lists it in the dataset.'
    : `${others.length} other provider listing${others.length === 1 ? ' remains' : 's remain'} in the dataset`
      + `${shut !== undefined ? `, ${readAfter} of them read after that day` : ''}: a provider may host the weights itself and go on `
      + `serving, or relay ${dev}'s API and stop with it; which each does is not in the dataset.`;
  const text = `${dev}'s own API no longer serves it: ${own.provider_model_id} ${retiredText(own, ds.lifecycleDate)}`
    + `${own.replacement ? `; its replacement is ${replacementWords(own.replacement.value, (s) => ds.resolveModelId(s))}` : ''}. ${listings}`;
  return { offer: own, others: others.length, readAfter, text };
}
