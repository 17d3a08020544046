// The key store contract, run on SQLite (a temp file) and on PostgreSQL when TEST_DATABASE_URL is set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueKey, revokeKey } from './key-admin.ts';
import { createPostgresKeyStore } from './key-store-postgres.ts';
import { createSqliteKeyStore } from './key-store-sqlite.ts';
import type { KeyStore } from './key-store.ts';
import { hashKey, keyIdOf } from './keys.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.log('# key-store: PostgreSQL cases skipped (set TEST_DATABASE_URL, e.g. via scripts/ci-services.sh)');

function contract(name: string, open: () => { store: KeyStore; done: () => Promise<void> }, skip: boolean | string = false) {
  test(`${name}: an issued key is stored as its hash only, found by its id`, { skip }, async () => {
    const { store, done } = open();
    try {
      const owner = `owner-${Math.random().toString(36).slice(2)}`;
      const { key, record } = await issueKey(store, { tier: 'pro', owner });
      assert.equal(record.hash, hashKey(key));
      assert.equal(record.id, keyIdOf(record.hash));
      const found = await store.findById(record.id);
      assert.deepEqual(found, record);
      assert.ok(!JSON.stringify(await store.list()).includes(key), 'the raw key is not stored');
      assert.equal(await store.findById('0000000000000000'), undefined);
    } finally {
      await done();
    }
  });

  test(`${name}: quotas and owners round-trip; list is oldest first`, { skip }, async () => {
    const { store, done } = open();
    try {
      const tag = Math.random().toString(36).slice(2);
      const a = await issueKey(store, { tier: 'enterprise', quota: 250000, owner: `a-${tag}`, now: new Date('2026-01-01T00:00:00Z') });
      const b = await issueKey(store, { tier: 'free', owner: `b-${tag}`, now: new Date('2026-01-02T00:00:00Z') });
      const mine = (await store.list()).filter((k) => k.owner?.endsWith(tag));
      assert.deepEqual(mine.map((k) => k.id), [a.record.id, b.record.id]);
      assert.equal(mine[0]!.quota, 250000);
      assert.equal(mine[1]!.quota, null);
      assert.equal(mine[0]!.created_at, '2026-01-01T00:00:00.000Z');
    } finally {
      await done();
    }
  });

  test(`${name}: revoke marks the key, keeps the first revocation date, and refuses unknown ids`, { skip }, async () => {
    const { store, done } = open();
    try {
      const { record } = await issueKey(store, { tier: 'free' });
      const r1 = await revokeKey(store, record.id, new Date('2026-03-01T10:00:00Z'));
      assert.equal(r1.revoked_at, '2026-03-01T10:00:00.000Z');
      const r2 = await revokeKey(store, record.id, new Date('2026-03-05T10:00:00Z'));
      assert.equal(r2.revoked_at, '2026-03-01T10:00:00.000Z');
      assert.equal((await store.findById(record.id))!.revoked_at, '2026-03-01T10:00:00.000Z');
      await assert.rejects(revokeKey(store, 'ffffffffffffffff'), /No key with id/);
    } finally {
      await done();
    }
  });
}

contract('sqlite', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-keys-'));
  const store = createSqliteKeyStore(path.join(dir, 'sub', 'keys.sqlite'));
  return { store, done: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
});

contract('postgres', () => {
  const store = createPostgresKeyStore(pgUrl!);
  return { store, done: () => store.close() };
}, pgUrl ? false : 'TEST_DATABASE_URL not set');

test('sqlite: the file is created on first use only, in a missing directory, readable by its owner only', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-keys-'));
  const file = path.join(dir, 'nested', 'keys.sqlite');
  const store = createSqliteKeyStore(file);
  try {
    assert.equal(existsSync(file), false, 'creating the store does not touch the disk');
    assert.deepEqual(await store.list(), []);
    assert.equal(existsSync(file), true);
    assert.equal(statSync(file).mode & 0o777, 0o600);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Permission bits of a file; SQLite's -wal and -shm hold recent rows (owners, quotas) until a checkpoint. */
const modeOf = (file: string): string => (statSync(file).mode & 0o777).toString(8);

test('sqlite: the -wal and -shm files are owner-only too, under a permissive umask, from the first write', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-keys-'));
  const file = path.join(dir, 'keys.sqlite');
  const before = process.umask(0o022); // the usual default: new files 0644 unless created otherwise
  const store = createSqliteKeyStore(file);
  try {
    await issueKey(store, { tier: 'pro', owner: 'acme' });
    // WAL mode keeps both files open while the store is: they exist now, holding the new key's row.
    assert.deepEqual([modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)], ['600', '600', '600']);
  } finally {
    process.umask(before);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sqlite: -wal and -shm left wider than the database by an older version are narrowed when the store opens', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-keys-'));
  const file = path.join(dir, 'keys.sqlite');
  // A server still running holds the files open, with a row in the WAL; they are 0644 as the old order made them.
  // (SQLite itself fixes the mode of an empty side file only, so a busy store kept its open ones.)
  const running = createSqliteKeyStore(file);
  await issueKey(running, { tier: 'pro', owner: 'acme' });
  for (const side of [`${file}-wal`, `${file}-shm`]) chmodSync(side, 0o644);
  const cli = createSqliteKeyStore(file);
  try {
    await cli.list();
    assert.deepEqual([modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)], ['600', '600', '600']);
  } finally {
    await cli.close();
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('enterprise keys need a quota; quotas must be positive whole numbers', async () => {
  const store = createSqliteKeyStore(':memory:');
  await assert.rejects(issueKey(store, { tier: 'enterprise' }), /needs its daily quota/);
  await assert.rejects(issueKey(store, { tier: 'pro', quota: 0 }), /at least 1/);
  await assert.rejects(issueKey(store, { tier: 'pro', quota: 1.5 }), /whole number/);
  assert.deepEqual(await store.list(), []);
  await store.close();
});

test('postgres: an unreachable database fails fast instead of hanging', async () => {
  const store = createPostgresKeyStore('postgres://nobody:x@127.0.0.1:1/none', { timeoutMs: 500 });
  const t0 = Date.now();
  await assert.rejects(store.findById('0000000000000000'));
  assert.ok(Date.now() - t0 < 3000);
  await store.close();
});
