// Marks an operation puts on parts of its answer so the executor writes them from prepared text (access/write-body.ts).
//
// A cold answer is mostly parts no request changes (a model's reference and rating, a configuration, the list of
// models the dataset cannot assess) around a few figures the ask changes. Serialized and projected afresh on every
// ask, those parts were most of a cold models_for_hardware call. An operation marks them, and the answer stays a
// plain value for every other reader (tests, the web pages, MCP's structuredContent):
// - `kept(v)`: v never changes; its JSON and its partial-tier projection are made once and kept with it (weakly:
//   they go when v goes). Mark only objects kept per dataset (or longer), else the text is made for one use.
// - `stitched(v)`: an object or array written member by member, so that the kept parts inside it (at any depth
//   through other stitched containers) are copied as text. Everything else in it is serialized as usual.
// - `stitchedEach(a)`: the array a is stitched, and so is each object in it (one mark for a page of entries, not one
//   an entry: a mark is a property set by Object.defineProperty, about 0.5 to 1.5 us an object).
// - `openedBy(v, head)`: v is stitched and opens with every member of the kept `head`, in its order and with the
//   same values (v made as a copy of head, then members added after them): head's members are copied as one text.
// An answer whose top level is stitched is written this way; any other is serialized whole, as before.

const keptValues = new WeakSet<object>();

/**
 * A stitched value carries its mark as a member of its own, under a symbol and not enumerable: JSON.stringify,
 * Object.keys, for...in, spreads and deep equality do not see it. Its value is the kept head the value opens with
 * (openedBy), or NO_HEAD. Not a weak map: a stitched value is made per ask (a 100-item cheapest_for page makes some
 * 250), and every weak-map entry whose key is still young is an ephemeron each young-generation collection must
 * visit; with a page's entries in it, the collection during a call took 1.5 to 2 ms instead of 0.2.
 */
const MARK = Symbol('stitched');
const NO_HEAD = Object.freeze({ none: true });
/** An array's mark saying each of its objects is stitched too (stitchedEach). */
const EACH = Object.freeze({ each: true });
type Marked = { [MARK]?: KeptHead | typeof NO_HEAD | typeof EACH };
/** A value that cannot take a member (frozen, sealed) is marked here instead. */
const stitchedFixed = new WeakMap<object, KeptHead | undefined>();

function mark(v: object, head: KeptHead | typeof NO_HEAD | typeof EACH): void {
  if (Object.hasOwn(v, MARK)) (v as Marked)[MARK] = head;
  else if (Object.isExtensible(v)) Object.defineProperty(v, MARK, { value: head, writable: true });
  else stitchedFixed.set(v, head === NO_HEAD || head === EACH ? undefined : (head as KeptHead));
}

/** Marks `v` as never changing (and freezes it, shallowly, so that nothing changes it by mistake). */
export function kept<T extends object>(v: T): T {
  keptValues.add(Object.freeze(v));
  return v;
}

/** Marks `v` as written member by member: kept parts inside it are copied as prepared text. */
export function stitched<T extends object>(v: T): T {
  if (!isStitched(v)) mark(v, NO_HEAD);
  return v;
}

/**
 * Marks the array `a` as stitched, each object in it written member by member as a stitched one (unless kept): a page
 * of entries is marked once, not once an entry. Its objects carry no mark of their own (isStitched is false for them
 * out of the array). A frozen array is marked stitched only (its objects then need their own marks).
 */
export function stitchedEach<T extends unknown[]>(a: T): T {
  mark(a, EACH);
  return a;
}

/** Whether the objects of the stitched array `a` are stitched too (stitchedEach). */
export const eachStitched = (a: object): boolean => (a as Marked)[MARK] === EACH;

/**
 * A kept run of members: `head`'s members are `v`'s from place `at` on (0: `v` opens with them). With its member
 * count and first and last keys, so the writer can check that `v` still holds them there.
 */
export type KeptHead = {
  readonly head: object; readonly at: number; readonly count: number; readonly first: string | undefined; readonly last: string | undefined;
};
const headInfo = new WeakMap<object, KeptHead>();

function runInfo(head: object, at: number): KeptHead {
  if (!keptValues.has(head)) throw new Error('a kept run (openedBy, keptRunAt) must be kept');
  let info = headInfo.get(head);
  if (info?.at === at) return info;
  const keys = Object.keys(head);
  info = { head, at, count: keys.length, first: keys[0], last: keys.at(-1) };
  // A run is used at one place (an offer's view at 0, an item's shared members at 1): that one is kept.
  if (!headInfo.has(head)) headInfo.set(head, info);
  return info;
}

/**
 * Marks `v` as stitched and opening with the members of `head` (kept), so those are copied as head's prepared text
 * and only the members after them are written one by one: an offer's view is its kept members and a blended price.
 */
export function openedBy<T extends object>(v: T, head: object): T {
  mark(v, runInfo(head, 0));
  return v;
}

/**
 * Marks `v` as stitched with the members of `run` (kept) at places `at` on, in its order and with its values: those
 * are copied as run's prepared text, the members before and after them written one by one. A cheapest_for item at the
 * default share is its position, the members its row and offers decide, and its sentence.
 */
export function keptRunAt<T extends object>(v: T, at: number, run: object): T {
  mark(v, runInfo(run, at));
  return v;
}

/** The kept head `v` opens with, if any. */
export function keptHeadOf(v: object): KeptHead | undefined {
  const m = (v as Marked)[MARK];
  if (m === undefined) return stitchedFixed.get(v);
  return m === NO_HEAD || m === EACH ? undefined : (m as KeptHead);
}

export const isKept = (v: object): boolean => keptValues.has(v);
export const isStitched = (v: object): boolean => (v as Marked)[MARK] !== undefined || stitchedFixed.has(v);
