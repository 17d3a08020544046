// Whether a developer's own offer rests on a listing that says the developer sells it today, or on LiteLLM's table alone.
import type { Dataset } from '../dataset/dataset.ts';
import { SERVED_LISTING_SOURCES } from '../ingest/served-status.ts';
import type { Offer } from '../schema/index.ts';
import { perDataset } from './per-dataset.ts';

/**
 * The developers' own notices (deprecations-rss, data/curated/developer-notices.csv). A notice that reads a listing
 * (a deprecation, a shutdown still to come: Google's gemini-2.5-pro, 2026-12-01) says the developer serves it until
 * then, as it does for the model's status (docs/data.md, "Which listings say a model is served").
 */
const NOTICE_SOURCES: ReadonlySet<string> = new Set(['deprecations-rss', 'developer-notices']);

/** The one price table whose listing alone is no evidence (not among src/ingest/served-status.ts SERVED_LISTING_SOURCES). */
export const TABLE_ONLY_SOURCE = 'litellm';

type Evidenced = Pick<Offer, 'model_id' | 'provider' | 'first_party' | 'listed_by' | 'status' | 'shutdown_date'>;

/** LiteLLM's table alone lists the developer's offer, and no notice of the developer dates it. */
function tableOnly(o: Evidenced): boolean {
  // LiteLLM alone, not "no served source": a listing of a source no rule reads yet is not judged by this one.
  if (!o.first_party || !o.listed_by.every((s) => s === TABLE_ONLY_SOURCE)) return false;
  return !(o.status && NOTICE_SOURCES.has(o.status.source)) && !(o.shutdown_date && NOTICE_SOURCES.has(o.shutdown_date.source));
}

const confirmedKey = (o: Evidenced) => `${o.model_id}\u0000${o.provider}`;
const byList = new WeakMap<readonly Evidenced[], ReadonlySet<Evidenced>>();

/**
 * The developer's own offers among `offers` that no live listing confirms: LiteLLM's table alone lists the offer, no
 * notice of the developer dates it, and no live catalogue (SERVED_LISTING_SOURCES: models.dev, genai-prices, the
 * developer's page read on a stated day) lists the same model at the same provider under another name or region.
 * LiteLLM's price table keeps an entry for ever (xai/grok-beta, gemini/gemini-exp-1206 and perplexity/pplx-70b-online
 * are in its 2026-07-24 snapshot, each retired a year or more before), so such an offer's price may be of a model the
 * developer no longer sells. A dated snapshot name or a regional SKU LiteLLM alone lists beside a live listing of the
 * model (OpenAI's gpt-4.1-2025-04-14 beside gpt-4.1, its EU-regional SKUs) is of a model the developer sells: not
 * marked. A reseller's listing is not judged: its sources never said whether the developer sells the model.
 * `offers`: the model's listings (a caller's filtered list judges by what it holds); kept per frozen list.
 */
export function unconfirmedAmong<T extends Evidenced>(offers: readonly T[]): ReadonlySet<T> {
  const kept = byList.get(offers);
  if (kept) return kept as ReadonlySet<T>;
  const live = new Set<string>();
  for (const o of offers) if (o.first_party && o.listed_by.some((s) => SERVED_LISTING_SOURCES.has(s))) live.add(confirmedKey(o));
  const out = new Set(offers.filter((o) => tableOnly(o) && !live.has(confirmedKey(o))));
  if (Object.isFrozen(offers)) byList.set(offers, out);
  return out;
}

/** Whether `o` is unconfirmed among the listings `among` (the model's): `unconfirmedAmong`. */
export const isUnconfirmedListing = (o: Evidenced, among: readonly Evidenced[]): boolean => unconfirmedAmong(among).has(o);

/** The note of an unconfirmed offer, per dataset (it names the snapshot read): the same string on every answer. */
const notes = perDataset((ds: Dataset) => {
  const read = ds.sourceById.get(TABLE_ONLY_SOURCE)?.retrieved;
  const cited = read ? `(${TABLE_ONLY_SOURCE}, ${read})` : `(${TABLE_ONLY_SOURCE})`;
  return Object.freeze({
    note: `this provider's listings of the model are priced from one price table alone ${cited}, which keeps an entry after `
      + 'the developer stops selling a model: no live listing or notice confirms that the developer still sells it at this price',
  });
});

/**
 * The note an answer gives beside an unconfirmed offer's price (`isUnconfirmedListing`), or null. Its source is said as
 * a citation, `(litellm, 2026-07-24)`, which a partial answer reads as `(as of 2026-07-24)`.
 */
export function unconfirmedListingNote(ds: Dataset, o: Offer): string | null {
  return isUnconfirmedListing(o, ds.offersByModel.get(o.model_id) ?? [o]) ? notes(ds).note : null;
}

/** The note for a line already known to be unconfirmed (an estimate_cost line's `listing_unconfirmed`). */
export const unconfirmedNoteText = (ds: Dataset): string => notes(ds).note;
