// One hosting event per provider's change of a model on a day, however many listings or notices recorded it (docs/data.md,
// "What one event is").
import type { ChangeEvent } from '../schema/index.ts';
import { noticeProviderOf } from '../sources/provider-ids.ts';
import { sourceRank } from './precedence.ts';
import { stableId } from './ids.ts';

/**
 * The provider's own id a notice event withdrew, where the event carries none (a notice naming the model's own name has
 * no `variant`): set by build-notice-events.ts, read when two notices of one day merge, so that the kept event names both.
 */
export const noticeIdOf = new WeakMap<ChangeEvent, string>();

/**
 * Merges hosting events that record one provider starting or stopping one model on one day (same date, model, field,
 * old and new): a service listed under two provider ids (`azure` and `azure-cognitive-services`, both dated by Azure's
 * retirement page: the feed held 76 such pairs over the year to 2026-09-23), or a model's name and its dated snapshot
 * withdrawn by one notice the same day (OpenAI's o3-deep-research and o3-deep-research-2025-06-26 on 2026-07-23, one
 * model: 19 pairs). The kept event is a plain change before a correction (one listing's event reading as the catalogue
 * adding a provider id says nothing against the other's), then the model's own name before a dated version, then the
 * service's own id, then the better source; it takes the service's id as `provider`, every id it was listed under as
 * `listed_under`, every listing id, and the other sources as `corroborated_by`. Run after `dedupe` (which merges the same
 * listing's records) and before the late-record rules, which then see one event of the service. Returns the events
 * kept, and how many were merged away.
 */
export function oneHostingEvent(events: readonly ChangeEvent[]): { events: ChangeEvent[]; merged: number } {
  const groups = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    if (e.kind !== 'hosting' || !e.provider) continue;
    const k = JSON.stringify([e.date, e.model_id, e.field, noticeProviderOf(e.provider), e.old, e.new]);
    const g = groups.get(k);
    if (g) g.push(e); else groups.set(k, [e]);
  }
  const gone = new Set<ChangeEvent>();
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const service = noticeProviderOf(g[0].provider!);
    g.sort((a, b) => Number(a.correction === true) - Number(b.correction === true) ||
      Number(a.variant !== undefined) - Number(b.variant !== undefined) ||
      Number(a.provider !== service) - Number(b.provider !== service) ||
      sourceRank(a.source) - sourceRank(b.source) || a.id.localeCompare(b.id));
    const [kept, ...rest] = g;
    const under = [...new Set(g.map((e) => e.provider!))].sort();
    if (under.length > 1) kept.listed_under = under;
    // The id is the hash `dedupe` gives an event, of the service's id: the same whichever listing's event was kept.
    if (kept.provider !== service) {
      kept.provider = service;
      kept.id = stableId([kept.date, kept.model_id, kept.kind, kept.field, service, kept.variant ?? null, kept.leaderboard ?? null, kept.old, kept.new]);
    }
    const ids = new Map<string, string>();
    for (const e of g) {
      for (const id of [...(e.provider_model_ids ?? []), e.variant ?? noticeIdOf.get(e)]) {
        if (id && !ids.has(id.toLowerCase())) ids.set(id.toLowerCase(), id);
      }
    }
    if (rest.some((e) => e.variant !== undefined || e.provider_model_ids) && ids.size) kept.provider_model_ids = [...ids.values()].sort();
    const others = rest.map((e) => e.source).filter((s) => s !== kept.source);
    if (others.length) kept.corroborated_by = [...new Set([...(kept.corroborated_by ?? []), ...others])].sort();
    for (const e of rest) gone.add(e);
  }
  return { events: events.filter((e) => !gone.has(e)), merged: gone.size };
}
