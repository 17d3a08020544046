// Operator actions on keys (issue, list, revoke), shared by the CLI and the tests; the raw key leaves only via issue.
import type { Config } from '../config/env.ts';
import { generateKey, type KeyTier } from './keys.ts';
import { createSqliteKeyStore } from './key-store-sqlite.ts';
import type { KeyStore, StoredKey } from './key-store.ts';

/**
 * PostgreSQL when DATABASE_URL is set (several instances share it), else the SQLite file at KEYS_DB. The PostgreSQL
 * driver is loaded only then: an instance without it does not pay for loading it at every start.
 */
export async function createKeyStore(
  config: Pick<Config, 'keysDb' | 'databaseUrl'>,
  opts: { onError?: (err: Error) => void } = {},
): Promise<KeyStore> {
  if (!config.databaseUrl) return createSqliteKeyStore(config.keysDb);
  const { createPostgresKeyStore } = await import('./key-store-postgres.ts');
  return createPostgresKeyStore(config.databaseUrl, opts);
}

export type IssueRequest = { tier: KeyTier; quota?: number | null; owner?: string | null; now?: Date };

export class KeyAdminError extends Error {}

/** Issue a key: stores its hash and returns the raw key, which nothing can show again. */
export async function issueKey(store: KeyStore, req: IssueRequest): Promise<{ key: string; record: StoredKey }> {
  const quota = req.quota ?? null;
  if (req.tier === 'enterprise' && quota === null) {
    throw new KeyAdminError('An enterprise key needs its daily quota: --quota N.');
  }
  if (quota !== null && (!Number.isSafeInteger(quota) || quota < 1)) {
    throw new KeyAdminError('The quota must be a whole number of requests per day, at least 1.');
  }
  const g = generateKey(req.tier);
  const record: StoredKey = {
    id: g.id,
    hash: g.hash,
    tier: req.tier,
    quota,
    owner: req.owner?.trim() || null,
    created_at: (req.now ?? new Date()).toISOString(),
    revoked_at: null,
  };
  await store.insert(record);
  return { key: g.key, record };
}

/** Revoke by public id. Unknown ids are an error so that a typo is not mistaken for success. */
export async function revokeKey(store: KeyStore, id: string, now: Date = new Date()): Promise<StoredKey> {
  const rec = await store.revoke(id.trim(), now.toISOString());
  if (!rec) throw new KeyAdminError(`No key with id "${id}". Run \`npm run keys -- list\` to see the ids.`);
  return rec;
}
