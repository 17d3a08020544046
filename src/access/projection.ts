// The full/partial projection of a response body (DESIGN.md section 9): one pure function for REST and MCP alike.
import type { Source } from '../schema/index.ts';
import { partialText, type PartialText } from './partial-text.ts';

export type ProjectionOptions = {
  /** Pro and enterprise: the body is returned as it is. */
  full: boolean;
  /** Top-level body fields only full responses carry (the operation's `fullTierOnly`, e.g. `criteria`). */
  fullTierOnly?: readonly string[];
  /** The dataset's sources table, to name the sources a partial response drew on. */
  sources: ReadonlyMap<string, Source>;
  /** PUBLIC_BASE_URL, quoted in the attribution. */
  baseUrl: string;
};

/**
 * A source a partial response drew on. `url` is null only for an id missing from the sources table. `licence` and
 * `attribution` are given where the source's licence asks for credit (its row in the sources table has an attribution
 * line: CC BY 4.0 for FMTI and Epoch AI, "attribute LMArena", the MIT catalogues): those terms hold on every tier.
 */
export type ProjectedSource = { id: string; name: string; url: string | null; licence?: string; attribution?: string };

/** Provenance members a partial response drops from every fact-shaped object. */
const PROVENANCE = new Set(['source', 'corroborated_by', 'conflicts']);
/**
 * Lists of source ids a partial response drops wherever they are, listing the ids once: an offer's `listed_by`, and
 * the `derived_from_sources` of a derived figure (a Trust Index) whose inputs the answer does not carry, so that the
 * figure still credits every source it is derived from.
 */
export const SOURCE_LISTS = new Set(['listed_by', 'derived_from_sources']);

export const attributionText = (baseUrl: string): string => `Data: Model Data Service (${baseUrl})`;

/** What a partial answer says it is (`tier`), so that a reader never takes it for a full one. */
export const PARTIAL_TIER = 'partial';

/**
 * Full: `body` unchanged. Partial: every fact-shaped object (string `as_of` and string `source`: facts and rating
 * rows) loses `source`, `corroborated_by` and `conflicts` and keeps `value`, `as_of`, `derived_from`, `note`;
 * `listed_by` and `derived_from_sources` lists are removed; texts that cite a source keep the date and name no source (partial-text.ts); the
 * source ids so removed are listed once as `sources` (sorted by id); `fullTierOnly` fields are removed; a fact whose
 * sources disagree keeps that it is disputed (`sources_disagree: true`, where `conflicts` was) but not who says what;
 * and `tier: "partial"` and the attribution the partial tiers must show are added.
 * Never mutates `body` (the dataset is frozen): untouched subtrees are shared with the input, changed ones copied.
 */
export function projectBody<T extends object>(body: T, opts: ProjectionOptions): T | Record<string, unknown> {
  if (opts.full) return body;
  const ids = new Set<string>();
  const drop = new Set(opts.fullTierOnly ?? []);
  const out: Record<string, unknown> = {};
  // Full-tier-only fields go first, so the sources only they cite are not listed; a figure kept that is derived from
  // them names its inputs' sources itself (`derived_from_sources`), and those are listed.
  const b = body as Record<string, unknown>;
  const walk: Walk = { ids, text: partialText(opts.sources) };
  for (const k of Object.keys(b)) {
    if (drop.has(k)) continue;
    if (SOURCE_LISTS.has(k) && Array.isArray(b[k])) {
      for (const s of b[k] as unknown[]) if (typeof s === 'string') ids.add(s);
      continue;
    }
    // A top-level `sources` member is the sources list itself (GET /sources): names there are the attribution.
    put(out, k, k === 'sources' ? b[k] : strip(b[k], walk));
  }
  // A body whose own `sources` member is the payload (GET /sources) keeps it: it already names every source.
  out.tier = PARTIAL_TIER;
  if (!Object.hasOwn(out, 'sources')) out.sources = [...ids].sort().map((id) => sourceRef(id, opts.sources));
  out.attribution = attributionText(opts.baseUrl);
  out.attribution_required = true;
  return out;
}

export function sourceRef(id: string, table: ReadonlyMap<string, Source>): ProjectedSource {
  const s = table.get(id);
  if (!s) return { id, name: id, url: null };
  return s.attribution ? { id, name: s.name, url: s.url, licence: s.licence, attribution: s.attribution } : { id, name: s.name, url: s.url };
}

function collect(o: Record<string, unknown>, ids: Set<string>): void {
  ids.add(o.source as string);
  if (Array.isArray(o.corroborated_by)) for (const s of o.corroborated_by) if (typeof s === 'string') ids.add(s);
  if (Array.isArray(o.conflicts)) {
    for (const c of o.conflicts) {
      const src = (c as { source?: unknown } | null)?.source;
      if (typeof src === 'string') ids.add(src);
    }
  }
}

export type Walk = { ids: Set<string>; text: PartialText };

/** Returns `node` itself when nothing under it changed, so a partial response copies only what it must. */
export function strip(node: unknown, walk: Walk): unknown {
  if (typeof node === 'string') return walk.text(node, walk.ids);
  if (Array.isArray(node)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < node.length; i++) {
      const v = strip(node[i], walk);
      if (v !== node[i]) copy ??= node.slice();
      if (copy) copy[i] = v;
    }
    return copy ?? node;
  }
  if (node === null || typeof node !== 'object') return node;
  const o = node as Record<string, unknown>;
  const isFact = typeof o.as_of === 'string' && typeof o.source === 'string';
  if (isFact) collect(o, walk.ids);
  let copy: Record<string, unknown> | undefined;
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (isFact && PROVENANCE.has(k)) {
      copy ??= copyUpTo(o, keys, i);
      // A reader of a partial answer must still learn that the sources disagree: a compliance reading depends on it.
      if (k === 'conflicts' && Array.isArray(o[k]) && o[k].length > 0) copy.sources_disagree = true;
      continue;
    }
    if (SOURCE_LISTS.has(k) && Array.isArray(o[k])) {
      for (const s of o[k] as unknown[]) if (typeof s === 'string') walk.ids.add(s);
      copy ??= copyUpTo(o, keys, i);
      continue;
    }
    const v = strip(o[k], walk);
    if (v !== o[k]) copy ??= copyUpTo(o, keys, i);
    if (copy) put(copy, k, v);
  }
  return copy ?? node;
}

/** A new object with the first `n` members of `o` (all of which were kept unchanged). */
function copyUpTo(o: Record<string, unknown>, keys: string[], n: number): Record<string, unknown> {
  const c: Record<string, unknown> = {};
  for (let j = 0; j < n; j++) put(c, keys[j]!, o[keys[j]!]);
  return c;
}

/** Assignment that keeps a data key named `__proto__` (possible in JSON) a plain member instead of a prototype. */
export function put(c: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(c, k, { value: v, enumerable: true, writable: true, configurable: true });
  else c[k] = v;
}
