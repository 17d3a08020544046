// Price events a reviewed row settles as the catalogue correcting itself (data/curated/price-event-reviews.csv).
import type { ChangeEvent } from '../schema/index.ts';
import type { IngestIssue, PriceEventReview } from '../sources/types.ts';
import { PRICE_EVENT_REVIEWS_SOURCE_ID } from '../sources/price-event-reviews.ts';

/**
 * The rules of src/ingest/price-*.ts read only the histories; some moves need a page to settle them: LiteLLM listed
 * SambaNova's gpt-oss-120b at 3/4.5, DeepSeek-V3.1's price there, for nine months, and its fix (BerriAI/litellm #30016,
 * "was DeepSeek-V3.1's pricing due to copy-paste") read in the feed as a 93% cut. A row names one event by what the feed
 * records (source, the commit it cites, provider, canonical model, field, old and new); the event becomes
 * `correction: true` with the row's words and page as its basis. An event another rule or the commit subject already
 * marks keeps its own basis. A row that matches no event is reported, so a row cannot go stale unseen.
 * Returns the number of events marked and the issues; the events are changed in place.
 */
export function markReviewedPriceEvents(events: ChangeEvent[], reviews: readonly PriceEventReview[]): { marked: number; issues: IngestIssue[] } {
  let marked = 0;
  const issues: IngestIssue[] = [];
  for (const r of reviews) {
    const sameCommit = (c: string | undefined) => c !== undefined && (c.startsWith(r.commit) || r.commit.startsWith(c));
    const hits = events.filter((e) => e.kind === 'price' && e.source === r.source && e.provider === r.provider && e.model_id === r.model_id
      && e.field === r.field && e.old === r.old && e.new === r.new && sameCommit(e.commit));
    if (hits.length === 0) {
      issues.push({ source: PRICE_EVENT_REVIEWS_SOURCE_ID, file: 'data/curated/price-event-reviews.csv', row: r.row,
        message: `no ${r.source} price event ${r.provider}/${r.model_id} ${r.field} ${r.old} -> ${r.new} in commit ${r.commit}: the row matches nothing` });
      continue;
    }
    for (const e of hits) {
      if (e.correction === true) continue;
      e.correction = true;
      e.correction_note = `${r.note} (${r.url}, read ${r.read_on}): the catalogue correcting itself, not a price change`;
      marked++;
    }
  }
  return { marked, issues };
}
