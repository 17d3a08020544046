// Smaller tool schemas with the same meaning: every subschema that occurs more than once in a schema is written
// once under `$defs` and referenced. Each tool's schema stays self-contained (MCP clients resolve `#/...` refs
// against the tool's own schema), so nothing is shared across tools.
import type { JsonSchema } from '../json-schema.ts';

/** Keywords whose value is one subschema. */
const ONE = [
  'items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems',
];
/** Keywords whose value is an array of subschemas. */
const MANY = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** Bytes a use costs once defined (`{"$ref":"#/$defs/s12"}`), and a definition's own name (`"s12":` and a comma). */
const REF_BYTES = 22;
const NAME_BYTES = 7;
/** Worth defining: the copies it removes weigh more than the refs and the name it adds. */
const saves = (bytes: number, uses: number) => uses >= 2 && (uses - 1) * bytes > uses * REF_BYTES + NAME_BYTES;

const isSchema = (v: unknown): v is JsonSchema => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A subschema without its description, which only annotates: the same date or price schema described in ten
 * ways is defined once, and each use keeps its own description beside the `$ref` (an annotation, so a validator
 * that ignores keywords beside `$ref`, as draft-07 ones do, validates exactly the same).
 */
function withoutDescription(s: JsonSchema): JsonSchema {
  if (!('description' in s)) return s;
  const { description: _d, ...rest } = s;
  return rest;
}

/** Calls `visit` on every subschema position below `s` (not `s` itself); `visit` returns the replacement. */
function mapChildren(s: JsonSchema, visit: (child: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = { ...s };
  for (const k of ONE) if (isSchema(s[k])) out[k] = visit(s[k]);
  for (const k of MANY) if (Array.isArray(s[k])) out[k] = (s[k] as unknown[]).map((c) => (isSchema(c) ? visit(c) : c));
  for (const k of MAPS) {
    if (!isSchema(s[k])) continue;
    const m: JsonSchema = {};
    for (const [name, c] of Object.entries(s[k])) m[name] = isSchema(c) ? visit(c) : c;
    out[k] = m;
  }
  if (Array.isArray(s.items)) out.items = (s.items as unknown[]).map((c) => (isSchema(c) ? visit(c) : c));
  return out;
}

const DEF_PREFIX = '#/$defs/';

/**
 * The schema with repeated subschemas moved to `$defs` (named `s1`, `s2`...; existing `$defs` are kept, their
 * refs still resolve from the root). Validation is unchanged: a `$ref` alone stands for exactly its target.
 *
 * Two kinds of repeat. A subschema repeated with the same description (a fact's `bound` or `evidence_page`
 * field, the same in every fact of an answer) is defined once with its description, and each use is the bare
 * `$ref`: the description is said once. A subschema repeated under different descriptions (a dated fact that
 * is a release date here and a shutdown date there) is defined once without one, and each use keeps its own
 * description beside the `$ref`; no use gains a description it did not have.
 */
export function compactSchema<T extends JsonSchema>(schema: T): T {
  // Keys: 'b' + the subschema without its description, 'f' + the subschema as written (only where described).
  const counts = new Map<string, number>();
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const count = (s: JsonSchema): JsonSchema => {
    bump(`b${JSON.stringify(withoutDescription(s))}`);
    if ('description' in s) bump(`f${JSON.stringify(s)}`);
    mapChildren(s, count);
    return s;
  };
  mapChildren(schema, count);

  const defs: Record<string, JsonSchema> = {};
  const names = new Map<string, string>();
  const existing = isSchema(schema.$defs) ? schema.$defs : {};
  let next = 0;
  /** The name defined for `key`; the body is built once, after the name is taken (a subschema never holds itself). */
  const define = (key: string, body: () => JsonSchema): string => {
    let name = names.get(key);
    if (!name) {
      do name = `s${++next}`; while (name in existing);
      names.set(key, name);
      // Defined from the largest repeat down: what repeats inside it is replaced within the definition too.
      defs[name] = body();
    }
    return name;
  };
  const replaceBare = (s: JsonSchema): JsonSchema => {
    const bare = withoutDescription(s);
    const key = `b${JSON.stringify(bare)}`;
    if (!saves(key.length - 1, counts.get(key) ?? 0)) return mapChildren(s, replace);
    const name = define(key, () => mapChildren(bare, replace));
    return bare === s ? { $ref: DEF_PREFIX + name } : { $ref: DEF_PREFIX + name, description: s.description };
  };
  const replace = (s: JsonSchema): JsonSchema => {
    if ('description' in s) {
      const key = `f${JSON.stringify(s)}`;
      if (saves(key.length - 1, counts.get(key) ?? 0)) return { $ref: DEF_PREFIX + define(key, () => replaceBare(s)) };
    }
    return replaceBare(s);
  };
  const { $defs: _old, ...rest } = schema;
  const body = mapChildren(rest, replace);
  const allDefs = { ...mapChildren({ $defs: existing }, replace).$defs as JsonSchema, ...defs };
  return inlineSingleUses({ ...body, ...(Object.keys(allDefs).length ? { $defs: allDefs } : {}) }, new Set(Object.keys(defs))) as T;
}

/**
 * Counting sees a subschema inside every copy of a repeated parent, so some definitions end up used once (only
 * within their parent's definition), and a described definition may be the only user of its bare one: such a
 * definition goes back in place of its one `$ref`. Only definitions made here (`ours`) are inlined.
 */
function inlineSingleUses(schema: JsonSchema, ours: ReadonlySet<string>): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return schema;
  const uses = new Map<string, number>();
  const tally = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(tally);
    else if (isSchema(v)) {
      if (typeof v.$ref === 'string' && v.$ref.startsWith(DEF_PREFIX)) uses.set(v.$ref.slice(DEF_PREFIX.length), (uses.get(v.$ref.slice(DEF_PREFIX.length)) ?? 0) + 1);
      Object.values(v).forEach(tally);
    }
  };
  tally(schema);
  const once = (name: string) => ours.has(name) && uses.get(name) === 1;
  const inline = (s: JsonSchema): JsonSchema => {
    const name = typeof s.$ref === 'string' && s.$ref.startsWith(DEF_PREFIX) ? s.$ref.slice(DEF_PREFIX.length) : undefined;
    if (name !== undefined && once(name)) {
      // A bare definition never holds a description, and a described one is referenced without one: no clash.
      const { $ref: _r, ...beside } = s;
      return inline({ ...defs[name], ...beside });
    }
    return mapChildren(s, inline);
  };
  const { $defs: _d, ...rest } = schema;
  const body = inline(rest);
  const kept: Record<string, JsonSchema> = {};
  for (const [name, d] of Object.entries(defs)) if (!once(name)) kept[name] = inline(d);
  return Object.keys(kept).length ? { ...body, $defs: kept } : body;
}
