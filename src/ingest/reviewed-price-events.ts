// Price events a reviewed row settles: the catalogue correcting itself, or a real move of the listed price (data/curated/price-event-reviews.csv).
import type { ChangeEvent } from '../schema/index.ts';
import type { IngestIssue, PriceEventReview } from '../sources/types.ts';
import { PRICE_EVENT_REVIEWS_SOURCE_ID } from '../sources/price-event-reviews.ts';
import { stableId } from './ids.ts';

/**
 * The rules of src/ingest/price-*.ts read only the histories; some moves need a page to settle them: LiteLLM listed
 * SambaNova's gpt-oss-120b at 3/4.5, DeepSeek-V3.1's price there, for nine months, and its fix (BerriAI/litellm #30016,
 * "was DeepSeek-V3.1's pricing due to copy-paste") read in the feed as a 93% cut. A row names one event by what the feed
 * records (source, the commit it cites, provider, canonical model, field, old and new). A `correction` row makes the
 * event `correction: true` with the row's words and page as its basis; an event another rule or the commit subject
 * already marks keeps its own basis. A `change` row is a move the page shows to be real (a gateway's listed price
 * following the endpoint it serves from): the event becomes `correction: false`, stated rather than unknown; a rule
 * that marks it a correction is reported, since the row and the rule disagree. A row that matches no event is
 * reported, so a row cannot go stale unseen. A `late` row is a catalogue recording late a move the provider dated itself:
 * DeepSeek cut its API prices "50%+, effective immediately" with V3.2-Exp on 2025-09-29, and the feed showed the cut on
 * 2025-11-17 (models.dev) and 2026-01-13 (LiteLLM), from old prices that disagree. The event becomes `correction: true`,
 * basis "recorded late by <source>: ..., the provider's own change was <date>", and the provider's move itself is one
 * new event per provider, model, field and date (`added`), sourced to this table, `correction: false`, naming the
 * listings and, in `corroborated_by`, the sources of the late records. A record can also come early: models.dev wrote
 * DeepSeek's 2025-09-05 prices on 2025-08-24, when DeepSeek announced them; the basis then reads "recorded ahead of ...",
 * and the row's `effective_new` gives the provider's own figure where the catalogue's differs (0.56, written 0.57).
 * Returns the numbers of events marked a correction, kept a change and marked late, the events added, and the issues;
 * the events are changed in place.
 */
export function markReviewedPriceEvents(events: ChangeEvent[], reviews: readonly PriceEventReview[]):
  { marked: number; kept: number; late: number; added: ChangeEvent[]; issues: IngestIssue[] } {
  let marked = 0;
  let kept = 0;
  let late = 0;
  const added = new Map<string, ChangeEvent>();
  const issues: IngestIssue[] = [];
  const at = { source: PRICE_EVENT_REVIEWS_SOURCE_ID, file: 'data/curated/price-event-reviews.csv' };
  for (const r of reviews) {
    const sameCommit = (c: string | undefined) => c !== undefined && (c.startsWith(r.commit) || r.commit.startsWith(c));
    const hits = events.filter((e) => e.kind === 'price' && e.source === r.source && e.provider === r.provider && e.model_id === r.model_id
      && e.field === r.field && e.old === r.old && e.new === r.new && sameCommit(e.commit));
    const what = `${r.source} price event ${r.provider}/${r.model_id} ${r.field} ${r.old} -> ${r.new} in commit ${r.commit}`;
    if (hits.length === 0) {
      issues.push({ ...at, row: r.row, message: `no ${what}: the row matches nothing` });
      continue;
    }
    for (const e of hits) {
      if (r.verdict === 'change') {
        if (e.correction === true) {
          issues.push({ ...at, row: r.row, message: `the row keeps the ${what} a change, but it is marked a correction: ${e.correction_note ?? e.subject ?? ''}` });
          continue;
        }
        e.correction = false;
        kept++;
        continue;
      }
      if (r.verdict === 'late' && r.effective_on !== undefined && r.effective_old !== undefined) {
        const own = providerEvent(added, r, r.effective_on, r.effective_old, r.effective_new ?? r.new);
        own.corroborated_by = [...new Set([...(own.corroborated_by ?? []), e.source])].sort();
        const ids = new Set([...(own.provider_model_ids ?? []), ...(e.provider_model_ids ?? [])]);
        if (ids.size) own.provider_model_ids = [...ids].sort();
        if (e.correction === true) continue;
        e.correction = true;
        const when = r.effective_on > e.date ? 'recorded ahead of time' : 'recorded late';
        e.correction_note = `${when} by ${e.source}: ${r.note} (${r.url}, read ${r.read_on}); ${r.provider}'s own change was ` +
          `${r.effective_on}, ${r.effective_old} -> ${r.effective_new ?? r.new}, not a price change on this day`;
        late++;
        continue;
      }
      if (e.correction === true) continue;
      e.correction = true;
      e.correction_note = `${r.note} (${r.url}, read ${r.read_on}): the catalogue correcting itself, not a price change`;
      marked++;
    }
  }
  const own = [...added.values()].filter((e) => !events.some((x) => x.id === e.id));
  return { marked, kept, late, added: own, issues };
}

/** The provider's own move a `late` row names: one event per provider, model, field, date and values, whichever rows name it. */
function providerEvent(added: Map<string, ChangeEvent>, r: PriceEventReview, date: string, old: number, now: number): ChangeEvent {
  const id = stableId([date, r.model_id, 'price', r.field, r.provider, null, null, old, now]);
  let e = added.get(id);
  if (!e) {
    e = {
      id, date, model_id: r.model_id, kind: 'price', field: r.field, provider: r.provider, old, new: now,
      source: PRICE_EVENT_REVIEWS_SOURCE_ID, correction: false, subject: `${r.note} (${r.url}, read ${r.read_on})`.slice(0, 300),
    };
    added.set(id, e);
  }
  return e;
}
