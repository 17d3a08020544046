// In-process cache of key lookups: the TTL is the stated bound on how long a revoked key keeps working.
import type { StoredKey } from './key-store.ts';

export type KeyCacheOptions = {
  ttlMs: number;
  /** Bounded so that a flood of well-formed random keys cannot grow memory without limit. */
  maxEntries?: number;
  now?: () => number;
};

export type KeyCache = {
  /** `undefined`: not cached (look it up); `null`: cached as unknown; otherwise the record as last read. */
  get(id: string): StoredKey | null | undefined;
  set(id: string, value: StoredKey | null): void;
  readonly size: number;
};

/**
 * One cache of known keys (their records, revoked ones included) and, in access/index.ts, a second one of unknown
 * ids with a shorter TTL, so that guessed keys neither cost a lookup each nor push known keys out.
 * A TTL of 0 disables caching: every request reads the store.
 */
export function createKeyCache({ ttlMs, maxEntries = 10_000, now = Date.now }: KeyCacheOptions): KeyCache {
  const entries = new Map<string, { value: StoredKey | null; expires: number }>();
  return {
    get(id) {
      const e = entries.get(id);
      if (!e) return undefined;
      if (now() >= e.expires) {
        entries.delete(id);
        return undefined;
      }
      return e.value;
    },
    set(id, value) {
      if (ttlMs <= 0) return;
      entries.delete(id); // re-insert at the end: Map order is insertion order, the oldest entry is evicted first
      entries.set(id, { value, expires: now() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
