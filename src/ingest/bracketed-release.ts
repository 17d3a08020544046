// An upper bound of the release for models only a copy newer than every dated history lists, and their feed event.
import type { ChangeEvent, Fact, Model } from '../schema/index.ts';
import type { OfferObservation } from '../sources/types.ts';
import { stableId } from './ids.ts';
import { ID_DAY_SLACK, idMonth } from './release-date.ts';
import { pointerReleaseWithheld } from './rolling-alias.ts';
import { DEVELOPER_RELEASES_SOURCE_ID } from '../sources/developer-releases.ts';

/** A developer's listing a source's later copy holds and its earlier copy lacks (OfferObservation.listed_between). */
export type BracketedListing = OfferObservation & { model_id: string; listed_between: NonNullable<OfferObservation['listed_between']> };

/**
 * GPT-6 Sol, Claude Opus 5.5 or Grok 4.6 come after the last commit of every dated history (genai-prices' to
 * 2026-07-25), so listed-release.ts cannot date them, and no listing gives a date. What the copies do say: the
 * developer's own listing is absent from genai-prices' repository of 2026-08-21 and present in its npm bundle of
 * 2026-09-23. The model was public by the later day: that day is an upper bound of the release, never the release.
 * An earlier sale of the model tightens the bound: a price that a real move replaced (a launch promotion's end:
 * GLM-5.3-Flash was sold at Z.ai's 50% launch price until 2026-09-09, its list price holding from 2026-09-10, so it
 * was on sale by 2026-09-09, two weeks before the later copy).
 * It stands only where nothing else speaks: no release date, none withheld, no history recording any listing of the
 * model, and no other source listing it (a catalogue's earlier snapshot would date it better). The listing's
 * appearance also enters the change feed, dated by the later copy, its `subject` stating the interval.
 * An arena debut does not tighten it (since 2026-11-28): the arena rates models before their release, under a codename
 * (GPT-4o as `im-also-a-good-gpt2-chatbot` weeks before 2024-05-13) and on a leaderboard published before the
 * developer's own listing day (deepseek-v4-pro: published 2026-04-23 with 4,163 votes, DeepSeek's listing 2026-04-24).
 * The note still says when the arena first rated the model. The earlier copy is no lower bound either: the bundle's
 * description of xAI's grok-4.6 listing says "released 2026-08-12", before the copy of 2026-08-21 that lacks it
 * (docs/data.md, "Bounded release dates").
 */
export function bracketedRelease(
  model: Pick<Model, 'id' | 'vendor' | 'release_date' | 'withheld'>,
  listings: readonly BracketedListing[],
  otherSources: readonly string[],
  events: readonly ChangeEvent[],
  developerName: (id: string) => string,
): { fact: Fact<string>; events: ChangeEvent[] } | undefined {
  if (model.release_date || model.withheld?.some((w) => w.field === 'release_date') || !listings.length) return undefined;
  if (otherSources.length || events.some((e) => e.kind === 'hosting')) return undefined;
  const first = [...listings].sort((a, b) => a.listed_between.by.localeCompare(b.listed_between.by) ||
    a.provider.localeCompare(b.provider) || a.provider_model_id.localeCompare(b.provider_model_id))[0];
  const { after, by, note } = first.listed_between;
  // An id naming a month well before the interval is an old version the catalogue filled in late (Mistral's
  // `mistral-ocr-2503`, `voxtral-mini-2602` in the bundle of 2026-09-23): the bound would read as a launch it is not.
  if (namesEarlierMonth(model.id, after)) return undefined;
  const own = listings.filter((l) => l.provider === first.provider && l.listed_between.by === by);
  const ids = [...new Set(own.map((l) => l.provider_model_id))].sort();
  const debut = events.filter((e) => e.kind === 'elo' && e.field === 'rating')
    .sort((a, b) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source))[0];
  // Said in the note, not served as a bound: the arena rates models before their release.
  const rated = debut && debut.date < by ? debut : undefined;
  // A price in force before a real move (not a catalogue's correction) was charged the day before it at the latest.
  const moved = events.filter((e) => e.kind === 'price' && e.correction === false && typeof e.old === 'number')
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))[0];
  const pricedBy = moved ? dayBefore(moved.date) : undefined;
  const priced = moved && pricedBy! < by ? { event: moved, by: pricedBy! } : undefined;
  const value = priced ? priced.by : by;
  const developer = developerName(model.vendor);
  const listed = `listed by ${developer} between ${after} and ${by} (${first.source}: ${note})`;
  const fact: Fact<string> = {
    value,
    as_of: value,
    source: 'derived',
    bound: 'on_or_before',
    derived_from: [
      `${first.source}: ${first.provider} listing ${ids.join(', ')} ${note}`,
      ...(priced ? [`${priced.event.source}: ${priced.event.provider} price ${priced.event.field} ${priced.event.old} until ${priced.by}, ` +
        `${priced.event.new} from ${priced.event.date} (${priced.event.subject ?? 'a real price move'})`] : []),
    ],
    note: (priced
      ? `${listed}; sold by ${priced.event.provider} at a price that held until ${priced.by} (${priced.event.subject ?? 'a real price move'}): ` +
        'the model was on sale by then, so this is an upper bound of the release, not an announced date'
      : `${listed}; no dated history records it: the model was public by ${by}, so this is an upper bound of the release, not an announced date`)
      + (rated ? `; ${rated.source} rated it from ${rated.date}${rated.variant ? ` (${rated.variant})` : ''}, which bounds nothing: ` +
        'the arena rates models before their release' : ''),
  };
  // The listing's own price history can date it better than the later copy: a real price move of the same provider
  // means it sold the model the day before at the latest (the feed must not show a price change before the listing).
  const ownMove = events.filter((e) => e.kind === 'price' && e.correction === false && typeof e.old === 'number' && e.provider === first.provider)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))[0];
  // Only inside the interval: a move on or before the day the earlier copy shows no listing dates another listing.
  const soldBy = ownMove && dayBefore(ownMove.date) < by && dayBefore(ownMove.date) > after ? dayBefore(ownMove.date) : undefined;
  const event: ChangeEvent = {
    // The id keeps the later copy's day: the same listing keeps its id whatever dates it better.
    id: stableId([by, model.id, 'hosting', 'offered', first.provider, null, null, false, true]),
    date: soldBy ?? by,
    model_id: model.id,
    kind: 'hosting',
    field: 'offered',
    provider: first.provider,
    provider_model_ids: ids,
    old: false,
    new: true,
    source: first.source,
    correction: null,
    subject: soldBy
      ? `listed between ${after} and ${by} (${note}); dated ${soldBy}, the day before its first recorded price move (${ownMove!.date}): it was on sale by then`
      : `listed between ${after} and ${by}, dated by the later copy: ${note}`,
  };
  return { fact, events: [event] };
}

const DAY_MS = 86_400_000;
const dayBefore = (d: string) => new Date(Date.parse(d) - DAY_MS).toISOString().slice(0, 10);
/** Whether the id names a month (release-date.ts, idMonth) that began more than ID_DAY_SLACK days before `after`. */
function namesEarlierMonth(id: string, after: string): boolean {
  const month = idMonth(id);
  return month !== undefined && (Date.parse(after) - Date.parse(`${month}-01`)) / DAY_MS > ID_DAY_SLACK;
}

/**
 * Date every model bracketedRelease can and add its listing events to `changes` (kept newest first, as the feed
 * orders them). `listings` are the developer's own listings with an interval, resolved to models; `listedBy` gives the
 * sources that list each model at all. Returns the ids dated.
 */
export function attachBracketedReleases(
  models: Model[],
  listings: readonly BracketedListing[],
  listedBy: (modelId: string) => readonly string[],
  changes: ChangeEvent[],
  developerName: (id: string) => string,
): string[] {
  const byModel = new Map<string, BracketedListing[]>();
  for (const l of listings) byModel.set(l.model_id, [...(byModel.get(l.model_id) ?? []), l]);
  const dated: string[] = [];
  for (const m of models) {
    const own = byModel.get(m.id);
    if (!own) continue;
    const sources = new Set(own.map((l) => l.source));
    const others = listedBy(m.id).filter((s) => !sources.has(s) && s !== 'genai-prices');
    const r = bracketedRelease(m, own, others, changes.filter((e) => e.model_id === m.id), developerName);
    if (!r) continue;
    changes.push(...r.events);
    // A pointer's first listing is the day the name appeared, not a release (rolling-alias.ts): withheld, the event kept.
    const pointer = pointerReleaseWithheld(m.id, r.fact, DEVELOPER_RELEASES_SOURCE_ID);
    if (pointer) {
      m.withheld = [...(m.withheld ?? []), pointer];
      continue;
    }
    m.release_date = r.fact;
    dated.push(m.id);
  }
  changes.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
  return dated;
}
