// HTTP details the REST surface applies everywhere: content negotiation, conditional requests, security headers.

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** Methods every REST resource answers; anything else is 405. */
export const REST_ALLOW = 'GET, HEAD, OPTIONS';
export const MCP_ALLOW = 'POST, OPTIONS';

/** Public, read-only data: short shared caching; a response to a keyed request is the caller's own. */
export const CACHE_PUBLIC = 'public, max-age=60';
export const CACHE_PRIVATE = 'private, max-age=60';
export const CACHE_NONE = 'no-store';

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
  'access-control-expose-headers': 'ETag, RateLimit, RateLimit-Policy, Retry-After, Allow',
};

/** CORS preflight answer: the headers a browser may send with GET (and POST to /mcp). */
export function preflightHeaders(allow: string): Record<string, string> {
  return {
    allow,
    'access-control-allow-methods': allow,
    'access-control-allow-headers': 'x-api-key, if-none-match, content-type, accept, mcp-protocol-version, mcp-method, mcp-name, mcp-session-id, last-event-id',
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
