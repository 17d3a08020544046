// The full/partial projection of a response body (DESIGN.md section 9): one pure function for REST and MCP alike.
import { isKept } from '../ops/json-fragment.ts';
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
 * CC BY 4.0 section 3(a)(1) also asks for a link to the licence (`licence_url`, from the source's row, also quoted in
 * the attribution) and for an indication of modification: where a figure the answer shows is derived from the
 * source (a Trust Index from FMTI's indicators, a speed from Epoch's memory bandwidth), `modified` is true and the
 * attribution says so.
 */
export type ProjectedSource = {
  id: string; name: string; url: string | null; licence?: string; licence_url?: string; attribution?: string; modified?: true;
};

/** What the credit of a source adds where an answer's figures are derived from it (CC BY 4.0 section 3(a)(1)(B)). */
export const MODIFIED_NOTE = 'modified: figures in this answer are derived from it';

/**
 * Lists of source ids a partial response drops wherever they are, listing the ids once: an offer's `listed_by`, and
 * the `derived_from_sources` of a derived figure (a Trust Index) whose inputs the answer does not carry, so that the
 * figure still credits every source it is derived from.
 */
export const SOURCE_LISTS = new Set(['listed_by', 'derived_from_sources']);

/**
 * How a set of source ids notes that an answer's figure is derived from a source: beside the id, the id after this
 * mark (no source id begins with it: ids are slugs). Kept in the same set, so that every cache of the ids a part
 * names (write-body.ts) keeps the marks too.
 */
const DERIVED_MARK = '>';
/** The members whose sources an answer's figure is derived from: a figure's inputs and its list of their sources. */
const DERIVED_MEMBERS = new Set(['derived_from', 'derived_from_sources']);

/** A set that adds to `ids` each id given and its derived mark: the sources a derived figure's inputs name. */
class DerivedIds extends Set<string> {
  readonly #to: Set<string>;
  constructor(to: Set<string>) {
    super();
    this.#to = to;
  }
  override add(id: string): this {
    this.#to.add(id);
    if (!id.startsWith(DERIVED_MARK)) this.#to.add(markedOf(id));
    return this;
  }
}

/**
 * A source id with its derived mark, made once per id: a 100-entry page notes some 500 such ids, each a new string
 * to hash when made on every add. Bounded: ids come from the sources table (some 50), the bound only guards.
 */
const marked = new Map<string, string>();
function markedOf(id: string): string {
  let m = marked.get(id);
  if (m === undefined) {
    m = DERIVED_MARK + id;
    if (marked.size < 4096) marked.set(id, m);
  }
  return m;
}

/**
 * The last DerivedIds made, and the set it adds to. A DerivedIds holds nothing of its own (its `add` writes to its
 * target only), so one serves every derived member noting into the same set: a 100-entry page asked for one per
 * entry, each a new Set with its own table (some 8 KB a partial answer).
 */
let derivedTarget: Set<string> | undefined;
let derivedIds: DerivedIds | undefined;

/** The ids a member's value names are added to: `ids` itself, or, for a derived figure's inputs, with their marks. */
export function idsFor(k: string, ids: Set<string>): Set<string> {
  if (!DERIVED_MEMBERS.has(k)) return ids;
  if (derivedTarget !== ids || derivedIds === undefined) {
    derivedTarget = ids;
    derivedIds = new DerivedIds(ids);
  }
  return derivedIds;
}

/** A partial answer's `sources`: each source id in `ids` once, sorted, credited as derived from where it is marked so. */
export function sourceList(ids: ReadonlySet<string>, table: ReadonlyMap<string, Source>): ProjectedSource[] {
  return [...ids].filter((id) => !id.startsWith(DERIVED_MARK)).sort().map((id) => sourceRef(id, table, ids.has(DERIVED_MARK + id)));
}

export const attributionText = (baseUrl: string): string => `Data: Model Data Service (${baseUrl})`;

/** What a partial answer says it is (`tier`), so that a reader never takes it for a full one. */
export const PARTIAL_TIER = 'partial';

/**
 * Full: `body` unchanged. Partial: every fact-shaped object (string `as_of` and string `source`: facts and rating
 * rows) loses `source`, `corroborated_by` and `conflicts` and keeps `value`, `as_of`, `derived_from`, `note`;
 * `listed_by` and `derived_from_sources` lists are removed; a quoted page (`evidence_page`) keeps only the day it was read;
 * texts that cite a source keep the date and name no source (partial-text.ts); the
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
      const to = idsFor(k, ids);
      for (const s of b[k] as unknown[]) if (typeof s === 'string') to.add(s);
      continue;
    }
    // A top-level `sources` member is the sources list itself (GET /sources): names there are the attribution.
    put(out, k, k === 'sources' ? b[k] : DERIVED_MEMBERS.has(k) ? strip(b[k], { ...walk, ids: idsFor(k, ids) }) : strip(b[k], walk));
  }
  // A body whose own `sources` member is the payload (GET /sources) keeps it: it already names every source.
  out.tier = PARTIAL_TIER;
  if (!Object.hasOwn(out, 'sources')) out.sources = sourceList(ids, opts.sources);
  out.attribution = attributionText(opts.baseUrl);
  out.attribution_required = true;
  return out;
}

/** A source's entry in `sources`; `derived`: a figure of the answer is derived from it (see ProjectedSource). */
export function sourceRef(id: string, table: ReadonlyMap<string, Source>, derived = false): ProjectedSource {
  const s = table.get(id);
  if (!s) return { id, name: id, url: null };
  if (!s.attribution) return { id, name: s.name, url: s.url };
  const link = s.licence_url && !s.attribution.includes(s.licence_url) ? ` (${s.licence_url})` : '';
  return {
    id, name: s.name, url: s.url, licence: s.licence,
    ...(s.licence_url ? { licence_url: s.licence_url } : {}),
    attribution: `${s.attribution}${link}${derived ? `; ${MODIFIED_NOTE}` : ''}`,
    ...(derived ? { modified: true as const } : {}),
  };
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
  if (node === null || typeof node !== 'object') return node;
  return stripNode(node, walk);
}

/** strip of a member or element: a number, boolean or null is its own projection, with no call. */
const stripValue = (v: unknown, walk: Walk): unknown =>
  (typeof v === 'string' ? walk.text(v, walk.ids) : v === null || typeof v !== 'object' ? v : stripNode(v, walk));

const stripNode = (v: object, walk: Walk): unknown =>
  (isKept(v) ? strippedKept(v, walk) : Array.isArray(v) ? stripArray(v, walk) : stripObject(v as Record<string, unknown>, walk));

/**
 * A kept part's projection (ops/json-fragment.ts `kept`: it never changes), made once per sources table (one per
 * dataset: `walk.text` is made per table) with the source ids it names, as write-body.ts keeps it for stitched answers.
 * An answer projected whole (recommend_model's) shows the same model references, ratings, licences and EU offers ask
 * after ask: each was copied and its texts rewritten on every partial answer. Its ids are added to the walk's own set,
 * so under a derived figure's inputs they are marked as derived from, as they would be walked there.
 */
type Stripped = { value: unknown; ids: readonly string[] };
const keptStrips = new WeakMap<PartialText, WeakMap<object, Stripped>>();

function strippedKept(v: object, walk: Walk): unknown {
  let byPart = keptStrips.get(walk.text);
  if (byPart === undefined) keptStrips.set(walk.text, (byPart = new WeakMap()));
  let s = byPart.get(v);
  if (s === undefined) {
    const own: Walk = { ids: new Set(), text: walk.text };
    const value = Array.isArray(v) ? stripArray(v, own) : stripObject(v as Record<string, unknown>, own);
    byPart.set(v, (s = { value, ids: [...own.ids] }));
  }
  for (const id of s.ids) walk.ids.add(id);
  return s.value;
}

function stripArray(node: unknown[], walk: Walk): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < node.length; i++) {
    const v = stripValue(node[i], walk);
    if (v !== node[i]) copy ??= node.slice();
    if (copy) copy[i] = v;
  }
  return copy ?? node;
}

/**
 * What a member's key asks of strip: a provenance member a partial response drops from every fact-shaped object
 * (`source`, `corroborated_by`, `conflicts`), a list of source ids (SOURCE_LISTS), a derived figure's inputs
 * (DERIVED_MEMBERS), or nothing (most keys). One switch on the key rather than three set look-ups a member: for...in
 * gives keys as internalized strings, which compare with the cases' by reference.
 */
const Key = { Plain: 0, Provenance: 1, SourceList: 2, DerivedList: 3, Derived: 4 } as const;
type Key = (typeof Key)[keyof typeof Key];

function keyKind(k: string): Key {
  switch (k) {
    case 'source': case 'corroborated_by': case 'conflicts': return Key.Provenance;
    case 'listed_by': return Key.SourceList;
    case 'derived_from_sources': return Key.DerivedList;
    case 'derived_from': return Key.Derived;
    default: return Key.Plain;
  }
}

function stripObject(o: Record<string, unknown>, walk: Walk): Record<string, unknown> {
  // A quoted page (EvidencePage: a quote, the day read): a partial answer says that a page was read, not which nor what.
  if (typeof o.quote === 'string' && typeof o.read_on === 'string') return { read_on: o.read_on };
  const isFact = typeof o.as_of === 'string' && typeof o.source === 'string';
  if (isFact) collect(o, walk.ids);
  let copy: Record<string, unknown> | undefined;
  // for...in over a plain object: its own keys in Object.keys' order, without making their array (as write-body.ts).
  let i = 0;
  for (const k in o) {
    const at = i++;
    const m = o[k];
    const kind = keyKind(k);
    if (kind !== Key.Plain) {
      if (isFact && kind === Key.Provenance) {
        copy ??= copyUpTo(o, at);
        // A reader of a partial answer must still learn that the sources disagree: a compliance reading depends on it.
        if (k === 'conflicts' && Array.isArray(m) && m.length > 0) copy.sources_disagree = true;
        continue;
      }
      if ((kind === Key.SourceList || kind === Key.DerivedList) && Array.isArray(m)) {
        const to = idsFor(k, walk.ids);
        for (const s of m as unknown[]) if (typeof s === 'string') to.add(s);
        copy ??= copyUpTo(o, at);
        continue;
      }
    }
    const v = kind === Key.Derived || kind === Key.DerivedList ? strip(m, { ...walk, ids: idsFor(k, walk.ids) }) : stripValue(m, walk);
    if (v !== m) copy ??= copyUpTo(o, at);
    if (copy) put(copy, k, v);
  }
  return copy ?? o;
}

/** A new object with the first `n` members of `o` (all of which were kept unchanged). */
function copyUpTo(o: Record<string, unknown>, n: number): Record<string, unknown> {
  const c: Record<string, unknown> = {};
  let j = 0;
  for (const k in o) {
    if (j++ === n) break;
    put(c, k, o[k]);
  }
  return c;
}

/** Assignment that keeps a data key named `__proto__` (possible in JSON) a plain member instead of a prototype. */
export function put(c: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(c, k, { value: v, enumerable: true, writable: true, configurable: true });
  else c[k] = v;
}
