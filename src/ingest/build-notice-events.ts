// Hosting change events from shutdown dates: a listing withdrawn on the day its provider (or catalogue) set.
import type { ChangeEvent, Offer } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { noticeProviderOf } from '../sources/provider-ids.ts';
import { key0 } from './match-keys.ts';
import { shutByDataDate } from './past-shutdowns.ts';
import { noticeIdOf } from './one-hosting-event.ts';

/** The words said of a named replacement no model of the dataset answers to, in the feed and in answers (engines/replacement.ts). */
export const NOT_IN_CATALOGUE = 'not in this catalogue under that name';

/**
 * The sources whose observations are notices: providers' pages (src/sources/deprecations-rss.ts) and the reviewed
 * table of retirements announced elsewhere (src/sources/developer-notices.ts). Both retire offers in the sheets.
 */
export const NOTICE_SOURCES: ReadonlySet<string> = new Set(['deprecations-rss', 'developer-notices']);

/**
 * One `hosting` event (field `offered`, true -> false, the provider's id) per notice whose shutdown date has come by
 * the dataset's date (`shutByDataDate`, the rule the model sheets retire offers by): the provider stopped serving the
 * model that day. A shutdown the notice scheduled after the day its page was last read, and on or before the dataset's
 * date, did happen as far as the dataset knows: it is dated the shutdown day, with `as_of` the day the notice was last
 * read and a subject saying it was scheduled, not seen. A shutdown after the dataset's date is no change yet (the sheets
 * give it as a date ahead), and a deprecation alone changes no hosting. The notice is the provider's own statement of
 * a change in the world: `correction` is false. A notice about a dated snapshot or a provider's own name
 * (`gpt-4-0314`, `llama-3.3-70b-versatile`) withdraws that, not every form of the model: its id is kept as the
 * event's `variant`. Ids are left empty for the de-duplication with the catalogues' events (build-changes.ts
 * `dedupe`), which sets them.
 */
export function noticeEvents(
  observations: readonly ModelObservation[],
  resolve: (o: ModelObservation) => string | undefined,
  dataAsOf: string,
): { events: ChangeEvent[]; unresolved: number; ahead: number; scheduled: number } {
  const events: ChangeEvent[] = [];
  let unresolved = 0;
  let ahead = 0;
  let scheduled = 0;
  for (const o of observations) {
    if (!NOTICE_SOURCES.has(o.source) || o.shutdown_date === undefined || o.provider === undefined) continue;
    if (!shutByDataDate(o.shutdown_date, dataAsOf)) { ahead++; continue; }
    const model_id = resolve(o);
    if (!model_id) { unresolved++; continue; }
    const deprecated = o.deprecation_date ? `, deprecated ${o.deprecation_date}` : '';
    // A replacement no model of the dataset answers to is said to be outside it (engines/replacement.ts): DeepSeek's
    // deepseek-v4.1-flash, which no snapshot the dataset is built from makes a model.
    const outside = o.replacement !== undefined && resolve({ ...o, source_model_id: o.replacement, canonical_hint: undefined }) === undefined;
    const late = o.shutdown_date > o.as_of;
    // A replacement read after the shutdown is the notice's word on the day it was read, not the one named at the
    // time: developers revise it. Anthropic's page named claude-sonnet-4-20250514 for the Claude Sonnet 3.5 models on
    // 2025-08-13, claude-sonnet-4-5-20250929 once they were retired on 2025-10-28, claude-sonnet-4-6 when read on
    // 2026-04-17 (copies of https://docs.claude.com/en/docs/about-claude/model-deprecations): the event says so.
    const readAfter = late ? '' : ` as named when the notice was read ${o.as_of}`;
    const replaced = o.replacement ? `, replacement ${o.replacement}${outside ? ` (${NOT_IN_CATALOGUE})` : ''}${readAfter}` : '';
    const where = o.url ?? 'notice';
    // Upstream's first_observed is the day the scraper first saw the notice: the announcement was on or before it.
    const announced = o.first_observed ? `announced by ${o.first_observed}, ` : '';
    const subject = late
      ? `${o.provider} scheduled the shutdown of ${o.source_model_id} for ${o.shutdown_date} (${announced}notice last read ` +
        `${o.as_of}${deprecated}${replaced}; ${where})`
      : `${o.provider} shut down ${o.source_model_id}${deprecated}${replaced} (${where})`;
    const e: ChangeEvent = {
      id: '',
      date: o.shutdown_date, model_id, kind: 'hosting', field: 'offered', provider: o.provider,
      old: true, new: false, source: o.source, correction: false, subject: subject.slice(0, 300),
    };
    if (late) (e.as_of = o.as_of), scheduled++;
    if (key0(o.source_model_id) !== key0(model_id)) e.variant = o.source_model_id;
    else noticeIdOf.set(e, o.source_model_id);
    events.push(e);
  }
  return { events, unresolved, ahead, scheduled };
}

/**
 * Hosting events for listings whose own shutdown date the sheets hold from a catalogue rather than a notice
 * (LiteLLM's per-key `deprecation_date`, the day it expects the key to stop working): the same rule, so that each
 * offer the sheets retire by its own date has its withdrawal in the feed. Dated the shutdown day, sourced to the
 * catalogue, `as_of` its reading day when the date came after it; the listing's id is the `variant` when it is not
 * the model's own name, as for notices. A listing dated by a notice gets one only where the notice's own event is under
 * another model (`notices`: noticeEvents' events) or another provider id of the same service (Azure's notice dates
 * the `azure-cognitive-services` listing: provider-ids.ts `noticeProviderOf`).
 */
export function listingShutdownEvents(offers: readonly Offer[], dataAsOf: string, notices: readonly ChangeEvent[] = []): ChangeEvent[] {
  const events: ChangeEvent[] = [];
  // A notice's own event is under the model its id names; a notice of a bare name also dates the provider's listing
  // of a dated version the catalogue holds as a model of its own (Azure's gpt-audio-mini notice, its
  // gpt-audio-mini-2025-10-06 deployment: build-offers.ts), which then needs its own event under that model.
  const noticed = new Set(notices.map((e) => `${e.model_id}|${e.provider ?? ''}|${e.date}`));
  for (const o of offers) {
    const s = o.shutdown_date;
    if (!s || !shutByDataDate(s.value, dataAsOf)) continue;
    const byNotice = NOTICE_SOURCES.has(s.source);
    if (byNotice && noticed.has(`${o.model_id}|${o.provider}|${s.value}`)) continue;
    const late = s.value > s.as_of;
    const what = late ? `${s.source} dates the end of ${o.provider}'s ${o.provider_model_id} ${s.value} (read ${s.as_of})` :
      `${s.source} dates the end of ${o.provider}'s ${o.provider_model_id} ${s.value}`;
    const service = noticeProviderOf(o.provider);
    const why = !byNotice ? "the listing's own shutdown date"
      : service !== o.provider ? `${service}'s own notice, ${o.provider} being ${service}'s service under another provider id`
        : "the provider's notice of the name it is a dated version of";
    const e: ChangeEvent = {
      id: '', date: s.value, model_id: o.model_id, kind: 'hosting', field: 'offered', provider: o.provider,
      provider_model_ids: [o.provider_model_id], old: true, new: false, source: s.source, correction: false,
      subject: `${what}: ${why}`.slice(0, 300),
    };
    if (late) e.as_of = s.as_of;
    if (key0(o.provider_model_id) !== key0(o.model_id)) e.variant = o.provider_model_id;
    events.push(e);
  }
  return events;
}
