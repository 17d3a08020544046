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
// - `openedBy(v, head)`: v is stitched and opens with every member of the kept `head`, in its order and with the
//   same values (v made as a copy of head, then members added after them): head's members are copied as one text.
// An answer whose top level is stitched is written this way; any other is serialized whole, as before.

const keptValues = new WeakSet<object>();
/** Stitched values, each with the kept head it opens with (openedBy), if any: one weak entry per value either way. */
const stitchedValues = new WeakMap<object, KeptHead | undefined>();

/** Marks `v` as never changing (and freezes it, shallowly, so that nothing changes it by mistake). */
export function kept<T extends object>(v: T): T {
  keptValues.add(Object.freeze(v));
  return v;
}

/** Marks `v` as written member by member: kept parts inside it are copied as prepared text. */
export function stitched<T extends object>(v: T): T {
  if (!stitchedValues.has(v)) stitchedValues.set(v, undefined);
  return v;
}

/** A kept head, with its member count and last key, so the writer can check that `v` still opens with them. */
export type KeptHead = { readonly head: object; readonly count: number; readonly last: string | undefined };
const headInfo = new WeakMap<object, KeptHead>();

/**
 * Marks `v` as stitched and opening with the members of `head` (kept), so those are copied as head's prepared text
 * and only the members after them are written one by one: an offer's view is its kept members and a blended price.
 */
export function openedBy<T extends object>(v: T, head: object): T {
  if (!keptValues.has(head)) throw new Error('openedBy: the head must be kept');
  let info = headInfo.get(head);
  if (!info) {
    const keys = Object.keys(head);
    headInfo.set(head, (info = { head, count: keys.length, last: keys.at(-1) }));
  }
  stitchedValues.set(v, info);
  return v;
}

/** The kept head `v` opens with, if any. */
export const keptHeadOf = (v: object): KeptHead | undefined => stitchedValues.get(v);

export const isKept = (v: object): boolean => keptValues.has(v);
export const isStitched = (v: object): boolean => stitchedValues.has(v);
