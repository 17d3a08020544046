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

/** A subschema shorter than this stays inline: a `{"$ref":"#/$defs/sN"}` costs ~20 bytes plus its definition. */
const MIN_BYTES = 80;

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

/**
 * The schema with repeated subschemas moved to `$defs` (named `s1`, `s2`...; existing `$defs` are kept, their
 * refs still resolve from the root). Validation is unchanged: a `$ref` alone stands for exactly its target.
 */
export function compactSchema<T extends JsonSchema>(schema: T): T {
  const counts = new Map<string, number>();
  const count = (s: JsonSchema): JsonSchema => {
    const key = JSON.stringify(withoutDescription(s));
    if (key.length >= MIN_BYTES) counts.set(key, (counts.get(key) ?? 0) + 1);
    mapChildren(s, count);
    return s;
  };
  mapChildren(schema, count);

  const defs: Record<string, JsonSchema> = {};
  const names = new Map<string, string>();
  const existing = isSchema(schema.$defs) ? schema.$defs : {};
  let next = 0;
  const replace = (s: JsonSchema): JsonSchema => {
    const bare = withoutDescription(s);
    const key = JSON.stringify(bare);
    if ((counts.get(key) ?? 0) < 2) return mapChildren(s, replace);
    let name = names.get(key);
    if (!name) {
      do name = `s${++next}`; while (name in existing);
      names.set(key, name);
      // Defined from the largest repeat down: what repeats inside it is replaced within the definition too.
      defs[name] = mapChildren(bare, replace);
    }
    return bare === s ? { $ref: `#/$defs/${name}` } : { $ref: `#/$defs/${name}`, description: s.description };
  };
  const { $defs: _old, ...rest } = schema;
  const body = mapChildren(rest, replace);
  const allDefs = { ...mapChildren({ $defs: existing }, replace).$defs as JsonSchema, ...defs };
  return (Object.keys(allDefs).length ? { ...body, $defs: allDefs } : body) as T;
}
