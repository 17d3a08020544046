// Preview and experimental ids the developer retired apart from their model: models of their own (o1-preview, o1).
import type { ModelObservation } from '../sources/types.ts';
import { FIRST_PARTY } from './first-party.ts';
import { NOTICE_SOURCES } from './lifecycle-dates.ts';
import { canonicalSlug, key0 } from './match-keys.ts';

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
 * the developer also lists the untagged id, and no notice retires the untagged id on that day. OpenAI shut o1-preview
 * down on 2025-07-28 (replacement o3) and o1 on 2026-10-23: two models, and `o1-preview-2024-09-12` (Azure) is a
 * snapshot of the preview. A dated preview alone (`gemini-2.5-pro-preview-05-06`) stays a snapshot of its model.
 */
export function findRetiredApart(observations: readonly ModelObservation[]): RetiredApart {
  const developer = observations.filter((o) => o.provider !== undefined && FIRST_PARTY[o.provider] !== undefined);
  const listed = new Set(developer.map((o) => key0(o.source_model_id)));
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
    const base = k.replace(TAG, '');
    if (!listed.has(base) || shutdowns.get(base)?.has(n.shutdown_date)) continue;
    if (!out.has(k)) out.set(k, canonicalSlug(n.source_model_id));
  }
  return out;
}
