// Several instances against real servers (DESIGN.md section 9): one Redis shares the quota, a dead Redis falls back
// to per-instance memory limits with /readyz degraded, revocation is refused within the stated TTL, and the key
// store runs on PostgreSQL. Needs TEST_REDIS_URL (and TEST_DATABASE_URL for PostgreSQL): scripts/ci-services.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, hasRedisServer, startRedis } from './redis-process.ts';
import type { FastifyInstance } from 'fastify';
import { createAccess, issueKey, revokeKey } from '../src/access/index.ts';
import { createSqliteKeyStore } from '../src/access/key-store-sqlite.ts';
import type { AccessControl } from '../src/access/types.ts';
import { parseConfig, PROJECT_ROOT } from '../src/config/env.ts';
import { aDataset, aModel, f } from '../src/dataset/fixtures.ts';
import { runKeysCli } from '../src/surfaces/cli/keys.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const appFile = path.join(PROJECT_ROOT, 'src', 'app.ts');
const skip = !redisUrl ? 'TEST_REDIS_URL not set (run scripts/ci-services.sh)' : !existsSync(appFile) ? 'src/app.ts not written yet' : false;

type BuildApp = (o: { config: ReturnType<typeof parseConfig>; dataset: ReturnType<typeof aDataset>; access: AccessControl }) => FastifyInstance;

/** A counted operation route on the fixture dataset. */
const ROUTE = '/api/v1/models/alpha-7b';
const dataset = () => aDataset({ models: [aModel({ id: 'alpha-7b', open_weights: f(true) })] });

type Instance = { url: string; access: AccessControl; stop: () => Promise<void> };

/**
 * One service instance listening on loopback. The tests act as the trusted proxy (TRUST_PROXY=127.0.0.1) and name
 * the client in X-Forwarded-For, so each test counts against its own address.
 */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const { buildApp } = (await import(appFile)) as { buildApp: BuildApp };
  const config = parseConfig({ PUBLIC_BASE_URL: 'http://localhost:8080', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1', ...env });
  const access = await createAccess(config);
  const app = buildApp({ config, dataset: dataset(), access });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, access, stop: async () => { await app.close(); await access.close(); } };
}

const get = (inst: Instance, client: string, key?: string, route = ROUTE) =>
  fetch(inst.url + route, { headers: { 'x-forwarded-for': client, ...(key ? { 'x-api-key': key } : {}) } });

const testIp = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;


async function flushSubject(subject: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const r = new Redis(redisUrl!);
  await r.del(`mds:rl:${subject}`);
  r.disconnect();
}

test('two instances on one Redis share the anonymous quota: the 61st request in a minute is refused on either', { skip }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-scale-'));
  const env = { REDIS_URL: redisUrl!, KEYS_DB: path.join(dir, 'keys.sqlite') };
  const [a, b] = [await startInstance(env), await startInstance(env)];
  const ip = testIp();
  await flushSubject(`ip:${ip}`);
  try {
    for (let i = 0; i < 60; i++) {
      const res = await get(i % 2 ? b : a, ip);
      assert.notEqual(res.status, 429, `request ${i + 1}`);
      assert.equal(res.headers.get('ratelimit-policy'), '"anonymous";q=60;w=60');
      assert.match(res.headers.get('ratelimit')!, new RegExp(`^"anonymous";r=${59 - i};t=\\d+$`), 'one count across both instances');
      await res.arrayBuffer();
    }
    for (const inst of [a, b]) {
      const res = await get(inst, ip);
      assert.equal(res.status, 429);
      assert.match(res.headers.get('content-type')!, /application\/problem\+json/);
      const retryAfter = Number(res.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 60);
      const body = await res.json() as Record<string, unknown>;
      assert.equal(body.code, 'rate_limited');
      assert.match(String(body.reset), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.match(String(body.detail), /resets at/);
    }
    // Another client is not affected.
    assert.notEqual((await get(b, testIp())).status, 429);
  } finally {
    await a.stop();
    await b.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('Redis killed mid-run: each instance limits in memory, /readyz says degraded, and recovers', { skip: skip || (!hasRedisServer && 'redis-server not installed') }, async () => {
  const port = await freePort();
  let redis = await startRedis(port);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-scale-'));
  const inst = await startInstance({ REDIS_URL: `redis://127.0.0.1:${port}`, KEYS_DB: path.join(dir, 'keys.sqlite') });
  const ip = testIp();
  const readyz = async () => (await (await fetch(`${inst.url}/readyz`)).json()) as { status: string; access: Record<string, string> };
  try {
    assert.deepEqual((await readyz()).access, { limiter: 'redis', keys: 'sqlite' });
    for (let i = 0; i < 10; i++) await (await get(inst, ip)).arrayBuffer();

    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    const t0 = Date.now();
    const during = await get(inst, ip);
    assert.ok(Date.now() - t0 < 1500, 'no request hangs on the dead Redis');
    assert.notEqual(during.status, 429);
    // 10 counted in Redis, this is the 11th: counted in memory from the last count Redis gave, not from zero.
    assert.match(during.headers.get('ratelimit')!, /r=49;/, 'counted in this instance\'s memory, from the last Redis count');
    const health = await readyz();
    assert.equal(health.status, 'degraded');
    assert.equal(health.access.limiter, 'memory-fallback');
    for (let i = 0; i < 49; i++) await (await get(inst, ip)).arrayBuffer();
    assert.equal((await get(inst, ip)).status, 429, 'never unlimited while Redis is down');

    redis = await startRedis(port);
    let back = false;
    for (let i = 0; i < 60 && !back; i++, await sleep(100)) back = (await readyz()).status === 'ok';
    assert.ok(back, '/readyz is ok again once Redis is back');
  } finally {
    await inst.stop();
    redis.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a revoked key is refused by every instance within KEY_CACHE_TTL_SECONDS', { skip }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-scale-'));
  const keysDb = path.join(dir, 'keys.sqlite');
  const ttlSeconds = 1;
  const env = { REDIS_URL: redisUrl!, KEYS_DB: keysDb, KEY_CACHE_TTL_SECONDS: String(ttlSeconds) };
  const [a, b] = [await startInstance(env), await startInstance(env)];
  const admin = createSqliteKeyStore(keysDb);
  try {
    const { key, record } = await issueKey(admin, { tier: 'pro', owner: 'scale-out test' });
    for (const inst of [a, b]) {
      const res = await get(inst, testIp(), key);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('ratelimit-policy'), '"pro";q=50000;w=86400');
      await res.arrayBuffer();
    }
    await revokeKey(admin, record.id);
    const revokedAt = Date.now();
    const refusedAfter: number[] = [];
    for (const inst of [a, b]) {
      for (;;) {
        const res = await get(inst, testIp(), key);
        if (res.status === 401) {
          refusedAfter.push(Date.now() - revokedAt);
          assert.equal(((await res.json()) as { code: string }).code, 'revoked_api_key');
          break;
        }
        await res.arrayBuffer();
        assert.ok(Date.now() - revokedAt < ttlSeconds * 1000 + 1000, 'still accepted past the stated bound');
        await sleep(50);
      }
    }
    assert.ok(Math.max(...refusedAfter) <= ttlSeconds * 1000 + 250, `refused after ${refusedAfter.join(', ')} ms`);
  } finally {
    await a.stop();
    await b.stop();
    await admin.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('keys on PostgreSQL: issued by the CLI, accepted by two instances sharing one per-key quota, revoked by the CLI', { skip: skip || (!pgUrl && 'TEST_DATABASE_URL not set') }, async () => {
  const cliEnv = { DATABASE_URL: pgUrl! };
  const out: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
  assert.equal(await runKeysCli(['issue', '--tier', 'enterprise', '--quota', '5', '--owner', 'scale-out test', '--json'], cliEnv, io), 0);
  const { key, id } = JSON.parse(out.pop()!) as { key: string; id: string };
  const env = { REDIS_URL: redisUrl!, DATABASE_URL: pgUrl!, KEY_CACHE_TTL_SECONDS: '1' };
  const [a, b] = [await startInstance(env), await startInstance(env)];
  try {
    assert.equal(a.access.health().details.keys, 'postgres');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await get(i % 2 ? b : a, testIp(), key);
      statuses.push(res.status);
      if (i === 0) assert.equal(res.headers.get('ratelimit-policy'), '"enterprise";q=5;w=86400');
      await res.arrayBuffer();
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429], 'the per-key quota is shared by both instances');
    assert.equal(await runKeysCli(['revoke', id], cliEnv, io), 0);
    await sleep(1100);
    for (const inst of [a, b]) {
      const res = await get(inst, testIp(), key);
      assert.equal(res.status, 401);
      assert.equal(((await res.json()) as { code: string }).code, 'revoked_api_key');
    }
  } finally {
    await a.stop();
    await b.stop();
  }
});
