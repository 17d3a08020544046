// One canonical model's facts, merged by source precedence from the observations matched to it (docs/data.md,
// "Canonical models"): its name, lifecycle, licence, window, dates, counts, architecture and capabilities.
import type { Architecture, Fact, Licence, Model } from '../schema/index.ts';
import type { IngestIssue, ModelObservation } from '../sources/types.ts';
import { DEVELOPER_LICENCES_SOURCE_ID } from '../sources/developer-licences.ts';
import { DEVELOPER_RELEASES_SOURCE_ID } from '../sources/developer-releases.ts';
import { buildBenchmarks } from './build-benchmarks.ts';
import { configWindowWithin, windowRank, withWindowNote } from './context-window.ts';
import { judgeCutoff } from './cutoff-reading.ts';
import { denseActive, preferExactCount } from './exact-count.ts';
import { FIRST_PARTY } from './first-party.ts';
import { key0 } from './match-keys.ts';
import { plainName } from './matcher.ts';
import { maxOutputWithin } from './max-output.ts';
import { pickLicence } from './model-licence.ts';
import { countsFromName, holdsSameWeights, isRepoObservation } from './model-repo.ts';
import { modelLifecycle } from './model-status.ts';
import { openWeightsOf } from './open-weights.ts';
import { cutoffAfterRelease, place, releaseReadings, repositoryReadings, type Placed } from './placed.ts';
import { choose, type Candidate } from './precedence.ts';
import { chooseReleaseDate, isPlaceholderDate, releasedBeforeCutoff, withheldRelease } from './release-date.ts';
import { isRollingAlias, pointerReleaseWithheld } from './rolling-alias.ts';
import { skuOf } from './skus.ts';

export type LicenceLookup = (text: string) => Licence | undefined;

function isLeaderboard(source: string): boolean {
  return source.startsWith('lmarena');
}

/** A display name that says its listing is a pointer: `Claude Sonnet 4.5 (latest)`, `Claude Opus 4 (latest)`. */
const POINTER_NAME = /\(latest\)\s*$/i;
/** Past any listing's tier: a pointer listing's name is the last a concrete model is named by. */
const POINTER_NAME_PENALTY = 100;

/** When no source gives a display name, the best source's own identifier is the name, and says so. */
function idAsName(placed: Placed[]): Fact<string> | undefined {
  // A licence row names the model by its canonical id, which is no one's spelling of it (mistral-7b-v0.1 for
  // mistralai/Mistral-7B-v0.1): it names the model only when nothing else does.
  const spelt = placed.filter((p) => p.obs.source !== DEVELOPER_LICENCES_SOURCE_ID);
  const best = [...(spelt.length ? spelt : placed)].sort((a, b) => a.tier - b.tier || a.obs.source_model_id.length - b.obs.source_model_id.length)[0];
  if (!best) return undefined;
  const id = best.obs.source_model_id;
  return { value: id.slice(id.lastIndexOf('/') + 1), as_of: best.obs.as_of, source: best.obs.source, note: 'no source gives a display name: this is the source\'s identifier' };
}

/** The observations of a model's own Hugging Face repo (model-repo.ts), given the repos that matched it. */
export type RepoFacts = (model: { id: string; vendor: string; weights_url?: string }, candidates: string[]) => ModelObservation[];

export function mergeModel(
  id: string, vendor: string, placed: Placed[], licenceOf: LicenceLookup, unknownLicences: Set<string>, repoFacts: RepoFacts,
  resolveId?: (source: string, id: string) => string | undefined, issues: IngestIssue[] = [], defaultFalse?: ReadonlySet<string>,
  reviewedAs?: (source: string, id: string) => string | undefined,
): Model | undefined {
  // The entry spelled like the canonical id speaks first among equals (the undated snapshot over dated ones).
  const exact = (o: ModelObservation) => (key0(o.source_model_id) === key0(id) ? 0 : 0.5);
  type PickOptions = { skipLeaderboards?: boolean; from?: Placed[]; rank?: (p: Placed) => number };
  const pick = <T>(get: (o: ModelObservation) => T | undefined, opts: PickOptions = {}): Fact<T> | undefined => {
    const cands: Candidate<T>[] = [];
    for (const p of opts.from ?? placed) {
      if (opts.skipLeaderboards && isLeaderboard(p.obs.source)) continue;
      const v = get(p.obs);
      if (v === undefined) continue;
      const tier = (opts.rank ? opts.rank(p) : p.tier) + exact(p.obs);
      cands.push({ value: v, source: p.obs.source, as_of: p.obs.as_of, tier, authoritative: p.authoritative });
    }
    return choose(cands);
  };
  // Leaderboard names are variant names (`claude-opus-5-high`): a last resort for a model's name.
  // A SKU's listing names the SKU (OpenRouter's `google/gemma-3-27b-it:free` is "Gemma 3 27B (free)"): a last resort too.
  // A name that spells another model without loss is that model's: genai-prices names Google's 8B listing
  // "gemini 1.5 flash" (Gemini 1.5 Flash's name); a name with a plus (`Command R+`) is not such a name (plainName).
  const namesOther = (o: ModelObservation) => {
    const other = o.name && resolveId && plainName(o.name) ? resolveId('*', o.name) : undefined;
    return other !== undefined && other !== id;
  };
  const standardName = (o: ModelObservation) => (skuOf(o.source_model_id).sku === 'standard' && !namesOther(o) ? o.name : undefined);
  // A name that marks its listing as a pointer (models.dev's `anthropic/claude-opus-4-5`, "Claude Opus 4.5 (latest)",
  // the alias of the dated file claude-opus-4-5-20251101, "Claude Opus 4.5") names the alias, not the model: it comes
  // after every other listing's name. A pointer model of its own (`codestral-latest`) keeps such a name: it is one.
  const pointerNamed = (p: Placed) => !isRollingAlias(id) && POINTER_NAME.test(p.obs.name ?? '');
  const byName = { skipLeaderboards: true, rank: (p: Placed) => p.tier + (pointerNamed(p) ? POINTER_NAME_PENALTY : 0) };
  const name = pick(standardName, byName) ?? pick((o) => o.name, byName) ?? pick((o) => o.name) ?? idAsName(placed);
  if (!name) return undefined;
  const licence = pickLicence(placed, licenceOf, unknownLicences);
  const model: Model = { id, vendor, name, aliases: [], variants: [], capabilities: {} };
  const set = <K extends keyof Model>(k: K, v: Model[K] | undefined) => { if (v !== undefined) model[k] = v; };
  set('family', pick((o) => o.family));
  // A claim of open weights needs evidence; resellers that disagree are no evidence (open-weights.ts).
  set('open_weights', openWeightsOf(pick((o) => o.open_weights), placed, licence, defaultFalse));
  // Status and retirement dates are the developer's word only (model-status.ts), never a reseller's.
  Object.assign(model, modelLifecycle(id, placed.map((p) => p.obs), vendor, model.open_weights?.value, resolveId, reviewedAs));
  set('licence', licence);
  set('weights_url', pick((o) => o.weights_url));
  // Facts read from a Hugging Face repo count only from the model's own repo; other sources as they are.
  const ownRepoFacts = repoFacts(
    { id, vendor, weights_url: model.weights_url?.value },
    placed.filter((p) => isRepoObservation(p.obs)).map((p) => p.obs.source_model_id),
  );
  const factPlaced = [...placed.filter((p) => !isRepoObservation(p.obs)), ...ownRepoFacts.map((o) => place(o, vendor))];
  // An open model's window is the weights' (config, card, catalogue); the developer's API limit is that offer's own.
  const ownApi = model.open_weights?.value === true
    ? (o: ModelObservation) => o.provider !== undefined && FIRST_PARTY[o.provider] === vendor : undefined;
  // A reviewed row that gives the weights' window may say what the developer states beside it (withWindowNote).
  set('context_window', withWindowNote(
    pick(configWindowWithin(id, placed.map((p) => p.obs), issues, ownApi), { from: factPlaced, rank: windowRank }),
    factPlaced.map((p) => p.obs)));
  // A reviewed row's max output comes from the model's own repo, like its window: read from the same observations.
  set('max_output', pick(maxOutputWithin(id, model.context_window?.value, issues), { from: factPlaced }));
  set('modalities', pick((o) => o.modalities));
  // A listing with a placeholder release before its own cutoff (release-date.ts) contradicts itself: a consistent
  // listing's cutoff speaks first (Perplexity lists Sonar on 2024-01-01 with a cutoff of 2025-09-01).
  const selfContradicting = (p: Placed) => (p.obs.release_date && isPlaceholderDate(p.obs.release_date) &&
    releasedBeforeCutoff(p.obs.release_date, p.obs.knowledge_cutoff) ? 10 : 0);
  // The developer's page (a reviewed row) states the cutoff before any listing (resellers give gpt-oss-120b 2025-08).
  const cutoffRank = { rank: (p: Placed) => (p.obs.source === DEVELOPER_RELEASES_SOURCE_ID ? -1 : p.tier + selfContradicting(p)) };
  set('knowledge_cutoff', pick((o) => o.knowledge_cutoff, cutoffRank));
  // Listings disagree on release dates more than on anything else: release-date.ts settles them.
  // The developer's repository's creation day bounds the release from below (release-date.ts).
  const readings = [...releaseReadings(placed), ...repositoryReadings(ownRepoFacts)];
  set('release_date', chooseReleaseDate(readings, model.knowledge_cutoff?.value, id));
  const heldRelease = withheldRelease(readings, id);
  if (heldRelease) model.withheld = [heldRelease];
  // A model cannot know of a month after its release: such a cutoff yields to the next source's, or is withheld.
  // A lower bound of the release (the day the weights' repository was created) proves no cutoff impossible: the
  // release may come months after it. An upper bound does: the model was released by then.
  const released = model.release_date?.bound === 'on_or_after' ? undefined : model.release_date?.value;
  const cutoff = model.knowledge_cutoff;
  if (cutoff && released && cutoffAfterRelease(cutoff.value, released)) {
    const next = pick((o) => (o.knowledge_cutoff && !cutoffAfterRelease(o.knowledge_cutoff, released) ? o.knowledge_cutoff : undefined), cutoffRank);
    const reason = `is after the release date ${released}`;
    if (next) model.knowledge_cutoff = { ...next, note: [next.note, `${cutoff.value} (${cutoff.source}) ${reason}: set aside`].filter(Boolean).join('; ') };
    else {
      delete model.knowledge_cutoff;
      model.withheld = [...(model.withheld ?? []), { field: 'knowledge_cutoff', value: cutoff.value, as_of: cutoff.as_of, source: cutoff.source, reason }];
    }
  }
  // Whose cutoff it is: a developer's statement as it is, a catalogue's reading said to be one, resellers' readings
  // only where they agree (cutoff-reading.ts). Judged after the release test, on the readings that passed it.
  if (model.knowledge_cutoff) {
    const standing = placed.filter((p) => p.obs.knowledge_cutoff !== undefined && !(released && cutoffAfterRelease(p.obs.knowledge_cutoff, released)));
    const judged = judgeCutoff(model.knowledge_cutoff, standing);
    if (judged.kind === 'served') model.knowledge_cutoff = judged.fact;
    else {
      const { value, as_of, source } = model.knowledge_cutoff;
      delete model.knowledge_cutoff;
      model.withheld = [...(model.withheld ?? []), { field: 'knowledge_cutoff', value, as_of, source, reason: judged.reason }];
    }
  }
  // A pointer (`gpt-latest`) has no release of its own: its listings' date is withheld (rolling-alias.ts), after the
  // cutoff was judged against it, so a cutoff a listing gives after the date of a model it once served stays withheld.
  const pointerRelease = pointerReleaseWithheld(id, model.release_date, DEVELOPER_RELEASES_SOURCE_ID);
  if (pointerRelease) {
    delete model.release_date;
    model.withheld = [...(model.withheld ?? []), pointerRelease];
  }
  const copies = placed.filter((p) => isRepoObservation(p.obs) && holdsSameWeights(id, p.obs.source_model_id));
  set('parameters_total', preferExactCount(pick((o) => o.parameters_total, { from: factPlaced }), copies.map((p) => p.obs)));
  set('parameters_active', denseActive(model.parameters_total, pick((o) => o.parameters_active, { from: factPlaced })));
  // Layer and head counts may come from a copy of the same weights when the own repo has none (its config was unreadable).
  set('architecture', pick<Architecture>((o) => o.architecture, { from: factPlaced }) ?? pick<Architecture>((o) => o.architecture, { from: copies }));
  set('native_precision', pick((o) => o.native_precision, { from: factPlaced }));
  // The developer's own name states the counts (`Nemotron 3 Ultra 550B A55B`); a leaderboard's spelling does not count.
  const named = !isLeaderboard(name.source) && !name.note ? countsFromName(name.value) : undefined;
  if (named) {
    const from = (value: number) => ({ value, as_of: name.as_of, source: name.source, note: `stated in the developer's model name "${name.value}"` });
    if (!model.parameters_total) model.parameters_total = from(named.total);
    if (!model.parameters_active) model.parameters_active = from(named.active);
  }
  set('benchmarks', buildBenchmarks(id, placed.map((p) => p.obs)));
  const caps = model.capabilities;
  const tool = pick((o) => o.tool_calling); if (tool) caps.tool_calling = tool;
  const reas = pick((o) => o.reasoning); if (reas) caps.reasoning = reas;
  const vis = pick((o) => o.vision); if (vis) caps.vision = vis;
  const so = pick((o) => o.structured_output); if (so) caps.structured_output = so;
  return model;
}
