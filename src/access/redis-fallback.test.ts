// Redis dying mid-run, on a real redis-server this test starts and kills: limits keep working in memory, from the
// last counts Redis gave, and health says degraded, then counters return to Redis when it is back. Skipped where
// redis-server is not installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, hasRedisServer, startRedis } from '../../test/redis-process.ts';
import { createAccess, issueKey } from './index.ts';
import { createSqliteKeyStore } from './key-store-sqlite.ts';

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (check()) return true;
  return check();
}

test('Redis killed mid-run: in-memory limits per instance, health degraded, back to Redis when it returns', { skip: hasRedisServer ? false : 'redis-server not installed' }, async () => {
  const port = await freePort();
  let redis = await startRedis(port);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-fallback-'));
  const access = await createAccess({ keysDb: path.join(dir, 'keys.sqlite'), keyCacheTtlSeconds: 30, redisUrl: `redis://127.0.0.1:${port}` });
  try {
    assert.deepEqual(access.health(), { status: 'ok', details: { limiter: 'redis', keys: 'sqlite' } });
    const p = await access.authenticate(undefined, '203.0.113.50');
    for (let i = 0; i < 10; i++) await access.consume(p);
    assert.match((await access.consume(p)).headers.RateLimit!, /r=49;/);

    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    const t0 = Date.now();
    const during = await access.consume(p);
    assert.ok(Date.now() - t0 < 1000, 'the request did not hang on the dead Redis');
    assert.equal(during.allowed, true);
    // 11 counted in Redis before it died, this is the 12th: 60 - 12 = 48 left, not a fresh 59.
    assert.match(during.headers.RateLimit!, /r=48;/, 'counted in memory from the last count Redis gave');
    assert.equal(access.health().status, 'degraded');
    assert.equal(access.health().details.limiter, 'memory-fallback');
    for (let i = 0; i < 48; i++) assert.equal((await access.consume(p)).allowed, true);
    const refused = await access.consume(p);
    assert.equal(refused.allowed, false, 'never unlimited while Redis is down');
    assert.ok(refused.headers['Retry-After']);

    redis = await startRedis(port);
    assert.ok(await until(() => access.health().status === 'ok', 6000), 'health recovers once Redis is back');
    assert.equal(access.health().details.limiter, 'redis');
    assert.match((await access.consume(p)).headers.RateLimit!, /r=59;/, 'counted in the new Redis');
  } finally {
    await access.close();
    redis.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

const noRedis = hasRedisServer ? false : 'redis-server not installed';

test('a key that spent its day\'s quota in Redis stays refused while Redis is down: the outage is no fresh quota', { skip: noRedis }, async () => {
  const port = await freePort();
  const redis = await startRedis(port);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-fallback-'));
  const keysDb = path.join(dir, 'keys.sqlite');
  const admin = createSqliteKeyStore(keysDb);
  const access = await createAccess({ keysDb, keyCacheTtlSeconds: 30, redisUrl: `redis://127.0.0.1:${port}` });
  try {
    const spent = await issueKey(admin, { tier: 'enterprise', quota: 3 });
    const half = await issueKey(admin, { tier: 'enterprise', quota: 3 });
    const p = await access.authenticate(spent.key, '203.0.113.51');
    const q = await access.authenticate(half.key, '203.0.113.51');
    const three = async (who: typeof p) => [(await access.consume(who)).allowed, (await access.consume(who)).allowed, (await access.consume(who)).allowed];
    assert.deepEqual(await three(p), [true, true, true]);
    assert.equal((await access.consume(p)).allowed, false, 'the quota of 3 is spent (counted in Redis)');
    assert.equal((await access.consume(q)).allowed, true);
    assert.equal(access.health().details.limiter, 'redis');

    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    const during = await access.consume(p);
    assert.equal(access.health().details.limiter, 'memory-fallback');
    assert.equal(during.allowed, false, 'still refused during the outage');
    assert.match(during.headers.RateLimit!, /^"enterprise";r=0;t=86\d\d\d$/, 'the day\'s window goes on, it does not restart');
    // The other key had used 1 of 3: 2 more, then refused.
    assert.deepEqual(await three(q), [true, true, false]);
  } finally {
    await access.close();
    await admin.close();
    redis.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
