// An answer projected for its tier and serialized in one pass, its kept parts copied as prepared text (ops/json-fragment.ts).
//
// The same bytes as JSON.stringify(projectBody(body)): the top level and every stitched container are written member
// by member in their own order, members JSON.stringify would leave out (undefined, functions) are left out, a kept
// part is the JSON of its value (full) or of its projection (partial), and everything else is projected and
// serialized exactly as projectBody and JSON.stringify do. test/fragments.test.ts compares both on every operation.
import type { Source } from '../schema/index.ts';
import { eachStitched, isKept, isStitched, keptHeadOf, type KeptHead } from '../ops/json-fragment.ts';
import { JsonPieces, type JsonOut } from './json-pieces.ts';
import { partialText } from './partial-text.ts';
import { attributionText, idsFor, PARTIAL_TIER, put, sourceList, SOURCE_LISTS, strip, type ProjectionOptions, type Walk } from './projection.ts';

/** The answer's JSON, as pieces written one after another (access/json-pieces.ts), and the value it is the JSON of. */
export type Written = { pieces: string[]; value: Record<string, unknown> };

/**
 * A kept part as the partial tier shows it, made once per sources table (one per dataset); `inner`: its members'
 * text without the braces, made when it is first a kept head (json-fragment.ts `openedBy`).
 */
type Projected = { json: string | undefined; value: unknown; ids: readonly string[]; inner?: string };

const fullJson = new WeakMap<object, string>();
/** A kept head's members as JSON without the braces (full tier). */
const fullInner = new WeakMap<object, string>();

/** Throws unless `last`, a stitched object's key at the kept run's last place, is the run's last key. */
function afterHead(h: KeptHead, last: string | undefined): void {
  if (h.count > 0 && last !== h.last) refuse(h);
}

/** Throws unless `first`, a stitched object's key at the kept run's first place, is the run's first key. */
function atHead(h: KeptHead, first: string): void {
  if (first !== h.first) refuse(h);
}

function refuse(h: KeptHead): never {
  throw new Error(h.at === 0 ? `a stitched object does not open with its kept head (${h.first}..${h.last})`
    : `a stitched object does not hold its kept run (${h.first}..${h.last}) at place ${h.at}`);
}

/** Whether place `i` of a stitched object is in its kept run. */
const inRun = (h: KeptHead | undefined, i: number): h is KeptHead => h !== undefined && i >= h.at && i < h.at + h.count;

/**
 * A member's key as written, `"key":` and `,"key":`, made once per key: a 100-entry page writes some 1,700 members
 * per tier. The keys are the answer shapes' member names; the bound only guards against keys taken from data.
 */
const firstHeads = new Map<string, string>();
const nextHeads = new Map<string, string>();
const HEADS_MAX = 4096;

function headOf(k: string, first: boolean): string {
  const heads = first ? firstHeads : nextHeads;
  let h = heads.get(k);
  if (h === undefined) {
    h = `${first ? '' : ','}${JSON.stringify(k)}:`;
    if (heads.size < HEADS_MAX) heads.set(k, h);
  }
  return h;
}
/** `head` and an opening bracket, made once per head (the heads are a bounded set, see headOf). */
const openedHeads = { '{': new Map<string, string>(), '[': new Map<string, string>() };

function openedWith(head: string, bracket: '{' | '['): string {
  const heads = openedHeads[bracket];
  let h = heads.get(head);
  if (h === undefined) {
    h = `${head}${bracket}`;
    if (heads.size < HEADS_MAX) heads.set(head, h);
  }
  return h;
}

const partials = new WeakMap<ReadonlyMap<string, Source>, WeakMap<object, Projected>>();

export function writeBody(body: Record<string, unknown>, opts: ProjectionOptions): Written {
  const out = new JsonPieces();
  const value = writeBodyTo(body, opts, out);
  return { pieces: out.pieces(), value };
}

/**
 * The answer's JSON written to `out` (text pieces, or bytes: surfaces/json-bytes.ts `writtenBytes`); returns the value
 * it is the JSON of (the answer itself at the full tier, its projection at the partial). `withValue` false: the
 * partial projection is written but not made as objects (undefined is returned): a caller that needs the value later
 * makes it with projectBody, the value this one equals. Made here it cost an object per entry and a store per member.
 */
export function writeBodyTo(body: Record<string, unknown>, opts: ProjectionOptions, out: JsonOut, withValue?: true): Record<string, unknown>;
export function writeBodyTo(body: Record<string, unknown>, opts: ProjectionOptions, out: JsonOut, withValue: boolean): Record<string, unknown> | undefined;
export function writeBodyTo(body: Record<string, unknown>, opts: ProjectionOptions, out: JsonOut, withValue = true): Record<string, unknown> | undefined {
  if (opts.full) {
    if (!writeFull(body, '', out)) out.add('null');
    return body;
  }
  let kept = partials.get(opts.sources);
  if (!kept) partials.set(opts.sources, (kept = new WeakMap()));
  const w: PartialWalk = { ids: new Set(), text: partialText(opts.sources), kept, out, wrote: false, values: withValue };
  const drop = new Set(opts.fullTierOnly ?? []);
  const value: Record<string, unknown> | undefined = withValue ? {} : undefined;
  out.add('{');
  let members = 0;
  let ownSources = false;
  // As projectBody: full-tier-only members go, a top-level `sources` stays as it is, the rest is projected.
  for (const k of Object.keys(body)) {
    if (drop.has(k)) continue;
    if (SOURCE_LISTS.has(k) && Array.isArray(body[k])) {
      const to = idsFor(k, w.ids);
      for (const s of body[k] as unknown[]) if (typeof s === 'string') to.add(s);
      continue;
    }
    const head = headOf(k, members === 0);
    let v: unknown;
    if (k === 'sources') {
      ownSources = true;
      w.wrote = out.value(head, (v = body[k]));
    } else v = writeMember(k, body[k], w, head);
    if (value) put(value, k, v);
    if (w.wrote) members++;
  }
  const tail: Record<string, unknown> = { tier: PARTIAL_TIER };
  if (!ownSources) tail.sources = sourceList(w.ids, opts.sources);
  tail.attribution = attributionText(opts.baseUrl);
  tail.attribution_required = true;
  if (value) Object.assign(value, tail);
  const rest = JSON.stringify(tail);
  out.add(members > 0 ? `,${rest.slice(1)}` : rest.slice(1));
  return value;
}

/**
 * Writes `head` and the JSON of `v`; nothing, and false, where JSON.stringify gives undefined (a member it leaves out).
 * `asStitched`: `v` is an element of an array marked stitchedEach, written as stitched without a mark of its own.
 */
function writeFull(v: unknown, head: string, out: JsonOut, asStitched = false): boolean {
  if (v !== null && typeof v === 'object') {
    if (isKept(v)) {
      let j = fullJson.get(v);
      if (j === undefined) fullJson.set(v, (j = JSON.stringify(v)));
      return appendJson(out, head, j);
    }
    if (asStitched || isStitched(v)) {
      if (Array.isArray(v)) {
        out.add(openedWith(head, '['));
        const each = eachStitched(v);
        for (let i = 0; i < v.length; i++) {
          const sep = i > 0 ? ',' : '';
          if (!writeFull(v[i], sep, out, each)) out.add(`${sep}null`);
        }
        out.add(']');
        return true;
      }
      out.add(openedWith(head, '{'));
      const o = v as Record<string, unknown>;
      let members = 0;
      const h = keptHeadOf(o);
      // for...in over a plain object: its own keys in Object.keys' order, without making their array on every ask.
      let i = 0;
      for (const k in o) {
        if (inRun(h, i)) {
          // The kept run's members as one prepared text (JSON without the braces), at its first place.
          if (i === h.at) {
            atHead(h, k);
            let inner = fullInner.get(h.head);
            if (inner === undefined) fullInner.set(h.head, (inner = JSON.stringify(h.head).slice(1, -1)));
            if (inner) {
              if (members > 0) out.add(',');
              out.add(inner);
              members++;
            }
          }
          if (i === h.at + h.count - 1) afterHead(h, k);
          i++;
          continue;
        }
        i++;
        if (writeFull(o[k], headOf(k, members === 0), out)) members++;
      }
      if (h && i < h.at + h.count) afterHead(h, undefined);
      out.add('}');
      return true;
    }
  }
  if (typeof v === 'string') {
    out.string(head, v);
    return true;
  }
  return out.value(head, v);
}

/** Appends `head` and `json` apart (a long kept text stays one flat piece); false for an undefined `json`. */
function appendJson(out: JsonOut, head: string, json: string | undefined): boolean {
  if (json === undefined) return false;
  out.add(head);
  out.add(json);
  return true;
}

/**
 * `wrote`: whether the last value written had JSON (false for a member JSON.stringify leaves out). `values`: whether
 * the projected value is made too (writeBodyTo's `withValue`); without it a container's projection is written only.
 */
type PartialWalk = Walk & { kept: WeakMap<object, Projected>; out: JsonOut; wrote: boolean; values: boolean };

function emit(w: PartialWalk, head: string, json: string | undefined): void {
  w.wrote = appendJson(w.out, head, json);
}

/** Writes `head` and the partial JSON of `v`; returns its projected value. `asStitched`: as writeFull's. */
function writePartial(v: unknown, w: PartialWalk, head: string, asStitched = false): unknown {
  if (v !== null && typeof v === 'object') {
    if (isKept(v)) {
      const p = projectedOf(v, w);
      emit(w, head, p.json);
      return p.value;
    }
    // A stitched object shaped like a fact would lose its provenance members: projected as a whole instead.
    if ((asStitched || isStitched(v)) && !isFactShaped(v)) {
      return Array.isArray(v) ? partialArray(v, w, head) : partialObject(v as Record<string, unknown>, w, head);
    }
  }
  const value = strip(v, w);
  if (typeof value === 'string') {
    w.out.string(head, value);
    w.wrote = true;
  } else w.wrote = w.out.value(head, value);
  return value;
}

/** writePartial of member `k`: the sources a derived figure's inputs name are noted as derived from (projection.ts idsFor). */
function writeMember(k: string, m: unknown, w: PartialWalk, head: string): unknown {
  const ids = w.ids;
  const to = idsFor(k, ids);
  if (to === ids) return writePartial(m, w, head);
  w.ids = to;
  try {
    return writePartial(m, w, head);
  } finally {
    w.ids = ids;
  }
}

/** A kept part's partial projection, made once; its source ids listed in the answer's. */
function projectedOf(v: object, w: PartialWalk): Projected {
  let p = w.kept.get(v);
  if (!p) {
    const ids = new Set<string>();
    const value = strip(v, { ids, text: w.text });
    w.kept.set(v, (p = { json: JSON.stringify(value), value, ids: [...ids] }));
  }
  for (const id of p.ids) w.ids.add(id);
  return p;
}

function partialArray(a: unknown[], w: PartialWalk, head: string): unknown[] | undefined {
  const value: unknown[] | undefined = w.values ? new Array(a.length) : undefined;
  w.out.add(openedWith(head, '['));
  const each = eachStitched(a);
  for (let i = 0; i < a.length; i++) {
    const sep = i > 0 ? ',' : '';
    const v = writePartial(a[i], w, sep, each);
    if (value) value[i] = v;
    if (!w.wrote) w.out.add(`${sep}null`);
  }
  w.out.add(']');
  w.wrote = true;
  return value;
}

function partialObject(o: Record<string, unknown>, w: PartialWalk, head: string): Record<string, unknown> | undefined {
  const value: Record<string, unknown> | undefined = w.values ? {} : undefined;
  w.out.add(openedWith(head, '{'));
  let members = 0;
  const h = keptHeadOf(o);
  let i = 0;
  for (const k in o) {
    if (inRun(h, i)) {
      if (i === h.at) {
        atHead(h, k);
        // The run's members as strip leaves them (its source lists dropped, its ids listed), copied as one text.
        const p = projectedOf(h.head, w);
        if (value) {
          const projected = p.value as Record<string, unknown>;
          for (const pk in projected) put(value, pk, projected[pk]);
        }
        p.inner ??= p.json!.slice(1, -1);
        if (p.inner) {
          if (members > 0) w.out.add(',');
          w.out.add(p.inner);
          members++;
        }
      }
      if (i === h.at + h.count - 1) afterHead(h, k);
      i++;
      continue;
    }
    i++;
    const m = o[k];
    // As strip: a list of source ids is dropped wherever it is, its ids listed once.
    if (SOURCE_LISTS.has(k) && Array.isArray(m)) {
      const to = idsFor(k, w.ids);
      for (const s of m) if (typeof s === 'string') to.add(s);
      continue;
    }
    const v = writeMember(k, m, w, headOf(k, members === 0));
    if (value) put(value, k, v);
    if (w.wrote) members++;
  }
  if (h && i < h.at + h.count) afterHead(h, undefined);
  w.out.add('}');
  w.wrote = true;
  return value;
}

function isFactShaped(v: object): boolean {
  const o = v as Record<string, unknown>;
  return !Array.isArray(v) && typeof o.as_of === 'string' && typeof o.source === 'string';
}
