// An answer projected for its tier and serialized in one pass, its kept parts copied as prepared text (ops/json-fragment.ts).
//
// The same bytes as JSON.stringify(projectBody(body)): the top level and every stitched container are written member
// by member in their own order, members JSON.stringify would leave out (undefined, functions) are left out, a kept
// part is the JSON of its value (full) or of its projection (partial), and everything else is projected and
// serialized exactly as projectBody and JSON.stringify do. test/fragments.test.ts compares both on every operation.
import type { Source } from '../schema/index.ts';
import { isKept, isStitched } from '../ops/json-fragment.ts';
import { partialText } from './partial-text.ts';
import { attributionText, put, sourceRef, SOURCE_LISTS, strip, type ProjectionOptions, type Walk } from './projection.ts';

/**
 * The answer's JSON, in pieces of about PIECE characters (`json` joins them), and the value it is the JSON of (what
 * MCP returns as structuredContent). The pieces are for writing the bytes (surfaces/utf8.ts, utf8BytesOf): an
 * answer made as one string of 128 K characters or more is flattened, when its bytes are written, into one V8 large
 * object, and each such allocation cost 0.6 to 3 ms on this machine (a 154 KB list_hardware page: 1 ms of its 1.5).
 */
export type Written = { readonly parts: readonly string[]; readonly json: string; value: Record<string, unknown> };

/** Under V8's regular object limit (128 K one-byte characters), with room for the piece that overflows it. */
const PIECE = 32 * 1024;

/** Text appended in order and cut into pieces: each piece flattens on its own, in the young generation. */
class Sink {
  private readonly done: string[] = [];
  private cur = '';
  add(s: string): void {
    this.cur += s;
    if (this.cur.length >= PIECE) {
      this.done.push(this.cur);
      this.cur = '';
    }
  }
  written(value: Record<string, unknown>): Written {
    if (this.cur) this.done.push(this.cur);
    const parts = this.done;
    let json: string | undefined;
    return { parts, get json() { return (json ??= parts.join('')); }, value };
  }
}

/** A kept part as the partial tier shows it, made once per sources table (one per dataset). */
type Projected = { json: string | undefined; value: unknown; ids: readonly string[] };

const fullJson = new WeakMap<object, string>();
const partials = new WeakMap<ReadonlyMap<string, Source>, WeakMap<object, Projected>>();

export function writeBody(body: Record<string, unknown>, opts: ProjectionOptions): Written {
  const out = new Sink();
  if (opts.full) {
    writeFull(body, out);
    return out.written(body);
  }
  let kept = partials.get(opts.sources);
  if (!kept) partials.set(opts.sources, (kept = new WeakMap()));
  const w: PartialWalk = { ids: new Set(), text: partialText(opts.sources), kept, out };
  const drop = new Set(opts.fullTierOnly ?? []);
  const value: Record<string, unknown> = {};
  let first = true;
  out.add('{');
  // As projectBody: full-tier-only members go, a top-level `sources` stays as it is, the rest is projected.
  for (const k of Object.keys(body)) {
    if (drop.has(k)) continue;
    const head = `${first ? '' : ','}${JSON.stringify(k)}:`;
    const p = k === 'sources' ? whole(body[k], head, out) : writePartial(body[k], head, w);
    put(value, k, p.value);
    if (p.written) first = false;
  }
  const tail: Record<string, unknown> = {};
  if (!Object.hasOwn(value, 'sources')) tail.sources = [...w.ids].sort().map((id) => sourceRef(id, opts.sources));
  tail.attribution = attributionText(opts.baseUrl);
  tail.attribution_required = true;
  Object.assign(value, tail);
  const rest = JSON.stringify(tail);
  out.add(first ? rest.slice(1) : `,${rest.slice(1)}`);
  return out.written(value);
}

/**
 * The JSON of `v` appended, as JSON.stringify writes it. Only called for a value JSON.stringify writes (not
 * undefined, a function or a symbol): a stitched container tests its members first.
 */
function writeFull(v: unknown, out: Sink): void {
  if (v === null || typeof v !== 'object') return out.add(JSON.stringify(v));
  if (isKept(v)) {
    let j = fullJson.get(v);
    if (j === undefined) fullJson.set(v, (j = JSON.stringify(v)));
    return out.add(j);
  }
  if (!isStitched(v)) return out.add(JSON.stringify(v));
  if (Array.isArray(v)) {
    out.add('[');
    for (let i = 0; i < v.length; i++) {
      if (i) out.add(',');
      if (leftOut(v[i])) out.add('null');
      else writeFull(v[i], out);
    }
    return out.add(']');
  }
  out.add('{');
  const o = v as Record<string, unknown>;
  let first = true;
  for (const k of Object.keys(o)) {
    const m = o[k];
    if (leftOut(m)) continue;
    out.add(`${first ? '' : ','}${JSON.stringify(k)}:`);
    first = false;
    writeFull(m, out);
  }
  out.add('}');
}

/**
 * Whether JSON.stringify leaves `v` out of an object (null in an array). An object whose toJSON gives undefined is
 * left out too: only a plain (neither kept nor stitched) object can have one, and it is asked.
 */
function leftOut(v: unknown): boolean {
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return true;
  return v !== null && typeof v === 'object' && !isKept(v) && !isStitched(v) && typeof (v as { toJSON?: unknown }).toJSON === 'function'
    && JSON.stringify(v) === undefined;
}

type PartialWalk = Walk & { kept: WeakMap<object, Projected>; out: Sink };
/** A member's projected value, and whether its JSON was written (JSON.stringify leaves out what gives undefined). */
type Part = { value: unknown; written: boolean };

/** `head` (a member's key, or an array's comma) and the JSON of `value` appended, unless it has none. */
function whole(value: unknown, head: string, out: Sink): Part {
  const j = JSON.stringify(value);
  if (j === undefined) return { value, written: false };
  out.add(head + j);
  return { value, written: true };
}

function writePartial(v: unknown, head: string, w: PartialWalk): Part {
  if (v !== null && typeof v === 'object') {
    if (isKept(v)) {
      let p = w.kept.get(v);
      if (!p) {
        const ids = new Set<string>();
        const value = strip(v, { ids, text: w.text });
        w.kept.set(v, (p = { json: JSON.stringify(value), value, ids: [...ids] }));
      }
      for (const id of p.ids) w.ids.add(id);
      if (p.json === undefined) return { value: p.value, written: false };
      w.out.add(head + p.json);
      return { value: p.value, written: true };
    }
    // A stitched object shaped like a fact would lose its provenance members: projected as a whole instead.
    if (isStitched(v) && !isFactShaped(v)) {
      w.out.add(head);
      const value = Array.isArray(v) ? partialArray(v, w) : partialObject(v as Record<string, unknown>, w);
      return { value, written: true };
    }
  }
  const value = strip(v, w);
  return whole(value, head, w.out);
}

function partialArray(a: unknown[], w: PartialWalk): unknown[] {
  const value: unknown[] = new Array(a.length);
  w.out.add('[');
  for (let i = 0; i < a.length; i++) {
    const head = i ? ',' : '';
    const p = writePartial(a[i], head, w);
    value[i] = p.value;
    if (!p.written) w.out.add(`${head}null`);
  }
  w.out.add(']');
  return value;
}

function partialObject(o: Record<string, unknown>, w: PartialWalk): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  let first = true;
  w.out.add('{');
  for (const k of Object.keys(o)) {
    const m = o[k];
    // As strip: a list of source ids is dropped wherever it is, its ids listed once.
    if (SOURCE_LISTS.has(k) && Array.isArray(m)) {
      for (const s of m) if (typeof s === 'string') w.ids.add(s);
      continue;
    }
    const p = writePartial(m, `${first ? '' : ','}${JSON.stringify(k)}:`, w);
    put(value, k, p.value);
    if (p.written) first = false;
  }
  w.out.add('}');
  return value;
}

function isFactShaped(v: object): boolean {
  const o = v as Record<string, unknown>;
  return !Array.isArray(v) && typeof o.as_of === 'string' && typeof o.source === 'string';
}
