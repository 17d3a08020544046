// The access contract both surfaces use: who is calling, whether the call may proceed, what they may see.

export type Tier = 'anonymous' | 'free' | 'pro' | 'enterprise';

/** The caller of one request, as authenticated from `x-api-key` and the client address. */
export type Principal = {
  tier: Tier;
  /** The stored key's public id (never the raw key); absent for anonymous callers. */
  keyId?: string;
  /** What the limit is counted against: `ip:<address>` for anonymous callers, `key:<keyId>` otherwise. */
  subject: string;
  /** Requests allowed per window (anonymous: 60 per minute; keys: per day). */
  quota: number;
  windowSeconds: number;
  /** Pro and enterprise responses are full: per-field provenance and the 16 trust criteria. */
  full: boolean;
};

/** The outcome of counting one request. `headers` go on the response whether or not it is allowed. */
export type LimitDecision = {
  allowed: boolean;
  /** `RateLimit-Policy` and `RateLimit` (IETF draft httpapi-ratelimit-headers), plus `Retry-After` when refused. */
  headers: Record<string, string>;
  /** Seconds until the window resets. */
  resetSeconds: number;
};

export type AccessHealth = {
  status: 'ok' | 'degraded';
  /** e.g. `{ limiter: 'redis' | 'memory' | 'memory-fallback', keys: 'sqlite' | 'postgres' }` */
  details: Record<string, string>;
};

/** One instance per process, shared by REST and MCP. */
export interface AccessControl {
  /**
   * Resolve the caller. No key: anonymous. A malformed, unknown or revoked key throws a ServiceError
   * (`invalid_api_key`, `revoked_api_key`): never a silent fall back to anonymous.
   */
  authenticate(apiKey: string | undefined, clientIp: string): Promise<Principal>;
  /** Count one request against the principal's quota. Never fails open. */
  consume(principal: Principal): Promise<LimitDecision>;
  /** The last known health, without any I/O. */
  health(): AccessHealth;
  /**
   * Health after probing the key store when the last probe is older than a few seconds (a cheap query with a
   * short timeout): what /readyz reports. Optional, for test doubles; without it `health()` is used.
   */
  checkHealth?(): Promise<AccessHealth>;
  close(): Promise<void>;
}
