// Requests with bad keys on the real access control (SQLite store): counted per address, cheap for the store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceError } from '../errors/index.ts';
import { apiKeyFrom, createAccess, issueKey } from './index.ts';
import { createSqliteKeyStore } from './key-store-sqlite.ts';
import type { KeyStore } from './key-store.ts';
import { generateKey } from './keys.ts';

function setup(ttlSeconds = 30) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-key-failures-'));
  const keysDb = path.join(dir, 'keys.sqlite');
  let t = Date.parse('2026-08-01T12:00:00Z');
  const clock = { now: () => t, advance: (ms: number) => { t += ms; } };
  const config = { keysDb, keyCacheTtlSeconds: ttlSeconds };
  const admin = createSqliteKeyStore(keysDb);
  const cleanup = async (...closers: Array<{ close(): Promise<void> }>) => {
    for (const c of closers) await c.close();
    await admin.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { config, clock, admin, cleanup };
}

const codeOf = (code: string) => (e: unknown) => e instanceof ServiceError && e.code === code;

/** A store that counts lookups, over the real SQLite one. */
function countingStore(real: KeyStore) {
  const c = { lookups: 0 };
  const store: KeyStore = { ...real, kind: real.kind, findById: (id) => { c.lookups++; return real.findById(id); } };
  return { c, store };
}

test('bad keys are counted per address: 1,000 new unknown keys from one address cost 10 lookups, then 429', async () => {
  const { config, admin, cleanup } = setup();
  const real = createSqliteKeyStore(config.keysDb);
  const { c, store } = countingStore(real);
  const access = await createAccess(config, { keyStore: store });
  try {
    const good = await issueKey(admin, { tier: 'pro' });
    assert.equal((await access.authenticate(good.key, '198.51.100.9')).tier, 'pro', 'looked up (and cached) before the flood');
    c.lookups = 0;
    const codes = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      await access.authenticate(generateKey('pro').key, '198.51.100.9').then(
        () => assert.fail('an unknown key authenticated'),
        (e: ServiceError) => codes.set(e.code, (codes.get(e.code) ?? 0) + 1),
      );
    }
    // FAILED_KEY_LIMIT is 10 a minute: 10 lookups answered 401, the other 990 refused before the store is read.
    assert.equal(c.lookups, 10);
    assert.deepEqual(Object.fromEntries(codes), { invalid_api_key: 10, rate_limited: 990 });
    assert.equal((await access.authenticate(good.key, '198.51.100.9')).tier, 'pro', 'a cached key still works from there');
    assert.equal((await access.authenticate(undefined, '198.51.100.9')).tier, 'anonymous', 'anonymous calls are counted apart');
    const elsewhere = access.authenticate(generateKey('pro').key, '198.51.100.10');
    await assert.rejects(elsewhere, codeOf('invalid_api_key'), 'another address has its own budget');
  } finally {
    await cleanup(access, real);
  }
});

test('a 401 tells how many bad keys are left and carries the RFC 6750 challenge; malformed keys count too', async () => {
  const { config, cleanup } = setup();
  const access = await createAccess(config);
  try {
    const seen: ServiceError[] = [];
    for (let i = 0; i < 11; i++) await access.authenticate(`not-a-key-${i}`, '198.51.100.11').catch((e: ServiceError) => seen.push(e));
    const first = seen[0]!;
    assert.equal(first.code, 'invalid_api_key');
    assert.equal(first.options.headers!['WWW-Authenticate'],
      'Bearer realm="model-data-service", error="invalid_token", error_description="The API key is not valid"');
    assert.equal(first.options.headers!['RateLimit-Policy'], '"failed_keys";q=10;w=60');
    assert.match(first.options.headers!.RateLimit!, /^"failed_keys";r=9;t=(60|59)$/);
    const last = seen[10]!;
    assert.equal(last.code, 'rate_limited');
    assert.match(last.detail, /not valid from this address: 10 per minute/);
    assert.ok((last.options.retry_after ?? 0) >= 1);
  } finally {
    await cleanup(access);
  }
});

test('two different keys (x-api-key and Bearer) are a 400 with an invalid_request challenge', async () => {
  const { config, cleanup } = setup();
  const access = await createAccess(config);
  try {
    const joined = apiKeyFrom({ 'x-api-key': generateKey('pro').key, authorization: `Bearer ${generateKey('free').key}` })!;
    await assert.rejects(access.authenticate(joined, '198.51.100.12'), (e: ServiceError) =>
      e.status === 400 && /error="invalid_request"/.test(e.options.headers!['WWW-Authenticate']!));
  } finally {
    await cleanup(access);
  }
});

test('an unknown key is cached as unknown for at most 10 s: one lookup for a flood of it, and it works once issued', async () => {
  const { config, clock, admin, cleanup } = setup(30);
  const { c, store } = countingStore(admin);
  const access = await createAccess(config, { keyStore: store, now: clock.now });
  try {
    const g = generateKey('pro');
    for (let i = 0; i < 5; i++) await assert.rejects(access.authenticate(g.key, '198.51.100.13'), codeOf('invalid_api_key'));
    assert.equal(c.lookups, 1, 'the repeats were answered from the cache');
    // Issued afterwards (stored by hand: issueKey would make another key).
    const created_at = new Date(clock.now()).toISOString();
    await admin.insert({ id: g.id, hash: g.hash, tier: 'pro', quota: null, owner: null, created_at, revoked_at: null });
    clock.advance(9_999);
    await assert.rejects(access.authenticate(g.key, '198.51.100.13'), codeOf('invalid_api_key'), 'still cached as unknown');
    clock.advance(1);
    assert.equal((await access.authenticate(g.key, '198.51.100.13')).tier, 'pro', 'works 10 s after, though KEY_CACHE_TTL_SECONDS is 30');
  } finally {
    await cleanup(access);
  }
});

