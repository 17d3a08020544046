// Body errors at /mcp (not JSON, not application/json, too large) as JSON-RPC errors: JSON-RPC clients read
// `error.code`, not an RFC 9457 problem.
import type { FastifyError } from 'fastify';
import { jsonRpcError, RPC } from './rpc-errors.ts';

export type BodyErrorResponse = { status: number; body: string };

/** Fastify's body-reading errors mapped to JSON-RPC codes (the SDK's transport uses the same statuses). */
export function bodyErrorResponse(err: FastifyError): BodyErrorResponse {
  const message = String(err.message ?? '');
  // A `__proto__` (or constructor.prototype) member is valid JSON: the parser refuses it as unsafe, not as broken.
  if (/forbidden prototype property/i.test(message)) {
    return {
      status: 400,
      body: jsonRpcError(RPC.INVALID_REQUEST, 'Invalid Request: a member named "__proto__" or "constructor" with "prototype" is not accepted.', null),
    };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: jsonRpcError(RPC.SERVER_ERROR, 'Request body too large: at most 1 MiB is accepted.', null) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: jsonRpcError(RPC.SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json.', null) };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: jsonRpcError(RPC.PARSE_ERROR, 'Parse error: the request body is empty; send one JSON-RPC message.', null) };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: jsonRpcError(RPC.PARSE_ERROR, 'Parse error: the request body is not valid JSON.', null) };
    default:
      break;
  }
  const status = err.statusCode ?? 500;
  if (err instanceof SyntaxError && status === 400) {
    return { status: 400, body: jsonRpcError(RPC.PARSE_ERROR, 'Parse error: the request body is not valid JSON.', null) };
  }
  if (status === 413) return { status: 413, body: jsonRpcError(RPC.SERVER_ERROR, 'Request body too large: at most 1 MiB is accepted.', null) };
  if (status >= 400 && status < 500) return { status, body: jsonRpcError(RPC.INVALID_REQUEST, 'Invalid Request: the request could not be read.', null) };
  return { status: 500, body: jsonRpcError(RPC.INTERNAL_ERROR, 'Internal error', null) };
}
