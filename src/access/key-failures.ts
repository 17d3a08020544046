// Requests with a bad API key, counted per client address: guessing keys is limited, and costs the store little.
import { ServiceError } from '../errors/index.ts';
import { bearerChallenge } from './credentials.ts';
import { rateLimitHeaders } from './headers.ts';
import type { Limiter } from './limiter.ts';
import { ipSubject } from './tiers.ts';

/**
 * Stricter than the anonymous limit (60 a minute), and counted apart from it: a person who mistypes a key a few
 * times is not held up, one address cannot probe the key store faster than this, and spending it does not touch the
 * address's anonymous quota (nor the other way round). The policy name goes in the RateLimit headers.
 */
export const FAILED_KEY_LIMIT = { quota: 10, windowSeconds: 60 } as const;
const POLICY = { tier: 'failed_keys', ...FAILED_KEY_LIMIT };

export type FailedKeyGate = {
  /** Before a key-store lookup: a 429 when this address has spent its bad-key budget (nothing is looked up). */
  check(clientIp: string): Promise<void>;
  /** Count one bad-key request of this address; throws `refusal` (401) with the budget's headers, or a 429. */
  fail(clientIp: string, refusal: ServiceError): Promise<never>;
};

/** `ip:1.2.3.4` becomes `badkey:1.2.3.4` (IPv6 per /64, as for anonymous callers). */
const subjectOf = (clientIp: string): string => `badkey:${ipSubject(clientIp).slice(3)}`;

function refused(resetMs: number, now: number): ServiceError {
  const retryAfter = Math.max(1, Math.ceil(resetMs / 1000));
  const reset = new Date(now + retryAfter * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return new ServiceError(
    'rate_limited',
    `Too many requests with an API key that is not valid from this address: ${FAILED_KEY_LIMIT.quota} per minute. `
      + `It resets at ${reset} (in ${retryAfter} s). Check the key, or omit it to call anonymously.`,
    { retry_after: retryAfter, extra: { reset }, headers: rateLimitHeaders(POLICY, 0, retryAfter, false) },
  );
}

export function createFailedKeyGate(limiter: Limiter, now: () => number = Date.now): FailedKeyGate {
  const { quota, windowSeconds } = FAILED_KEY_LIMIT;
  return {
    async check(clientIp) {
      const seen = await limiter.peek(subjectOf(clientIp), quota, windowSeconds);
      if (seen.consumed >= quota) throw refused(seen.resetMs, now());
    },
    async fail(clientIp, refusal) {
      const r = await limiter.consume(subjectOf(clientIp), quota, windowSeconds);
      if (!r.allowed) throw refused(r.resetMs, now());
      const headers = { ...rateLimitHeaders(POLICY, r.remaining, Math.ceil(r.resetMs / 1000), true), ...refusal.options.headers };
      throw new ServiceError(refusal.code, refusal.detail, { ...refusal.options, headers });
    },
  };
}

/** A 401 for a key that is not valid here, with its RFC 6750 challenge. */
export function keyRefusal(code: 'invalid_api_key' | 'revoked_api_key', detail: string): ServiceError {
  const description = code === 'revoked_api_key' ? 'The API key was revoked' : 'The API key is not valid';
  return new ServiceError(code, detail, { headers: { 'WWW-Authenticate': bearerChallenge('invalid_token', description) } });
}
