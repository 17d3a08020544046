// /mcp under hostile or broken input: Host checks on both paths, batches, body errors as JSON-RPC, 2026 ladder errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { listen, testAccess, testApp } from '../../../test/helpers.ts';
import { MAX_BATCH } from './messages.ts';

const HEADERS = { host: 'localhost:8080', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const rpc = (method: string, params?: unknown, id: unknown = 7) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const initialize = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } };
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const MODERN = { ...HEADERS, 'mcp-protocol-version': '2026-07-28' };

/** Sends raw HTTP/1.1 bytes (duplicate headers and absolute-form targets cannot be sent through fetch). */
function rawPost(port: number, head: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(`${head}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

test('Host: a userinfo trick, two Host headers and an absolute-form target naming another host are refused on both paths', async () => {
  for (const direct of [true, false]) {
    const app = testApp({ mcpDirectToolCalls: direct });
    const port = Number(new URL(await listen(app)).port);
    // A plain tools/call (the fast path when on) and an initialize (always the SDK's).
    for (const body of [JSON.stringify(rpc('tools/call', { name: 'list_hardware' })), JSON.stringify(rpc('initialize', initialize))]) {
      const refused = [
        'POST /mcp HTTP/1.1\r\nHost: localhost:80@evil.com',
        'POST /mcp HTTP/1.1\r\nHost: localhost\r\nHost: evil.com',
        'POST http://evil.com/mcp HTTP/1.1\r\nHost: localhost',
        'POST /mcp HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost@evil.com',
      ];
      for (const head of refused) {
        const r = await rawPost(port, head, body);
        assert.equal(r.status, 403, `${direct ? 'direct' : 'sdk'}: ${head}`);
        assert.equal(JSON.parse(r.body).error.code, -32000);
      }
      const ok = await rawPost(port, 'POST http://localhost:8080/mcp HTTP/1.1\r\nHost: localhost:8080', body);
      assert.equal(ok.status, 200, 'an absolute-form target naming an allowed host is served');
    }
    await app.close();
  }
});

test('batches: refused under 2025-06-18 and later, bounded in count and response size before, every message counted', async () => {
  const access = testAccess();
  const app = testApp({ access });
  const list = (n: number) => Array.from({ length: n }, (_, i) => rpc('tools/list', undefined, i));
  for (const version of ['2025-06-18', '2025-11-25', '2026-07-28']) {
    const r = await app.inject({ method: 'POST', url: '/mcp', headers: { ...HEADERS, 'mcp-protocol-version': version }, payload: list(2) });
    assert.equal(r.statusCode, 400, version);
    assert.equal(r.json().error.code, -32600, version);
  }
  // The hardening review's batch: 100 tools/list in 4.8 KB.
  const big = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: list(100) });
  assert.equal(big.statusCode, 400);
  assert.match(big.json().error.message, new RegExp(`at most ${MAX_BATCH} messages`));
  assert.ok(big.body.length < 500);
  // Six copies of the ~323 KB list would pass 1 MiB: refused before any is built.
  const heavy = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: list(6) });
  assert.equal(heavy.statusCode, 400);
  assert.match(heavy.json().error.message, /more than 1048576 bytes/);
  assert.equal(access.counted(), 0, 'refused batches are not run');
  const ok = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: [rpc('ping', undefined, 1), rpc('tools/list', undefined, 2)] });
  assert.equal(ok.statusCode, 200);
  assert.equal(access.counted(), 2, 'each message of an accepted batch counts');
  assert.equal((await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: [] })).json().error.code, -32600);
});

test('body errors are JSON-RPC errors: parse error, media type, size, __proto__; initialize without params is -32602', async () => {
  const app = testApp();
  const post = (headers: Record<string, string>, payload: string) => app.inject({ method: 'POST', url: '/mcp', headers, payload });
  const bad = await post(HEADERS, '{"jsonrpc":"2.0",');
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(bad.json(), { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the request body is not valid JSON.' } });
  const text = await post({ ...HEADERS, 'content-type': 'text/plain' }, '{}');
  assert.equal(text.statusCode, 415);
  assert.equal(text.json().error.code, -32000);
  const large = await post(HEADERS, JSON.stringify(rpc('ping', { pad: 'x'.repeat(1024 * 1024) })));
  assert.equal(large.statusCode, 413);
  assert.equal(large.json().error.code, -32000);
  const proto = await post(HEADERS, '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"__proto__":{"x":1}}}');
  assert.equal(proto.statusCode, 400);
  assert.equal(proto.json().error.code, -32600);
  assert.doesNotMatch(proto.json().error.message, /not valid JSON/);
  assert.match(proto.json().error.message, /__proto__/);
  const init = await post(HEADERS, JSON.stringify(rpc('initialize')));
  assert.equal(init.json().id, 7);
  assert.equal(init.json().error.code, -32602);
  assert.match(init.json().error.message, /^Invalid params: initialize needs params: \{ protocolVersion, capabilities, clientInfo/);
  const half = await post(HEADERS, JSON.stringify(rpc('initialize', { protocolVersion: '2025-11-25' })));
  assert.equal(half.json().error.message, 'Invalid params: initialize params are missing or invalid: capabilities (an object), clientInfo (an object with string name and version).');
  for (const r of [bad, text, large, proto, init]) assert.match(r.headers['content-type'] as string, /^application\/json/);
});

test('2026-07-28 requests: missing _meta, unknown version and header/body disagreement get the spec errors, not 500s', async () => {
  for (const direct of [true, false]) {
    const app = testApp({ mcpDirectToolCalls: direct });
    const post = (headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url: '/mcp', headers, payload });
    const params = { name: 'list_hardware', arguments: {} };
    const noMeta = await post({ ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'list_hardware' }, rpc('tools/call', params));
    assert.equal(noMeta.statusCode, 400);
    assert.equal(noMeta.json().error.code, -32602);
    assert.match(noMeta.json().error.message, /_meta/);
    const future = { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
    const unknown = await post({ ...HEADERS, 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/call', 'mcp-name': 'list_hardware' },
      rpc('tools/call', { ...params, _meta: future }));
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().error.code, -32022, 'UnsupportedProtocolVersion');
    assert.deepEqual(unknown.json().error.data.supported, ['2026-07-28']);
    const mismatch = await post({ ...MODERN, 'mcp-method': 'tools/list', 'mcp-name': 'list_hardware' }, rpc('tools/call', { ...params, _meta: META }));
    assert.equal(mismatch.statusCode, 400);
    assert.equal(mismatch.json().error.code, -32020, 'header/body mismatch');
    const noName = await post({ ...MODERN, 'mcp-method': 'tools/call' }, rpc('tools/call', { ...params, _meta: META }));
    assert.equal(noName.json().error.code, -32020, 'Mcp-Name is required for tools/call');
    const discover = await post({ ...MODERN, 'mcp-method': 'server/discover' }, rpc('server/discover', { _meta: META }));
    assert.equal(discover.statusCode, 200);
    assert.deepEqual(discover.json().result.supportedVersions, ['2026-07-28']);
    assert.equal(discover.json().result._meta['io.modelcontextprotocol/serverInfo'].name, 'model-data-service');
    await app.close();
  }
});

test('an unknown tool is a JSON-RPC error (-32602) in both eras and on both paths, and it still counts', async () => {
  for (const direct of [true, false]) {
    const access = testAccess();
    const app = testApp({ access, mcpDirectToolCalls: direct });
    const legacy = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc('tools/call', { name: 'no_such_tool' }) });
    const modern = await app.inject({
      method: 'POST', url: '/mcp', headers: { ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'no_such_tool' },
      payload: rpc('tools/call', { name: 'no_such_tool', _meta: META }),
    });
    for (const r of [legacy, modern]) {
      assert.equal(r.json().error.code, -32602);
      assert.match(r.json().error.message, /^Unknown tool: "no_such_tool"\. Tools: .*get_model/);
      assert.equal(r.json().result, undefined);
    }
    assert.equal(access.counted(), 2);
    await app.close();
  }
});

test('a 2026 subscriptions/listen stream is acknowledged, counted, freed when the client leaves, ended on close', async () => {
  const access = testAccess();
  const app = testApp({ access });
  const base = await listen(app);
  const r = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { ...MODERN, host: new URL(base).host, 'mcp-method': 'subscriptions/listen' },
    body: JSON.stringify(rpc('subscriptions/listen', { _meta: META, notifications: { toolsListChanged: true } })),
  });
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/event-stream/);
  const reader = r.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  assert.match(first, /notifications\/subscriptions\/acknowledged/);
  assert.equal(access.counted(), 1);
  // More streams, one after another, than the 64 the server holds open at once: each is freed when its client
  // disconnects, so none is refused ('Subscription limit reached').
  for (let i = 0; i < 70; i++) {
    const gone = new AbortController();
    const s = await fetch(`${base}/mcp`, {
      method: 'POST', signal: gone.signal,
      headers: { ...MODERN, host: new URL(base).host, 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify(rpc('subscriptions/listen', { _meta: META, notifications: { toolsListChanged: true } }, i)),
    });
    const text = new TextDecoder().decode((await s.body!.getReader().read()).value);
    assert.match(text, /acknowledged/, `stream ${i}: ${text.slice(0, 200)}`);
    gone.abort();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const started = Date.now();
  await app.close();
  assert.ok(Date.now() - started < 3000, 'close did not wait for the stream');
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
});
