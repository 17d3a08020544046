// A model's lifecycle (status, deprecation and shutdown dates, replacement): the developer's word, never a reseller's.
import type { Fact, Model } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { DEVELOPER_NOTICES_SOURCE_ID } from '../sources/developer-notices.ts';
import { isFirstParty } from './first-party.ts';
import { chooseLifecycle, chooseShutdown } from './lifecycle-dates.ts';
import { key0 } from './match-keys.ts';
import { choose, sourceRank, type Candidate } from './precedence.ts';
import { rollingBase } from './rolling-alias.ts';
import { schedulesShutdown, SERVED_LISTING_SOURCES, SERVED_NOTE_HEAD } from './served-status.ts';

/**
 * Developers with a model API of their own and, beside it, a cloud platform whose lifecycle page dates that
 * platform's offers only: Google's Gemini API (ai.google.dev) and Vertex AI. A developer whose platform IS its model
 * API (Microsoft's Phi on Azure, Amazon's Nova on Bedrock, ByteDance's models on Volcano Engine, Meta's Llama API) is
 * absent: that platform's notice is the developer's word on the model.
 */
const PLATFORM_BESIDE_API: Readonly<Record<string, string>> = { google: 'google-vertex' };

export type ModelLifecycle = Pick<Model, 'status' | 'deprecation_date' | 'shutdown_date' | 'shutdown_not_before' | 'replacement'>;

/**
 * docs/data.md, "Offers, SKUs and status". The model's status and dates come from its developer: a first-party
 * listing (the developer's API, platform or plan), the developer's own deprecation notice, or the reviewed table.
 * Failing that, a model every provider has retired is `deprecated` (derived). A reseller retiring its listing is
 * that offer's status only. Open weights stay runnable by anyone, so an open-weights model is never `deprecated`
 * and carries no API retirement dates: those stay on the developer's offer. `reviewedAs` gives the model a reviewed row
 * of the alias table names for a source's own id (a row for that source, not for every source).
 */
export function modelLifecycle(
  id: string,
  obs: readonly ModelObservation[],
  vendor: string,
  openWeights: boolean | undefined,
  resolveId: (source: string, id: string) => string | undefined = () => undefined,
  reviewedAs: (source: string, id: string) => string | undefined = () => undefined,
): ModelLifecycle {
  // A notice whose replacement is this very model retires one snapshot in favour of a newer one of the same model
  // (OpenAI: gpt-4o-mini-tts-2025-03-20, replacement gpt-4o-mini-tts-2025-12-15): the model lives on, and a model
  // is never its own replacement.
  obs = obs.filter((o) => o.replacement === undefined || resolveId(o.source, o.replacement) !== id);
  // A reviewed notice of the developer's cloud platform (Vertex AI's own lifecycle page for Gemini) dates that
  // platform's offers only: the model's dates are its own API's (Google AI Studio's), so a page read after the data's
  // date does not retire the model there before its API's shutdown is judged (docs/data.md, "Model vs offer status").
  const platformNotice = (o: ModelObservation) => o.source === DEVELOPER_NOTICES_SOURCE_ID && o.provider !== undefined
    && PLATFORM_BESIDE_API[vendor] === o.provider;
  const developer = obs.filter((o) => o.source === 'architecture-overrides' || (isFirstParty(o.provider, vendor) && !platformNotice(o)));
  const pick = <T>(from: readonly ModelObservation[], get: (o: ModelObservation) => T | undefined): Fact<T> | undefined =>
    choose(from.flatMap((o) => {
      const v = get(o);
      return v === undefined ? [] : [{ value: v, source: o.source, as_of: o.as_of, tier: 1, authoritative: true } satisfies Candidate<T>];
    }), sourceRank, { newestFirst: true });
  // The developer retiring one dated snapshot (`gpt-4o-2024-05-13`) retires that listing, not the model: the
  // model is `deprecated` when the developer retires it under the model's own id, or every one of the developer's
  // listings, or failing the developer's word every provider's.
  // A notice the alias table joins to this model under the notice's own source speaks for the model's own id: Google's
  // gemini-1.0-pro notice is about the catalogue's gemini-pro (data/curated/aliases.csv), not about one snapshot of it.
  const own = developer.filter((o) => key0(o.source_model_id) === key0(id) || reviewedAs(o.source, o.source_model_id) === id);
  const newest = newestSnapshot(id, developer);
  const status = pick(own.filter(retired), () => 'deprecated' as const)
    ?? newestRetired(newest)
    ?? allRetired(developer, 'every listing of the developer is retired')
    ?? pick(developer.filter((o) => o.status !== 'deprecated'), (o) => o.status)
    ?? allRetired(obs.filter((o) => o.provider !== undefined), 'every provider listing of the model is retired');
  const out: ModelLifecycle = {};
  if (status && !(openWeights && status.value === 'deprecated')) out.status = status;
  // No word retires the model and the developer's own listing is served: the model is `active` (docs/data.md, "A
  // served model is active"). Only where no listing of the developer announces a retirement, or its own listing only
  // schedules one whose date the model carries, so that no later day judged can find it past a date while it reads
  // active. An open-weights model carries no API dates (below), so for it a scheduled shutdown still withholds `active`.
  else if (!status) {
    const served = developerServes(developer.filter((o) => o.provider !== undefined), own, newest, !openWeights);
    if (served) out.status = served;
  }
  if (openWeights) return out;
  // Dates and the replacement: the developer's listing under the model's own id; for a retired model, any of its.
  // The developer's notice speaks over a catalogue's copy of the listing (lifecycle-dates.ts).
  const statements = (from: readonly ModelObservation[], get: (o: ModelObservation) => string | undefined) =>
    from.flatMap((o) => { const v = get(o); return v === undefined ? [] : [{ value: v, source: o.source, as_of: o.as_of }]; });
  // When service ends: a firm day, or an earliest day ("no earlier than") served as a bound (lifecycle-dates.ts).
  const endFrom = (from: readonly ModelObservation[]) =>
    chooseShutdown(statements(from, (o) => o.shutdown_date), statements(from, (o) => o.shutdown_not_before));
  const ownEnd = endFrom(own);
  // Another listing's dates speak for a deprecated model only where its own listing dates no end: Google's notice
  // shuts gemini-2.5-pro down on 2026-12-01, and the 2025-06-26 shutdown of gemini-2.5-pro-exp-03-25 is no
  // deprecation day of the model.
  const anyListing = out.status?.value === 'deprecated' && !ownEnd;
  const datesFrom = (get: (o: ModelObservation) => string | undefined, notAfter?: string) =>
    chooseLifecycle(statements(own, get), { notAfter })
      ?? (anyListing ? chooseLifecycle(statements(developer, get), { notAfter }) : undefined);
  const end = ownEnd ?? (out.status?.value === 'deprecated' ? endFrom(developer) : undefined);
  const shut = end?.shutdown_date;
  // A model is never served as deprecated after the day it was shut down.
  const dep = datesFrom((o) => o.deprecation_date, (shut ?? end?.shutdown_not_before)?.value);
  if (dep) out.deprecation_date = dep;
  if (shut) out.shutdown_date = shut;
  if (end?.shutdown_not_before) out.shutdown_not_before = end.shutdown_not_before;
  const rep = datesFrom((o) => o.replacement);
  if (rep) out.replacement = { ...rep, value: resolveId(rep.source, rep.value) ?? rep.value };
  return out;
}

const announces = (o: ModelObservation) => o.status === 'deprecated' || o.deprecation_date !== undefined || o.shutdown_date !== undefined;

/**
 * `active` (derived) when a listing of the developer announcing no retirement is served and neither the developer's
 * listing under the model's id nor its newest dated snapshot announces one (a status `deprecated`, a deprecation or
 * shutdown date, past or to come): the newest such reading. An older snapshot retired (gpt-4o-2024-05-13) leaves the
 * model served. A listing under the model's own id that only schedules its shutdown (`schedulesShutdown`) announces
 * no retirement yet: the model is served until that date, which it carries and the note names. The served reading
 * comes from a source that drops or marks retired listings (SERVED_LISTING_SOURCES), never from LiteLLM's table alone.
 */
function developerServes(developer: readonly ModelObservation[], own: readonly ModelObservation[],
  newest: readonly ModelObservation[], carriesDates: boolean): Fact<'active'> | undefined {
  const scheduled = (o: ModelObservation) => carriesDates && schedulesShutdown(o, o.as_of);
  if (newest.some(announces) || own.some((o) => announces(o) && !scheduled(o))) return undefined;
  // Only a live catalogue's listing, or the developer's notice scheduling the model's shutdown (served until then),
  // says the model is served (SERVED_LISTING_SOURCES); any source's retirement counts against it.
  const r = developer.filter((o) => (SERVED_LISTING_SOURCES.has(o.source) || (scheduled(o) && own.includes(o))) && (!announces(o) || (scheduled(o) && own.includes(o))) && (o.status === undefined || o.status === 'active'))
    .sort((a, b) => b.as_of.localeCompare(a.as_of) || a.source.localeCompare(b.source))[0];
  if (!r) return undefined;
  const dates = own.filter(scheduled).map((o) => `${o.shutdown_date} (${o.source})`);
  // The developer's other platform may have retired it (Moonshot's global API shut kimi-k2-0905-preview down on
  // 2026-05-25 while its China platform still listed it): "no retirement announced" would be false, so it is named.
  // One phrase a platform: its earliest shutdown date and that date's source, else that a source marks it deprecated.
  const byPlatform = new Map<string, ModelObservation>();
  for (const o of developer) {
    if (o.provider === undefined || o.provider === r.provider || !announces(o) || (scheduled(o) && own.includes(o))) continue;
    const had = byPlatform.get(o.provider);
    if (!had || (o.shutdown_date !== undefined && (had.shutdown_date === undefined || o.shutdown_date < had.shutdown_date))) byPlatform.set(o.provider, o);
  }
  const elsewhere = [...byPlatform.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, o]) => o)
    .map((o) => `${o.provider} ${o.shutdown_date ? `shut it down on ${o.shutdown_date}` : 'marks it deprecated'} (${o.source}, ${o.source_model_id})`);
  const until = dates.length ? `; shutdown scheduled for ${[...new Set(dates)].sort().join(', ')}`
    : elsewhere.length ? `; not on every platform of the developer: ${elsewhere.join('; ')}` : '; no retirement announced';
  return {
    value: 'active', as_of: r.as_of, source: 'derived', derived_from: [`${r.source} (${r.as_of}): ${r.provider} ${r.source_model_id}`],
    note: `${SERVED_NOTE_HEAD} (its listing read ${r.as_of})${until}`,
  };
}

const SNAPSHOT_DATE = /-(20\d{2})-?(\d{2})-?(\d{2})$/;

/**
 * The developer's listings of the model's newest dated snapshot (`claude-opus-4-1-20250805`), if it has dated ones.
 * Anthropic's model ids are dated: retiring the only (or newest) snapshot retires what the undated alias serves,
 * while OpenAI retiring gpt-4o-2024-05-13 leaves 2024-08-06 and 2024-11-20 behind it. A rolling alias as the
 * model's id (`claude-3-opus-latest`) rolls within the snapshots of its base (`claude-3-opus-20240229`).
 */
function newestSnapshot(id: string, developer: readonly ModelObservation[]): ModelObservation[] {
  const base = key0(rollingBase(key0(id)));
  let best = '';
  const byDate = new Map<string, ModelObservation[]>();
  for (const o of developer) {
    const k = key0(o.source_model_id);
    const m = k === key0(id) ? null : SNAPSHOT_DATE.exec(k);
    if (!m || key0(k.slice(0, m.index)) !== base) continue;
    const date = `${m[1]}${m[2]}${m[3]}`;
    byDate.set(date, [...(byDate.get(date) ?? []), o]);
    if (date > best) best = date;
  }
  return byDate.get(best) ?? [];
}

/** `deprecated` when the developer retired the newest dated snapshot: the model's own id has nothing newer to serve. */
function newestRetired(newest: readonly ModelObservation[]): Fact<'deprecated'> | undefined {
  const r = newest.filter(retired).sort((a, b) => b.as_of.localeCompare(a.as_of))[0];
  if (!r) return undefined;
  // A notice read before the shutdown it announces deprecates the snapshot, served until that day (OpenAI's
  // o3-2025-04-16: deprecated 2026-06-11, shutdown 2026-12-11): the note names the date and leaves whether it has
  // passed to the day the answers judge (src/engines/offer-lifecycle.ts), rather than calling it retired.
  const note = r.shutdown_date !== undefined && r.shutdown_date > r.as_of
    ? `the developer deprecated ${r.source_model_id}, the model's newest dated snapshot, with a shutdown date of ${r.shutdown_date}`
    : `the developer retired ${r.source_model_id}, the model's newest dated snapshot`;
  return { value: 'deprecated', as_of: r.as_of, source: r.source, note };
}

/**
 * A listing is deprecated when its provider marks it so or a deprecation or shutdown date it gives has passed. A
 * deprecation date passed with the shutdown still to come is an announcement: the model is `deprecated` and still
 * served until its shutdown date, which the answers judge (src/engines/offer-lifecycle.ts).
 */
function retired(o: ModelObservation): boolean {
  return o.status === 'deprecated' || (o.shutdown_date !== undefined && o.shutdown_date <= o.as_of)
    || (o.deprecation_date !== undefined && o.deprecation_date <= o.as_of);
}

/**
 * `deprecated` when there are listings (one per provider and provider id) and each has an observation that
 * retires it. A single source's reading decides for the listings only it knows.
 */
function allRetired(obs: readonly ModelObservation[], why: string): Fact<'deprecated'> | undefined {
  const listings = new Map<string, ModelObservation[]>();
  for (const o of obs) {
    const k = `${o.provider ?? ''}|${key0(o.source_model_id)}`;
    listings.set(k, [...(listings.get(k) ?? []), o]);
  }
  if (!listings.size) return undefined;
  const retiring: ModelObservation[] = [];
  for (const list of listings.values()) {
    const r = list.filter(retired);
    if (!r.length) return undefined;
    retiring.push(...r);
  }
  const as_of = retiring.map((o) => o.as_of).sort().at(-1)!;
  const derived_from = [...new Set(retiring.map((o) => `${o.source}: ${o.source_model_id}`))].sort();
  // One listing's own statement is the source itself, not a derivation.
  if (derived_from.length === 1) return { value: 'deprecated', as_of, source: retiring[0].source, note: `${why} (${retiring[0].source_model_id})` };
  return { value: 'deprecated', as_of, source: 'derived', derived_from, note: `${why} (${listings.size} listings)` };
}
