// Price events on a listing of a model already shut down: a catalogue re-syncing a retired model, flagged with why.
import type { ChangeEvent, Fact, Model, Offer } from '../schema/index.ts';

/** When a provider's listing of a model stopped being served, and why that date holds for it. */
export type ListingShutdown = { date: string; source: string; as_of: string; why: string };

/**
 * The shutdown date of a provider's listings of a model, as src/ingest/past-shutdowns.ts retires offers: an offer's
 * own date when it has one; else the developer's date for the developer's own listings and for every listing of a
 * closed-weights model (a reseller of a closed model forwards to the developer's API, which no longer answers).
 * Resellers of an open-weights model run the weights themselves, as do the providers in `hosts` (Azure OpenAI, Bedrock,
 * Vertex AI) for a closed one: no date unless their offer has one. A provider
 * lists one model under several ids, retired apart (OpenAI's gpt-3.5-turbo-0613 shut on 2024-09-13, gpt-3.5-turbo on
 * 2026-10-23): the ids an event names are looked up, else all the provider's offers of the model, and the listing is
 * shut only when every one of them is, from the latest of their dates.
 */
export function listingShutdowns(
  models: readonly Model[],
  offers: readonly Offer[],
  isDeveloper: (provider: string, modelId: string) => boolean,
  hosts: ReadonlySet<string> = new Set(),
): (modelId: string, provider: string, ids?: readonly string[]) => ListingShutdown | undefined {
  const model = new Map(models.map((m) => [m.id, m]));
  const byListing = new Map<string, Offer[]>();
  const add = (k: string, o: Offer) => byListing.set(k, [...(byListing.get(k) ?? []), o]);
  for (const o of offers) {
    add(`${o.model_id}|${o.provider}`, o);
    add(`${o.model_id}|${o.provider}|${o.provider_model_id.toLowerCase()}`, o);
  }
  /** The developer's date, where it binds the provider's listings (a listing with no offer today follows it too). */
  const developers = (modelId: string, provider: string): ListingShutdown | undefined => {
    const m = model.get(modelId);
    if (!m?.shutdown_date) return undefined;
    if (isDeveloper(provider, modelId)) return at(m.shutdown_date, `${m.vendor} shut ${modelId} down`);
    // A provider that hosts the model itself (past-shutdowns.ts, `hosts_weights`) keeps serving on its own schedule.
    if (m.open_weights?.value !== false || hosts.has(provider)) return undefined;
    return at(m.shutdown_date, `${m.vendor} shut ${modelId} down, and ${provider} forwards to its API`);
  };
  const one = (o: Offer) => (o.shutdown_date
    ? at(o.shutdown_date, `${o.provider} shut its listing ${o.provider_model_id} down`)
    : developers(o.model_id, o.provider));
  return (modelId, provider, ids) => {
    const named = ids?.map((id) => byListing.get(`${modelId}|${provider}|${id.toLowerCase()}`));
    const listings = named?.length && named.every((l) => l !== undefined)
      ? named.flat() as Offer[]
      : byListing.get(`${modelId}|${provider}`);
    if (!listings) return developers(modelId, provider);
    const dates = listings.map(one);
    if (dates.some((d) => d === undefined)) return undefined;
    return (dates as ListingShutdown[]).sort((a, b) => b.date.localeCompare(a.date))[0];
  };
}

const at = (f: Fact<string>, why: string): ListingShutdown => ({ date: f.value, source: f.source, as_of: f.as_of, why });

/**
 * docs/data.md, "Change events". A price event dated after its listing was shut down is a catalogue writing figures
 * for a model nobody serves there any more (models.dev's LLM Gateway sync of 2026-03-23 moved claude-3-5-sonnet-20241022
 * from 0.8/4 to 3/15, five months after Anthropic retired it): marked a correction with the date and its source, and
 * kept in the feed. Events already marked keep their reading. Returns how many it marked.
 */
export function markRetiredListings(
  events: ChangeEvent[],
  shutdownOf: (modelId: string, provider: string, ids?: readonly string[]) => ListingShutdown | undefined,
): number {
  let n = 0;
  for (const e of events) {
    if (e.kind !== 'price' || e.correction === true || !e.provider) continue;
    const s = shutdownOf(e.model_id, e.provider, e.provider_model_ids);
    if (!s || e.date <= s.date) continue;
    e.correction = true;
    e.correction_note = `${s.why} (${s.date}, ${s.source} as of ${s.as_of}) before this ${e.field} price was written: ` +
      'a catalogue keeping a retired listing, not a price change';
    n++;
  }
  return n;
}

/**
 * docs/data.md, "Change events". A catalogue's removal of a listing after the listing's own dated shutdown is a late
 * record of that shutdown, not a second one: Anthropic retired claude-3-5-haiku-20241022 on 2026-02-19
 * (deprecations-rss), and models.dev's 5e30eb26ba ("chore(anthropic): remove retired Claude 3.5 Haiku models", 2026-06-27) read in the
 * feed as Anthropic stopping it again four months later. Such a stop (`offered` true -> false, dated after the shutdown
 * day) is marked `correction: true` with the shutdown's date and source, and kept in the feed (the API only grows); a
 * stop already marked a correction keeps its reading. Returns how many it marked.
 */
export function markLateStops(
  events: ChangeEvent[],
  shutdownOf: (modelId: string, provider: string, ids?: readonly string[]) => ListingShutdown | undefined,
): number {
  let n = 0;
  for (const e of events) {
    if (e.kind !== 'hosting' || e.field !== 'offered' || e.old !== true || e.new !== false || e.correction === true || !e.provider) continue;
    const s = shutdownOf(e.model_id, e.provider, e.provider_model_ids);
    if (!s || e.date <= s.date) continue;
    e.correction = true;
    e.correction_note = `recorded late by ${e.source}: the listing was shut down on ${s.date} (${s.why}; ${s.source} as of ${s.as_of}); ` +
      `the catalogue removing it on ${e.date} catches up with that shutdown, not a new one`;
    n++;
  }
  return n;
}
