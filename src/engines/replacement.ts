// The replacement a developer or provider names, read against the catalogue: a name no model of the dataset answers to
// is said to be outside it, so that a reader does not ask get_model or estimate_cost for it and get a 404 unwarned.
import type { Fact } from '../schema/index.ts';
import { NOT_IN_CATALOGUE } from '../ingest/build-notice-events.ts';

/** What resolves a model id or alias to a model of the dataset (Dataset.resolveModelId). */
export type ResolveModelId = (idOrAlias: string) => string | undefined;

/**
 * The note of a named replacement no model of the dataset answers to, or undefined where one does. DeepSeek named
 * deepseek-v4.1-flash as V4 Flash's replacement on 2026-09-10 (developer-notices.csv); no snapshot the dataset is
 * built from makes it a model (its one listing, Doubleword's in genai-prices' bundle, is unmatched: docs/unmatched.md),
 * so get_model and estimate_cost answer 404 for it.
 */
export function notInCatalogueNote(name: string, resolve: ResolveModelId): string | undefined {
  if (resolve(name) !== undefined) return undefined;
  return `${NOT_IN_CATALOGUE}: no model of the dataset answers to ${name}, so get_model and estimate_cost do not answer for it`;
}

/** The replacement fact as answers show it: with the note above added where no model of the dataset answers to it. */
export function replacementFact<F extends Fact<string>>(f: F, resolve: ResolveModelId): F {
  const note = notInCatalogueNote(f.value, resolve);
  return note === undefined ? f : { ...f, note: f.note ? `${f.note}; ${note}` : note };
}

/** The replacement in a sentence: `deepseek-v4.1-flash (not in this catalogue)`, or the name alone where it is a model. */
export function replacementWords(name: string, resolve: ResolveModelId): string {
  return resolve(name) === undefined ? `${name} (${NOT_IN_CATALOGUE})` : name;
}
