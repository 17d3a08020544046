// Whether a model or an offer is still served on the dataset's date: retired ones are not ranked as buyable.
import type { Model, Offer, OfferLifecycleState } from '../schema/index.ts';
import {
  announcedUndatedNote, existingCustomersOnlyNote, hostedPastShutdownNote, isShutDownListing, undatedAvailability,
} from '../ingest/past-shutdowns.ts';
import { unconfirmedAmong } from './listing-evidence.ts';
import { oldPriceSince } from './price-age.ts';

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
 * A model is out of the rankings once it is no longer served on `dataAsOf` (the day judged): its developer's shutdown
 * date has passed, or the developer marks it deprecated without a date. A deprecation announced with a shutdown date
 * still to come leaves the model served until that day (OpenAI deprecated o3-2025-04-16 on 2026-06-11, shutdown
 * 2026-12-11, deprecations-rss): it is ranked, with its scheduled shutdown said beside it (`scheduledShutdownText`).
 * The same rule as an offer's (`isShutDownListing`). Resellers may still list a retired model; rankings leave it out
 * unless asked.
 */
export function isDeprecatedModel(m: Model, dataAsOf: string): boolean {
  return isShutDownListing(m, dataAsOf);
}

/**
 * A served model's announced deprecation, in a few words with its shutdown date and source, or undefined when none is
 * announced or the model is already shut down: "deprecated, scheduled to shut down on 2026-12-11 (deprecations-rss)".
 */
export function scheduledShutdownText(x: Pick<Model | Offer, 'status' | 'shutdown_date'>, dataAsOf: string): string | undefined {
  const shut = x.shutdown_date;
  if (!shut || shut.value <= dataAsOf || x.status?.value !== 'deprecated') return undefined;
  return `deprecated, scheduled to shut down on ${shut.value} (${shut.source}); served until then`;
}

/**
 * Why a model is out, in a few words with the dates (for notes and reasons). A deprecation whose shutdown is still to
 * come is said as such, never as retired.
 */
export function retiredText(x: Pick<Model | Offer, 'status' | 'shutdown_date'>, dataAsOf: string): string {
  const shut = x.shutdown_date;
  if (shut && shut.value <= dataAsOf) return `shut down on ${shut.value} (${shut.source})`;
  const scheduled = scheduledShutdownText(x, dataAsOf);
  if (scheduled) return scheduled;
  if (x.status?.note) return `retired (${x.status.note})`;
  // A bare `deprecated` from a source whose word means no longer served (deprecation-readings.csv: models.dev's README),
  // with no date: retired as that source read it, not a deprecation announced ahead of a shutdown (which has a date).
  return `retired with no shutdown date given (${x.status?.source ?? 'its source'}'s \`deprecated\`, read ${x.status?.as_of ?? dataAsOf})`;
}

/**
 * The offer's lifecycle in doubt, as a note, or null: its developer shut the model's API down and this provider, which
 * hosts the model itself (Azure, Bedrock, Vertex AI), states no date of its own (src/ingest/past-shutdowns.ts); or its
 * provider marks it deprecated with no shutdown date, where the source's word means still served with its retirement
 * announced (genai-prices' flag, a provider's deprecation notice: `announcedUndatedNote`). The price is kept, but a pick
 * of the cheapest or best offer takes another where one is served (`preferUndoubted`).
 */
export function offerLifecycleNote(o: Pick<Offer, 'status' | 'shutdown_date'>): string | null {
  return hostedPastShutdownNote(o) ?? announcedUndatedNote(o) ?? null;
}

/**
 * The offer's lifecycle in doubt as a state a client can act on, or null: the same offers as `offerLifecycleNote`,
 * read from the status's `availability` (src/schema/offer.ts `OfferLifecycleState`), never from the note's words.
 * Answers show it as `lifecycle_state` beside `lifecycle_note`.
 */
export function offerLifecycleState(o: Pick<Offer, 'status' | 'shutdown_date'>): OfferLifecycleState | null {
  if (hostedPastShutdownNote(o) !== undefined) return 'hosted_past_developer_shutdown';
  return undatedAvailability(o) ?? null;
}

/**
 * Whether the offer is served to existing customers only (its provider's "deprecated" with no date means closed to new
 * customers: Vertex AI, Cohere; data/curated/deprecation-readings.csv `new_customers`). A buyer asking today cannot buy
 * it, so no answer picks it as the cheapest or best offer: it is listed with its `lifecycle_note`, after the others.
 */
export function closedToNewCustomers(o: Pick<Offer, 'status' | 'shutdown_date'>): boolean {
  return existingCustomersOnlyNote(o) !== undefined;
}

/** Whether a line's `lifecycle_state` (offerLifecycleState) is existing customers only: a line no buyer is offered. */
export const isExistingCustomersOnly = (state: OfferLifecycleState | null | undefined): boolean => state === 'existing_customers_only';

/**
 * How far a pick of the cheapest or best offer holds back from this one: 0, not at all; 1, its price was set long ago
 * and no other source confirms it (given the data's date `dataAsOf`: price-age.ts `oldPriceSince`; Kilo Gateway's
 * Qwen3 235B A22B 2507 at $0.071/$0.10, set 2026-02-16, may no longer be what is charged), so a break-even or a
 * "cheapest" is not worked against it while a current or confirmed price is listed; 2, its lifecycle is in doubt
 * (`offerLifecycleNote`) or it is a developer's own offer no live listing confirms (listing-evidence.ts: LiteLLM's table
 * alone lists the model at this provider, and that table keeps an entry for ever), which may not be sold at all: an old
 * price of a live listing is taken before it. `unconfirmed`: the set `unconfirmedAmong` gives for the model's listings.
 */
export function doubtLevel(
  o: Pick<Offer, 'status' | 'shutdown_date' | 'prices'>, unconfirmed: ReadonlySet<unknown>, dataAsOf?: string,
): 0 | 1 | 2 {
  if (offerLifecycleNote(o) !== null || unconfirmed.has(o)) return 2;
  return dataAsOf !== undefined && oldPriceSince(o, dataAsOf) !== undefined ? 1 : 0;
}

/** Whether a pick takes this offer only for want of another (`doubtLevel` above 0). */
export function pickedOnlyForWant(
  o: Pick<Offer, 'status' | 'shutdown_date' | 'prices'>, unconfirmed: ReadonlySet<unknown>, dataAsOf?: string,
): boolean {
  return doubtLevel(o, unconfirmed, dataAsOf) > 0;
}

/**
 * The offers a new customer can buy at the lowest `doubtLevel` among them: without a lifecycle note, an unconfirmed
 * listing or (given `dataAsOf`) an old unconfirmed price when there is one; else those whose price alone is old; else
 * all a new customer can buy. One for existing customers only never (empty when all are). `among`: the model's listings
 * the unconfirmed ones are judged among (`offers` when not given).
 */
export function preferUndoubted<T extends Pick<Offer, 'model_id' | 'provider' | 'status' | 'shutdown_date' | 'first_party' | 'listed_by' | 'prices'>>(
  offers: readonly T[], among: readonly T[] = offers, dataAsOf?: string,
): readonly T[] {
  const unconfirmed = unconfirmedAmong(among);
  const open = offers.some(closedToNewCustomers) ? offers.filter((o) => !closedToNewCustomers(o)) : offers;
  const levels = open.map((o) => doubtLevel(o, unconfirmed, dataAsOf));
  // The least doubt among the offers with both prices: a listing without a price (Together AI's Mistral Small 3, no
  // source pricing it) is no other offer to take, so it must not push the priced ones out.
  const priced = open.map((o) => o.prices.input !== undefined && o.prices.output !== undefined);
  const least = Math.min(...levels.filter((_, i) => priced[i]), ...(priced.some(Boolean) ? [] : levels));
  return levels.every((l) => l === least) ? open : open.filter((_, i) => levels[i] === least || !priced[i]);
}
