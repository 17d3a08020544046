// A model or offer whose shutdown date has passed by the dataset's date is retired: its status is derived from the date.
import type { Fact, Model, ModelStatus, Offer, OfferLifecycleState, OfferStatus, Provider } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';

/**
 * The one rule by which a shutdown date has happened as far as the dataset knows: on or before its date. The model
 * sheets retire by it (`retiredByDate`) and the change feed dates its withdrawals by it (build-notice-events.ts), so
 * the two agree on every listing.
 */
export const shutByDataDate = (shutdown: string, dataAsOf: string): boolean => shutdown <= dataAsOf;

/** A model or an offer as the lifecycle rules read it: an offer's status may say whether it can be bought (`availability`). */
type Lifecycled = {
  status?: Fact<ModelStatus> & { availability?: OfferLifecycleState }; shutdown_date?: Model['shutdown_date'];
  shutdown_not_before?: Model['shutdown_not_before'];
};

/**
 * Whether a listing is shut down on `dataAsOf`, the one rule the build and the answers share: on or after the
 * shutdown date its provider announced, or, where no date is given, when the provider marks it retired (`deprecated`).
 * A listing marked deprecated or legacy with a shutdown date still to come is served until that date (Bedrock's
 * Claude Opus 4.1: legacy from 2026-07-08, end of life 2027-01-08), so it is still a live price.
 */
export function isShutDownListing(x: Lifecycled, dataAsOf: string): boolean {
  if (x.shutdown_date !== undefined) return shutByDataDate(x.shutdown_date.value, dataAsOf);
  return x.status?.value === 'deprecated' && announcedUndatedNote(x) === undefined;
}

/** The start of the status note of a listing deprecated with no date by a source whose word means still served. */
export const ANNOUNCED_UNDATED = 'deprecated with no shutdown date given: still served, its retirement announced';

/**
 * The start of the note where the provider's word means served to existing customers only (Vertex AI: "available to
 * existing customers only"; Cohere: "no longer available to new customers but remain available to existing users"):
 * the listing is still served, but a buyer asking today cannot buy it.
 */
export const EXISTING_CUSTOMERS_ONLY = 'deprecated with no shutdown date given: available to existing customers only, its retirement '
  + 'announced; a new customer cannot buy it';

/** The note's opening for each state a deprecation with no date can leave a served listing in (`undatedAvailability`). */
export const UNDATED_NOTE_HEADS = { retirement_announced: ANNOUNCED_UNDATED, existing_customers_only: EXISTING_CUSTOMERS_ONLY } as const;

/** Whether a status's `availability` says it is a deprecation that only announced the retirement (served, no date). */
const isUndated = (s: Lifecycled['status']): boolean =>
  s?.availability === 'retirement_announced' || s?.availability === 'existing_customers_only';

/**
 * The state of a listing its provider marks deprecated without a date, where the source's `deprecated` means still
 * served (`announcedUndatedNote`): read from the status's `availability`, which the build sets with the note
 * (src/ingest/deprecation-readings.ts), never from the note's words. Undefined for any other listing.
 */
export function undatedAvailability(x: Lifecycled): 'retirement_announced' | 'existing_customers_only' | undefined {
  const s = x.status;
  // Deprecated with only an earliest day ("no earlier than"): announced, and served past that day until a firm one is given.
  if (s?.value === 'deprecated' && x.shutdown_date === undefined && x.shutdown_not_before !== undefined && !isUndated(s)) {
    return 'retirement_announced';
  }
  if (s?.value !== 'deprecated' || x.shutdown_date !== undefined || !isUndated(s)) return undefined;
  return s.availability as 'retirement_announced' | 'existing_customers_only';
}

/**
 * The note of a listing its provider marks deprecated without a date, where the source's `deprecated` means
 * "retirement announced, still served" (data/curated/deprecation-readings.csv, src/ingest/deprecation-readings.ts):
 * genai-prices' flag ("deprecated by the provider but still functional"), a provider's own deprecation notice, Vertex
 * AI's "deprecated ... available to existing customers only" (EXISTING_CUSTOMERS_ONLY). Such a listing is priced and
 * ranked with this note beside it, and a pick of the cheapest or best offer takes another where one is served; one
 * for existing customers only is never picked (`existingCustomersOnlyNote`). Undefined for any other listing.
 */
export function announcedUndatedNote(x: Lifecycled): string | undefined {
  const state = undatedAvailability(x);
  const bound = x.shutdown_not_before;
  if (state !== undefined && bound !== undefined && !isUndated(x.status)) return earliestNote(bound);
  // The build writes the note with the member; the state's own words stand in should a status carry the member alone.
  return state === undefined ? undefined : x.status!.note ?? UNDATED_NOTE_HEADS[state];
}

/** The head of the note of a listing deprecated with only an earliest shutdown day (`earliestNote`). */
export const EARLIEST_ONLY = 'deprecated with no firm shutdown date: still served, its retirement announced';

/**
 * The note of a listing deprecated with only an earliest shutdown day: "deprecated with no firm shutdown date: still
 * served, its retirement announced; the earliest day given is 2026-10-16 (developer-notices, read 2026-11-27)".
 */
export const earliestNote = (bound: Fact<string>): string =>
  `${EARLIEST_ONLY}; the earliest day given is ${bound.value} (${bound.source}, read ${bound.as_of})`;

/**
 * The note of an announced listing (`announcedUndatedNote`) that its provider serves to existing customers only
 * (EXISTING_CUSTOMERS_ONLY); undefined for any other. No cost or ranking picks such an offer for a buyer: it is listed
 * with its note, after the offers a new customer can buy.
 */
export function existingCustomersOnlyNote(x: Lifecycled): string | undefined {
  return undatedAvailability(x) === 'existing_customers_only' ? announcedUndatedNote(x) : undefined;
}

/**
 * The status a listing has on `judgedOn`: `deprecated` (retired) when the shutdown date its developer or provider
 * announced is on or before that day, citing the notice that gave the date. A source may date its notice before the
 * shutdown (Google announced gemini-3-pro-image-preview's 2026-06-25 shutdown on 2026-05-29): the notice then says
 * nothing of the status, yet by the dataset's date the model is no longer served. `dataAsOf` (the dataset's date)
 * is given when the day judged is a later one, the day the service loaded the data: the note then says both.
 */
export function retiredByDate(x: Lifecycled, judgedOn: string, dataAsOf = judgedOn): Fact<ModelStatus> | undefined {
  const shut = x.shutdown_date;
  // A deprecation that only announced the retirement (announcedUndatedNote) gives way to the date that ends it, as does
  // a bare `deprecated` read before that date, whoever said it: on the day it was read the model was still served, so
  // the word announced the shutdown (developer-notices' status column: Gemini 2.5 Pro, "deprecated" on Google's page
  // of 2026-11-10, shut down 2026-12-01; deprecations-rss: OpenAI's gpt-4o-realtime-preview, read 2026-03-26, shut
  // down 2026-05-07). The derived status then says the day it ended rather than dating retirement to the reading.
  const s = x.status;
  const said = s !== undefined && s.note === undefined && shut !== undefined && s.as_of < shut.value;
  const retired = s?.value === 'deprecated' && !isUndated(s) && !said;
  if (!shut || !shutByDataDate(shut.value, judgedOn) || retired) return undefined;
  return fact('deprecated' as const, judgedOn, 'derived', {
    derived_from: [`${shut.source} (${shut.as_of}): shutdown_date ${shut.value}`],
    note: `shut down on ${shut.value}, ${passedWhen(shut.value, judgedOn, dataAsOf)}`,
  });
}

/** When a shutdown day passed, as the status notes say it: by the dataset's date, or since, by the day judged. */
const passedWhen = (shutdown: string, judgedOn: string, dataAsOf: string): string => (judgedOn === dataAsOf || shutdown <= dataAsOf
  ? `on or before the dataset's date ${dataAsOf}`
  : `after the dataset's date ${dataAsOf}, on or before ${judgedOn}, the day these answers are judged on`);

/**
 * A model's bare `deprecated`, read on or after the day its developer shut it down, once that day has passed by
 * `judgedOn`: the same status (its source's word is kept), with a note saying the shutdown has passed and whose date
 * that is. In Anthropic's terms a deprecated model is still callable and a retired one fails its requests
 * (https://docs.claude.com/en/docs/about-claude/model-deprecations), so a bare `deprecated` would read as still
 * served: models.dev's `deprecated` for claude-3-5-sonnet-20241022 (read 2026-07-02), which Anthropic shut down on
 * 2025-10-28. Undefined for any other status: one with a note already says what it is (`retiredByDate`,
 * `pastScheduledStatus`, model-status.ts).
 */
export function pastShutdownNoted(x: Lifecycled, judgedOn: string, dataAsOf = judgedOn): Fact<ModelStatus> | undefined {
  const s = x.status;
  const shut = x.shutdown_date;
  if (s?.value !== 'deprecated' || s.note !== undefined || isUndated(s) || !shut || !shutByDataDate(shut.value, judgedOn)) return undefined;
  return {
    ...s,
    note: `the developer shut the model down on ${shut.value} (${shut.source}, read ${shut.as_of}), ${passedWhen(shut.value, judgedOn, dataAsOf)}`,
  };
}

/** The end of a deprecation note written before the shutdown it schedules (src/ingest/model-status.ts `newestRetired`). */
const SCHEDULED_NOTE = /, with a shutdown date of (\d{4}-\d{2}-\d{2})$/;

/**
 * A deprecated status whose note still schedules its shutdown ("the developer deprecated o3-2025-04-16, the model's
 * newest dated snapshot, with a shutdown date of 2026-12-11") once that day has come by `judgedOn`: the same status,
 * its note said in the past ("..., shut down on 2026-12-11"), as the rankings say it (shutByDataDate). Undefined
 * for any other status, or while the day is still to come.
 */
export function pastScheduledStatus(x: Pick<Model | Offer, 'status'>, judgedOn: string): Fact<ModelStatus> | undefined {
  const s = x.status;
  const m = s?.value === 'deprecated' && s.note !== undefined ? SCHEDULED_NOTE.exec(s.note) : null;
  if (!s || !m || !shutByDataDate(m[1], judgedOn)) return undefined;
  return { ...s, note: `${s.note!.slice(0, m.index)}, shut down on ${m[1]}` };
}

/** The state of a self-hosting provider's offer that outlives its developer's shutdown, its status's `availability`. */
const HOSTED_PAST_SHUTDOWN = 'hosted_past_developer_shutdown' satisfies OfferLifecycleState;
/** The state in words, should a status carry the member without its note. */
const HOSTED_PAST_SHUTDOWN_WORDS = 'the developer shut its API down; this provider hosts the model itself and states no date';

/** The note of a self-hosting provider's offer that outlives its developer's shutdown (`pastShutdownStatuses`). */
const hostsItselfNote = (shutdown: string) =>
  `the developer shut its API down on ${shutdown}; this provider hosts the model itself and states no date`;

/**
 * The status note of an offer still served only on its provider's silence: its developer shut the model's API down,
 * the provider hosts the model itself and has given no date of its own (`pastShutdownStatuses`); undefined for any
 * other offer. Whether such an offer is still sold is not known either way, so the answers that price or rank offers
 * say so beside it and pick another where there is one.
 */
export function hostedPastShutdownNote(x: Pick<Offer, 'status'>): string | undefined {
  const s = x.status;
  return s !== undefined && s.value !== 'deprecated' && s.availability === HOSTED_PAST_SHUTDOWN ? s.note ?? HOSTED_PAST_SHUTDOWN_WORDS : undefined;
}

/** The providers that run the models they sell themselves (`hosts_weights`, data/curated/weight-hosting-providers.csv). */
export function hostingProviders(providers: readonly Provider[]): Set<string> {
  return new Set(providers.filter((p) => p.hosts_weights?.value === true).map((p) => p.id));
}

/**
 * Whether a listing ends with its developer's API: the developer's own, or a reseller's of a closed-weights model that
 * relays the developer's API (`follows`); a provider that hosts weights itself (`hostsItself`, a licensed deployment of
 * a closed model) keeps its own word.
 */
export function followsDeveloper(o: Offer, closedWeights: boolean, hosts: ReadonlySet<string>): { hostsItself: boolean; follows: boolean } {
  const hostsItself = !o.first_party && hosts.has(o.provider) && closedWeights;
  return { hostsItself, follows: o.first_party || (closedWeights && !hostsItself) };
}

/**
 * The status each model and offer takes on `judgedOn`, for those whose shutdown date has passed by then. The
 * model's shutdown date is its developer's: past it the developer serves the model nowhere, so each first-party
 * offer (its API, its cloud platform) is retired too, unless that offer carries a shutdown date of its own.
 * So is every reseller's offer of a closed-weights model: a reseller of a closed model forwards to the developer's
 * API, which no longer answers (QiHang's gemini-3-pro-preview after Google's 2026-03-09 shutdown). Closed is the model's
 * `open_weights` false, which the build sets from data/curated/closed-developers.csv where no source gives the weights
 * (closed-developers.ts: OpenRouter's gpt-4.5-preview after OpenAI's 2025-07-14 shutdown). Resellers of an
 * open-weights model keep their own word: they run the weights themselves and some go on serving them; a model whose
 * weights are still unknown keeps its resellers' word too, for want of evidence either way.
 * A provider in `hosts` (Azure OpenAI, Bedrock, Vertex AI: a licensed deployment on its own servers, not a relay)
 * follows its own notices: without a date of its own its offer is not retired by the developer's, and its status
 * says so (Azure's curie after OpenAI's 2024-01-04 shutdown of the model).
 */
export function pastShutdownStatuses(
  models: readonly Model[], offers: readonly Offer[], judgedOn: string, dataAsOf = judgedOn, hosts: ReadonlySet<string> = new Set(),
): { models: Map<Model, Fact<ModelStatus>>; offers: Map<Offer, OfferStatus> } {
  const out = { models: new Map<Model, Fact<ModelStatus>>(), offers: new Map<Offer, OfferStatus>() };
  const modelShutdown = new Map<string, Model['shutdown_date']>();
  const closed = new Set<string>();
  for (const x of models) {
    const status = retiredByDate(x, judgedOn, dataAsOf) ?? pastScheduledStatus(x, judgedOn) ?? pastShutdownNoted(x, judgedOn, dataAsOf);
    if (status) out.models.set(x, status);
    if (x.shutdown_date) modelShutdown.set(x.id, x.shutdown_date);
    if (x.open_weights?.value === false) closed.add(x.id);
  }
  for (const x of offers) {
    const { hostsItself, follows } = followsDeveloper(x, closed.has(x.model_id), hosts);
    // A listing with an earliest day of its own (Vertex AI's "no earlier than") keeps its provider's word, as a dated one does.
    const own = follows && !x.shutdown_date && !x.shutdown_not_before ? modelShutdown.get(x.model_id) : undefined;
    const status = retiredByDate({ status: x.status, shutdown_date: x.shutdown_date ?? own }, judgedOn, dataAsOf);
    if (status) out.offers.set(x, own ? { ...status, note: `the developer retired the model: ${status.note}` } : status);
    const dev = modelShutdown.get(x.model_id);
    if (!hostsItself || x.shutdown_date || !dev || !shutByDataDate(dev.value, judgedOn) || x.status?.value === 'deprecated') continue;
    // Already so noted by the build (the service judges again on the day it loads the data).
    if (x.status?.availability === HOSTED_PAST_SHUTDOWN) continue;
    const hosted: OfferStatus = fact(x.status?.value ?? 'active', judgedOn, 'derived', {
      derived_from: [`${dev.source} (${dev.as_of}): the model's shutdown_date ${dev.value}`], note: hostsItselfNote(dev.value),
    });
    out.offers.set(x, { ...hosted, availability: HOSTED_PAST_SHUTDOWN });
  }
  return out;
}

/** Marks retired, in place, every model and offer whose shutdown date has passed by `dataAsOf` (the build's step). */
export function retirePastShutdowns(
  models: Model[], offers: Offer[], dataAsOf: string, hosts: ReadonlySet<string> = new Set(),
): { models: number; offers: number } {
  const found = pastShutdownStatuses(models, offers, dataAsOf, dataAsOf, hosts);
  for (const [x, status] of found.models) x.status = status;
  for (const [x, status] of found.offers) x.status = status;
  return { models: found.models.size, offers: found.offers.size };
}
