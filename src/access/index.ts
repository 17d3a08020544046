// Access control for both surfaces: createAccess() wires key store, key cache and limiter behind AccessControl.
import type { Redis } from 'ioredis';
import type { Config } from '../config/env.ts';
import { ServiceError } from '../errors/index.ts';
import { rateLimitHeaders } from './headers.ts';
import { conflictingKeys } from './credentials.ts';
import { createKeyCache } from './key-cache.ts';
import { createKeyStore } from './key-admin.ts';
import { createFailedKeyGate, keyRefusal } from './key-failures.ts';
import type { KeyStore, StoredKey } from './key-store.ts';
import { hashesEqual, hashKey, keyIdOf, parseKey } from './keys.ts';
import { createLimiter } from './limiter.ts';
import { createStoreHealth } from './store-health.ts';
import { anonymousPrincipal, keyPrincipal } from './tiers.ts';
import type { AccessControl, AccessHealth, LimitDecision, Principal } from './types.ts';

export type { AccessControl, AccessHealth, LimitDecision, Principal, Tier } from './types.ts';
export { API_KEY_HEADER, LOG_REDACT_PATHS } from './keys.ts';
export { apiKeyFrom, bearerChallenge } from './credentials.ts';
export { FAILED_KEY_LIMIT } from './key-failures.ts';
export { projectBody, attributionText, type ProjectionOptions, type ProjectedSource } from './projection.ts';
export { writeBody, writeBodyTo, type Written } from './write-body.ts';
export { TIER_LIMITS } from './tiers.ts';
export { createKeyStore, issueKey, revokeKey } from './key-admin.ts';

/** The subset of a pino logger access control writes to. It never receives a key, only key ids. */
export type AccessLogger = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

export type AccessOptions = {
  /** Use this store instead of the one the config names (tests); the caller closes it. */
  keyStore?: KeyStore;
  /** Use this Redis client instead of one built from `config.redisUrl`; the caller closes it. */
  redis?: Redis;
  logger?: AccessLogger;
  /** Clock for the key cache, in ms (tests). */
  now?: () => number;
  /** How long start-up waits for Redis before serving from memory (default 2000 ms). */
  redisStartupWaitMs?: number;
  /** The readiness probe of the key store: how long a result is reused, and its timeout (tests). */
  storeProbe?: { intervalMs?: number; timeoutMs?: number };
};

/**
 * Unknown ids are cached for at most this long (and never longer than KEY_CACHE_TTL_SECONDS). A flood of one bad
 * key costs one lookup per interval; an id unknown now becomes known only by being issued, and a key sent before it
 * was issued (a client retrying while the operator issues it) works at most this long after.
 */
export const NEGATIVE_CACHE_MAX_MS = 10_000;

type AccessConfig = Pick<Config, 'keysDb' | 'databaseUrl' | 'redisUrl' | 'keyCacheTtlSeconds'>;

export async function createAccess(config: AccessConfig, opts: AccessOptions = {}): Promise<AccessControl> {
  const log = opts.logger;
  const store = opts.keyStore ?? await createKeyStore(config, { onError: (err) => log?.warn({ err: err.message }, 'key store connection error') });
  const ttlMs = config.keyCacheTtlSeconds * 1000;
  const cache = createKeyCache({ ttlMs, now: opts.now });
  // Apart from known keys, so that a flood of random keys cannot evict them (each eviction is one more lookup).
  const unknown = createKeyCache({ ttlMs: Math.min(ttlMs, NEGATIVE_CACHE_MAX_MS), now: opts.now });
  const storeHealth = createStoreHealth({
    ping: () => store.ping(),
    ...opts.storeProbe,
    onFailure: (err) => log?.warn({ err: err.message }, 'key store probe failed'),
  });

  // The Redis client is loaded only when REDIS_URL is set: a single instance does not pay for loading it at start.
  const redisClient = config.redisUrl || opts.redis ? await import('./redis-client.ts') : undefined;
  const redis = opts.redis ?? (config.redisUrl ? redisClient!.createRedisClient(config.redisUrl) : undefined);
  // ioredis reports connection errors as events; without a listener they would be printed as unhandled.
  redis?.on('error', () => {});
  const limiter = createLimiter({
    redis,
    onFallback: (err) => log?.warn({ err: (err as Error)?.message }, 'Redis unreachable: counting requests in memory on this instance'),
    onRecover: () => log?.info({}, 'Redis reachable again: counting requests in Redis'),
  });
  if (redis) await redisClient!.waitForReady(redis, opts.redisStartupWaitMs ?? 2000);
  const failures = createFailedKeyGate(limiter);

  /** The stored record of an id: cached, or read from the store once this address may still try bad keys. */
  const lookup = async (id: string, clientIp: string): Promise<StoredKey | null> => {
    const cached = cache.get(id) ?? unknown.get(id);
    if (cached !== undefined) return cached;
    // An address that has spent its bad-key budget is refused before the store is read: probing the store with
    // random keys costs at most FAILED_KEY_LIMIT lookups a minute per address.
    await failures.check(clientIp);
    let rec: StoredKey | null;
    try {
      rec = (await store.findById(id)) ?? null;
      storeHealth.record(true);
    } catch (err) {
      storeHealth.record(false);
      log?.warn({ err: (err as Error).message, key_id: id }, 'key store lookup failed');
      throw new ServiceError('not_ready', 'API keys cannot be checked right now (the key store is unreachable). Retry shortly.', { retry_after: 5 });
    }
    (rec ? cache : unknown).set(id, rec);
    return rec;
  };

  const health = (): AccessHealth => {
    const limiterMode = limiter.mode();
    const details: Record<string, string> = { limiter: limiterMode, keys: store.kind };
    const storeFailing = storeHealth.failing();
    if (storeFailing) details.keys_status = 'unreachable';
    return { status: limiterMode === 'memory-fallback' || storeFailing ? 'degraded' : 'ok', details };
  };

  return {
    async authenticate(apiKey, clientIp): Promise<Principal> {
      if (apiKey === undefined) return anonymousPrincipal(clientIp);
      // The shape is checked before anything else: a string that is not a key never reaches the store. It still
      // counts as a bad key of this address, so that refusals are never free to ask for.
      if (!parseKey(apiKey)) {
        const conflict = conflictingKeys(apiKey);
        if (conflict) return failures.fail(clientIp, conflict);
        return failures.fail(clientIp, keyRefusal(
          'invalid_api_key',
          'The API key (x-api-key header, or Authorization: Bearer) is not a key of this service (expected mds_<free|pro|ent>_ '
            + 'and 32 letters and digits). Omit it to call anonymously.',
        ));
      }
      const hash = hashKey(apiKey);
      const rec = await lookup(keyIdOf(hash), clientIp);
      if (!rec || !hashesEqual(rec.hash, hash)) {
        const detail = 'This API key is not known to this service. Check that it was copied whole, or omit it to call anonymously.';
        return failures.fail(clientIp, keyRefusal('invalid_api_key', detail));
      }
      if (rec.revoked_at) {
        const on = rec.revoked_at.slice(0, 10);
        const detail = `This API key was revoked on ${on}. Ask the operator for a new key, or omit it to call anonymously.`;
        return failures.fail(clientIp, keyRefusal('revoked_api_key', detail));
      }
      return keyPrincipal(rec.id, rec.tier, rec.quota);
    },

    async consume(principal): Promise<LimitDecision> {
      const r = await limiter.consume(principal.subject, principal.quota, principal.windowSeconds);
      const resetSeconds = Math.ceil(r.resetMs / 1000);
      return { allowed: r.allowed, headers: rateLimitHeaders(principal, r.remaining, resetSeconds, r.allowed), resetSeconds };
    },

    health,

    async checkHealth(): Promise<AccessHealth> {
      await storeHealth.refresh();
      return health();
    },

    async close() {
      if (!opts.redis) redis?.disconnect();
      if (!opts.keyStore) await store.close();
    },
  };
}

/**
 * The 429 a surface sends when `consume` refuses: problem+json with `retry_after` and the reset time, and a hint
 * at the next tier. The surface also sends `decision.headers` (Retry-After, RateLimit, RateLimit-Policy).
 */
export function rateLimitedError(decision: LimitDecision, principal: Principal, now: number = Date.now()): ServiceError {
  const retryAfter = Math.max(1, decision.resetSeconds);
  const reset = new Date(now + retryAfter * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const per = principal.windowSeconds === 60 ? 'minute' : principal.windowSeconds === 86_400 ? 'day' : `${principal.windowSeconds} s`;
  const hint = principal.tier === 'anonymous' ? ' An API key raises the limit.' : '';
  return new ServiceError(
    'rate_limited',
    `Rate limit reached: ${principal.quota} requests per ${per} for ${principal.tier} callers. It resets at ${reset} (in ${retryAfter} s).${hint}`,
    { retry_after: retryAfter, extra: { reset } },
  );
}
