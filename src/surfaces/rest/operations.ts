// REST routes generated from the registry: GET /api/v1/<op.path> for every operation, no per-operation code.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyFrom } from '../../access/index.ts';
import { ServiceError } from '../../errors/index.ts';
import type { AnyOperation } from '../../ops/operation.ts';
import type { Executor } from '../execute.ts';
import { validateInput } from '../validate.ts';
import { type Compressible, encodedBody, encodedEtag, negotiateEncoding } from './compression.ts';
import { noteTier } from './metrics.ts';
import { accepts, CACHE_PRIVATE, CACHE_PUBLIC, JSON_TYPE, JSON_TYPES, notModified, VARY_KEYED } from './http.ts';
import { coerceQuery } from './query.ts';
import { registerResource } from './resource.ts';
import { routePattern } from './url.ts';

/** The key of a request, from x-api-key or Authorization: Bearer (two different keys: a 400). */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  return apiKeyFrom(request.headers);
}

export function notAcceptable(what = 'application/json (errors: application/problem+json)'): ServiceError {
  return new ServiceError('not_acceptable', `This resource is only available as ${what}; the Accept header excludes it.`);
}

/**
 * Write ready bytes with their validator, or 304 when the caller already holds them. The coding the caller accepts
 * is kept on `p` (made fast on first use, at the better level on the second); each coding has its own ETag.
 */
export function sendPrepared(
  request: FastifyRequest, reply: FastifyReply, p: Compressible, cacheControl: string, type = JSON_TYPE,
): FastifyReply {
  const { body, encoding, fast } = encodedBody(p, negotiateEncoding(request.headers['accept-encoding']));
  const etag = encodedEtag(p.etag, encoding, fast);
  reply.header('etag', etag).header('cache-control', cacheControl);
  // Set whatever coding went out: the same URL answers differently by Accept-Encoding once it is over the threshold.
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  // A caller holding the fast first coding holds the same content: If-None-Match compares weakly (RFC 9110 13.1.2).
  const held = request.headers['if-none-match'];
  if (notModified(held, etag) || (encoding !== 'identity' && !fast && notModified(held, encodedEtag(p.etag, encoding, true)))) {
    return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.header('content-type', type).send(body);
}

export function registerOperations(app: FastifyInstance, executor: Executor, operations: readonly AnyOperation[]): void {
  for (const op of operations) {
    registerResource(app, routePattern(op), {
      get: async (request, reply) => {
        const apiKey = apiKeyOf(request);
        // Counted first: every answered request to an operation counts, errors included (DESIGN.md section 9).
        const { principal } = await executor.admit(apiKey, request.ip, (h) => reply.headers(h));
        noteTier(request, principal.tier);
        if (!accepts(request.headers.accept, JSON_TYPES)) throw notAcceptable();
        const raw = coerceQuery(op, request.query as Record<string, string | string[]>, request.params as Record<string, string>);
        // Only the bytes are sent: an answer made here is cached without its objects (Prepared.release).
        const p = executor.run(op, validateInput(op, raw), principal.full, true);
        // A keyed answer may be full: shared caches must neither keep it nor serve an anonymous copy for it.
        reply.header('vary', VARY_KEYED);
        return sendPrepared(request, reply, p, apiKey === undefined ? CACHE_PUBLIC : CACHE_PRIVATE);
      },
    });
  }
}
