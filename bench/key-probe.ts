// Key probing: how many key-store lookups and which answers 1,000 requests with bad keys from one address cost.
// Run: npx tsx bench/key-probe.ts   (SQLite store in a temporary directory; with DATABASE_URL set, PostgreSQL too)
// Prints the figures, asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAccess } from '../src/access/index.ts';
import { createPostgresKeyStore } from '../src/access/key-store-postgres.ts';
import { createSqliteKeyStore } from '../src/access/key-store-sqlite.ts';
import type { KeyStore } from '../src/access/key-store.ts';
import { buildApp } from '../src/app.ts';
import { parseConfig } from '../src/config/env.ts';
import { aDataset, aModel } from '../src/dataset/fixtures.ts';

const N = 1000;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomKey = (): string => `mds_pro_${Array.from({ length: 32 }, () => BASE62[Math.floor(Math.random() * 62)]).join('')}`;

async function run(label: string, keyFor: (i: number) => string, pg?: string, ttl = '30'): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-key-probe-'));
  const keysDb = path.join(dir, 'keys.sqlite');
  const config = parseConfig({ PUBLIC_BASE_URL: 'http://localhost:8080', LOG_LEVEL: 'silent', KEYS_DB: keysDb, KEY_CACHE_TTL_SECONDS: ttl });
  const inner = pg ? createPostgresKeyStore(pg) : createSqliteKeyStore(config.keysDb);
  let lookups = 0;
  const store: KeyStore = { ...inner, kind: inner.kind, findById: (id) => (lookups++, inner.findById(id)) };
  const access = await createAccess(config, { keyStore: store });
  const app = buildApp({ config, dataset: aDataset({ models: [aModel({ id: 'alpha-7b' })] }), access });
  const statuses = new Map<number, number>();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const r = await app.inject({ url: '/api/v1/models', headers: { 'x-api-key': keyFor(i) }, remoteAddress: '198.51.100.7' });
    statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
  }
  const ms = performance.now() - t0;
  const answers = [...statuses].sort().map(([s, n]) => `${n} x ${s}`).join(', ');
  const where = pg ? 'postgres' : 'sqlite';
  console.log(`${where}, ${label}: ${N} requests, ${lookups} key-store lookups, answers ${answers}, ${Math.round(ms)} ms`);
  await app.close();
  await access.close();
  await inner.close();
  rmSync(dir, { recursive: true, force: true });
}

const one = randomKey();
for (const pg of [undefined, process.env.DATABASE_URL].filter((u, i) => i === 0 || u)) {
  await run('one unknown key', () => one, pg);
  await run('one unknown key, KEY_CACHE_TTL_SECONDS=0', () => one, pg, '0');
  await run('a new unknown key each time', () => randomKey(), pg);
}
