// genai-prices price history (`price-changes-from-git.jsonl`, consecutive data.json versions) as CatalogueChanges.
import { z } from 'zod';
import { PRICE_FIELDS } from './catalogue-genai-prices-scheduled.ts';
import { basePrice, offerPrices, offerTarget, readPrices } from './catalogue-genai-prices-shape.ts';
import { tiersText } from './catalogue-tier-text.ts';
import { defined, issueAt, jsonLinesOf, utcDate } from './catalogue-util.ts';
import type { CatalogueChange, IngestIssue } from './types.ts';


const Line = z.strictObject({
  commit: z.string().min(1),
  date: z.string(),
  subject: z.string(),
  provider: z.string().min(1),
  model: z.string().min(1),
  change: z.enum(['added', 'removed', 'prices_changed']),
  old: z.unknown(),
  new: z.unknown(),
});

/**
 * A model appearing or disappearing is a hosting change (`offered`); a price change is one change per
 * price field whose value differs. Tiered prices compare by their base; a list of time-constrained prices
 * resolves to the one in force on the commit's date, as for the snapshot. A change of the long-context tiers (input
 * and output merged by threshold, as the offers read them) is one `tiers` row, old and new as `tiersText`: no change
 * event, the history a past day's tiers are read from (src/ingest/developer-price-on.ts).
 */
export async function readGenaiChanges(
  filePath: string, file: string, source: string, issues: IngestIssue[], onRecord?: (rec: z.infer<typeof Line>) => void,
): Promise<CatalogueChange[]> {
  const changes: CatalogueChange[] = [];
  for await (const { where, rec } of jsonLinesOf(Line, filePath, { source, file }, issues)) {
    const date = utcDate(rec.date);
    if (!date) {
      issues.push(issueAt(where, `not a timestamp: ${rec.date}`, 'date'));
      continue;
    }
    onRecord?.(rec);
    const { provider, provider_model_id } = offerTarget(rec.provider, rec.model);
    const make = (change: CatalogueChange['change'], field: string, old: CatalogueChange['old'], now: CatalogueChange['new']) =>
      defined<CatalogueChange>({
        source,
        date,
        commit: rec.commit,
        subject: rec.subject,
        change,
        provider,
        provider_model_id,
        source_model_id: `${rec.provider}/${rec.model}`,
        field,
        old,
        new: now,
      });

    if (rec.change !== 'prices_changed') {
      const added = rec.change === 'added';
      const row = make(rec.change, 'offered', !added, added);
      // The prices the listing came with or went with: a listing that gives way to another is read by them
      // (src/ingest/listing-renames.ts). Unreadable prices leave the row without them, never with a guess.
      const side = added ? rec.new : rec.old;
      const quiet: IngestIssue[] = [];
      const read = side === null || side === undefined ? undefined : readPrices(side, date, where, quiet, added ? 'new' : 'old');
      if (read && !quiet.length) {
        const prices: Record<string, number> = {};
        for (const [key, field] of PRICE_FIELDS) {
          const v = basePrice(read[key]);
          if (typeof v === 'number') prices[field] = v;
        }
        if (Object.keys(prices).length) row.prices = prices;
      }
      changes.push(row);
      continue;
    }
    // A record with any unreadable price is left out whole: a dropped value must not read as "absent".
    const seen = issues.length;
    const before = rec.old === null ? {} : readPrices(rec.old, date, where, issues, 'old');
    const after = rec.new === null ? {} : readPrices(rec.new, date, where, issues, 'new');
    if (!before || !after || issues.length > seen) continue;
    for (const [key, field] of PRICE_FIELDS) {
      const oldV = basePrice(before[key]) ?? null;
      const newV = basePrice(after[key]) ?? null;
      if (oldV !== newV) changes.push(make('changed', field, oldV, newV));
    }
    const [oldT, newT] = [tiersText(offerPrices(before).tiers), tiersText(offerPrices(after).tiers)];
    if (oldT !== newT) changes.push(make('changed', 'tiers', oldT, newT));
  }
  return changes;
}
