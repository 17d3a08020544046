// The key store contract: the records behind API keys (hashes only), shared by the SQLite and PostgreSQL stores.
import type { KeyTier } from './keys.ts';

/** One issued key as stored. The raw key is never stored: `hash` is its SHA-256. */
export type StoredKey = {
  id: string;
  hash: string;
  tier: KeyTier;
  /** Requests per day; null means the tier's default (enterprise keys always carry one). */
  quota: number | null;
  owner: string | null;
  /** ISO 8601 timestamps (UTC). */
  created_at: string;
  revoked_at: string | null;
};

export type KeyStoreKind = 'sqlite' | 'postgres';

export interface KeyStore {
  readonly kind: KeyStoreKind;
  insert(key: StoredKey): Promise<void>;
  findById(id: string): Promise<StoredKey | undefined>;
  /** Every key, oldest first. */
  list(): Promise<StoredKey[]>;
  /** Mark revoked at `at`; returns the record as it now is, or undefined for an unknown id. Revoking twice keeps the first date. */
  revoke(id: string, at: string): Promise<StoredKey | undefined>;
  /** A cheap query that fails when a lookup would: the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Row shape both SQL stores read back (quota may arrive as a string from PostgreSQL bigint). */
export function rowToStoredKey(row: Record<string, unknown>): StoredKey {
  const ts = (v: unknown): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));
  return {
    id: String(row.id),
    hash: String(row.hash),
    tier: row.tier as KeyTier,
    quota: row.quota == null ? null : Number(row.quota),
    owner: row.owner == null ? null : String(row.owner),
    created_at: ts(row.created_at)!,
    revoked_at: ts(row.revoked_at),
  };
}
