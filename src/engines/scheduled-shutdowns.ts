// Shutdowns providers announced by the data date for a day after it: what the change feed cannot show yet.
import type { Dataset } from '../dataset/dataset.ts';
import type { Offer } from '../schema/index.ts';
import { noticeProviderOf } from '../sources/provider-ids.ts';
import { perDataset } from './per-dataset.ts';

/** One provider's announced shutdown of one model on one day, over every listing of it the notice names. */
export type ScheduledShutdown = {
  /** The day the provider stops serving the listings. */
  date: string;
  model_id: string;
  /** The provider whose notice it is: the service's own id (`azure` for listings under `azure-cognitive-services`). */
  provider: string;
  /** Every provider id whose listings the notice retires, sorted: two where one service is listed under two ids. */
  listed_under: string[];
  provider_model_ids: string[];
  /** The model the provider names as the replacement, in its own spelling, when it names one. */
  replacement: string | null;
  /** The notice that gave the date, and the day it was read. */
  source: string;
  as_of: string;
  /**
   * `on_or_after`: the notice gives the day as the earliest the listings go (Google Cloud's Vertex AI lifecycle table:
   * "retirement timelines may be extended, they won't be moved to an earlier date"); absent: the day itself.
   */
  bound?: 'on_or_after';
  /**
   * Where the date was read after data_as_of and an earlier reading, on or before it, gave another day: that reading
   * (what the data's date knew). Google's Gemini API page gave gemini-2.5-flash 2026-10-16 as read on 2026-07-22; the
   * 2026-12-01 served was read on 2026-11-10.
   */
  read_by_data_date?: { date: string; source: string; as_of: string };
};

export type ScheduledQuery = { from: string; until: string; model_id?: string; vendor?: string };

/**
 * Every offer whose own shutdown date lies after data_as_of, one entry per (model, notice provider, day), in date order.
 * One service listed under two provider ids (models.dev's `azure` and `azure-cognitive-services`, both dated by Azure's
 * retirement page: provider-ids.ts noticeProviderOf) has one notice, so one entry: Azure's codex-mini on 2026-11-15 was
 * listed twice, once per id, for a single announcement. The entry names the service and every id it was listed under.
 * A listing shut by its date is in the feed already (build-notice-events.ts, the same `shutdown <= data_as_of` rule
 * as past-shutdowns.ts), so the two never overlap. A model's own shutdown date needs no entry of its own: its
 * developer's offers carry it (checked on the committed dataset: every such model has one).
 */
const scheduledOf = perDataset((ds: Dataset): readonly ScheduledShutdown[] => {
  const asOf = ds.meta.data_as_of;
  const groups = new Map<string, Offer[]>();
  for (const o of ds.offers) {
    // A notice's earliest day (`shutdown_not_before`) is an announcement too: Vertex AI's retirement of gemini-2.5-flash
    // on or after 2026-10-16 was missing from the list, which read only exact days.
    const shut = dayOf(o);
    if (!shut || shut.value <= asOf) continue;
    const key = `${shut.value}\u0000${o.model_id}\u0000${noticeProviderOf(o.provider)}`;
    const g = groups.get(key);
    if (g) g.push(o);
    else groups.set(key, [o]);
  }
  const out: ScheduledShutdown[] = [];
  for (const g of groups.values()) {
    // The newest reading of the notice speaks for the group (listings of one model may be read on different days).
    const cite = g.reduce((a, b) => (dayOf(b)!.as_of > dayOf(a)!.as_of ? b : a));
    const day = dayOf(cite)!;
    const replacement = g.find((o) => o.replacement)?.replacement?.value ?? null;
    const entry: ScheduledShutdown = {
      date: day.value, model_id: cite.model_id, provider: noticeProviderOf(cite.provider),
      listed_under: [...new Set(g.map((o) => o.provider))].sort(),
      // Each id once: a provider lists one id at several prices (OpenAI's o4-mini at its standard, flex and priority
      // rates are three offers of the id `o4-mini`), and the notice retires the id, not each price.
      provider_model_ids: [...new Set(g.map((o) => o.provider_model_id))].sort(),
      replacement, source: day.source, as_of: day.as_of,
    };
    if (!cite.shutdown_date) entry.bound = 'on_or_after';
    // Read after the data's date: what the newest reading on or before it said, where it said another day.
    const before = day.as_of > asOf
      ? (day.conflicts ?? []).filter((c) => c.as_of !== undefined && c.as_of <= asOf && c.value !== day.value)
        .sort((a, b) => b.as_of!.localeCompare(a.as_of!))[0]
      : undefined;
    if (before) entry.read_by_data_date = { date: before.value as string, source: before.source, as_of: before.as_of! };
    out.push(entry);
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.model_id.localeCompare(b.model_id) || a.provider.localeCompare(b.provider));
});

/** An offer's announced day: its shutdown date, else the earliest day a notice gives (`shutdown_not_before`). */
const dayOf = (o: Offer) => o.shutdown_date ?? o.shutdown_not_before;

/** The announced shutdowns that fall in [from, until] (only days after data_as_of can), filtered by model or vendor. */
export function scheduledShutdowns(ds: Dataset, q: ScheduledQuery): ScheduledShutdown[] {
  if (q.until <= ds.meta.data_as_of) return [];
  return scheduledOf(ds).filter((s) => s.date >= q.from && s.date <= q.until
    && (!q.model_id || s.model_id === q.model_id)
    && (!q.vendor || ds.modelById.get(s.model_id)?.vendor === q.vendor));
}
