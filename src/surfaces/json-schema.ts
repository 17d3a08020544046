// JSON Schemas generated once from the operation declarations: inputs, the response envelope, the problem body.
// MCP tool schemas, the OpenAPI document, REST query coercion and the docs page all read these.
import { z } from 'zod';
import type { AnyOperation } from '../ops/operation.ts';

export type JsonSchema = Record<string, unknown>;

/** The members every successful response carries besides the operation's own output (DESIGN.md 2.5 and 9). */
export const ENVELOPE_PROPERTIES: Record<string, JsonSchema> = {
  data_as_of: {
    type: 'string',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: 'Date of the newest source snapshot the dataset was built from (YYYY-MM-DD).',
  },
  tier: {
    type: 'string',
    enum: ['partial'],
    description: 'Partial responses (anonymous, free): "partial". Per-field `source`, `corroborated_by` and `conflicts`, '
      + 'offers\' `listed_by`, derived figures\' `derived_from_sources` and the fields marked x-full-tier-only are left out '
      + '(the sources they name are listed once in `sources`); a fact whose sources disagree carries '
      + '`sources_disagree: true`. Full responses (pro, enterprise) have no `tier` member.',
  },
  sources: {
    type: 'array',
    description: 'Partial responses (anonymous, free): the sources this response drew on, listed once instead of per field.',
    items: {
      type: 'object',
      properties: {
        id: { type: 'string' }, name: { type: 'string' }, url: { type: ['string', 'null'] },
        licence: { type: 'string', description: 'The source\'s licence, where it asks for credit (CC BY 4.0, "attribute LMArena", MIT).' },
        licence_url: { type: 'string', description: 'The licence\'s own page, where the licence asks that the credit link to it (CC BY 4.0).' },
        attribution: {
          type: 'string',
          description: 'The credit line the source\'s licence asks for, to show with the data: with the licence\'s link where it has one, '
            + 'and, where a figure of this answer is derived from the source, a note that it is modified.',
        },
        modified: { type: 'boolean', enum: [true], description: 'Present where a figure of this answer is derived from the source (a Trust Index, a speed estimate).' },
      },
      required: ['id', 'name', 'url'],
    },
  },
  attribution: {
    type: 'string',
    description: 'Partial responses (anonymous, free): the attribution to show wherever the data is shown.',
  },
  attribution_required: {
    type: 'boolean',
    description: 'Partial responses (anonymous, free): true, showing `attribution` is a condition of use.',
  },
};

/** RFC 9457 problem details as both surfaces give them (REST body, MCP structuredContent of an error result). */
export const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details. `code` is the stable machine-readable error code.',
  properties: {
    type: { type: 'string', description: 'A URI naming the problem type.' },
    title: { type: 'string' },
    status: { type: 'integer', description: 'The HTTP status of the same error on REST.' },
    detail: { type: 'string', description: 'What went wrong with this request, in a sentence.' },
    code: { type: 'string' },
    instance: { type: 'string' },
    errors: {
      type: 'array',
      description: 'One entry per rejected parameter.',
      items: {
        type: 'object',
        properties: {
          parameter: { type: 'string' },
          message: { type: 'string' },
          allowed: { type: 'string', description: 'What would have been accepted.' },
        },
        required: ['parameter', 'message'],
      },
    },
    suggestions: { type: 'array', items: { type: 'string' }, description: 'Near ids, for an unknown id.' },
  },
  required: ['type', 'title', 'status', 'detail', 'code'],
};

function strip$schema(s: JsonSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = s;
  return rest;
}

const inputCache = new WeakMap<AnyOperation, JsonSchema>();
const outputCache = new WeakMap<AnyOperation, JsonSchema>();

/** The input as callers send it: defaults make a field optional. */
export function inputJsonSchema(op: AnyOperation): JsonSchema {
  let s = inputCache.get(op);
  if (!s) {
    s = strip$schema(z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
    inputCache.set(op, s);
  }
  return s;
}

/**
 * The successful response: the envelope members plus the operation's output. Built at the JSON level so the
 * output keeps its own additionalProperties rule. Full-tier-only fields are optional and marked
 * `x-full-tier-only`, since partial responses leave them out. An operation with another shape of answer
 * (`altOutput`) gets `anyOf` the two, each with the envelope; their `$defs`, if any, at the root.
 */
export function outputJsonSchema(op: AnyOperation): JsonSchema {
  let s = outputCache.get(op);
  if (s) return s;
  const main = withEnvelope(op, op.output);
  if (op.altOutput) {
    const { $defs: d1, ...a } = main;
    const { $defs: d2, ...b } = withEnvelope(op, op.altOutput);
    const $defs = { ...(d1 as JsonSchema | undefined), ...(d2 as JsonSchema | undefined) };
    for (const k of Object.keys((d1 ?? {}) as JsonSchema)) {
      if (d2 && k in (d2 as JsonSchema) && JSON.stringify((d1 as JsonSchema)[k]) !== JSON.stringify((d2 as JsonSchema)[k])) {
        throw new Error(`${op.name}: output and altOutput define $defs.${k} differently`);
      }
    }
    s = { ...(Object.keys($defs).length ? { $defs } : {}), anyOf: [a, b] };
  } else {
    s = main;
  }
  outputCache.set(op, s);
  return s;
}

function withEnvelope(op: AnyOperation, schema: z.ZodObject): JsonSchema {
  const out = strip$schema(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema);
  const fullOnly = new Set(op.fullTierOnly ?? []);
  const props: Record<string, JsonSchema> = { ...ENVELOPE_PROPERTIES };
  for (const [name, p] of Object.entries((out.properties ?? {}) as Record<string, JsonSchema>)) {
    props[name] = fullOnly.has(name)
      ? { ...p, 'x-full-tier-only': true, description: `${p.description ? `${p.description} ` : ''}Full tier only (pro and enterprise keys): absent from partial responses.` }
      : p;
  }
  for (const name of fullOnly) {
    if (!props[name]) props[name] = { 'x-full-tier-only': true, description: 'Full tier only (pro and enterprise keys): absent from partial responses.' };
  }
  const required = ['data_as_of', ...((out.required ?? []) as string[]).filter((r) => !fullOnly.has(r))];
  return { ...out, type: 'object', properties: props, required };
}
