// Preview and experimental ids the developer retired apart from their model: models of their own (o1-preview, o1).
import type { ModelObservation } from '../sources/types.ts';
import { FIRST_PARTY } from './first-party.ts';
import { NOTICE_SOURCES } from './lifecycle-dates.ts';
import { canonicalSlug, key0, variantKeys } from './match-keys.ts';

const TAG = /-(?:preview|exp|experimental)$/;
/** A snapshot date after the tag: `-2024-09-12`, `-20240912`, `-01-21`, `-1219`. */
const DATED = /-(?:20\d{2}-?\d{2}-?\d{2}|\d{2}-\d{2}|\d{4})$/;

/** The key of a preview-tagged id, less a date after the tag (`o1-preview-2024-09-12` -> `o1-preview`); else undefined. */
export function taggedKey(id: string): string | undefined {
  const k = key0(id);
  if (TAG.test(k)) return k;
  const d = k.replace(DATED, '');
  return d !== k && TAG.test(d) ? d : undefined;
}

/** Tagged key -> canonical id of the preview that is a model of its own. */
export type RetiredApart = ReadonlyMap<string, string>;

/**
 * docs/data.md, "Canonical models". The matching keys drop a `-preview` or `-exp` tag (key1), so that a preview
 * normally joins its model. A preview is a model of its own when the developer says so by retiring it apart: the
 * developer's notice (deprecations-rss of its own API, developer-notices) gives the undated tagged id a shutdown date,
 * the developer names an untagged id the tagged one would join (the same key less the tag, a version tail such as
 * `-001`, or an effort word such as `-thinking`), in its own listing or as the notice's own replacement, and no
 * notice retires any such id on that day. Google retires gemini-3-pro-image-preview on 2026-06-25 naming
 * gemini-3-pro-image as its replacement, though its own listing in models.dev holds only the preview: the notice is
 * the developer saying the untagged id is another model, the one that outlives the preview. Google lists no bare
 * `gemini-embedding` or `gemini-2.0-flash-thinking`, yet `gemini-embedding-exp` (shut down 2025-10-30) would join
 * gemini-embedding-001 and `gemini-2.0-flash-thinking-exp` (2025-12-02) gemini-2.0-flash: each has its own lifecycle.
 * OpenAI shut o1-preview down on 2025-07-28 (replacement o3) and o1 on 2026-10-23: two models, and `o1-preview-2024-09-12` (Azure) is a
 * snapshot of the preview. A dated preview alone (`gemini-2.5-pro-preview-05-06`) stays a snapshot of its model.
 */
export function findRetiredApart(observations: readonly ModelObservation[]): RetiredApart {
  const developer = observations.filter((o) => o.provider !== undefined && FIRST_PARTY[o.provider] !== undefined);
  // The developer's untagged ids by the keys a tagged id would join them at (less tag, version tail, effort word).
  const untaggedBy = new Map<string, Set<string>>();
  for (const o of developer) {
    const k = key0(o.source_model_id);
    if (taggedKey(o.source_model_id) !== undefined) continue;
    for (const v of variantKeys(o.source_model_id)) untaggedBy.set(v, (untaggedBy.get(v) ?? new Set<string>()).add(k));
  }
  const notices = developer.filter((o) => NOTICE_SOURCES.has(o.source));
  const shutdowns = new Map<string, Set<string>>();
  for (const n of notices) {
    const k = key0(n.source_model_id);
    shutdowns.set(k, (shutdowns.get(k) ?? new Set<string>()).add(n.shutdown_date ?? ''));
  }
  const out = new Map<string, string>();
  for (const n of notices) {
    const k = key0(n.source_model_id);
    if (!TAG.test(k) || n.shutdown_date === undefined) continue;
    const joins = new Set(variantKeys(n.source_model_id).flatMap((v) => [...(untaggedBy.get(v) ?? [])]));
    // The notice's own replacement, when the tagged id would join it, is an untagged id the developer names.
    const tagged = new Set(variantKeys(n.source_model_id));
    if (n.replacement !== undefined && taggedKey(n.replacement) === undefined && variantKeys(n.replacement).some((v) => tagged.has(v))) {
      joins.add(key0(n.replacement));
    }
    if (!joins.size || [...joins].some((u) => shutdowns.get(u)?.has(n.shutdown_date!))) continue;
    if (!out.has(k)) out.set(k, canonicalSlug(n.source_model_id));
  }
  return out;
}
