// Price events a reviewed row settles: the catalogue correcting itself, or a real move of the listed price (data/curated/price-event-reviews.csv).
import type { ChangeEvent } from '../schema/index.ts';
import type { IngestIssue, PriceEventReview } from '../sources/types.ts';
import { PRICE_EVENT_REVIEWS_SOURCE_ID } from '../sources/price-event-reviews.ts';

/**
 * The rules of src/ingest/price-*.ts read only the histories; some moves need a page to settle them: LiteLLM listed
 * SambaNova's gpt-oss-120b at 3/4.5, DeepSeek-V3.1's price there, for nine months, and its fix (BerriAI/litellm #30016,
 * "was DeepSeek-V3.1's pricing due to copy-paste") read in the feed as a 93% cut. A row names one event by what the feed
 * records (source, the commit it cites, provider, canonical model, field, old and new). A `correction` row makes the
 * event `correction: true` with the row's words and page as its basis; an event another rule or the commit subject
 * already marks keeps its own basis. A `change` row is a move the page shows to be real (a gateway's listed price
 * following the endpoint it serves from): the event becomes `correction: false`, stated rather than unknown; a rule
 * that marks it a correction is reported, since the row and the rule disagree. A row that matches no event is
 * reported, so a row cannot go stale unseen.
 * Returns the numbers of events marked a correction and kept a change, and the issues; the events are changed in place.
 */
export function markReviewedPriceEvents(events: ChangeEvent[], reviews: readonly PriceEventReview[]):
  { marked: number; kept: number; issues: IngestIssue[] } {
  let marked = 0;
  let kept = 0;
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
      if (e.correction === true) continue;
      e.correction = true;
      e.correction_note = `${r.note} (${r.url}, read ${r.read_on}): the catalogue correcting itself, not a price change`;
      marked++;
    }
  }
  return { marked, kept, issues };
}
