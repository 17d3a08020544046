// Access control for both surfaces: createAccess() wires key store, key cache and limiter behind AccessControl.
import type { Redis } from 'ioredis';
import type { Config } from '../config/env.ts';
import { ServiceError } from '../errors/index.ts';
import { rateLimitHeaders } from './headers.ts';
import { createKeyCache } from './key-cache.ts';
import { createKeyStore } from './key-admin.ts';
import type { KeyStore, StoredKey } from './key-store.ts';
import { hashesEqual, hashKey, keyIdOf, parseKey } from './keys.ts';
import { createLimiter } from './limiter.ts';
import { anonymousPrincipal, keyPrincipal } from './tiers.ts';
import type { AccessControl, AccessHealth, LimitDecision, Principal } from './types.ts';

export type { AccessControl, AccessHealth, LimitDecision, Principal, Tier } from './types.ts';
export { API_KEY_HEADER, LOG_REDACT_PATHS } from './keys.ts';
export { projectBody, attributionText, type ProjectionOptions, type ProjectedSource } from './projection.ts';
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
};

type AccessConfig = Pick<Config, 'keysDb' | 'databaseUrl' | 'redisUrl' | 'keyCacheTtlSeconds'>;

export async function createAccess(config: AccessConfig, opts: AccessOptions = {}): Promise<AccessControl> {
  const log = opts.logger;
  let storeFailing = false;
  const store = opts.keyStore ?? await createKeyStore(config, { onError: (err) => log?.warn({ err: err.message }, 'key store connection error') });
  const cache = createKeyCache({ ttlMs: config.keyCacheTtlSeconds * 1000, now: opts.now });

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

  const lookup = async (id: string): Promise<StoredKey | null> => {
    const cached = cache.get(id);
    if (cached !== undefined) return cached;
    let rec: StoredKey | null;
    try {
      rec = (await store.findById(id)) ?? null;
      storeFailing = false;
    } catch (err) {
      storeFailing = true;
      log?.warn({ err: (err as Error).message, key_id: id }, 'key store lookup failed');
      throw new ServiceError('not_ready', 'API keys cannot be checked right now (the key store is unreachable). Retry shortly.', { retry_after: 5 });
    }
    cache.set(id, rec);
    return rec;
  };

  return {
    async authenticate(apiKey, clientIp): Promise<Principal> {
      if (apiKey === undefined) return anonymousPrincipal(clientIp);
      // The shape is checked before anything else: a string that is not a key never reaches the store.
      if (!parseKey(apiKey)) {
        throw new ServiceError(
          'invalid_api_key',
          'The x-api-key header does not hold an API key of this service (expected mds_<free|pro|ent>_ and 32 letters and digits). Omit the header to call anonymously.',
        );
      }
      const hash = hashKey(apiKey);
      const rec = await lookup(keyIdOf(hash));
      if (!rec || !hashesEqual(rec.hash, hash)) {
        throw new ServiceError('invalid_api_key', 'This API key is not known to this service. Check that it was copied whole, or omit the header to call anonymously.');
      }
      if (rec.revoked_at) {
        throw new ServiceError('revoked_api_key', `This API key was revoked on ${rec.revoked_at.slice(0, 10)}. Ask the operator for a new key, or omit the header to call anonymously.`);
      }
      return keyPrincipal(rec.id, rec.tier, rec.quota);
    },

    async consume(principal): Promise<LimitDecision> {
      const r = await limiter.consume(principal.subject, principal.quota, principal.windowSeconds);
      const resetSeconds = Math.ceil(r.resetMs / 1000);
      return { allowed: r.allowed, headers: rateLimitHeaders(principal, r.remaining, resetSeconds, r.allowed), resetSeconds };
    },

    health(): AccessHealth {
      const limiterMode = limiter.mode();
      const details: Record<string, string> = { limiter: limiterMode, keys: store.kind };
      if (storeFailing) details.keys_status = 'unreachable';
      return { status: limiterMode === 'memory-fallback' || storeFailing ? 'degraded' : 'ok', details };
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
