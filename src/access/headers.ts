// RateLimit response headers, following draft-ietf-httpapi-ratelimit-headers-10 (27 September 2025).
// Both fields are Structured Field lists of one item: the policy name (the caller's tier) with parameters.
// RateLimit-Policy: "<tier>";q=<quota>;w=<window seconds>   RateLimit: "<tier>";r=<remaining>;t=<seconds to reset>

/** A policy: named after the caller's tier, or `failed_keys` for the budget of requests with a bad key. */
export type RateLimitPolicy = { tier: string; quota: number; windowSeconds: number };

export function rateLimitHeaders(
  principal: RateLimitPolicy,
  remaining: number,
  resetSeconds: number,
  allowed: boolean,
): Record<string, string> {
  const policy = `"${principal.tier}"`;
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${policy};q=${principal.quota};w=${principal.windowSeconds}`,
    RateLimit: `${policy};r=${Math.max(0, remaining)};t=${Math.max(0, resetSeconds)}`,
  };
  // Retry-After (RFC 9110) in delay-seconds; at least 1 so that a client never retries in a tight loop.
  if (!allowed) headers['Retry-After'] = String(Math.max(1, resetSeconds));
  return headers;
}
