// The OpenAPI 3.1 document, generated from the registry: paths, parameters, response schemas, problem responses.
import { z } from 'zod';
import { ERROR_CATALOG, PROBLEM_TYPE_BASE, type ErrorCode } from '../errors/index.ts';
import type { AnyOperation } from '../ops/operation.ts';
import { Source } from '../schema/index.ts';
import { LIMITS } from './docs-page.ts';
import { inputInfo } from './input-info.ts';
import { outputJsonSchema, PROBLEM_SCHEMA, type JsonSchema } from './json-schema.ts';
import { servicePaths } from './openapi-service.ts';
import { API_PREFIX } from './rest/url.ts';

export type OpenApiOptions = {
  operations: readonly AnyOperation[];
  baseUrl: string;
  version: string;
};

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

/** Which codes each status can carry on an operation route (DESIGN.md section 10). */
const OPERATION_ERRORS: Array<[number, ErrorCode[]]> = [
  [400, ['invalid_parameter', 'unknown_parameter']],
  [401, ['invalid_api_key', 'revoked_api_key']],
  [404, ['model_not_found', 'hardware_not_found', 'not_found']],
  [406, ['not_acceptable']],
  [429, ['rate_limited']],
  [500, ['internal_error']],
  [503, ['not_ready']],
];

function problemResponse(codes: readonly ErrorCode[]): JsonSchema {
  const examples: Record<string, unknown> = {};
  for (const code of codes) {
    const { status, title } = ERROR_CATALOG[code];
    examples[code] = { value: { type: `${PROBLEM_TYPE_BASE}${code}`, title, status, detail: '…', code } };
  }
  return {
    description: `Problem details (RFC 9457). Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    content: { 'application/problem+json': { schema: PROBLEM_REF, examples } },
  };
}

/** Move nested `$defs` to components, with refs rewritten to point there (OpenAPI resolves `#` at the document root). */
function hoistDefs(schema: JsonSchema, prefix: string, into: Record<string, JsonSchema>): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return schema;
  const { $defs: _d, ...rest } = schema;
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (v && typeof v === 'object') {
      const o: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        o[k] = k === '$ref' && typeof x === 'string' && x.startsWith('#/$defs/') ? `#/components/schemas/${prefix}${x.slice(8)}` : rewrite(x);
      }
      return o;
    }
    return v;
  };
  for (const [name, d] of Object.entries(defs)) into[`${prefix}${name}`] = rewrite(d) as JsonSchema;
  return rewrite(rest) as JsonSchema;
}

const RATE_HEADERS = {
  RateLimit: { description: 'Remaining quota (IETF draft httpapi-ratelimit-headers).', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The quota policy of this caller.', schema: { type: 'string' } },
};
const CACHE_HEADERS = {
  ETag: { description: 'Strong validator of the body; send it back in If-None-Match for a 304.', schema: { type: 'string' } },
  'Cache-Control': { description: '`public` for anonymous calls, `private` when a key was sent.', schema: { type: 'string' } },
};

const FULL_TIER_NOTE = 'Full-tier fields (pro and enterprise keys) are marked `x-full-tier-only`; partial responses (anonymous, free) leave them out and drop per-field `source`, listing the sources once instead.';

function operationObject(op: AnyOperation, schemas: Record<string, JsonSchema>): JsonSchema {
  const info = inputInfo(op);
  const parameters = [...info.fields.values()].map((f) => {
    const { description: _d, ...schema } = f.schema;
    const p: JsonSchema = {
      name: f.name,
      in: f.inPath ? 'path' : 'query',
      required: f.inPath || f.required,
      description: `${f.description ? `${f.description} ` : ''}Allowed: ${f.allowed}.${f.kind === 'array' ? ' Repeat the parameter or separate values with commas.' : ''}`,
      schema,
    };
    if (f.kind === 'array') Object.assign(p, { style: 'form', explode: true });
    return p;
  });
  const output = hoistDefs(outputJsonSchema(op), `${op.name}_`, schemas);
  const responses: Record<string, unknown> = {
    200: {
      description: `${op.title}. The body carries \`data_as_of\`.`,
      headers: { ...CACHE_HEADERS, ...RATE_HEADERS },
      content: { 'application/json': { schema: output } },
    },
    304: { description: 'Not modified: If-None-Match matched the current ETag.' },
  };
  for (const [status, codes] of OPERATION_ERRORS) {
    responses[status] = status === 429
      ? { ...problemResponse(codes), headers: { 'Retry-After': { description: 'Seconds until the quota resets.', schema: { type: 'integer' } }, ...RATE_HEADERS } }
      : problemResponse(codes);
  }
  const full = op.fullTierOnly?.length ? `\n\nFull tier only: ${op.fullTierOnly.map((f) => `\`${f}\``).join(', ')}. ${FULL_TIER_NOTE}` : '';
  const o: JsonSchema = {
    operationId: op.name,
    summary: op.title,
    description: `${op.description}${full}\n\nMCP tool: \`${op.name}\` (same inputs, same result).`,
    tags: ['operations'],
    parameters,
    security: [{}, { ApiKey: [] }, { BearerAuth: [] }],
    responses,
    'x-mcp-tool': op.name,
  };
  if (op.fullTierOnly?.length) o['x-full-tier-only'] = [...op.fullTierOnly];
  return o;
}

function jsonGet(summary: string, description: string, schema: JsonSchema): JsonSchema {
  return {
    get: {
      summary,
      description,
      tags: ['service'],
      responses: {
        200: { description: summary, headers: CACHE_HEADERS, content: { 'application/json': { schema } } },
        304: { description: 'Not modified.' },
        406: problemResponse(['not_acceptable']),
      },
    },
  };
}

export function buildOpenApi(opts: OpenApiOptions): JsonSchema {
  const schemas: Record<string, JsonSchema> = { Problem: PROBLEM_SCHEMA };
  const { $schema: _s, ...sourceSchema } = z.toJSONSchema(Source, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  schemas.Source = sourceSchema;
  const paths: Record<string, JsonSchema> = {};
  for (const op of opts.operations) paths[`${API_PREFIX}${op.path}`] = { get: operationObject(op, schemas) };
  const dated = (extra: Record<string, JsonSchema>): JsonSchema => ({
    type: 'object', properties: { data_as_of: { type: 'string' }, ...extra }, required: ['data_as_of', ...Object.keys(extra)],
  });
  paths[API_PREFIX] = jsonGet('Index of operations', 'Every operation with its path, description and docs link.', dated({ operations: { type: 'array', items: { type: 'object' } } }));
  // The Source row (a strict object) and its age, as one strict object.
  const agedSource: JsonSchema = {
    ...sourceSchema,
    properties: {
      ...(sourceSchema.properties as JsonSchema),
      age_days: { type: 'integer', description: 'Whole UTC days from the snapshot (`retrieved`) to `today`.' },
    },
    required: [...((sourceSchema.required as string[] | undefined) ?? []), 'age_days'],
  };
  const sourcesSummary = 'Every source the dataset draws on, with its snapshot date and age in days, URL and licence '
    + '(attribution that CC BY sources require).';
  paths[`${API_PREFIX}/sources`] = jsonGet('Sources', sourcesSummary, dated({
    today: { type: 'string', description: 'The UTC date the ages count to; the answer changes once a day.' },
    data_age_days: { type: 'integer', description: 'Whole UTC days from data_as_of to today.' },
    sources: { type: 'array', items: agedSource },
  }));
  paths[`${API_PREFIX}/openapi.json`] = jsonGet('This OpenAPI document', 'OpenAPI 3.1, generated from the operation registry.', { type: 'object' });
  paths['/docs'] = { get: { summary: 'Human documentation (HTML)', tags: ['service'], responses: { 200: { description: 'HTML page', content: { 'text/html': {} } } } } };
  paths['/healthz'] = jsonGet('Liveness', 'The process is up.', { type: 'object', properties: { status: { const: 'ok' } } });
  paths['/readyz'] = {
    get: {
      summary: 'Readiness',
      description: 'Dataset loaded and access control answering: `ok`, or `degraded` (limits counted per instance while Redis is unreachable).',
      tags: ['service'],
      responses: {
        200: { description: 'Ready', content: { 'application/json': { schema: { type: 'object', properties: { status: { enum: ['ok', 'degraded'] } } } } } },
        503: problemResponse(['not_ready']),
      },
    },
  };
  Object.assign(paths, servicePaths());
  paths['/mcp'] = {
    post: {
      summary: 'MCP endpoint (Streamable HTTP, stateless, JSON responses)',
      description: 'Model Context Protocol JSON-RPC. One tool per operation above, same names, inputs and results. Every JSON-RPC message (tool calls, lists, resources, prompts) is counted against the same quota as REST; batches are refused from protocol 2025-06-18 on. Protocol versions 2025-06-18, 2025-11-25 and 2026-07-28. Host and Origin are checked (DNS rebinding protection).',
      tags: ['service'],
      security: [{}, { ApiKey: [] }, { BearerAuth: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        200: { description: 'JSON-RPC response', content: { 'application/json': { schema: { type: 'object' } } } },
        202: { description: 'Notification accepted' },
        403: { description: 'Host or Origin not allowed (JSON-RPC error body)' },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Model Data Service',
      version: opts.version,
      description: `Read-only, dated and sourced data about AI language models. Every response carries \`data_as_of\`. ${FULL_TIER_NOTE} Errors are RFC 9457 problem details with a stable \`code\`.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: opts.baseUrl }],
    tags: [
      { name: 'operations', description: 'The data operations; each is also an MCP tool of the same name.' },
      { name: 'service', description: 'Index, sources, documentation, health and the MCP endpoint.' },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: `Optional. Limits: ${LIMITS}. Anonymous and free responses are partial; pro and enterprise are full.`,
        },
        // The same key as a bearer token (RFC 6750), for clients that only know how to send Authorization.
        BearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Optional. The same API key as `Authorization: Bearer <key>`. '
            + 'Sending it in both headers is accepted only when they are the same key.',
        },
      },
    },
  };
}
