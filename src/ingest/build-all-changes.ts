// Gathers every kind of change event into one de-duplicated, dated list and notes what was left out.
import type { ChangeEvent, Licence, Offer } from '../schema/index.ts';
import type { CatalogueChange, HeldListing, ModelObservation, RatingHistoryPoint } from '../sources/types.ts';
import { catalogueEvents, dedupe, ratingEvents } from './build-changes.ts';
import { foldCaughtUp } from './late-records.ts';
import { oneHostingEvent } from './one-hosting-event.ts';
import { leaderboardLicenceEvents } from './build-licence-events.ts';
import { listingShutdownEvents, noticeEvents } from './build-notice-events.ts';
import type { BuildReport } from './context.ts';
import { BLIP_DAYS, ROUND_TRIP_RATIO } from './price-corrections.ts';
import { LAUNCH_FIX_DAYS } from './launch-corrections.ts';
import type { StandingPrice } from './price-unit-errors.ts';
import type { SourceReading } from './launch-corrections.ts';
import { markLateStops, markRetiredListings, type ListingShutdown } from './retired-listings.ts';

const byRule = (events: readonly ChangeEvent[], prefix: string, within?: RegExp) =>
  events.filter((e) => e.kind === 'price' && e.correction_note?.startsWith(prefix) && (!within || within.test(e.correction_note))).length;

type Resolve = (source: string, id: string, opts?: { hint?: string }) => string | undefined;

export function buildChangesAll(
  changes: readonly CatalogueChange[],
  history: readonly RatingHistoryPoint[],
  resolve: Resolve,
  report: BuildReport,
  notices: readonly ModelObservation[] = [],
  licenceOf: (text: string) => Licence | undefined = () => undefined,
  isDeveloper: (provider: string, modelId: string) => boolean = () => false,
  standing: readonly StandingPrice[] = [],
  readings: readonly SourceReading[] = [],
  /** When each listing was shut down (src/ingest/retired-listings.ts); by default none was. */
  shutdownOf: (modelId: string, provider: string, ids?: readonly string[]) => ListingShutdown | undefined = () => undefined,
  /**
   * The dataset's date and its offers: a shutdown on or before that date has happened (the sheets' rule), and an offer's
   * own shutdown date from a catalogue is a withdrawal too (build-notice-events.ts). By default none has come.
   */
  lifecycle: { dataAsOf: string; offers: readonly Offer[]; held?: readonly HeldListing[] } = { dataAsOf: '0000-01-01', offers: [] },
): ChangeEvent[] {
  const cat = catalogueEvents(
    changes,
    (c) => resolve(c.source, c.source_model_id, { hint: c.canonical_hint }) ?? (c.provider ? resolve(c.source, `${c.provider}/${c.source_model_id}`) : undefined),
    isDeveloper,
    standing,
    readings,
    lifecycle.held ?? [],
    (provider, modelId) => [...new Set(lifecycle.offers.filter((o) => o.provider === provider && o.model_id === modelId).flatMap((o) => o.listed_by ?? []))],
    (provider, modelId, ids) => shutdownOf(modelId, provider, ids)?.date,
  );
  const elo = ratingEvents(history, (p) => resolve(p.source, p.source_model_id));
  const lic = leaderboardLicenceEvents(history, (p) => resolve(p.source, p.source_model_id), licenceOf);
  const shut = noticeEvents(notices, (o) => resolve(o.source, o.source_model_id, { hint: o.canonical_hint }), lifecycle.dataAsOf);
  const listingShut = listingShutdownEvents(lifecycle.offers, lifecycle.dataAsOf, shut.events);
  const retired = markRetiredListings(cat.events, shutdownOf);
  report.notes.push(
    `change events: ${cat.events.length} catalogue (price, licence, hosting) from ${changes.length} source changes; ${cat.baseline} baseline rows (a source's first commit) left out; ` +
      `${cat.unknownLicence} licence changes in resellers' listings left out (only the developer's own listing speaks for the licence); ` +
      `${cat.unresolved} rows of models not in the dataset left out; ` +
      `${cat.rolling} price changes of rolling aliases (-latest) left out; ` +
      `${cat.priceListed} price fields appearing or going (none -> a price, a price -> none) left out; ` +
      `${cat.renamedListings} listings stopping or starting while another listing of the model at the provider kept it offered (a rename, a second listing) left out; ` +
      `${cat.noProvider} listings starting or stopping with no provider named (LiteLLM keys gone before their fields were read) left out; ` +
      `${cat.fallbacks} listing removals made when the source declared the provider's prices fall back to other providers', one of which lists ` +
      'the model, stops marked corrections; ' +
      `${cat.reversals.added} listings added and taken away again and ${cat.reversals.removed} taken away and restored by the same source within a day, ` +
      'both events marked corrections',
    `price corrections by rule: ${byRule(cat.events, 'reverted within', /: [^ ]+ -> (0|none) -> /)} reverted from 0 within ${BLIP_DAYS} days, ` +
      `${byRule(cat.events, 'reverted within', /x and back: /)} moved ${ROUND_TRIP_RATIO}x or more and back within ${BLIP_DAYS} days, ` +
      `${byRule(cat.events, 'taken back within')} taking back or writing again a move the catalogue rewrote, ` +
      `${byRule(cat.events, 'exchanged with the ')} exchanging input and output or the cache prices, ` +
      `${byRule(cat.events, '', / price written as the cache /)} replacing one cache price written as the other, ` +
      `${byRule(cat.events, '', / at one price, .* a placeholder, /)} replacing a placeholder price, ` +
      `${byRule(cat.events, 'one catalogue commit (')} zeroed by one commit with many listings and ` +
      `${byRule(cat.events, 'ends the ')} ending such a zero, ` +
      `${byRule(cat.events, 'unit error brought in')} bringing in a unit error and ${byRule(cat.events, 'unit error corrected')}` +
      ' ending one, ' +
      `${cat.events.filter((e) => e.kind === 'price' && / the source correcting its launch price/.test(e.correction_note ?? '')).length}` +
      ` fixing a launch price within ${LAUNCH_FIX_DAYS} days, ${retired} on a listing already shut down, ` +
      `${byRule(cat.events, '', / one listing giving way to another in the catalogue/)} taking the price of a listing that went ` +
      `(bulk commits: ${cat.bulk.map((z) => `${z.source} ${z.commit} ${z.date} ${z.listings} listings`).join('; ') || 'none'})`,
    `leaderboard licence events: ${lic.events.length} from the licence labels of ${history.length} history points`,
    `rating events: ${elo.events.length} from ${history.length} history points, ${elo.renamed} of them a variant renamed on its ` +
      `leaderboard (read from the old name's rating, no debut); ${elo.unresolved} points of unmatched variants left out`,
    `shutdown events: ${shut.events.length} from deprecation notices (before de-duplication with the catalogues' hosting events), ` +
      `${shut.scheduled} of them scheduled after the notice was last read and on or before the dataset's date ` +
      `${lifecycle.dataAsOf}; ${listingShut.length} from listings' own shutdown dates (a catalogue's, or a notice's the notice's own ` +
      'event does not cover: a dated version held apart, another provider id of the service); ' +
      `${shut.ahead} shutdowns after the dataset's date and ${shut.unresolved} notices of models not in the dataset left out`,
  );
  // A notice and a catalogue that record the same withdrawal within the window are one event; a catalogue's stop the
  // window leaves apart, dated after the listing's shutdown, is marked a late record of it (retired-listings.ts).
  const one = oneHostingEvent(dedupe([...cat.events, ...shut.events, ...listingShut]));
  report.notes.push(`hosting events of one provider's change of a model on one day recorded on another provider id of the service ` +
    `(azure-cognitive-services) or another of the model's ids (a dated snapshot), merged into one: ${one.merged}`);
  const lateStops = markLateStops(one.events.filter((e) => e.commit !== undefined), shutdownOf);
  report.notes.push(`catalogue stops dated after the listing's own shutdown, marked late records of it: ${lateStops}`);
  // Folded last, so that the earlier record it joins is an event of the feed.
  const caught = foldCaughtUp(one.events);
  report.notes.push(`another source's record of a change the feed holds from an earlier day, folded into that event (recorded_later): ${caught.folded}`);
  return [...caught.events, ...lic.events, ...elo.events]
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}
