// The API key as clients send it: `x-api-key: <key>` or `Authorization: Bearer <key>` (RFC 6750), for REST and MCP.
import { ServiceError } from '../errors/index.ts';
import { API_KEY_HEADER } from './keys.ts';

/** The realm named in every challenge: one protection space for the whole service (RFC 9110 section 11.5). */
export const AUTH_REALM = 'model-data-service';

/** Headers as Node and Fastify give them: lower-case names, a repeated header as an array or joined with ", ". */
export type IncomingHeaders = Record<string, string | string[] | undefined>;

/**
 * The `WWW-Authenticate` challenge of a refused key (RFC 6750 section 3, RFC 9110 section 11.6.1): `invalid_token`
 * with a 401 (unknown, revoked or malformed key), `invalid_request` with a 400 (two different keys sent). The
 * description is a fixed sentence of ours: it never echoes what the client sent.
 */
export function bearerChallenge(error: 'invalid_token' | 'invalid_request', description: string): string {
  return `Bearer realm="${AUTH_REALM}", error="${error}", error_description="${description.replace(/[\\"]/g, '')}"`;
}

const join = (h: string | string[] | undefined): string | undefined => (Array.isArray(h) ? h.join(', ') : h);

/**
 * How two different credentials are joined: a character above U+00FF, which no header value read from the wire can
 * hold (Node decodes header bytes as Latin-1), so that no single value sent by a client reads as a conflict.
 */
const SEPARATOR = '\u2063';

/**
 * The key a request carries, or undefined when it carries none (an anonymous call). Never throws, so that every
 * surface can call it anywhere (the MCP SDK path reads it after the response is taken over); authenticate() judges.
 *
 * - `Authorization: Bearer <key>`, the scheme in any letter case (RFC 9110 section 11.1), or `x-api-key: <key>`.
 * - Both with the same key: accepted (some clients send both). Both with different keys: the two are returned
 *   joined, which authenticate() refuses with a 400 naming the conflict, since answering would guess which one the
 *   caller meant.
 * - An Authorization header of another scheme (Basic, Digest) is not addressed to this scheme and is ignored: a
 *   proxy protected by Basic authentication forwards its credentials, and its users must still be served.
 */
export function apiKeyFrom(headers: IncomingHeaders): string | undefined {
  const header = join(headers[API_KEY_HEADER]);
  const authorization = join(headers.authorization);
  const m = authorization === undefined ? null : /^\s*bearer(?:[ \t]+(.*))?$/is.exec(authorization);
  if (!m) return header;
  const bearer = (m[1] ?? '').trim();
  if (header === undefined || header === bearer) return bearer;
  return `${header}${SEPARATOR}${bearer}`;
}

/** A 400 when the request carried two different keys (x-api-key and Bearer; see apiKeyFrom), else undefined. */
export function conflictingKeys(apiKey: string): ServiceError | undefined {
  if (!apiKey.includes(SEPARATOR)) return undefined;
  return new ServiceError(
    'invalid_parameter',
    'The request carries two different API keys, one in x-api-key and one in Authorization: Bearer. Send one of them.',
    {
      errors: [{
        parameter: 'Authorization',
        message: 'two different API keys',
        allowed: 'one API key, in x-api-key or as Authorization: Bearer <key>',
      }],
      headers: { 'WWW-Authenticate': bearerChallenge('invalid_request', 'Send one API key') },
    },
  );
}
