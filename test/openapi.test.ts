// The OpenAPI document: generated from the registry, complete for every operation, internally consistent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OPERATIONS } from '../src/ops/registry.ts';
import { inputInfo } from '../src/surfaces/input-info.ts';
import { buildOpenApi } from '../src/surfaces/openapi.ts';
import { testApp } from './helpers.ts';

type Json = Record<string, any>;

const doc = buildOpenApi({ operations: OPERATIONS, baseUrl: 'http://localhost:8080', version: '0.0.0' }) as Json;

function refs(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => refs(x, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') out.push(x);
      else refs(x, out);
    }
  }
  return out;
}

test('an OpenAPI 3.1 document with the optional x-api-key and bearer schemes', () => {
  assert.equal(doc.openapi, '3.1.0');
  assert.deepEqual(doc.components.securitySchemes.ApiKey, { ...doc.components.securitySchemes.ApiKey, type: 'apiKey', in: 'header', name: 'x-api-key' });
  // OpenAPI 3.1 section 4.8.27: an HTTP scheme named as registered by IANA ("bearer", RFC 6750).
  assert.deepEqual(doc.components.securitySchemes.BearerAuth, { ...doc.components.securitySchemes.BearerAuth, type: 'http', scheme: 'bearer' });
  const anyOf = [{}, { ApiKey: [] }, { BearerAuth: [] }];
  for (const op of OPERATIONS) assert.deepEqual(doc.paths[`/api/v1${op.path}`].get.security, anyOf, op.name);
  assert.deepEqual(doc.paths['/mcp'].post.security, anyOf);
});

test('every input field is a parameter with its schema bounds, enums and defaults', () => {
  for (const op of OPERATIONS) {
    const params = doc.paths[`/api/v1${op.path}`].get.parameters as Json[];
    const info = inputInfo(op);
    assert.deepEqual(params.map((p) => p.name).sort(), [...info.names].sort(), op.name);
    for (const p of params) {
      const f = info.fields.get(p.name)!;
      assert.equal(p.in, f.inPath ? 'path' : 'query', `${op.name}.${p.name}`);
      if (f.inPath) assert.equal(p.required, true);
      const { description: _d, ...expected } = f.schema;
      assert.deepEqual(p.schema, expected, `${op.name}.${p.name} schema`);
      assert.ok(p.description.includes(f.allowed), `${op.name}.${p.name} states what is allowed`);
    }
  }
});

test('responses: the envelope with data_as_of, and problem+json for each error status', () => {
  for (const op of OPERATIONS) {
    const res = doc.paths[`/api/v1${op.path}`].get.responses;
    const ok = res['200'].content['application/json'].schema;
    // An operation with a second shape of answer (estimate_cost's view=summary) has both, each with the envelope.
    for (const form of ok.anyOf ?? [ok]) assert.ok(form.properties.data_as_of && form.required.includes('data_as_of'), op.name);
    assert.equal((ok.anyOf ?? [ok]).length, op.altOutput ? 2 : 1, op.name);
    assert.ok(res['200'].headers.ETag && res['200'].headers.RateLimit, op.name);
    for (const status of ['400', '401', '404', '406', '429', '500']) {
      assert.deepEqual(res[status].content['application/problem+json'].schema, { $ref: '#/components/schemas/Problem' }, `${op.name} ${status}`);
    }
    assert.ok(res['400'].content['application/problem+json'].examples.unknown_parameter);
    assert.ok(res['429'].headers['Retry-After']);
  }
});

test('full-tier-only fields are marked and not required', () => {
  const withFull = OPERATIONS.filter((op) => op.fullTierOnly?.length);
  assert.ok(withFull.length > 0, 'at least one operation has full-tier fields');
  for (const op of withFull) {
    const get = doc.paths[`/api/v1${op.path}`].get;
    const schema = get.responses['200'].content['application/json'].schema;
    assert.deepEqual(get['x-full-tier-only'], op.fullTierOnly);
    assert.match(get.description, /Full tier only/);
    for (const f of op.fullTierOnly!) {
      assert.equal(schema.properties[f]['x-full-tier-only'], true, `${op.name}.${f}`);
      assert.ok(!schema.required.includes(f), `${op.name}.${f} not required`);
    }
  }
});

test("the rental of estimate_cost and recommend_model documents its note, as list_hardware's rental fact carries one", () => {
  // Every `rental` object in the two answers' 200 schemas (estimate_cost: cheapest and each option; recommend_model's
  // self_hosting) has an optional string `note` with its description.
  const rentals = (v: unknown, out: Json[] = []): Json[] => {
    if (Array.isArray(v)) v.forEach((x) => rentals(x, out));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Json)) {
        if (k === 'rental' && x && typeof x === 'object') out.push(x as Json);
        rentals(x, out);
      }
    }
    return out;
  };
  for (const path of ['/api/v1/cost/{model_id}', '/api/v1/recommend']) {
    const found = rentals(doc.paths[path].get.responses['200'].content['application/json'].schema);
    assert.ok(found.length > 0, path);
    for (const r of found) {
      const obj = (r.anyOf as Json[] | undefined)?.find((x) => x.type === 'object') ?? r;
      assert.equal(obj.properties.note.type, 'string', path);
      assert.match(obj.properties.note.description, /What the date means/, path);
      assert.ok(!(obj.required ?? []).includes('note'), `${path}: note is optional`);
    }
  }
});

test('every $ref resolves inside the document', () => {
  for (const ref of refs(doc)) {
    assert.match(ref, /^#\//, ref);
    const target = ref.slice(2).split('/').reduce<Json | undefined>((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    assert.ok(target, `unresolved ${ref}`);
  }
});

test('GET /api/v1/openapi.json serves the generated document', async () => {
  const served = (await testApp().inject({ url: '/api/v1/openapi.json' })).json();
  assert.deepEqual(served.paths, doc.paths);
  assert.equal(served.servers[0].url, 'http://localhost:8080');
});
