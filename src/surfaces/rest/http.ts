// HTTP details the REST surface applies everywhere: content negotiation, conditional requests, security headers.

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** Methods every REST resource answers; anything else is 405. */
export const REST_ALLOW = 'GET, HEAD, OPTIONS';
export const MCP_ALLOW = 'POST, OPTIONS';

/**
 * Answers are fixed for a dataset and a UTC day (the dataset is rebuilt at most daily; answers that default to
 * "today" move at midnight). Browsers keep one 5 minutes; a shared cache (CDN) an hour, then may serve it stale for
 * up to a day while it revalidates in the background (the ETag makes that a 304 when nothing changed), or while the
 * origin fails. A response to a keyed request is the caller's own (its tier, possibly full provenance): `private`,
 * so no shared cache keeps it. See docs/operations-http.md for the CDN layout.
 */
export const CACHE_PUBLIC = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400, stale-if-error=86400';
export const CACHE_PRIVATE = 'private, max-age=300';
export const CACHE_NONE = 'no-store';
/** Headers that select a keyed answer: the key (tier, projection) and the content coding. */
export const VARY_KEYED = 'x-api-key, authorization, accept-encoding';

/**
 * Sent on every response. The API serves JSON to any origin without credentials (CORS `*`); the RateLimit
 * headers and ETag are exposed so browser clients can pace themselves and revalidate. The CSP forbids
 * everything a JSON document never needs (the docs page sets its own).
 */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, RateLimit, RateLimit-Policy, Retry-After, Allow, WWW-Authenticate',
};

/** CORS preflight answer: the headers a browser may send with GET (and POST to /mcp). */
export function preflightHeaders(allow: string): Record<string, string> {
  return {
    allow,
    'access-control-allow-methods': allow,
    'access-control-allow-headers':
      'x-api-key, authorization, if-none-match, content-type, accept, mcp-protocol-version, mcp-method, mcp-name, mcp-session-id, last-event-id',
    'access-control-max-age': '86400',
  };
}

type MediaRange = { type: string; q: number };

function parseAccept(header: string): MediaRange[] {
  const out: MediaRange[] = [];
  // Bounded: a hostile header with thousands of ranges is not worth parsing past the first few dozen.
  for (const part of header.split(',', 64)) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (type) out.push({ type: type.trim(), q: Number.isFinite(q) ? q : 0 });
  }
  return out;
}

/** True when the Accept header admits one of `types` (an absent header admits everything). */
export function accepts(header: string | undefined, types: readonly string[]): boolean {
  if (header === undefined || header.trim() === '') return true;
  const ranges = parseAccept(header);
  for (const t of types) {
    const [major] = t.split('/');
    for (const r of ranges) {
      if (r.q <= 0) continue;
      if (r.type === t || r.type === '*/*' || r.type === `${major}/*`) return true;
    }
  }
  return false;
}

export const JSON_TYPES = ['application/json', 'application/problem+json'] as const;
export const HTML_TYPES = ['text/html'] as const;

/** If-None-Match (RFC 9110 13.1.2): weak comparison, `*` matches any current representation. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const tag of ifNoneMatch.split(',', 64)) {
    const t = tag.trim();
    if (t === etag || t === `W/${etag}`) return true;
  }
  return false;
}
