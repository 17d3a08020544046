// A model read `active` because its developer serves it keeps that status only while an offer of the developer's own
// is live with no retirement announced (docs/data.md, "A served model is active").
import type { Model, Offer } from '../schema/index.ts';

/** The note `modelLifecycle` gives a model it reads active from the developer's listing (src/ingest/model-status.ts). */
export const SERVED_NOTE_HEAD = 'the developer serves it';

/**
 * Drops the derived `active` of a model without a first-party offer that is neither deprecated nor dated to retire:
 * a listing the catalogues read as live while its offer carries a notice's date (codex-mini, shut down 2026-02-12) is
 * not served, and one dated to shut down later would read active past that day, which the answers judge anew.
 */
export function keepActiveWhereServed(models: Model[], offers: readonly Offer[]): number {
  const live = new Set(offers.filter((o) => o.first_party && o.status?.value !== 'deprecated' && !o.shutdown_date
    && !o.deprecation_date).map((o) => o.model_id));
  let dropped = 0;
  for (const m of models) {
    if (m.status?.source !== 'derived' || !m.status.note?.startsWith(SERVED_NOTE_HEAD) || live.has(m.id)) continue;
    delete m.status;
    dropped++;
  }
  return dropped;
}
