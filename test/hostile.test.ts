// Hostile input (issue 7.4): random and malicious paths, parameters, headers, raw bytes and JSON-RPC bodies at every
// operation and at /mcp. Never a 5xx, always a well-formed problem (REST) or JSON-RPC / tool error (MCP), and the
// server keeps answering. The run count is bounded so the file finishes well within a minute.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createAccess, issueKey, revokeKey } from '../src/access/index.ts';
import { createSqliteKeyStore } from '../src/access/key-store-sqlite.ts';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import type { AnyOperation } from '../src/ops/operation.ts';
import { inputInfo, type FieldInfo } from '../src/surfaces/input-info.ts';
import { routePattern } from '../src/surfaces/rest/url.ts';
import { listen, servedDataset, testAccess, testApp, testConfig } from './helpers.ts';

const PRO_KEY = 'mds_pro_0123456789abcdefghijklmnopqrstuv';
/** Runs per property; FC_RUNS raises them for a longer local hunt. */
const RUNS = Number(process.env.FC_RUNS ?? 250);
/**
 * One seed for the whole file, printed first, so that a failed run can be replayed: FC_SEED=<seed> with the same
 * FC_RUNS runs the same inputs in the same order (the properties share one server, so replay the whole file).
 */
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(SEED)) throw new Error(`FC_SEED must be an integer, got ${JSON.stringify(process.env.FC_SEED)}`);
console.log(`# hostile: seed ${SEED}, ${RUNS} runs`
  + ` (replay: FC_SEED=${SEED} FC_RUNS=${RUNS} node --import tsx --test test/hostile.test.ts)`);

let app: FastifyInstance;
let base: string;
let port: number;
const { dataset } = servedDataset();
const modelIds = dataset.models.slice(0, 40).map((m) => m.id);
const hardwareIds = dataset.hardware.slice(0, 10).map((h) => h.id);

before(async () => {
  // A short request timeout so that a half-sent request is cut off quickly, as in production but sooner.
  app = testApp({ dataset, config: testConfig({ REQUEST_TIMEOUT_MS: '2000' }), access: testAccess({ keys: { [PRO_KEY]: 'pro' } }) });
  base = await listen(app);
  port = Number(new URL(base).port);
});

after(async () => {
  await app.close();
});

// A failure names the assertion that failed, not only the counterexample; every property starts from SEED.
fc.configureGlobal({ includeErrorInReport: true, seed: SEED });

/** Inputs known to break parsers, routers, decoders and naive lookups. */
const NASTY: readonly string[] = [
  '', ' ', '.', '..', '../../../../etc/passwd', '..%2f..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2f', '....//....//etc',
  '/etc/passwd', 'C:\\Windows\\win.ini', '\\\\server\\share', '\u0000', '%00', 'a\u0000b', '%', '%%', '%zz', '%E0%A4%A',
  '%C0%AE%C0%AE', '%FF%FE', '\uFEFF', '\u202Etxt.exe', '\uD800', '\uDFFF\uD800', 'é', 'Ω≈ç√∫', '𝕏𝕐ℤ', '🦙🦙', 'ﷺ',
  '\u0301\u0301\u0301', '{"$gt":""}', '{"__proto__":{"polluted":1}}', '[]', '[1,2,3]', '{}', 'null', 'true', 'false',
  'undefined', 'NaN', 'Infinity', '-Infinity', '-0', '0', '-1', '1e309', '-1e309', '1e-400', '0x1F', '0b101', '1_000',
  '9'.repeat(400), '1.7976931348623157e308', '5e-324', '  42  ', '4 2', '+1', '.5', '5.', '__proto__', 'constructor',
  'prototype', 'toString', 'hasOwnProperty', 'valueOf', '<script>alert(1)</script>', "' OR '1'='1", '"; DROP TABLE models; --',
  '${jndi:ldap://x/a}', '{{7*7}}', '$(id)', '`id`', 'a,b,c,d,e,f,g', ',,,,', ',', 'x'.repeat(10_000), 'é'.repeat(3000),
  '\r\nSet-Cookie: a=b', '\t', '2026-02-30', '9999-99-99', '0000-00-00', '2026-13-01', '-2026-01-01', 'llama-3.3-70b-instruct',
  'LLAMA-3.3-70B-INSTRUCT', 'anthropic/claude-opus-4.8', 'AAAA', 'eyJ4IjoxfQ', 'eyJvIjotMX0', '_-_-', 'A'.repeat(200),
  // Machines that do not exist: past the memory and count bounds, zero, negative, exponent.
  '9999 GB GPU', '100000 GB', '512 x H100', '0 GB GPU', '1e9 GB', '-5 GB GPU', '2x 9999 GB GPU', '1e309 GB GPU',
];

/** Percent-encode everything outside the unreserved set, as UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it). */
function pct(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Printable ASCII goes into the URL as written half the time (stray `%`, `&`, `=`, `#` and `/` included). */
const urlText = (s: string, raw: boolean): string => (raw && /^[\x21-\x7e]*$/.test(s) ? s : pct(s));

/** Mostly the expected value, now and then a hostile one: each part of a request is broken on its own. */
const mostly = <T>(usual: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: usual }, { weight: 1, arbitrary: hostile });

const cursorLike = fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null').toString('base64url'));

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.nat(10_000_000)).map(String) },
  { weight: 1, arbitrary: cursorLike },
);

/** Values an operation almost accepts (in-range, enum members, real ids), so validation passes and handlers run. */
function plausible(field: FieldInfo): fc.Arbitrary<string> {
  const s = (field.kind === 'array' ? field.schema.items : field.schema) as Record<string, unknown>;
  if (Array.isArray(s.enum)) {
    const values = (s.enum as unknown[]).map(String);
    return field.kind === 'array' ? fc.subarray(values, { minLength: 1 }).map((v) => v.join(',')) : fc.constantFrom(...values);
  }
  if (field.itemKind === 'integer' || field.itemKind === 'number') {
    const lo = typeof s.minimum === 'number' ? s.minimum : 0;
    const hi = typeof s.maximum === 'number' ? s.maximum : 1e6;
    const int = fc.integer({ min: Math.floor(lo) - 2, max: Math.min(Math.ceil(hi) + 2, 2 ** 31 - 1) }).map(String);
    return field.itemKind === 'integer' ? int : fc.oneof(int, fc.double({ min: lo, max: hi, noNaN: true }).map(String));
  }
  if (field.itemKind === 'boolean') return fc.constantFrom('true', 'false', 'TRUE', '1', 'yes');
  if (/hardware/.test(field.name) && hardwareIds.length) return fc.constantFrom(...hardwareIds);
  if (/model/.test(field.name) && modelIds.length) {
    const ids = fc.constantFrom(...modelIds);
    return field.kind === 'array' ? fc.array(ids, { minLength: 0, maxLength: 7 }).map((v) => v.join(',')) : ids;
  }
  if (field.name === 'cursor') return cursorLike;
  if (/until|after/.test(field.name)) return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  return fc.constantFrom('chat', 'coding', 'hospital', 'eu-only', 'laptop', 'meta', 'apache-2.0', 'llama 3', 'x');
}

const valueFor = (field: FieldInfo): fc.Arbitrary<string> => fc.oneof({ weight: 4, arbitrary: plausible(field) }, { weight: 1, arbitrary: hostileText });

/** One request to one operation: path parameters and query (names repeated, unknown, prototype keys) and headers. */
function operationRequest(op: AnyOperation) {
  const info = inputInfo(op);
  const queryFields = [...info.fields.values()].filter((f) => !f.inPath);
  const name = fc.oneof(
    { weight: 16, arbitrary: queryFields.length ? fc.constantFrom(...queryFields.map((f) => f.name)) : fc.constant('limit') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', '__proto__[x]', 'a[b]', 'limit[]', 'q.x', 'toString') },
    { weight: 1, arbitrary: hostileText },
  );
  const pair = name.chain((n) => {
    const field = info.fields.get(n);
    return fc.tuple(fc.constant(n), field ? valueFor(field) : hostileText);
  });
  const pathValues = fc.tuple(...info.pathParams.map((p) => valueFor(info.fields.get(p)!)));
  return fc.record({
    pathValues,
    query: fc.array(pair, { maxLength: 4 }),
    raw: fc.boolean(),
    method: fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'POST', 'DELETE') }),
    headers: headersArb,
  });
}

/** Header values as HTTP can carry them (control characters go through the raw-socket property instead). */
const headerText = hostileText.map((s) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '').slice(0, 8000));

/** Each header absent four times in five, so that most requests get past key checks and negotiation to a handler. */
function sparseHeaders(spec: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Record<string, string>> {
  const entries = Object.entries(spec).map(([name, value]) =>
    fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value }).map((v) => [name, v] as const));
  return fc.tuple(...entries).map((list) => Object.fromEntries(list.filter(([, v]) => v !== null)) as Record<string, string>);
}

const headersArb = sparseHeaders({
  accept: fc.oneof(fc.constantFrom('application/json', '*/*', 'text/html', 'application/problem+json;q=0', 'application/*;q=abc', ',;;,', 'a/b,'.repeat(2000)), headerText),
  'if-none-match': fc.oneof(fc.constantFrom('*', '"x"', 'W/"x"', ',,,', '"'.repeat(3000)), headerText),
  'x-api-key': fc.oneof(fc.constant(PRO_KEY), fc.constant(PRO_KEY), fc.constantFrom('mds_pro_', `mds_ent_${'a'.repeat(32)}`, `mds_free_${'\u00e9'.repeat(32)}`), headerText),
  origin: fc.oneof(fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000'), headerText),
  'content-type': fc.oneof(fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'), headerText),
  'x-forwarded-for': fc.oneof(fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'unknown'), headerText),
  range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'items=1-2'),
});

function fillPath(op: AnyOperation, values: string[], raw: boolean): string {
  let i = 0;
  return routePattern(op).replace(/:[a-z_][a-z0-9_]*/g, () => urlText(values[i++] ?? '', raw));
}

type Reply = { statusCode: number; headers: Record<string, string | string[] | number | undefined>; body: string };

/** Nothing about the server's files or stack leaks into an answer. */
function assertNoInternals(body: string, what: string): void {
  assert.ok(!body.includes(PROJECT_ROOT), `${what}: the project path leaked`);
  assert.doesNotMatch(body, /node:internal|\(file:\/\/|\bat [\w.<>]+ \(/, `${what}: a stack frame leaked`);
}

/**
 * The REST contract for any answer: below 500, nosniff, and an error is a problem whose status matches. A JSON
 * answer of an operation (`/api/v1/...`) carries data_as_of; health and docs answers are only checked to parse.
 */
function checkRest(method: string, res: Reply, what: string, operation = false): void {
  assert.ok(res.statusCode < 500, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', `${what}: nosniff`);
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400) {
    assert.match(type, /^application\/problem\+json/, `${what}: ${res.statusCode} is not a problem`);
    if (method === 'HEAD') return;
    const p = JSON.parse(res.body) as Record<string, unknown>;
    assert.equal(p.status, res.statusCode, what);
    for (const k of ['type', 'title', 'detail', 'code']) assert.equal(typeof p[k], 'string', `${what}: ${k}`);
    assertNoInternals(res.body, what);
  } else if (res.statusCode === 200 && method === 'GET' && /json/.test(type)) {
    const body = JSON.parse(res.body) as object;
    if (operation) assert.ok('data_as_of' in body, `${what}: data_as_of`);
  }
}

/** SDK-handled methods whose malformed params are answered as -32603: none now (params are checked first, -32602). */
const SDK_INTERNAL_ERROR_METHODS = new Set<string>();

/**
 * The MCP contract for any answer at /mcp: below 500; a problem (body parsing, limits), a JSON-RPC error with a
 * numeric code, or a result; a tools/call result is data or a coded tool error, never an internal error.
 */
function checkMcp(res: Reply, payload: string | undefined, what: string): void {
  assert.ok(res.statusCode < 500, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  if (res.body === '') return; // 202 (notifications only), 204 (preflight), HEAD.
  const type = String(res.headers['content-type'] ?? '');
  if (/problem\+json/.test(type)) return checkRest('POST', res, what);
  assert.match(type, /^application\/json/, what);
  const body = JSON.parse(res.body) as unknown;
  let sent: unknown;
  try {
    sent = payload === undefined ? undefined : JSON.parse(payload);
  } catch {
    sent = undefined;
  }
  const sentList = (Array.isArray(sent) ? sent : [sent]) as Array<Record<string, unknown> | null>;
  for (const m of (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown>>) {
    assert.equal(m.jsonrpc, '2.0', what);
    const req = sentList.find((x) => x && typeof x === 'object' && x.id === m.id);
    if ('error' in m) {
      const e = m.error as { code: unknown; message: unknown };
      assert.equal(typeof e.code, 'number', what);
      assert.equal(typeof e.message, 'string', what);
      if (!SDK_INTERNAL_ERROR_METHODS.has(String(req?.method))) assert.notEqual(e.code, -32603, `${what}: internal error ${String(e.message).slice(0, 300)}`);
      assertNoInternals(String(e.message), what);
      continue;
    }
    assert.ok('result' in m, what);
    if (req?.method === 'tools/call') checkToolResult(m.result as Record<string, unknown>, what);
  }
}

/**
 * The server still answers over a socket. Up to three tries, 200 ms apart: with this file's 2 s request timeout, a
 * test process not scheduled for over 2 s on a loaded machine (measured: a 2.5 s stall right after a request is
 * sent) gets its complete request answered 408, or the connection closed, because Node's timeout check runs before
 * the pending bytes are read. That made about one run in 17 fail here ("fetch failed") and never replay. A server
 * that stopped answering fails all three tries.
 */
async function healthy(): Promise<void> {
  const seen: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 200));
    try {
      const r = await fetch(`${base}/healthz`);
      const body = await r.text();
      if (r.status === 200) {
        assert.deepEqual(JSON.parse(body), { status: 'ok' });
        return;
      }
      seen.push(`${r.status} ${body.slice(0, 100)}`);
    } catch (e) {
      seen.push(`${(e as Error).message}: ${String((e as { cause?: Error }).cause?.message ?? '')}`);
    }
  }
  assert.fail(`the server no longer answers /healthz: ${seen.join('; ')}`);
}

test('every operation, random and malicious path values, query strings and headers: never a 5xx, errors are problems', async () => {
  const requests = fc.constantFrom(...OPERATIONS).chain((op) => fc.tuple(fc.constant(op), operationRequest(op)));
  await fc.assert(
    fc.asyncProperty(requests, async ([op, r]) => {
      const qs = r.query.map(([n, v]) => `${urlText(n, r.raw)}=${urlText(v, r.raw)}`).join('&');
      const url = `${fillPath(op, r.pathValues, r.raw)}${qs ? `?${qs}` : ''}`;
      const res = await app.inject({ method: r.method as 'GET', url, headers: r.headers, payload: r.method === 'POST' ? '{"x":' : undefined });
      checkRest(r.method, res, `${r.method} ${url.slice(0, 200)}`, true);
    }),
    { numRuns: RUNS * 2 },
  );
  await healthy();
});

test('random paths and methods anywhere (traversal, double slashes, bad encodings): never a 5xx, errors are problems', async () => {
  const prefix = fc.constantFrom('', '/', '/api', '/api/v1', '/api/v1/', '/api/v2', '/api/v1/models', '/api/v1/hardware', '/api/v1/cost', '/mcp', '/docs', '/healthz', '//api//v1', '/api/v1/./models', '/api/v1/../v1');
  const segments = fc.array(fc.tuple(hostileText, fc.boolean()).map(([s, raw]) => urlText(s, raw)), { maxLength: 4 });
  const method = fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'PROPFIND', 'SEARCH');
  await fc.assert(
    fc.asyncProperty(prefix, segments, method, fc.boolean(), async (p, segs, m, slash) => {
      const url = `${p}${segs.length ? '/' : ''}${segs.join('/')}${slash ? '/' : ''}` || '/';
      const res = await app.inject({ method: m as 'GET', url, headers: { host: 'localhost' } });
      // /mcp answers in JSON-RPC; /docs in HTML; everything else is JSON or a problem.
      if (/^\/mcp\/?$/.test(url)) checkMcp(res, undefined, `${m} ${url}`);
      else checkRest(m, res, `${m} ${url.slice(0, 200)}`);
    }),
    { numRuns: RUNS },
  );
  await healthy();
});

const MCP_HEADERS = { host: 'localhost', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const toolNames = OPERATIONS.map((op) => op.name);
const jsonish = fc.oneof(hostileText, fc.jsonValue({ maxDepth: 3 }), fc.integer(), fc.boolean(), fc.constant(null));

/** Tool arguments: real field names with plausible or hostile values of any JSON type, plus junk names. */
const toolArguments = fc.constantFrom(...OPERATIONS).chain((op) => {
  const fields = [...inputInfo(op).fields.values()];
  const valueOf = (f: FieldInfo): fc.Arbitrary<unknown> =>
    fc.oneof(
      plausible(f).map((v) => (f.itemKind === 'integer' || f.itemKind === 'number' ? Number(v) : f.itemKind === 'boolean' ? v === 'true' : f.kind === 'array' ? v.split(',') : v)),
      jsonish,
    );
  const record = fields.length ? fc.record(Object.fromEntries(fields.map((f) => [f.name, valueOf(f)])), { requiredKeys: [] }) : fc.constant({});
  return fc.tuple(fc.constant(op.name), fc.oneof(
    { weight: 4, arbitrary: record },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(hostileText, fc.constantFrom('__proto__', 'constructor')), jsonish, { maxKeys: 4 }) },
    { weight: 1, arbitrary: jsonish },
  ));
});

const methodName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('tools/call', 'tools/call', 'tools/list', 'initialize', 'ping', 'notifications/initialized', 'resources/list', 'prompts/get', 'completion/complete', 'logging/setLevel', 'sampling/createMessage') },
  { weight: 1, arbitrary: hostileText },
);

const rpcId = fc.oneof(
  { weight: 6, arbitrary: fc.nat() },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.double(), fc.jsonValue({ maxDepth: 1 })) },
);

/** tools/call params: mostly the arguments' own tool; sometimes another tool's name or no valid name at all. */
const otherName = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom(...toolNames) },
  { weight: 1, arbitrary: jsonish },
);
const toolCallParams = fc.tuple(toolArguments, otherName)
  .map(([[real, args], other]) => ({ name: other === undefined ? real : other, arguments: args }));

const toolCall = fc.record({ jsonrpc: fc.constant('2.0'), id: rpcId, method: fc.constant('tools/call'), params: toolCallParams });

/** Any message: well-formed envelopes mostly, with random methods and params, now and then without id or params. */
const rpcMessage = fc.tuple(fc.record({
  jsonrpc: fc.oneof({ weight: 12, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: jsonish }),
  id: rpcId,
  method: methodName,
  params: fc.oneof(
    { weight: 3, arbitrary: toolCallParams },
    { weight: 1, arbitrary: fc.constant({ protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } }) },
    { weight: 1, arbitrary: fc.dictionary(hostileText, jsonish, { maxKeys: 3 }) },
    { weight: 1, arbitrary: jsonish },
  ),
}), fc.nat(9)).map(([message, drop]): Record<string, unknown> => {
  const m: Record<string, unknown> = { ...message };
  if (drop === 0) delete m.id;
  if (drop === 1) delete m.params;
  return m;
});

const mcpBody = fc.oneof(
  { weight: 6, arbitrary: toolCall.map((m) => JSON.stringify(m)) },
  { weight: 3, arbitrary: rpcMessage.map((m) => JSON.stringify(m)) },
  { weight: 1, arbitrary: fc.array(fc.oneof(toolCall, rpcMessage), { maxLength: 4 }).map((b) => JSON.stringify(b)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: hostileText },
);

const mcpHeaders = fc.tuple(
  fc.oneof({ weight: 8, arbitrary: fc.constant(MCP_HEADERS.accept) }, { weight: 1, arbitrary: headerText }),
  fc.oneof({ weight: 8, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1', '') }),
  sparseHeaders({
    'mcp-protocol-version': fc.oneof(fc.constantFrom('2025-06-18', '2025-03-26', '2026-07-28', '1999-01-01'), headerText),
    'mcp-method': fc.oneof(fc.constantFrom('tools/call', 'tools/list', 'server/discover'), headerText),
    'mcp-session-id': headerText,
    'x-api-key': fc.oneof(fc.constant(PRO_KEY), headerText),
    origin: fc.constantFrom('http://localhost:5173', 'http://127.0.0.1', 'https://evil.example', 'null'),
  }),
).map(([accept, type, rest]) => ({ accept, 'content-type': type, ...rest }));

/** A tool result is either data with data_as_of or an error with a code, never a thrown internal error. */
function checkToolResult(result: Record<string, unknown>, what: string): void {
  assert.ok(Array.isArray(result.content), `${what}: content`);
  const sc = result.structuredContent as Record<string, unknown> | undefined;
  assert.ok(sc && typeof sc === 'object', `${what}: structuredContent`);
  if (result.isError === true) {
    assert.equal(typeof sc.code, 'string', `${what}: tool error code`);
    assert.notEqual(sc.code, 'internal_error', `${what}: ${JSON.stringify(sc).slice(0, 300)}`);
  } else {
    assert.ok('data_as_of' in sc, `${what}: data_as_of`);
  }
}

test('random JSON-RPC at /mcp (methods, ids, batches, tools/call with random names and arguments): never a 5xx or internal error', async () => {
  await fc.assert(
    fc.asyncProperty(mcpBody, mcpHeaders, async (payload, headers) => {
      const res = await app.inject({ method: 'POST', url: '/mcp', headers: { host: 'localhost', ...headers }, payload });
      checkMcp(res, payload, `POST /mcp ${payload.slice(0, 300)}`);
    }),
    { numRuns: RUNS * 2 },
  );
  await healthy();
});

/** Send raw bytes, half-close, and read whatever comes back until the server closes (5 s at most: else a hang). */
function rawExchange(bytes: Buffer): Promise<{ text: string; hung: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), hung: true });
    }, 5000);
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('latin1'), hung: false });
    });
    socket.end(bytes);
  });
}

/** The first final response of a raw exchange (after any 100 Continue): status, lowercased headers, body. */
function parseFirstResponse(text: string, head: boolean): Reply | undefined {
  while (/^HTTP\/1\.[01] 1\d\d[^\r\n]*\r\n\r\n/.test(text)) text = text.slice(text.indexOf('\r\n\r\n') + 4);
  const m = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n/.exec(text);
  if (!m) return undefined;
  const end = text.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of text.slice(m[0].length, end).split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  // A response to HEAD has no body, whatever its headers say.
  let body = head ? '' : text.slice(end + 4);
  if (!head && headers['content-length'] !== undefined) body = body.slice(0, Number(headers['content-length']));
  else if (!head && /chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  return { statusCode: Number(m[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

function dechunk(s: string): string {
  let out = '';
  let rest = s;
  for (;;) {
    const nl = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, nl), 16);
    if (!(size > 0)) return out;
    out += rest.slice(nl + 2, nl + 2 + size);
    rest = rest.slice(nl + 2 + size + 2);
  }
}

const bytesOf = (s: string) => Buffer.from(s, 'latin1');
const rawPiece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', '\u00ff\u00fe', '%00', '../', '..\\', ' ', '\r', '\n', '\t', '\u007f', '\u0080', '#', '?', '%', '%c0%af', '\u00c3\u0028', 'x'.repeat(20_000)) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }).map((a) => Buffer.from(a).toString('latin1')) },
);
const rawTarget = fc.tuple(
  fc.constantFrom(...OPERATIONS.map((op) => routePattern(op).replace(/:[a-z_]+/g, 'llama-3.3-70b-instruct')), '/mcp', '/healthz', '/', '*', 'http://evil.example/api/v1', ''),
  mostly(fc.constant<string[]>([]), fc.array(rawPiece, { minLength: 1, maxLength: 3 })),
).map(([p, extra]) => p + extra.join(''));
const rawHeader = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(
    'Content-Length: 5', 'Content-Length: -1', 'Content-Length: abc', 'Content-Length: 5\r\nContent-Length: 6', 'Content-Length: 99999999999999999999',
    'Transfer-Encoding: chunked', 'Transfer-Encoding: chunked\r\nContent-Length: 3', 'Transfer-Encoding: gzip, chunked', 'Transfer-Encoding: x',
    'Content-Type: application/json', 'Accept: application/json, text/event-stream', 'X-Api-Key: \u00ff\u00fe', `X-Api-Key: ${PRO_KEY}`,
    'X-Folded: a\r\n continued', `X-Api-Key: ${PRO_KEY}\r\nX-Api-Key: ${PRO_KEY}`, 'X-Nul: a\u0000b', 'X-Bad\u0000Name: 1', ': empty-name', 'NoColon', 'X-Huge: ' + 'h'.repeat(20_000),
    'Host: evil.example', 'Host: a\r\nHost: b', 'Expect: 100-continue', 'Connection: upgrade\r\nUpgrade: h2c', 'Upgrade: websocket',
    'If-None-Match: *', 'Accept: text/html', 'Origin: null',
  ) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ unit: 'binary-ascii', maxLength: 10 }), rawPiece).map(([n, v]) => `${n}: ${v}`) },
);
const rawBody = fc.oneof(
  fc.constant(''),
  fc.constantFrom('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_model","arguments":{"model_id":"x"}}}', '0\r\n\r\n', 'zz\r\nabc\r\n0\r\n\r\n', '5\r\nab', '{"x":'),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a).toString('latin1')),
);
const rawRequest = fc.record({
  method: mostly(fc.constantFrom('GET', 'POST', 'HEAD'), fc.oneof(fc.constantFrom('OPTIONS', 'DELETE', 'G\u0000ET', 'get', 'BREW', ''), fc.string({ unit: 'binary-ascii', maxLength: 6 }))),
  target: rawTarget,
  version: mostly(fc.constant('HTTP/1.1'), fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', 'http/1.1', 'HTTP/1.10', '')),
  host: mostly(fc.constant('Host: 127.0.0.1'), fc.constantFrom('Host: localhost', '')),
  headers: fc.array(rawHeader, { maxLength: 3 }),
  eol: mostly(fc.constant('\r\n'), fc.constantFrom('\n', '\r')),
  body: rawBody,
});

test('raw bytes on a socket (NUL, control characters, bad UTF-8, huge headers, smuggling shapes): an answer below 500, never a hang', async () => {
  await fc.assert(
    fc.asyncProperty(rawRequest, async (r) => {
      const lines = [`${r.method} ${r.target} ${r.version}`.trimEnd(), ...(r.host ? [r.host] : []), ...r.headers, 'Connection: close'];
      const request = `${lines.join(r.eol)}${r.eol}${r.eol}${r.body}`;
      const { text, hung } = await rawExchange(bytesOf(request));
      const what = JSON.stringify(request.slice(0, 300));
      assert.equal(hung, false, `${what}: no answer and no close within 5 s`);
      const res = parseFirstResponse(text, r.method === 'HEAD');
      assert.ok(res, `${what}: no HTTP response (got ${JSON.stringify(text.slice(0, 100))})`);
      const method = r.method === 'HEAD' ? 'HEAD' : 'GET';
      // Node answers two protocol failures itself, bodiless, before the app sees the request: an HTTP/1.1 request
      // without Host (RFC 9112 section 3.2) and an Expect other than 100-continue (RFC 9110 section 10.1.1).
      const head = request.slice(0, request.indexOf(`${r.eol}${r.eol}`));
      const nodeOwn = (res.statusCode === 400 && !/\nhost:/i.test(head)) || (res.statusCode === 417 && /\nexpect:/i.test(head));
      if (nodeOwn && res.body === '' && res.headers['content-type'] === undefined) return;
      if (/^\/mcp/.test(r.target) && res.headers['content-type'] !== undefined && /^application\/json/.test(String(res.headers['content-type']))) {
        checkMcp(res, r.body, what);
      } else {
        checkRest(method, res, what);
      }
    }),
    { numRuns: RUNS },
  );
  await healthy();
});

test('random x-api-key values against the real access control: 401 problems for anything but a live key, never a 5xx', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-hostile-keys-'));
  const config = testConfig({ KEYS_DB: path.join(dir, 'keys.sqlite'), REQUEST_TIMEOUT_MS: '2000' });
  const admin = createSqliteKeyStore(config.keysDb);
  const access = await createAccess(config);
  const keyed = testApp({ dataset, config, access });
  try {
    const live = (await issueKey(admin, { tier: 'enterprise', quota: 1_000_000 })).key;
    const revoked = await issueKey(admin, { tier: 'pro' });
    await revokeKey(admin, revoked.record.id);
    const key = fc.oneof(
      fc.constantFrom(live, revoked.key, live.toUpperCase(), `${live},${live}`, live.slice(0, -1), `${live}0`, live.replace('_ent_', '_pro_')),
      fc.string({ unit: 'binary-ascii', maxLength: 50 }).map((k) => `mds_ent_${k}`),
      headerText,
    );
    // Each run from its own address: bad keys are limited per address (10 a minute), and this property is about
    // what a bad key is answered, not about that limit (test/access-http.test.ts checks it).
    let run = 0;
    const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    await fc.assert(
      fc.asyncProperty(key, fc.constantFrom('/api/v1/models', '/api/v1/hardware', '/api/v1/podium'), async (apiKey, url) => {
        const res = await keyed.inject({ url, headers: { 'x-api-key': apiKey }, remoteAddress: addressOf(++run) });
        checkRest('GET', res, `x-api-key ${JSON.stringify(apiKey.slice(0, 80))}`, true);
        if (apiKey === live) assert.equal(res.statusCode, 200);
        else {
          assert.equal(res.statusCode, 401, JSON.stringify(apiKey.slice(0, 80)));
          assert.equal(res.json().code, apiKey === revoked.key ? 'revoked_api_key' : 'invalid_api_key');
        }
      }),
      { numRuns: RUNS },
    );
  } finally {
    await keyed.close();
    await access.close();
    await admin.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
