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

/** The answer's JSON and the value it is the JSON of (what MCP returns as structuredContent). */
export type Written = { json: string; value: Record<string, unknown> };

/** A kept part as the partial tier shows it, made once per sources table (one per dataset). */
type Projected = { json: string | undefined; value: unknown; ids: readonly string[] };

const fullJson = new WeakMap<object, string>();
const partials = new WeakMap<ReadonlyMap<string, Source>, WeakMap<object, Projected>>();

export function writeBody(body: Record<string, unknown>, opts: ProjectionOptions): Written {
  if (opts.full) return { json: writeFull(body) ?? 'null', value: body };
  let kept = partials.get(opts.sources);
  if (!kept) partials.set(opts.sources, (kept = new WeakMap()));
  const w: PartialWalk = { ids: new Set(), text: partialText(opts.sources), kept };
  const drop = new Set(opts.fullTierOnly ?? []);
  const value: Record<string, unknown> = {};
  let json = '{';
  // As projectBody: full-tier-only members go, a top-level `sources` stays as it is, the rest is projected.
  for (const k of Object.keys(body)) {
    if (drop.has(k)) continue;
    const p: Part = k === 'sources' ? { json: JSON.stringify(body[k]), value: body[k] } : writePartial(body[k], w);
    put(value, k, p.value);
    if (p.json !== undefined) json += `${json.length > 1 ? ',' : ''}${JSON.stringify(k)}:${p.json}`;
  }
  const tail: Record<string, unknown> = {};
  if (!Object.hasOwn(value, 'sources')) tail.sources = [...w.ids].sort().map((id) => sourceRef(id, opts.sources));
  tail.attribution = attributionText(opts.baseUrl);
  tail.attribution_required = true;
  Object.assign(value, tail);
  const rest = JSON.stringify(tail);
  json += json.length > 1 ? `,${rest.slice(1)}` : rest.slice(1);
  return { json, value };
}

/** The JSON of `v`, or undefined where JSON.stringify gives undefined (a member it leaves out). */
function writeFull(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (isKept(v)) {
    let j = fullJson.get(v);
    if (j === undefined) fullJson.set(v, (j = JSON.stringify(v)));
    return j;
  }
  if (!isStitched(v)) return JSON.stringify(v);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += `${i ? ',' : ''}${writeFull(v[i]) ?? 'null'}`;
    return `${out}]`;
  }
  let out = '{';
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const j = writeFull(o[k]);
    if (j !== undefined) out += `${out.length > 1 ? ',' : ''}${JSON.stringify(k)}:${j}`;
  }
  return `${out}}`;
}

type PartialWalk = Walk & { kept: WeakMap<object, Projected> };
type Part = { json: string | undefined; value: unknown };

function writePartial(v: unknown, w: PartialWalk): Part {
  if (v !== null && typeof v === 'object') {
    if (isKept(v)) {
      let p = w.kept.get(v);
      if (!p) {
        const ids = new Set<string>();
        const value = strip(v, { ids, text: w.text });
        w.kept.set(v, (p = { json: JSON.stringify(value), value, ids: [...ids] }));
      }
      for (const id of p.ids) w.ids.add(id);
      return p;
    }
    // A stitched object shaped like a fact would lose its provenance members: projected as a whole instead.
    if (isStitched(v) && !isFactShaped(v)) return Array.isArray(v) ? partialArray(v, w) : partialObject(v as Record<string, unknown>, w);
  }
  const value = strip(v, w);
  return { json: JSON.stringify(value), value };
}

function partialArray(a: unknown[], w: PartialWalk): Part {
  const value: unknown[] = new Array(a.length);
  let json = '[';
  for (let i = 0; i < a.length; i++) {
    const p = writePartial(a[i], w);
    value[i] = p.value;
    json += `${i ? ',' : ''}${p.json ?? 'null'}`;
  }
  return { json: `${json}]`, value };
}

function partialObject(o: Record<string, unknown>, w: PartialWalk): Part {
  const value: Record<string, unknown> = {};
  let json = '{';
  for (const k of Object.keys(o)) {
    const m = o[k];
    // As strip: a list of source ids is dropped wherever it is, its ids listed once.
    if (SOURCE_LISTS.has(k) && Array.isArray(m)) {
      for (const s of m) if (typeof s === 'string') w.ids.add(s);
      continue;
    }
    const p = writePartial(m, w);
    put(value, k, p.value);
    if (p.json !== undefined) json += `${json.length > 1 ? ',' : ''}${JSON.stringify(k)}:${p.json}`;
  }
  return { json: `${json}}`, value };
}

function isFactShaped(v: object): boolean {
  const o = v as Record<string, unknown>;
  return !Array.isArray(v) && typeof o.as_of === 'string' && typeof o.source === 'string';
}
