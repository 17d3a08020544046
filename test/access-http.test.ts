// Access control as clients meet it over HTTP, on the real access control (SQLite keys): keys in either header on
// REST and MCP, the 401 challenge, bad keys limited per address, keys kept out of logs and error bodies, /readyz.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createAccess, issueKey, type AccessControl } from '../src/access/index.ts';
import { createSqliteKeyStore } from '../src/access/key-store-sqlite.ts';
import type { KeyStore } from '../src/access/key-store.ts';
import { generateKey } from '../src/access/keys.ts';
import { testApp, testConfig } from './helpers.ts';

const MCP_HEADERS = { host: 'localhost:8080', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const callGetModel = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_model', arguments: { model_id: 'alpha-7b' } } });
/** RFC 6750 section 3: the scheme, then auth-params; ours always names the realm and the error. */
const CHALLENGE = /^Bearer realm="model-data-service", error="(invalid_token|invalid_request)", error_description="[^"]*"$/;

async function setup(opts: { keyStore?: KeyStore; lines?: string[] } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-access-http-'));
  const config = testConfig({ KEYS_DB: path.join(dir, 'keys.sqlite') });
  const admin = createSqliteKeyStore(config.keysDb);
  const access: AccessControl = await createAccess(config, { keyStore: opts.keyStore, storeProbe: { intervalMs: 0 } });
  const sink = new Writable({ write(chunk, _enc, done) { opts.lines?.push(String(chunk)); done(); } });
  const logger = opts.lines ? pino({ level: 'info' }, sink) : undefined;
  const app = (direct = true) => testApp({ config, access, logger, mcpDirectToolCalls: direct });
  const pro = (await issueKey(admin, { tier: 'pro', owner: 'acme' })).key;
  return {
    app, pro,
    async done() {
      await access.close();
      await admin.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('Authorization: Bearer works on REST as x-api-key does: full answer, the key\'s quota, private caching', async () => {
  const s = await setup();
  try {
    const app = s.app();
    for (const headers of [{ authorization: `Bearer ${s.pro}` }, { authorization: `bearer ${s.pro}`, 'x-api-key': s.pro }]) {
      const r = await app.inject({ url: '/api/v1/models/alpha-7b', headers });
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.headers['ratelimit-policy'], '"pro";q=50000;w=86400');
      assert.equal(r.json().attribution, undefined, 'a pro answer is full: no attribution block');
      assert.equal(r.headers['cache-control'], 'private, max-age=300');
      assert.match(String(r.headers.vary), /authorization/);
    }
  } finally {
    await s.done();
  }
});

test('Authorization: Bearer works on MCP, on the direct path and through the SDK', async () => {
  const s = await setup();
  try {
    for (const direct of [true, false]) {
      const r = await s.app(direct).inject({ method: 'POST', url: '/mcp', headers: { ...MCP_HEADERS, authorization: `Bearer ${s.pro}` }, payload: callGetModel });
      assert.equal(r.statusCode, 200);
      const result = r.json().result;
      assert.equal(result.isError, undefined, `${direct}: ${JSON.stringify(result).slice(0, 300)}`);
      assert.equal(result.structuredContent.attribution, undefined, 'full answer');
      assert.equal(r.headers['ratelimit-policy'], '"pro";q=50000;w=86400');
    }
  } finally {
    await s.done();
  }
});

test('a refused key: 401 with WWW-Authenticate; two different keys: 400 with an invalid_request challenge, on MCP a tool error', async () => {
  const s = await setup();
  try {
    const app = s.app();
    const unknown = generateKey('pro').key;
    const r401 = await app.inject({ url: '/api/v1/models', headers: { authorization: `Bearer ${unknown}` } });
    assert.equal(r401.statusCode, 401);
    assert.equal(r401.json().code, 'invalid_api_key');
    assert.match(String(r401.headers['www-authenticate']), CHALLENGE);
    assert.match(String(r401.headers['www-authenticate']), /error="invalid_token"/);

    const both = { 'x-api-key': s.pro, authorization: `Bearer ${unknown}` };
    const r400 = await app.inject({ url: '/api/v1/models', headers: both });
    assert.equal(r400.statusCode, 400);
    assert.match(r400.json().detail, /two different API keys/);
    assert.match(String(r400.headers['www-authenticate']), /error="invalid_request"/);
    assert.ok(!r400.body.includes(unknown.slice(8)) && !r400.body.includes(s.pro.slice(8)), 'no key echoed');

    for (const direct of [true, false]) {
      const m = await s.app(direct).inject({ method: 'POST', url: '/mcp', headers: { ...MCP_HEADERS, ...both }, payload: callGetModel });
      assert.equal(m.statusCode, 200, `${direct}: ${m.body.slice(0, 200)}`);
      assert.equal(m.json().result.isError, true);
      assert.equal(m.json().result.structuredContent.code, 'invalid_parameter');
    }
  } finally {
    await s.done();
  }
});

test('CORS: a browser may send Authorization, and may read WWW-Authenticate', async () => {
  const s = await setup();
  try {
    const r = await s.app().inject({ method: 'OPTIONS', url: '/api/v1/models', headers: { origin: 'https://app.example', 'access-control-request-headers': 'authorization' } });
    assert.equal(r.statusCode, 204);
    assert.ok(String(r.headers['access-control-allow-headers']).split(/,\s*/).includes('authorization'));
    const g = await s.app().inject({ url: '/api/v1/models' });
    assert.ok(String(g.headers['access-control-expose-headers']).split(/,\s*/).includes('WWW-Authenticate'));
  } finally {
    await s.done();
  }
});

test('bad keys from one address: 10 a minute are answered 401, then 429 with Retry-After; the store is read 10 times', async () => {
  const real = createSqliteKeyStore(':memory:');
  let lookups = 0;
  const s = await setup({ keyStore: { ...real, kind: 'sqlite', findById: (id) => (lookups++, real.findById(id)) } });
  try {
    const app = s.app();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 50; i++) {
      last = await app.inject({ url: '/api/v1/models', headers: { 'x-api-key': generateKey('free').key }, remoteAddress: '192.0.2.77' });
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses, [...Array(10).fill(401), ...Array(40).fill(429)]);
    assert.equal(lookups, 10);
    assert.equal(last!.json().code, 'rate_limited');
    assert.ok(Number(last!.headers['retry-after']) >= 1);
    assert.equal(last!.headers['ratelimit-policy'], '"failed_keys";q=10;w=60');
    const anon = await app.inject({ url: '/api/v1/models', remoteAddress: '192.0.2.77' });
    assert.equal(anon.statusCode, 200, 'the address may still call anonymously');
  } finally {
    await s.done();
    await real.close();
  }
});

test('a key pasted into a URL (as a model id, as ?api_key=) is not logged, nor echoed in the 404 body', async () => {
  const lines: string[] = [];
  const s = await setup({ lines });
  try {
    const app = s.app();
    const secret = s.pro.slice(8);
    const r = await app.inject({ url: `/api/v1/models/${s.pro}` });
    assert.equal(r.statusCode, 404);
    assert.equal(r.json().code, 'model_not_found');
    assert.ok(!r.body.toLowerCase().includes(secret.toLowerCase()), r.body);
    assert.match(r.json().instance, /mds_pro_\[redacted\]/);
    await app.inject({ url: `/api/v1/models?api_key=${s.pro}&limit=1` });
    await app.inject({ url: '/api/v1/models?token=not-key-shaped-but-secret' });
    const log = lines.join('');
    assert.ok(lines.length >= 3, 'one line per request');
    assert.ok(!log.toLowerCase().includes(secret.toLowerCase()), 'no key in the log');
    assert.ok(!log.includes('not-key-shaped-but-secret'), 'no credential parameter value in the log');
    assert.match(log, /"url":"\/api\/v1\/models\?api_key=\[redacted\]&limit=1"/);
  } finally {
    await s.done();
  }
});

test('/readyz reports a key store that is down before any keyed request, and ok again once it answers', async () => {
  const real = createSqliteKeyStore(':memory:');
  let up = true;
  const check = () => { if (!up) throw new Error('connect ECONNREFUSED'); };
  const s = await setup({ keyStore: { ...real, kind: 'postgres', ping: async () => check(), findById: async (id) => (check(), real.findById(id)) } });
  try {
    const app = s.app();
    await app.ready();
    assert.equal((await app.inject({ url: '/readyz' })).json().status, 'ok');
    up = false;
    const down = (await app.inject({ url: '/readyz' })).json();
    assert.equal(down.status, 'degraded');
    assert.equal(down.access.keys_status, 'unreachable');
    up = true;
    assert.equal((await app.inject({ url: '/readyz' })).json().status, 'ok');
  } finally {
    await s.done();
    await real.close();
  }
});
