// What a model search leaves out or places last, said beside its results: undated and bounded releases, other kinds.
import type { Dataset } from '../dataset/dataset.ts';
import type { Model } from '../schema/index.ts';
import { modelKind, type ModelKind } from './language-model.ts';
import { publicBy } from './public-by.ts';
import { boundedBySnapshot, mayBeAfter } from './release-bound.ts';
import { matchText, orders, passes, type SearchQuery } from './search.ts';

/** Whether the search's release order places the model after the dated ones, its bound being the snapshot's day. */
export function releasePlacedLast(ds: Dataset, id: string): boolean {
  return boundedBySnapshot(ds.modelById.get(id)?.release_date, ds.meta.data_as_of);
}

/**
 * How many models the query matches that have no release date: with `sort=release_date` they are the last of the
 * results (nothing to sort them by), with `released_after` they are left out (nothing says they pass). Either way a
 * reader must be told, or the newest models a catalogue lists before anyone dates them vanish without a word.
 */
export function undatedMatches(ds: Dataset, query: SearchQuery): number {
  const { released_after: _dropped, ...rest } = query;
  const scores = rest.q !== undefined ? matchText(ds, rest.q) : undefined;
  const candidates = scores ? [...scores.keys()].map((id) => ds.modelById.get(id)!) : ds.models;
  let n = 0;
  for (const m of candidates) if (!m.release_date && passes(ds, m, rest)) n++;
  return n;
}

/**
 * The models the query matches (every other filter passed) whose release only a bound gives and that may have been
 * released after `released_after` though nothing proves it: an upper bound later than the day ("on or before
 * 2026-09-23" for released_after=2026-08-01), or a lower bound on or before it. `released_after` alone leaves them
 * out, with `include_bounded` they are among the results: either way they are named, none dropped or admitted silently.
 */
export function boundedMatches(ds: Dataset, query: SearchQuery): string[] {
  const day = query.released_after;
  if (day === undefined) return [];
  const { released_after: _dropped, include_bounded: _also, ...rest } = query;
  const scores = rest.q !== undefined ? matchText(ds, rest.q) : undefined;
  const candidates = scores ? [...scores.keys()].map((id) => ds.modelById.get(id)!) : ds.models;
  // In the release order (newest bound first, a bound at the snapshot's day after the others: it places nothing).
  const position = orders(ds).release_date.position;
  const shown = publicBy(ds);
  return candidates.filter((m) => mayBeAfter(m.release_date, day, shown.get(m.id)) && passes(ds, m, rest)).map((m) => m.id)
    .sort((a, b) => position.get(a)! - position.get(b)!);
}

/**
 * The models of another kind than `query.kind` the query would match with every kind admitted, in the order the query
 * asks (relevance by the elo order): where search_models filters by its default kind (language models), a search for
 * `whisper` or `gemini embedding` says what it left out rather than answering nothing.
 */
export function otherKindMatches(ds: Dataset, query: SearchQuery): string[] {
  if (query.kind === undefined) return [];
  const { kind, ...rest } = query;
  // Only the models of another kind are tried: 38 of 873 on the committed dataset, whatever the query.
  const others = otherKinds(ds, kind);
  if (others.size === 0) return [];
  const sort = rest.sort === 'relevance' || rest.sort === 'benchmark' || rest.sort === undefined ? 'elo' : rest.sort;
  const position = orders(ds)[sort].position;
  const text = rest.q !== undefined ? matchText(ds, rest.q) : undefined;
  return [...others].filter((m) => (!text || text.has(m.id)) && passes(ds, m, rest)).map((m) => m.id)
    .sort((a, b) => position.get(a)! - position.get(b)!);
}

const otherKindCache = new WeakMap<Dataset, Map<ModelKind, ReadonlySet<Model>>>();

function otherKinds(ds: Dataset, kind: ModelKind): ReadonlySet<Model> {
  let byKind = otherKindCache.get(ds);
  if (!byKind) otherKindCache.set(ds, (byKind = new Map()));
  let set = byKind.get(kind);
  if (!set) byKind.set(kind, (set = new Set(ds.models.filter((m) => modelKind(m) !== kind))));
  return set;
}
