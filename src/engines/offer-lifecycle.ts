// Whether a model or an offer is still served on the dataset's date: retired ones are not ranked as buyable.
import type { Model, Offer } from '../schema/index.ts';
import { isShutDownListing } from '../ingest/past-shutdowns.ts';

/**
 * An offer is shut down on or after the shutdown date its provider announced (gemini-1.5-flash at Google: shutdown
 * 2025-09-29, deprecations-rss), or when the provider marks the listing retired without a date. Such a price can no
 * longer be paid, so no ranking or cost uses it. A listing marked deprecated or legacy with a shutdown date still to
 * come is served until that date (Bedrock's Claude Opus 4.1: legacy from 2026-07-08, end of life 2027-01-08): it is
 * priced and ranked, its deprecation and shutdown dates stated beside it.
 */
export function isShutDownOffer(o: Offer, dataAsOf: string): boolean {
  // The build's rule (src/ingest/past-shutdowns.ts), so the developer's price it keeps is one these answers serve.
  return isShutDownListing(o, dataAsOf);
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
