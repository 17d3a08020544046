// Whether a model or an offer is still served on the dataset's date: retired ones are not ranked as buyable.
import type { Model, Offer } from '../schema/index.ts';

/**
 * An offer is shut down when its provider marks the listing retired or the shutdown date it announced is on or
 * before the dataset's date (gemini-1.5-flash at Google: shutdown 2025-09-29, deprecations-rss). Such a price can
 * no longer be paid, so no ranking or cost uses it.
 */
export function isShutDownOffer(o: Offer, dataAsOf: string): boolean {
  return o.status?.value === 'deprecated' || (o.shutdown_date !== undefined && o.shutdown_date.value <= dataAsOf);
}

/**
 * A model is deprecated when its developer's word (the model's status) says so or the developer's shutdown date
 * has passed by the dataset's date. Resellers may still list it; rankings leave it out unless asked.
 */
export function isDeprecatedModel(m: Model, dataAsOf: string): boolean {
  return m.status?.value === 'deprecated' || (m.shutdown_date !== undefined && m.shutdown_date.value <= dataAsOf);
}

/** Why a model is out, in a few words with the dates (for notes and reasons). */
export function retiredText(x: Pick<Model | Offer, 'status' | 'shutdown_date'>, dataAsOf: string): string {
  const shut = x.shutdown_date;
  if (shut && shut.value <= dataAsOf) return `shut down on ${shut.value} (${shut.source})`;
  if (x.status?.note) return `retired (${x.status.note})`;
  return `deprecated (${x.status?.source ?? 'status'}, ${x.status?.as_of ?? dataAsOf})`;
}
