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
// An answer whose top level is stitched is written this way; any other is serialized whole, as before.

const keptValues = new WeakSet<object>();
const stitchedValues = new WeakSet<object>();

/** Marks `v` as never changing (and freezes it, shallowly, so that nothing changes it by mistake). */
export function kept<T extends object>(v: T): T {
  keptValues.add(Object.freeze(v));
  return v;
}

/** Marks `v` as written member by member: kept parts inside it are copied as prepared text. */
export function stitched<T extends object>(v: T): T {
  stitchedValues.add(v);
  return v;
}

export const isKept = (v: object): boolean => keptValues.has(v);
export const isStitched = (v: object): boolean => stitchedValues.has(v);
