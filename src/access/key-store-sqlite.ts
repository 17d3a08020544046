// The embedded key store: one SQLite file (better-sqlite3), opened and created on first use.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { rowToStoredKey, type KeyStore, type StoredKey } from './key-store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  tier TEXT NOT NULL CHECK (tier IN ('free', 'pro', 'enterprise')),
  quota INTEGER CHECK (quota IS NULL OR quota >= 0),
  owner TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
)`;

/**
 * SQLite creates the `-wal` and `-shm` files with the database file's own permissions, at the moment it creates
 * them (the first read in WAL mode). The file used to be made 0600 only after that, so they came out 0644, readable
 * by every local user: owners and quotas of new keys sit in the WAL until a checkpoint. A new file is therefore
 * created 0600 before SQLite opens it; for an existing one, `-wal` and `-shm` left more open than it (by that old
 * order) are narrowed to its mode.
 */
function prepareFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(file)) {
    // 'wx': never truncate a file another process created in between; 0600 is applied under any umask.
    try {
      closeSync(openSync(file, 'wx', 0o600));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    chmodSync(file, 0o600);
    return;
  }
  const mode = statSync(file).mode & 0o777;
  for (const side of [`${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(side).mode & 0o777 & ~mode) !== 0) chmodSync(side, mode);
    } catch {
      // Absent (the usual case) or not ours to change: SQLite will create it with the file's mode.
    }
  }
}

/**
 * Opened lazily: a deployment that never sees a key never creates the file, and a read-only disk only affects
 * keyed requests. The file is made owner-readable only: it holds hashes, not keys, but owners and quotas are private.
 */
export function createSqliteKeyStore(file: string): KeyStore {
  let db: Database.Database | undefined;
  const open = (): Database.Database => {
    if (db) return db;
    if (file !== ':memory:') prepareFile(file);
    const d = new Database(file);
    d.pragma('journal_mode = WAL');
    // Another process (the operator CLI) may write while the server reads: wait instead of failing.
    d.pragma('busy_timeout = 2000');
    d.exec(SCHEMA);
    db = d;
    return d;
  };

  return {
    kind: 'sqlite',
    async insert(k: StoredKey) {
      open()
        .prepare('INSERT INTO api_keys (id, hash, tier, quota, owner, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(k.id, k.hash, k.tier, k.quota, k.owner, k.created_at, k.revoked_at);
    },
    async findById(id: string) {
      const row = open().prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as Record<string, unknown> | undefined;
      return row ? rowToStoredKey(row) : undefined;
    },
    async list() {
      const rows = open().prepare('SELECT * FROM api_keys ORDER BY created_at, id').all() as Record<string, unknown>[];
      return rows.map(rowToStoredKey);
    },
    async revoke(id: string, at: string) {
      const d = open();
      d.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id);
      const row = d.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as Record<string, unknown> | undefined;
      return row ? rowToStoredKey(row) : undefined;
    },
    async ping() {
      // Nothing to probe before the first keyed request creates the file (a probe must not create it).
      if (!db && (file === ':memory:' || !existsSync(file))) return;
      open().prepare('SELECT 1 FROM api_keys LIMIT 1').get();
    },
    async close() {
      db?.close();
      db = undefined;
    },
  };
}
