// The developer's undated id of a model serves its newest dated snapshot: that snapshot's announced shutdown is the id's.
import type { Offer } from '../schema/index.ts';
import { BASE_SKUS } from '../schema/index.ts';
import { DATE_TAIL, isDatedVersionOf, skuOf } from './skus.ts';

const listingOf = (o: Offer) => skuOf(o.provider_model_id).listing;

/**
 * OpenAI's notice of 2026-06-11 deprecates `gpt-5-2025-08-07` (shutdown 2026-12-11, deprecations-rss) and names no
 * other id. The notice attaches to the listing it names (build-offers.ts), so OpenAI's `gpt-5` listing, which calls that
 * snapshot (the model's only dated one), carried no date, while the model itself is `deprecated` with that shutdown by
 * the same reading (model-status.ts `newestRetired`: retiring the newest snapshot retires what the undated id serves).
 * Costs and rankings read the offers, so the developer's own `gpt-5` line said nothing of a shutdown 14 days off.
 *
 * The rule, for the developer's own listings only (a reseller or a cloud that dates its deployments speaks for itself):
 * a base-SKU listing with no lifecycle fact of its own takes, at the same provider and region, the status, deprecation
 * and shutdown dates and replacement of the newest dated snapshot of its id, when the developer deprecated that
 * snapshot with a shutdown date. Each fact keeps the notice's source and date; the status note names the snapshot.
 * A newer snapshot still served (OpenAI's gpt-4o-2024-11-20 after gpt-4o-2024-05-13's retirement) leaves the id alone.
 * Returns the offers changed; they change in place. Run before the shutdown-date step (past-shutdowns.ts).
 */
export function shareNewestSnapshotLifecycle(offers: Offer[]): Offer[] {
  const byPlace = new Map<string, Offer[]>();
  for (const o of offers) {
    if (!o.first_party || !BASE_SKUS.includes(o.sku)) continue;
    const k = `${o.provider}|${o.model_id}|${o.region}`;
    byPlace.set(k, [...(byPlace.get(k) ?? []), o]);
  }
  const changed: Array<{ o: Offer; from: Offer }> = [];
  for (const all of byPlace.values()) {
    for (const o of all) {
      if (o.status || o.shutdown_date || o.deprecation_date) continue;
      const listing = listingOf(o);
      if (DATE_TAIL.test(listing)) continue;
      const dated = all.filter((x) => isDatedVersionOf(listingOf(x), listing));
      if (dated.length === 0) continue;
      const dateOf = (x: Offer) => DATE_TAIL.exec(listingOf(x))![0].replace(/-/g, '');
      const newest = dated.reduce((a, b) => (dateOf(b) > dateOf(a) ? b : a));
      const same = dated.filter((x) => dateOf(x) === dateOf(newest));
      // Every listing of the newest snapshot deprecated with a date: one of them still served leaves the id served.
      if (!same.every((x) => x.status?.value === 'deprecated' && x.shutdown_date)) continue;
      changed.push({ o, from: same[0] });
    }
  }
  // Decided before any is set, so a lifecycle taken from a snapshot is not passed on again.
  for (const { o, from } of changed) {
    const s = from.status!;
    o.status = { ...s, note: `${s.note ? `${s.note}; ` : ''}the status ${s.source} gives ${o.provider}'s ${from.provider_model_id}, `
      + 'the newest dated snapshot this id calls' };
    if (from.deprecation_date) o.deprecation_date = from.deprecation_date;
    o.shutdown_date = from.shutdown_date;
    if (from.replacement) o.replacement = from.replacement;
  }
  return changed.map(({ o }) => o);
}
