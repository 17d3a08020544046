// A release date for models no listing or reviewed row dates: the day the developer's own API was first seen listing it.
import type { ChangeEvent, Fact, Model } from '../schema/index.ts';
import { CLUSTER_DAYS } from './release-date.ts';
import { pointerReleaseWithheld } from './rolling-alias.ts';
import { DEVELOPER_RELEASES_SOURCE_ID } from '../sources/developer-releases.ts';

const DAY_MS = 86_400_000;
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY_MS;

/**
 * A model the catalogues list before anyone dates it (gpt-5.6-sol, claude-opus-5) has no release date, so a filter on
 * `released_after` or a sort by release hides the newest models. A dated source history (a catalogue's git commits)
 * records the day the developer's own API listing was added: the model was public by then, so that day is an upper
 * bound of the release. It stands in as a derived release date only when it reads as a launch:
 * - the listing is the developer's own (its API or platform, first-party.ts), from a history with commits, and not a
 *   correction (a catalogue adding a provider it had not tracked, build-changes.ts);
 * - another source saw the model within CLUSTER_DAYS of it: a second catalogue recording the same listing, another
 *   catalogue's listing or an arena debut. A catalogue filling in an old model does it alone (OpenAI's `moderation`
 *   in genai-prices on 2025-11-07), a launch is recorded by several;
 * - nothing dates the model earlier than CLUSTER_DAYS before it: no rating, listing or price of it before (claude-v1,
 *   first listed by Anthropic in genai-prices on 2025-11-07, was rated on the arena in May 2023).
 * A reseller's listing alone never gives such a date: it says when the reseller added the model.
 */
export function listedRelease(
  model: Pick<Model, 'id' | 'vendor'>,
  events: readonly ChangeEvent[],
  isDeveloper: (provider: string, modelId: string) => boolean,
  developerName: (id: string) => string,
): Fact<string> | undefined {
  const own = events
    .filter((e) => e.kind === 'hosting' && e.field === 'offered' && e.new === true && e.commit !== undefined && e.correction !== true &&
      e.provider !== undefined && isDeveloper(e.provider, model.id))
    .sort((a, b) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source) || a.id.localeCompare(b.id));
  const first = own[0];
  if (!first) return undefined;
  if (events.some((e) => daysBetween(e.date, first.date) > CLUSTER_DAYS)) return undefined;
  const near = (e: ChangeEvent) => Math.abs(daysBetween(e.date, first.date)) <= CLUSTER_DAYS;
  // Each other record as a derivation input of its own, led by its source: a tier that hides source ids rewrites the
  // lead (`A listed source: ...`), and the note names only the history the date is read from.
  const others = [...new Set([
    ...(first.corroborated_by ?? []).map((s) => `${s}: the same ${first.provider} listing, recorded`),
    ...events.filter((e) => e !== first && e.source !== first.source && near(e) &&
      ((e.kind === 'hosting' && e.field === 'offered' && e.new === true) || e.field === 'rating'))
      .map((e) => (e.field === 'rating' ? `${e.source}: rated ${e.date}` : `${e.source}: ${e.provider} listing added ${e.date}`)),
  ])].sort();
  if (!others.length) return undefined;
  const ids = first.provider_model_ids?.length ? `: ${first.provider_model_ids.join(', ')}` : '';
  const developer = developerName(model.vendor);
  return {
    value: first.date,
    as_of: first.date,
    source: 'derived',
    bound: 'on_or_before',
    derived_from: [`${first.source}: ${first.provider} listing added ${first.date}${first.commit ? ` (commit ${first.commit})` : ''}${ids}`, ...others],
    note: `first listed by ${developer} in the history of ${first.source} on ${first.date}, and seen by another source within ` +
      `${CLUSTER_DAYS} days (derived_from names each): the model was public by then, so this is an upper bound of the release, not an announced date`,
  };
}

/** Give every model no source dates the release listedRelease derives; returns the ids it dated. */
export function attachListedReleases(
  models: Model[],
  changes: readonly ChangeEvent[],
  isDeveloper: (provider: string, modelId: string) => boolean,
  developerName: (id: string) => string,
): string[] {
  const byModel = new Map<string, ChangeEvent[]>();
  for (const e of changes) {
    const list = byModel.get(e.model_id);
    if (list) list.push(e);
    else byModel.set(e.model_id, [e]);
  }
  const dated: string[] = [];
  for (const m of models) {
    // A date withheld (release-date.ts) was judged no release: no listing day stands in for it.
    if (m.release_date || m.withheld?.some((w) => w.field === 'release_date')) continue;
    const f = listedRelease(m, byModel.get(m.id) ?? [], isDeveloper, developerName);
    if (!f) continue;
    // A pointer's first listing is the day the name appeared, not a release (rolling-alias.ts): withheld.
    const pointer = pointerReleaseWithheld(m.id, f, DEVELOPER_RELEASES_SOURCE_ID);
    if (pointer) {
      m.withheld = [...(m.withheld ?? []), pointer];
      continue;
    }
    m.release_date = f;
    dated.push(m.id);
  }
  return dated;
}
