// A moving name's version facts (parameters, weights, cutoff, limits, dated scores) are those of the model it serves today.
import type { Fact, Model } from '../schema/index.ts';
import { VERSION_POINTERS_SOURCE_ID } from './points-to.ts';

/**
 * Facts that belong to one version of a model, not to a name that moves between versions. Listings of a pointer give
 * the figures of whichever target the catalogue saw: models.dev's codestral-latest links the Codestral-22B-v0.1 weights
 * (codestral-2405, the first target, which model-architecture.csv then sizes at 22.2B), while the name serves Codestral
 * 25.08, whose size Mistral does not publish.
 */
export const VERSION_FIELDS = [
  'open_weights', 'licence', 'weights_url', 'parameters_total', 'parameters_active', 'architecture', 'native_precision', 'knowledge_cutoff',
  // The window and the output limit are the served model's too: models.dev's claude-opus-latest file of 2026-07-02
  // gives 128,000 output tokens, Claude Opus 4.7's, while the name serves Claude Opus 5.5, for which no source gives one.
  'context_window', 'max_output',
] as const;
type VersionField = (typeof VERSION_FIELDS)[number];

const show = (v: unknown): string => (typeof v === 'object' ? JSON.stringify(v) : String(v));
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The pointer's own readings that differ from its target's value, each once: they stay as conflicts, not as the fact. */
function ownReadings(own: Fact<unknown> | undefined, value: unknown): NonNullable<Fact<unknown>['conflicts']> {
  if (!own) return [];
  const seen = new Set<string>();
  return [{ value: own.value, as_of: own.as_of, source: own.source }, ...(own.conflicts ?? [])].filter((r) => {
    const k = `${r.source}|${JSON.stringify(r.value)}`;
    if (same(r.value, value) || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * For each model with `points_to` (points-to.ts), each version fact its listings give: where the target has the fact,
 * the value is the target's, cited to the pointer table with the target's own source in the note and the pointer's
 * differing readings in `conflicts` (a listing may date from an earlier target even when the figures agree); where
 * the target has none, the fact is not the pointer's either and is withheld with the reason. A fact no listing gives
 * the pointer is not copied from the target. A benchmark score dated before
 * the target's release (or, without one, before the pointer row's evidence) measured an earlier target: withheld.
 * Runs after every step that sets these facts (closed developers, GGUF files). Mutates the models; returns one note
 * per model changed.
 */
export function pointerVersionFacts(models: Model[]): string[] {
  const byId = new Map(models.map((m) => [m.id, m]));
  const notes: string[] = [];
  for (const m of models) {
    const target = m.points_to && byId.get(m.points_to.value);
    if (!m.points_to || !target) continue;
    const asOf = m.points_to.as_of;
    const serves = `${m.id} serves ${target.id} as of ${asOf} (version-pointers.csv)`;
    const withheld = [...(m.withheld ?? [])];
    const changed: string[] = [];
    for (const field of VERSION_FIELDS) {
      const own = m[field] as Fact<unknown> | undefined;
      const theirs = target[field] as Fact<unknown> | undefined;
      // A fact no listing gives the pointer stays absent: a retired API name (deepseek-chat) names no weights to run.
      if (!own || own.source === VERSION_POINTERS_SOURCE_ID) continue;
      if (theirs) {
        const conflicts = ownReadings(own, theirs.value);
        (m as Record<VersionField, unknown>)[field] = {
          value: theirs.value, as_of: asOf, source: VERSION_POINTERS_SOURCE_ID,
          note: `${target.id}'s ${field} (${theirs.source}, ${theirs.as_of}): ${serves}`,
          ...(conflicts.length ? { conflicts } : {}),
        };
        changed.push(field);
      } else {
        delete (m as Record<string, unknown>)[field];
        withheld.push({ field, value: show(own.value), as_of: own.as_of, source: own.source,
          reason: `is a figure listings give the moving name ${m.id}, and ${serves}, which has none: an earlier target's figure, not the ` +
            `name's (docs/data.md, "A pointer's version facts")` });
        changed.push(`${field} withheld`);
      }
    }
    // A score measured before the target existed measured an earlier target.
    const start = target.release_date?.value ?? asOf;
    const early = (m.benchmarks ?? []).filter((b) => b.as_of < start);
    if (early.length) {
      m.benchmarks = (m.benchmarks ?? []).filter((b) => b.as_of >= start);
      if (!m.benchmarks.length) delete m.benchmarks;
      for (const b of early) {
        withheld.push({ field: 'benchmarks', value: `${b.value.name} ${b.value.score}`, as_of: b.as_of, source: b.source,
          reason: `is dated before ${target.id} (${target.release_date ? `released ${start}` : `evidence of ${start}`}), which ${m.id} serves as of ` +
            `${asOf} (version-pointers.csv): a score of an earlier target (docs/data.md, "A pointer's version facts")` });
      }
      changed.push(`${early.length} benchmark score(s) withheld`);
    }
    if (withheld.length) m.withheld = withheld;
    if (changed.length) notes.push(`${m.id} -> ${target.id}: ${changed.join(', ')}`);
  }
  return notes;
}
