// /mcp over HTTP: Host/Origin checks, what is counted, limits and keys as tool errors, stateless JSON responses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { servedDataset, testAccess, testApp } from '../../../test/helpers.ts';
import { OPERATIONS } from '../../ops/registry.ts';
import { defineOperation, READ_ONLY } from '../../ops/operation.ts';

const echo = defineOperation({
  name: 'echo_limit',
  title: 'Echo the limit',
  description: 'Returns the limit it was given.',
  path: '/echo',
  input: z.object({ limit: z.number().int().min(1).max(100).default(20) }).strict(),
  output: z.object({ limit: z.number() }),
  annotations: READ_ONLY,
  examples: [],
  handler: (_ds, input) => ({ limit: input.limit }),
});
const mcpApp = (over: Parameters<typeof testApp>[0] = {}) => testApp({ operations: [echo], ...over });

const HEADERS = { host: 'localhost:8080', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const rpc = (method: string, params?: unknown) => ({ jsonrpc: '2.0', id: 7, method, ...(params ? { params } : {}) });
const call = { name: 'echo_limit', arguments: { limit: 1 } };
const initialize = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } };

test('a foreign Host or Origin is refused with 403 before any JSON-RPC is handled', async () => {
  const app = mcpApp();
  for (const headers of [{ ...HEADERS, host: 'evil.example.com' }, { ...HEADERS, origin: 'https://evil.example.com' }, { ...HEADERS, origin: 'null' }]) {
    const r = await app.inject({ method: 'POST', url: '/mcp', headers, payload: rpc('initialize', initialize) });
    assert.equal(r.statusCode, 403, JSON.stringify(headers));
    assert.equal(r.json().error.code, -32000);
  }
  const ok = await app.inject({ method: 'POST', url: '/mcp', headers: { ...HEADERS, origin: 'http://localhost:5173' }, payload: rpc('initialize', initialize) });
  assert.equal(ok.statusCode, 200);
});

test('stateless JSON responses: no session id; every message counts against the quota, tools/list and ping included', async () => {
  const access = testAccess();
  const app = mcpApp({ access });
  for (const [method, params] of [['initialize', initialize], ['tools/list', undefined], ['ping', undefined]] as const) {
    const r = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc(method, params) });
    assert.equal(r.statusCode, 200, method);
    assert.match(r.headers['content-type'] as string, /^application\/json/);
    assert.equal(r.headers['mcp-session-id'], undefined);
    assert.equal(r.json().id, 7);
  }
  assert.equal(access.counted(), 3);
  await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc('tools/call', call) });
  assert.equal(access.counted(), 4, 'a tools/call counts once, not once in the route and again in the tool');
});

test('over the quota, tools/list is a JSON-RPC error with the problem as data and Retry-After', async () => {
  const app = mcpApp({ access: testAccess({ quota: 1 }) });
  assert.equal((await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc('tools/list') })).statusCode, 200);
  const r = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc('tools/list') });
  assert.equal(r.statusCode, 429);
  assert.equal(r.headers['retry-after'], '60');
  assert.equal(r.json().id, 7);
  assert.equal(r.json().error.data.code, 'rate_limited');
});

test('tools/call carries the RateLimit headers; over the limit it is a rate_limited tool error with Retry-After', async () => {
  const app = mcpApp({ access: testAccess({ quota: 1 }) });
  const first = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc('tools/call', call) });
  assert.ok(first.headers.ratelimit);
  assert.ok(first.headers['ratelimit-policy']);
  assert.equal(first.json().result.isError, undefined);
  const second = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc('tools/call', call) });
  assert.equal(second.statusCode, 200, 'a tool error travels in a successful JSON-RPC response');
  assert.equal(second.headers['retry-after'], '60');
  const result = second.json().result;
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent.code, 'rate_limited');
  assert.equal(result.structuredContent.status, 429);
  assert.match(result.content[0].text, /rate_limited/);
});

test('an invalid key on tools/call is an invalid_api_key tool error, never an anonymous answer', async () => {
  const app = mcpApp();
  const r = await app.inject({ method: 'POST', url: '/mcp', headers: { ...HEADERS, 'x-api-key': 'nope' }, payload: rpc('tools/call', call) });
  const result = r.json().result;
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent.code, 'invalid_api_key');
});

test('invalid arguments are tool errors listing each parameter with what is allowed', async () => {
  const app = mcpApp();
  const r = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc('tools/call', { name: 'echo_limit', arguments: { limit: 0 } }) });
  const result = r.json().result;
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent.code, 'invalid_parameter');
  assert.deepEqual(result.structuredContent.errors.map((e: { parameter: string }) => e.parameter), ['limit']);
  assert.match(result.content[0].text, /limit: .*allowed: an integer from 1 to 100/);
});

// The envelope as @modelcontextprotocol/client 2.4 sends it on every 2026-07-28 request.
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const modernHeaders = (method: string, name?: string) =>
  ({ ...HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name === undefined ? {} : { 'mcp-name': name }) });

test('direct tools/call and tools/list send the same bytes and headers as the SDK, in both eras, for every example and errors', async () => {
  const { dataset } = servedDataset();
  const access = () => testAccess({ keys: { 'pro-key': 'pro' }, quota: 60 });
  const viaSdk = testApp({ dataset, access: access(), mcpDirectToolCalls: false });
  const direct = testApp({ dataset, access: access() });
  const calls: Array<{ name: string; arguments?: unknown }> = [];
  for (const op of OPERATIONS) for (const ex of op.examples) calls.push({ name: op.name, arguments: ex.input });
  calls.push({ name: 'no_such_tool' }, { name: 'get_model', arguments: { model_id: 'no-such-model' } }, { name: 'get_model', arguments: { id: 1 } });
  let n = 0;
  let directAnswers = 0;
  for (const apiKey of [undefined, 'pro-key', 'bad-key']) {
    for (const modern of [false, true]) {
      const requests = [
        ...calls.map((params) => ({ method: 'tools/call', name: params.name, params })),
        { method: 'tools/list', name: undefined, params: {} },
      ];
      for (const { method, name, params } of requests) {
        const headers = { ...(modern ? modernHeaders(method, name) : HEADERS), ...(apiKey ? { 'x-api-key': apiKey } : {}) };
        const payload = { jsonrpc: '2.0', id: `c${n++}`, method, params: modern ? { ...params, _meta: META } : params };
        const [a, b] = await Promise.all([viaSdk, direct].map((app) => app.inject({ method: 'POST', url: '/mcp', headers, payload })));
        const what = `${apiKey ?? 'anonymous'} ${modern ? '2026' : '2025'} ${method} ${JSON.stringify(params).slice(0, 120)}`;
        assert.equal(b.statusCode, a.statusCode, what);
        // A rate_limited problem names its reset time to the second, read from the clock by each app in turn.
        const atSecond = (body: string) => body.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, 'T');
        assert.equal(atSecond(b.body), atSecond(a.body), what);
        for (const h of ['content-type', 'cache-control', 'ratelimit', 'ratelimit-policy', 'retry-after', 'x-content-type-options', 'access-control-allow-origin']) {
          assert.equal(b.headers[h], a.headers[h], `${h}: ${what}`);
        }
        if (b.statusCode === 200 && b.json().result) directAnswers++;
      }
    }
  }
  assert.ok(directAnswers > calls.length, 'results (not only errors) were compared');
  // A quota of 60 ran out on the way for each caller: the last calls were rate_limited on both paths alike.
  const last = await direct.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc('tools/call', { name: 'list_hardware' }) });
  assert.equal(last.json().result.structuredContent.code, 'rate_limited');
});
