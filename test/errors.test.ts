// The REST contract for errors and HTTP semantics: problem+json everywhere, 404/405/406, ETag/304, HEAD, limits.
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { OPERATIONS } from '../src/ops/registry.ts';
import { defineOperation, READ_ONLY } from '../src/ops/operation.ts';
import { listen, testAccess, testApp } from './helpers.ts';

const PRO_KEY = 'mds_pro_0123456789abcdefghijklmnopqrstuv';

/** A test operation with one sourced fact, so projection and caching are visible. */
const probe = defineOperation({
  name: 'probe_echo',
  title: 'Echo',
  description: 'Echoes its input with one sourced fact.',
  path: '/probe/{id}',
  input: z.object({ id: z.string().min(1).max(20), n: z.number().int().min(1).max(256).default(1), sort: z.enum(['x', 'y']).optional() }).strict(),
  output: z.object({ id: z.string(), n: z.number(), fact: z.object({ value: z.number(), as_of: z.string(), source: z.string().optional() }) }),
  annotations: READ_ONLY,
  fullTierOnly: ['secret_detail'],
  examples: [{ title: 'echo', input: { id: 'a' } }],
  handler: (_ds, input) => ({ id: input.id, n: input.n, fact: { value: 1, as_of: '2026-07-01', source: 'vendor-page' }, secret_detail: 'full only' }),
});

const boom = defineOperation({
  name: 'probe_boom',
  title: 'Boom',
  description: 'Always fails with an unexpected error.',
  path: '/boom',
  input: z.object({}).strict(),
  output: z.object({}),
  annotations: READ_ONLY,
  examples: [],
  handler: () => {
    throw new Error('secret internals: password=hunter2');
  },
});

const app = (access = testAccess({ keys: { [PRO_KEY]: 'pro' } })) => testApp({ operations: [...OPERATIONS, probe, boom], access });

test('every error is application/problem+json with type, title, status, detail, code', async () => {
  const a = app();
  for (const url of ['/nope', '/api/v1/probe/a?n=0', '/api/v1/probe/a?zzz=1', '/api/v1/boom']) {
    const r = await a.inject({ url });
    assert.match(r.headers['content-type'] as string, /^application\/problem\+json/, url);
    const p = r.json();
    for (const k of ['type', 'title', 'status', 'detail', 'code']) assert.ok(k in p, `${url}: ${k}`);
    assert.equal(p.status, r.statusCode);
  }
});

test('unknown path: 404 not_found problem', async () => {
  const r = await app().inject({ url: '/api/v1/nothing-here' });
  assert.equal(r.statusCode, 404);
  assert.equal(r.json().code, 'not_found');
});

test('other methods: 405 method_not_allowed with Allow; OPTIONS answers Allow', async () => {
  const a = app();
  for (const [method, url, allow] of [['POST', '/api/v1/probe/a', 'GET, HEAD, OPTIONS'], ['DELETE', '/api/v1', 'GET, HEAD, OPTIONS'], ['PUT', '/docs', 'GET, HEAD, OPTIONS'], ['GET', '/mcp', 'POST, OPTIONS'], ['DELETE', '/mcp', 'POST, OPTIONS']] as const) {
    const r = await a.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: method === 'GET' ? undefined : '{broken' });
    assert.equal(r.statusCode, 405, `${method} ${url}`);
    assert.equal(r.headers.allow, allow);
    assert.equal(r.json().code, 'method_not_allowed');
  }
  const o = await a.inject({ method: 'OPTIONS', url: '/api/v1/probe/a' });
  assert.equal(o.statusCode, 204);
  assert.equal(o.headers.allow, 'GET, HEAD, OPTIONS');
  assert.match(String(o.headers['access-control-allow-headers']), /x-api-key/);
});

test('unknown query parameter: 400 unknown_parameter naming it and the accepted ones', async () => {
  const r = await app().inject({ url: '/api/v1/probe/a?n=2&colour=red' });
  assert.equal(r.statusCode, 400);
  const p = r.json();
  assert.equal(p.code, 'unknown_parameter');
  assert.match(p.detail, /colour/);
  assert.deepEqual(p.accepted, ['id', 'n', 'sort']);
});

test('invalid values: 400 invalid_parameter, one entry per parameter with what is allowed', async () => {
  const r = await app().inject({ url: '/api/v1/probe/a?n=1000&sort=z' });
  assert.equal(r.statusCode, 400);
  const p = r.json();
  assert.equal(p.code, 'invalid_parameter');
  assert.deepEqual(p.errors.map((e: { parameter: string; allowed: string }) => [e.parameter, e.allowed]), [['n', 'an integer from 1 to 256'], ['sort', 'one of: x, y']]);
  const twice = await app().inject({ url: '/api/v1/probe/a?n=1&n=2' });
  assert.equal(twice.json().errors[0].parameter, 'n');
});

test('Accept that excludes JSON: 406 not_acceptable', async () => {
  const r = await app().inject({ url: '/api/v1/probe/a', headers: { accept: 'text/html' } });
  assert.equal(r.statusCode, 406);
  assert.equal(r.json().code, 'not_acceptable');
  const ok = await app().inject({ url: '/api/v1/probe/a', headers: { accept: 'text/html, application/json;q=0.5' } });
  assert.equal(ok.statusCode, 200);
});

test('ETag and If-None-Match: 304 with the same ETag and no body', async () => {
  const a = app();
  const r = await a.inject({ url: '/api/v1/probe/a?n=3' });
  assert.equal(r.statusCode, 200);
  const etag = r.headers.etag as string;
  assert.match(etag, /^"[^"]+"$/, 'a strong validator');
  assert.equal(r.headers['cache-control'], 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400, stale-if-error=86400');
  const again = await a.inject({ url: '/api/v1/probe/a?n=3', headers: { 'if-none-match': etag } });
  assert.equal(again.statusCode, 304);
  assert.equal(again.body, '');
  assert.equal(again.headers.etag, etag);
  const other = await a.inject({ url: '/api/v1/probe/a?n=4', headers: { 'if-none-match': etag } });
  assert.equal(other.statusCode, 200);
  assert.notEqual(other.headers.etag, etag);
});

test('HEAD works wherever GET does: same headers, no body', async () => {
  const a = app();
  for (const url of ['/api/v1/probe/a', '/api/v1', '/api/v1/sources', '/api/v1/openapi.json', '/docs', '/healthz']) {
    const get = await a.inject({ url });
    const head = await a.inject({ method: 'HEAD', url });
    assert.equal(head.statusCode, get.statusCode, url);
    assert.equal(head.body, '', url);
    assert.equal(head.headers['content-type'], get.headers['content-type'], url);
  }
});

test('a forced 500 is internal_error with no stack and no internals', async () => {
  const r = await app().inject({ url: '/api/v1/boom' });
  assert.equal(r.statusCode, 500);
  assert.equal(r.json().code, 'internal_error');
  assert.doesNotMatch(r.body, /hunter2|secret|at .*\.ts|Error:/);
});

test('framework errors are problems too (bad percent-encoding); at /mcp, bad JSON and oversized bodies are JSON-RPC errors', async () => {
  const a = app();
  const bad = await a.inject({ url: '/api/v1/probe/%E0%A4%A' });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().code, 'invalid_parameter');
  const mcpHeaders = { host: 'localhost', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const json = await a.inject({ method: 'POST', url: '/mcp', headers: mcpHeaders, payload: '{not json' });
  assert.equal(json.statusCode, 400);
  assert.match(json.headers['content-type'] as string, /^application\/json/);
  assert.equal(json.json().error.code, -32700, 'JSON-RPC parse error');
  const big = await a.inject({ method: 'POST', url: '/mcp', headers: mcpHeaders, payload: `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}` });
  assert.equal(big.statusCode, 413);
  assert.equal(big.json().error.code, -32000);
});

test('keys: an unknown key is 401, never anonymous; a full key gets provenance and private caching', async () => {
  const a = app();
  const bad = await a.inject({ url: '/api/v1/probe/a', headers: { 'x-api-key': 'mds_pro_wrong' } });
  assert.equal(bad.statusCode, 401);
  assert.equal(bad.json().code, 'invalid_api_key');
  const partial = (await a.inject({ url: '/api/v1/probe/a' })).json();
  assert.equal(partial.fact.source, undefined);
  assert.equal(partial.secret_detail, undefined);
  assert.deepEqual(partial.sources.map((s: { id: string }) => s.id), ['vendor-page']);
  assert.match(partial.attribution, /Model Data Service/);
  const fullRes = await a.inject({ url: '/api/v1/probe/a', headers: { 'x-api-key': PRO_KEY } });
  const full = fullRes.json();
  assert.equal(full.fact.source, 'vendor-page');
  assert.equal(full.secret_detail, 'full only');
  assert.equal(full.attribution, undefined);
  assert.equal(fullRes.headers['cache-control'], 'private, max-age=300');
  assert.equal(fullRes.headers.vary, 'x-api-key, authorization, accept-encoding', 'either key header, and the coding, make the answer');
});

test('over the limit: 429 rate_limited with Retry-After and RateLimit headers; errors count, meta routes do not', async () => {
  const access = testAccess({ quota: 2 });
  const a = app(access);
  await a.inject({ url: '/api/v1' });
  await a.inject({ url: '/api/v1/openapi.json' });
  const first = await a.inject({ url: '/api/v1/probe/a?zzz=1' });
  assert.equal(first.statusCode, 400);
  assert.match(String(first.headers.ratelimit), /r=1/);
  await a.inject({ url: '/api/v1/probe/a' });
  const limited = await a.inject({ url: '/api/v1/probe/a' });
  assert.equal(limited.statusCode, 429);
  assert.equal(limited.json().code, 'rate_limited');
  assert.equal(limited.headers['retry-after'], '60');
  assert.ok(limited.headers['ratelimit-policy']);
  assert.equal(access.counted(), 2);
});

test('security headers: nosniff, no-referrer, CORS for any origin, a strict CSP on /docs, no X-Powered-By', async () => {
  const a = app();
  for (const url of ['/api/v1/probe/a', '/nope', '/docs']) {
    const r = await a.inject({ url, headers: { origin: 'https://somewhere.example' } });
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
    assert.equal(r.headers['referrer-policy'], 'no-referrer');
    assert.equal(r.headers['access-control-allow-origin'], '*');
    assert.match(String(r.headers['access-control-expose-headers']), /RateLimit.*ETag|ETag.*RateLimit/);
    assert.equal(r.headers['x-powered-by'], undefined);
  }
  const docs = await a.inject({ url: '/docs' });
  const csp = String(docs.headers['content-security-policy']);
  assert.match(csp, /default-src 'none'/);
  assert.doesNotMatch(csp, /script-src|unsafe-inline/);
  assert.doesNotMatch(docs.body, /<script/i);
  // The page's one inline style block is allowed by its hash, so a browser applies it.
  const style = /<style>([\s\S]*?)<\/style>/.exec(docs.body)![1];
  assert.ok(csp.includes(`'sha256-${createHash('sha256').update(style).digest('base64')}'`));
});

test('health: /healthz is up; /readyz reports the access health, and 503 not_ready once shutdown begins', async () => {
  const a = app();
  assert.equal((await a.inject({ url: '/healthz' })).json().status, 'ok');
  const ready = await a.inject({ url: '/readyz' });
  assert.equal(ready.statusCode, 200);
  assert.equal(ready.json().status, 'ok');

  const b = app();
  let during: { status: number; code: string; connection: string | null } | undefined;
  // A load balancer polling /readyz during shutdown must see the instance leave, over a closing connection.
  b.addHook('preClose', async () => {
    const r = await fetch(`${base}/readyz`);
    during = { status: r.status, code: ((await r.json()) as { code: string }).code, connection: r.headers.get('connection') };
  });
  const base = await listen(b);
  await b.close();
  assert.deepEqual(during, { status: 503, code: 'not_ready', connection: 'close' });
});
