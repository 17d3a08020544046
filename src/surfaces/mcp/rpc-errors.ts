// JSON-RPC error responses the endpoint builds itself, before or around the SDK (codes from JSON-RPC 2.0 and MCP).

export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** Implementation-defined server error: the SDK's transport uses it for its own HTTP-level refusals. */
  SERVER_ERROR: -32000,
} as const;

/** A JSON-RPC error response, serialized; `id` is null when the request's id could not be read. */
export function jsonRpcError(code: number, message: string, id: unknown, data?: unknown): string {
  const safeId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
  return JSON.stringify({ jsonrpc: '2.0', id: safeId, error: { code, message, ...(data === undefined ? {} : { data }) } });
}
