// createAccess end to end on an embedded store: who a caller is, what they may spend, and what they are told.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceError, toProblem } from '../errors/index.ts';
import { createAccess, issueKey, rateLimitedError, revokeKey } from './index.ts';
import { createSqliteKeyStore } from './key-store-sqlite.ts';
import type { KeyStore } from './key-store.ts';
import { generateKey } from './keys.ts';

function setup(ttlSeconds = 30) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-access-'));
  const keysDb = path.join(dir, 'keys.sqlite');
  let t = Date.parse('2026-08-01T12:00:00Z');
  const clock = { now: () => t, advance: (ms: number) => { t += ms; } };
  const config = { keysDb, keyCacheTtlSeconds: ttlSeconds };
  const admin = createSqliteKeyStore(keysDb); // a second handle, as the operator CLI would be
  const cleanup = async (...closers: Array<{ close(): Promise<void> }>) => {
    for (const c of closers) await c.close();
    await admin.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { config, clock, admin, cleanup };
}

const codeOf = (code: string) => (e: unknown) => e instanceof ServiceError && e.code === code;

test('no key: anonymous, 60 per minute; the 61st is refused with headers and a problem that says when it resets', async () => {
  const { config, cleanup } = setup();
  const access = await createAccess(config);
  try {
    const p = await access.authenticate(undefined, '198.51.100.20');
    assert.equal(p.tier, 'anonymous');
    assert.equal(p.full, false);
    let last;
    for (let i = 0; i < 60; i++) last = await access.consume(p);
    assert.equal(last!.allowed, true);
    assert.equal(last!.headers['RateLimit-Policy'], '"anonymous";q=60;w=60');
    assert.match(last!.headers.RateLimit!, /^"anonymous";r=0;t=(60|59)$/);
    const refused = await access.consume(p);
    assert.equal(refused.allowed, false);
    assert.ok(refused.resetSeconds >= 1 && refused.resetSeconds <= 60);
    assert.equal(refused.headers['Retry-After'], String(refused.resetSeconds));
    const err = rateLimitedError(refused, p, Date.parse('2026-08-01T12:00:00Z'));
    const problem = toProblem(err);
    assert.equal(problem.status, 429);
    assert.equal(problem.code, 'rate_limited');
    assert.equal(err.options.retry_after, refused.resetSeconds);
    assert.equal(problem.reset, new Date(Date.parse('2026-08-01T12:00:00Z') + refused.resetSeconds * 1000).toISOString().replace('.000', ''));
    assert.match(problem.detail, /60 requests per minute.*resets at 2026-08-01T12:0\d:\d\dZ.*API key/);
    // Another address has its own quota.
    assert.equal((await access.consume(await access.authenticate(undefined, '198.51.100.21'))).allowed, true);
  } finally {
    await cleanup(access);
  }
});

test('a valid key: its tier, its quota, full responses for pro; per-key quota for enterprise', async () => {
  const { config, admin, cleanup } = setup();
  const access = await createAccess(config);
  try {
    const pro = await issueKey(admin, { tier: 'pro', owner: 'acme' });
    const p = await access.authenticate(pro.key, '198.51.100.1');
    assert.deepEqual(p, { tier: 'pro', keyId: pro.record.id, subject: `key:${pro.record.id}`, quota: 50000, windowSeconds: 86400, full: true });
    const d = await access.consume(p);
    assert.equal(d.headers['RateLimit-Policy'], '"pro";q=50000;w=86400');
    assert.match(d.headers.RateLimit!, /^"pro";r=49999;t=864\d\d$/);

    const ent = await issueKey(admin, { tier: 'enterprise', quota: 2 });
    const e = await access.authenticate(ent.key, '198.51.100.1');
    assert.equal(e.quota, 2);
    assert.deepEqual([(await access.consume(e)).allowed, (await access.consume(e)).allowed, (await access.consume(e)).allowed], [true, true, false]);

    const free = await issueKey(admin, { tier: 'free' });
    const f = await access.authenticate(free.key, '198.51.100.1');
    assert.equal(f.full, false);
    assert.equal(f.quota, 1000);
  } finally {
    await cleanup(access);
  }
});

test('malformed, unknown and empty keys are 401 invalid_api_key, never anonymous; malformed ones never reach the store', async () => {
  let lookups = 0;
  const { config, cleanup } = setup();
  const real = createSqliteKeyStore(config.keysDb);
  const counting: KeyStore = { ...real, kind: 'sqlite', findById: (id) => { lookups++; return real.findById(id); } };
  const access = await createAccess(config, { keyStore: counting });
  try {
    for (const bad of ['', 'not-a-key', 'mds_pro_short', `Bearer mds_pro_${'a'.repeat(32)}`]) {
      await assert.rejects(access.authenticate(bad, '198.51.100.1'), codeOf('invalid_api_key'), JSON.stringify(bad));
    }
    assert.equal(lookups, 0);
    const unknown = generateKey('pro').key;
    await assert.rejects(access.authenticate(unknown, '198.51.100.1'), (e) => {
      assert.ok(codeOf('invalid_api_key')(e));
      assert.equal((e as ServiceError).status, 401);
      assert.ok(!JSON.stringify(toProblem(e as ServiceError)).includes(unknown), 'the key is not echoed');
      return true;
    });
    assert.equal(lookups, 1);
  } finally {
    await cleanup(access, real);
  }
});

test('a key whose tier segment was edited does not authenticate as the other tier', async () => {
  const { config, admin, cleanup } = setup();
  const access = await createAccess(config);
  try {
    const { key } = await issueKey(admin, { tier: 'free' });
    await assert.rejects(access.authenticate(key.replace('mds_free_', 'mds_pro_'), '198.51.100.1'), codeOf('invalid_api_key'));
  } finally {
    await cleanup(access);
  }
});

test('revocation takes effect once the cache TTL has passed, and is then 401 revoked_api_key', async () => {
  const { config, clock, admin, cleanup } = setup(30);
  const access = await createAccess(config, { now: clock.now });
  try {
    const { key, record } = await issueKey(admin, { tier: 'pro' });
    assert.equal((await access.authenticate(key, '198.51.100.1')).tier, 'pro');
    await revokeKey(admin, record.id);
    clock.advance(29_999);
    assert.equal((await access.authenticate(key, '198.51.100.1')).tier, 'pro', 'still cached: within the stated bound');
    clock.advance(1);
    await assert.rejects(access.authenticate(key, '198.51.100.1'), (e) => {
      assert.ok(codeOf('revoked_api_key')(e));
      assert.equal((e as ServiceError).status, 401);
      assert.ok(!(e as ServiceError).detail.includes(key));
      return true;
    });
  } finally {
    await cleanup(access);
  }
});

test('with a TTL of 0 a revocation is refused on the very next request', async () => {
  const { config, admin, cleanup } = setup(0);
  const access = await createAccess(config);
  try {
    const { key, record } = await issueKey(admin, { tier: 'free' });
    await access.authenticate(key, '198.51.100.1');
    await revokeKey(admin, record.id);
    await assert.rejects(access.authenticate(key, '198.51.100.1'), codeOf('revoked_api_key'));
  } finally {
    await cleanup(access);
  }
});

test('an unreachable key store: keyed calls get 503 not_ready (never anonymous), health says degraded', async () => {
  const { config, cleanup } = setup();
  const broken: KeyStore = {
    kind: 'postgres',
    insert: async () => {}, list: async () => [], revoke: async () => undefined, close: async () => {},
    findById: async () => { throw new Error('connect ECONNREFUSED 127.0.0.1:5432'); },
    ping: async () => { throw new Error('connect ECONNREFUSED 127.0.0.1:5432'); },
  };
  const access = await createAccess(config, { keyStore: broken });
  try {
    assert.deepEqual(access.health(), { status: 'ok', details: { limiter: 'memory', keys: 'postgres' } });
    await assert.rejects(access.authenticate(generateKey('pro').key, '198.51.100.1'), (e) => {
      assert.ok(codeOf('not_ready')(e));
      assert.doesNotMatch((e as ServiceError).detail, /ECONNREFUSED/, 'no internals in the error');
      return true;
    });
    assert.deepEqual(access.health(), { status: 'degraded', details: { limiter: 'memory', keys: 'postgres', keys_status: 'unreachable' } });
    assert.equal((await access.authenticate(undefined, '198.51.100.1')).tier, 'anonymous', 'anonymous calls still work');
  } finally {
    await cleanup(access);
  }
});

test('the logger never receives a key', async () => {
  const { config, cleanup } = setup();
  const lines: string[] = [];
  const logger = { warn: (o: object, m: string) => lines.push(JSON.stringify(o) + m), info: (o: object, m: string) => lines.push(JSON.stringify(o) + m) };
  const broken: KeyStore = {
    kind: 'postgres', insert: async () => {}, list: async () => [], revoke: async () => undefined, close: async () => {},
    findById: async () => { throw new Error('down'); },
    ping: async () => { throw new Error('down'); },
  };
  const access = await createAccess({ ...config, redisUrl: 'redis://127.0.0.1:1' }, { keyStore: broken, logger, redisStartupWaitMs: 100 });
  try {
    const key = generateKey('pro').key;
    await assert.rejects(access.authenticate(key, '198.51.100.1'));
    await access.consume(await access.authenticate(undefined, '198.51.100.1'));
    assert.ok(lines.length >= 2, 'the store failure and the Redis fallback are logged');
    assert.ok(lines.every((l) => !l.includes(key.slice(8))));
    assert.equal(access.health().status, 'degraded');
    assert.equal(access.health().details.limiter, 'memory-fallback');
  } finally {
    await cleanup(access);
  }
});

test('/readyz health: a store that goes down is degraded before any keyed request, and ok once it answers again', async () => {
  const { config, cleanup } = setup();
  let up = true;
  const down = () => { if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:5432'); };
  const store: KeyStore = {
    kind: 'postgres', insert: async () => {}, list: async () => [], revoke: async () => undefined, close: async () => {},
    findById: async () => { down(); return undefined; },
    ping: async () => down(),
  };
  const access = await createAccess(config, { keyStore: store, storeProbe: { intervalMs: 0 } });
  try {
    assert.equal((await access.checkHealth!()).status, 'ok');
    up = false;
    const degraded = { status: 'degraded', details: { limiter: 'memory', keys: 'postgres', keys_status: 'unreachable' } };
    assert.deepEqual(await access.checkHealth!(), degraded);
    up = true;
    assert.deepEqual(await access.checkHealth!(), { status: 'ok', details: { limiter: 'memory', keys: 'postgres' } });
  } finally {
    await cleanup(access);
  }
});
