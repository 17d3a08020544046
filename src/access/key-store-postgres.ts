// The scale-out key store: PostgreSQL (DATABASE_URL), the same table and behaviour as the SQLite store.
import pg from 'pg';
import { rowToStoredKey, type KeyStore, type StoredKey } from './key-store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  tier TEXT NOT NULL CHECK (tier IN ('free', 'pro', 'enterprise')),
  quota BIGINT CHECK (quota IS NULL OR quota >= 0),
  owner TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ
)`;

export type PostgresKeyStoreOptions = {
  /** Bound on connecting and on each query, so a dead database makes a request fail fast rather than hang. */
  timeoutMs?: number;
  onError?: (err: Error) => void;
};

export function createPostgresKeyStore(url: string, opts: PostgresKeyStoreOptions = {}): KeyStore {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', (err) => opts.onError?.(err));

  let ready: Promise<void> | undefined;
  const ensureSchema = (): Promise<void> => {
    ready ??= (async () => {
      try {
        await pool.query(SCHEMA);
      } catch (e) {
        // Instances starting together race on CREATE TABLE IF NOT EXISTS (duplicate pg_type row): the table exists.
        if ((e as { code?: string }).code !== '23505' && (e as { code?: string }).code !== '42P07') throw e;
      }
    })().catch((e) => {
      ready = undefined; // retry on the next call, e.g. once the database is back
      throw e;
    });
    return ready;
  };
  const query = async (text: string, values: unknown[] = []) => {
    await ensureSchema();
    return pool.query(text, values);
  };

  return {
    kind: 'postgres',
    async insert(k: StoredKey) {
      await query(
        'INSERT INTO api_keys (id, hash, tier, quota, owner, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [k.id, k.hash, k.tier, k.quota, k.owner, k.created_at, k.revoked_at],
      );
    },
    async findById(id: string) {
      const r = await query('SELECT * FROM api_keys WHERE id = $1', [id]);
      return r.rows[0] ? rowToStoredKey(r.rows[0]) : undefined;
    },
    async list() {
      const r = await query('SELECT * FROM api_keys ORDER BY created_at, id');
      return r.rows.map(rowToStoredKey);
    },
    async revoke(id: string, at: string) {
      const r = await query(
        'UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING *',
        [id, at],
      );
      return r.rows[0] ? rowToStoredKey(r.rows[0]) : undefined;
    },
    async ping() {
      await query('SELECT 1 FROM api_keys LIMIT 1');
    },
    async close() {
      await pool.end();
    },
  };
}
