// Request counters: fixed windows in Redis when configured (shared by every instance), in memory otherwise,
// and in memory per instance while Redis is unreachable: limits keep working, never fail open.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type LimiterMode = 'redis' | 'memory' | 'memory-fallback';

export type LimitResult = {
  allowed: boolean;
  remaining: number;
  /** Requests counted in the subject's window so far, this one included. */
  consumed: number;
  /** Milliseconds until the subject's window resets. */
  resetMs: number;
};

export type Limiter = {
  /** Count one request of `subject` against `quota` per `windowSeconds`. */
  consume(subject: string, quota: number, windowSeconds: number): Promise<LimitResult>;
  /** Requests counted in the subject's current window, without counting one (0 when none). Never throws. */
  peek(subject: string, quota: number, windowSeconds: number): Promise<{ consumed: number; resetMs: number }>;
  mode(): LimiterMode;
};

export type LimiterOptions = {
  /** An ioredis client built not to queue or retry commands while disconnected (see `createRedisClient`). */
  redis?: Redis;
  /** Redis key prefix; every instance must use the same one to share counters. */
  keyPrefix?: string;
  /** After a Redis error, go straight to memory for this long instead of paying a timeout on every request. */
  retryAfterFailureMs?: number;
  /** Called when this instance starts counting in memory because Redis failed (once per outage). */
  onFallback?: (err: unknown) => void;
  /** Called when Redis answers again after an outage. */
  onRecover?: () => void;
  now?: () => number;
  /** How many subjects' last Redis counts are kept for an outage (the oldest are dropped first). */
  lastKnownEntries?: number;
};

export const DEFAULT_KEY_PREFIX = 'mds:rl';

/**
 * rate-limiter-flexible's windows are fixed and start at a subject's first request ("enhanced fixed window"), so
 * resets are spread over time rather than all falling on the minute. A limiter holds one (points, duration) pair,
 * so there is one per pair in use; they share the key prefix because a subject always has the same window.
 */
export function createLimiter(opts: LimiterOptions = {}): Limiter {
  const { redis, keyPrefix = DEFAULT_KEY_PREFIX, retryAfterFailureMs = 1000, now = Date.now, lastKnownEntries = 100_000 } = opts;
  const memory = new Map<string, RateLimiterAbstract>();
  // The count Redis last gave for each subject, and when its window ends. When Redis becomes unreachable, the
  // in-memory limiter starts a subject from this count, not from zero: an outage must not hand a key that has spent
  // its day's quota a fresh one. Only counts this instance saw are known (another instance's are not).
  const lastKnown = new Map<string, { consumed: number; until: number }>();
  const stores = new Map<string, RateLimiterAbstract>();
  let failing = false;
  let skipRedisUntil = 0;

  const limiterFor = (cache: Map<string, RateLimiterAbstract>, quota: number, windowSeconds: number, inRedis: boolean) => {
    const k = `${quota}/${windowSeconds}`;
    let l = cache.get(k);
    if (!l) {
      const base = { points: quota, duration: windowSeconds, keyPrefix };
      l = inRedis ? new RateLimiterRedis({ ...base, storeClient: redis }) : new RateLimiterMemory(base);
      cache.set(k, l);
    }
    return l;
  };

  const toResult = (res: RateLimiterRes, allowed: boolean): LimitResult => ({
    allowed,
    remaining: res.remainingPoints,
    consumed: res.consumedPoints,
    resetMs: Math.max(0, res.msBeforeNext),
  });

  const run = async (l: RateLimiterAbstract, subject: string): Promise<LimitResult> => {
    try {
      return toResult(await l.consume(subject), true);
    } catch (e) {
      if (e instanceof RateLimiterRes) return toResult(e, false);
      throw e;
    }
  };

  const remember = (subject: string, r: LimitResult): void => {
    lastKnown.delete(subject); // re-inserted at the end: Map order is insertion order, the oldest is dropped first
    lastKnown.set(subject, { consumed: r.consumed, until: now() + r.resetMs });
    if (lastKnown.size > lastKnownEntries) lastKnown.delete(lastKnown.keys().next().value!);
  };

  /**
   * The memory limiter for a subject, seeded with the last count Redis gave for it (once per outage). Synchronous
   * when there is nothing to seed: without Redis this is every request's path, and an await costs a turn.
   */
  const fallbackFor = (subject: string, quota: number, windowSeconds: number): RateLimiterAbstract | Promise<RateLimiterAbstract> => {
    const l = limiterFor(memory, quota, windowSeconds, false);
    const known = lastKnown.get(subject);
    if (!known) return l;
    lastKnown.delete(subject);
    const leftMs = known.until - now();
    return leftMs > 0 ? l.set(subject, known.consumed, leftMs / 1000).then(() => l) : l;
  };

  redis?.on('ready', () => {
    if (failing) opts.onRecover?.();
    failing = false;
    skipRedisUntil = 0;
  });

  return {
    async consume(subject, quota, windowSeconds) {
      if (redis && redis.status === 'ready' && now() >= skipRedisUntil) {
        try {
          const r = await run(limiterFor(stores, quota, windowSeconds, true), subject);
          remember(subject, r);
          if (failing) opts.onRecover?.();
          failing = false;
          return r;
        } catch (e) {
          if (!failing) opts.onFallback?.(e);
          failing = true;
          skipRedisUntil = now() + retryAfterFailureMs;
        }
      } else if (redis && !failing) {
        failing = true;
        opts.onFallback?.(new Error(`Redis connection is ${redis.status}`));
      }
      const l = fallbackFor(subject, quota, windowSeconds);
      return run(l instanceof Promise ? await l : l, subject);
    },
    async peek(subject, quota, windowSeconds) {
      const seen = (res: RateLimiterRes | null) => ({ consumed: res?.consumedPoints ?? 0, resetMs: Math.max(0, res?.msBeforeNext ?? 0) });
      if (redis && redis.status === 'ready' && now() >= skipRedisUntil) {
        try {
          return seen(await limiterFor(stores, quota, windowSeconds, true).get(subject));
        } catch {
          // Redis failing: the next consume notices and falls back; the count in memory is the best known here.
        }
      }
      return seen(await (await fallbackFor(subject, quota, windowSeconds)).get(subject));
    },
    mode() {
      if (!redis) return 'memory';
      return failing || redis.status !== 'ready' ? 'memory-fallback' : 'redis';
    },
  };
}
