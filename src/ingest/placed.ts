// An observation placed in the precedence of a model's sources, and the dates read from placed observations: the
// release readings release-date.ts chooses among, and the test a knowledge cutoff must pass against the release.
import type { ModelObservation } from '../sources/types.ts';
import { DEVELOPER_LICENCES_SOURCE_ID } from '../sources/developer-licences.ts';
import { DEVELOPER_WEIGHTS_SOURCE_ID } from '../sources/developer-weights.ts';
import { FIRST_PARTY } from './first-party.ts';
import type { ReleaseReading } from './release-date.ts';

export type Placed = { obs: ModelObservation; tier: number; authoritative: boolean };

/**
 * Tier of an observation: lower speaks with more authority for the model (see precedence.ts). A provider entry
 * is first-party only when the provider is the model's own developer (Alibaba Cloud serving DeepSeek is a reseller).
 */
export function place(o: ModelObservation, vendor: string): Placed {
  if (o.source === 'architecture-overrides' || o.source === 'model-architecture' || o.source === DEVELOPER_WEIGHTS_SOURCE_ID
    || o.source === DEVELOPER_LICENCES_SOURCE_ID) {
    return { obs: o, tier: 0, authoritative: true };
  }
  const p = o.provider;
  if (p === undefined) {
    if (o.source === 'models-dev') return { obs: o, tier: 1, authoritative: true };
    return { obs: o, tier: 3, authoritative: true };
  }
  if (FIRST_PARTY[p] === vendor) return { obs: o, tier: 2, authoritative: true };
  return { obs: o, tier: 4, authoritative: false };
}

/** A cutoff (YYYY-MM or YYYY-MM-DD) in a later month than the release: impossible for that release. */
export const cutoffAfterRelease = (cutoff: string, release: string): boolean => cutoff.slice(0, 7) > release.slice(0, 7);

/** Each listing's release date, with the knowledge cutoff the same listing gives (release-date.ts). */
export function releaseReadings(placed: readonly Placed[]): ReleaseReading[] {
  // A date a reviewed row found to be another model's (developer-weights.csv: Llama 3.3 70B's, on the 8B) is no reading.
  const held = new Set(placed.flatMap((p) => (p.obs.held_release_date ? [p.obs.held_release_date] : [])));
  return placed.flatMap(({ obs, tier }) => obs.release_date === undefined || held.has(obs.release_date) ? [] : [{
    value: obs.release_date, source: obs.source, as_of: obs.as_of, listing: obs.source_model_id, provider: obs.provider,
    own: tier <= 2, cutoff: obs.knowledge_cutoff, ...(obs.url ? { url: obs.url } : {}),
    ...(obs.release_bound ? { bound: obs.release_bound } : {}),
  }]);
}

/**
 * The creation day of the model's own Hugging Face repository, where the Hub snapshot records one (llmfit's
 * `release_date`, the Hub's `createdAt`), as a reading release-date.ts treats as a floor, not a listing. `own` is the
 * model's repository as model-repo.ts finds it, already limited to the developer's organisations (build-models.ts).
 */
export function repositoryReadings(own: readonly ModelObservation[]): ReleaseReading[] {
  const seen = new Set<string>();
  return own.flatMap((o) => {
    if (o.repo_created === undefined || seen.has(o.source_model_id)) return [];
    seen.add(o.source_model_id);
    return [{ value: o.repo_created, source: o.source, as_of: o.as_of, listing: o.source_model_id, own: false, repository: true,
      ...(o.url ? { url: o.url } : {}) }];
  });
}
