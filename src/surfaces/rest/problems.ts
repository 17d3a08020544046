// The REST renderer of errors: every error, ours or the framework's, leaves as application/problem+json.
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asServiceError, ServiceError, toProblem } from '../../errors/index.ts';
import { CACHE_NONE, COMMON_HEADERS, PROBLEM_TYPE } from './http.ts';

export function sendProblem(reply: FastifyReply, err: ServiceError, instance?: string): FastifyReply {
  reply.removeHeader('etag');
  reply.code(err.status).header('content-type', PROBLEM_TYPE).header('cache-control', CACHE_NONE);
  if (err.options.retry_after !== undefined && !reply.hasHeader('retry-after')) reply.header('retry-after', String(err.options.retry_after));
  if (err.options.headers) reply.headers(err.options.headers);
  return reply.send(JSON.stringify(toProblem(err, instance)));
}

/** `request.url` without its query: the problem's `instance` names the resource, not the caller's inputs. */
export function instanceOf(request: FastifyRequest): string {
  const url = request.url;
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)).slice(0, 300);
}

/** Fastify's own errors (body parsing, limits) as coded errors; anything else is internal. */
export function fromFastifyError(err: FastifyError): ServiceError {
  if (err instanceof ServiceError) return err;
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError('payload_too_large', 'The request body is larger than this service accepts (1 MiB).');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ServiceError('invalid_parameter', 'This Content-Type is not accepted here; send application/json.', {
        errors: [{ parameter: 'Content-Type', message: 'unsupported media type', allowed: 'application/json' }],
      });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ServiceError('invalid_parameter', 'The request body is not valid JSON.', {
        errors: [{ parameter: 'body', message: 'not valid JSON', allowed: 'a JSON document' }],
      });
    default:
      break;
  }
  const status = err.statusCode ?? 500;
  if (err instanceof SyntaxError && status === 400) {
    return new ServiceError('invalid_parameter', 'The request body is not valid JSON.', {
      errors: [{ parameter: 'body', message: 'not valid JSON', allowed: 'a JSON document' }],
    });
  }
  if (status === 413) return new ServiceError('payload_too_large', 'The request is larger than this service accepts.');
  if (status === 404) return new ServiceError('not_found', 'Nothing here.');
  if (status >= 400 && status < 500) return new ServiceError('invalid_parameter', 'The request could not be read.');
  return asServiceError(err);
}

/** Error handler, 404 handler and router errors (bad percent-encoding, over-long path segments). */
export function installProblemHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const se = fromFastifyError(err);
    // Internals are logged, never sent: the caller sees a coded 500 without a stack.
    if (se.status >= 500) request.log.error({ reqId: request.id, err }, 'request failed');
    return sendProblem(reply, se, instanceOf(request));
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, new ServiceError('not_found', `Nothing at ${instanceOf(request)}. The operations are listed at /api/v1; the docs are at /docs.`), instanceOf(request)),
  );
}

/** Fastify `frameworkErrors`: router-level failures, before any route or hook runs. */
export function frameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const se = err.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? new ServiceError('invalid_parameter', 'A path segment is longer than any id this service knows.', {
      errors: [{ parameter: 'path', message: 'path segment too long', allowed: 'an id of at most 200 characters' }],
    })
    : err.code === 'FST_ERR_BAD_URL'
      ? new ServiceError('invalid_parameter', 'The URL is not valid: a percent-encoded sequence does not decode.', {
        errors: [{ parameter: 'path', message: 'invalid percent-encoding', allowed: 'a URL with valid UTF-8 percent-encoding' }],
      })
      : asServiceError(err);
  // No hook has run for this request: the headers every response carries are set here.
  reply.headers(COMMON_HEADERS);
  void sendProblem(reply, se);
}

/**
 * Fastify `clientErrorHandler`: bytes Node's HTTP parser refuses (malformed request line or headers, headers over
 * the size limit, a client too slow to send its request) never reach a route. They are answered here as a problem
 * with the common headers, and the connection is closed: the framework's default answers with its own JSON shape.
 */
export function clientError(err: ConnectionError, socket: Socket): void {
  // A reset connection, or one already gone, has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const se = err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    ? new ServiceError('request_timeout', 'The request was not received in full within the time this service allows.')
    : err.code === 'HPE_HEADER_OVERFLOW'
      ? new ServiceError('headers_too_large', 'The request headers are larger than this service accepts (16 KiB).')
      : new ServiceError('invalid_parameter', 'The request is not valid HTTP/1.1 and could not be read.');
  if (socket.writable) {
    const body = JSON.stringify(toProblem(se));
    const head = [`HTTP/1.1 ${se.status} ${se.title}`, `content-type: ${PROBLEM_TYPE}`, `content-length: ${Buffer.byteLength(body)}`, `cache-control: ${CACHE_NONE}`, 'connection: close'];
    for (const [k, v] of Object.entries(COMMON_HEADERS)) head.push(`${k}: ${v}`);
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
