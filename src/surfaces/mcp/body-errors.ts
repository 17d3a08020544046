// Body errors at /mcp (not JSON, not application/json, too large) as JSON-RPC errors: JSON-RPC clients read
// `error.code`, not an RFC 9457 problem.
import type { FastifyError } from 'fastify';
import { jsonRpcError, RPC } from './rpc-errors.ts';

export type BodyErrorResponse = { status: number; body: string };

/** A body refused by the /mcp JSON parser, with the JSON-RPC answer it gets. */
export class McpBodyError extends Error {
  readonly status: number;
  readonly rpcCode: number;
  constructor(status: number, rpcCode: number, message: string) {
    super(message);
    this.status = status;
    this.rpcCode = rpcCode;
  }
}

const EMPTY_MESSAGE = 'Parse error: the request body is empty; send one JSON-RPC message.';
const TOO_LARGE_MESSAGE = 'Request body too large: at most 1 MiB is accepted.';
const PROTO_MESSAGE = 'Invalid Request: a member named "__proto__", or "constructor" holding "prototype", is not accepted.';

/**
 * The /mcp body parser: JSON.parse, which never lets a member change a prototype, and a refusal (as an invalid
 * request, since the JSON itself is valid) of the members that would, should code downstream copy the object by
 * assignment. Fastify's own parser reports them as invalid JSON.
 */
export function parseMcpBody(body: string): unknown {
  if (body.length === 0) throw new McpBodyError(400, RPC.PARSE_ERROR, EMPTY_MESSAGE);
  let poisoned = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body, function reviver(this: unknown, key: string, value: unknown) {
      const protoCarrier = key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value;
      if (key === '__proto__' || protoCarrier) poisoned = true;
      return value;
    });
  } catch {
    throw new McpBodyError(400, RPC.PARSE_ERROR, 'Parse error: the request body is not valid JSON.');
  }
  if (poisoned) throw new McpBodyError(400, RPC.INVALID_REQUEST, PROTO_MESSAGE);
  return parsed;
}

/** Fastify's body-reading errors mapped to JSON-RPC codes (the SDK's transport uses the same statuses). */
export function bodyErrorResponse(err: FastifyError): BodyErrorResponse {
  if (err instanceof McpBodyError) return { status: err.status, body: jsonRpcError(err.rpcCode, err.message, null) };
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: jsonRpcError(RPC.SERVER_ERROR, TOO_LARGE_MESSAGE, null) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: jsonRpcError(RPC.SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json.', null) };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: jsonRpcError(RPC.PARSE_ERROR, EMPTY_MESSAGE, null) };
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
  if (status === 413) return { status: 413, body: jsonRpcError(RPC.SERVER_ERROR, TOO_LARGE_MESSAGE, null) };
  if (status >= 400 && status < 500) {
    return { status, body: jsonRpcError(RPC.INVALID_REQUEST, 'Invalid Request: the request could not be read.', null) };
  }
  return { status: 500, body: jsonRpcError(RPC.INTERNAL_ERROR, 'Internal error', null) };
}
