// Hosting change events from providers' deprecation notices: a shutdown that has happened is a listing withdrawn.
import type { ChangeEvent } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { key0 } from './match-keys.ts';

/** The source whose observations are notices (src/sources/deprecations-rss.ts). */
const NOTICE_SOURCE = 'deprecations-rss';

/**
 * One `hosting` event (field `offered`, true -> false, the provider's id) per notice whose shutdown date is on or
 * before the day the provider's page was last read: the provider stopped serving the model that day. A shutdown
 * still ahead is not a change yet, and a deprecation alone changes no hosting, so neither makes an event. The
 * notice is the provider's own statement of a change in the world: `correction` is false. A notice about a dated
 * snapshot or a provider's own name (`gpt-4-0314`, `llama-3.3-70b-versatile`) withdraws that, not every form of the
 * model: its id is kept as the event's `variant`. Ids are left empty for
 * the de-duplication with the catalogues' events (build-changes.ts `dedupe`), which sets them.
 */
export function noticeEvents(
  observations: readonly ModelObservation[],
  resolve: (o: ModelObservation) => string | undefined,
): { events: ChangeEvent[]; unresolved: number; ahead: number } {
  const events: ChangeEvent[] = [];
  let unresolved = 0;
  let ahead = 0;
  for (const o of observations) {
    if (o.source !== NOTICE_SOURCE || o.shutdown_date === undefined || o.provider === undefined) continue;
    if (o.shutdown_date > o.as_of) { ahead++; continue; }
    const model_id = resolve(o);
    if (!model_id) { unresolved++; continue; }
    const deprecated = o.deprecation_date ? `, deprecated ${o.deprecation_date}` : '';
    const replaced = o.replacement ? `, replacement ${o.replacement}` : '';
    const e: ChangeEvent = {
      id: '',
      date: o.shutdown_date, model_id, kind: 'hosting', field: 'offered', provider: o.provider,
      old: true, new: false, source: o.source, correction: false,
      subject: `${o.provider} shut down ${o.source_model_id}${deprecated}${replaced} (${o.url ?? 'notice'})`.slice(0, 300),
    };
    if (key0(o.source_model_id) !== key0(model_id)) e.variant = o.source_model_id;
    events.push(e);
  }
  return { events, unresolved, ahead };
}
