// The one message every MCP client sends to use a tool, recognised so it can be answered with prepared bytes.
//
// Through the SDK a stateless tools/call costs a new Server and transport, a web Request and Response, zod passes
// over the message and the result, and a JSON.stringify of the whole result: for a 66 KB model sheet the last
// alone is most of the time. A plain tools/call needs none of it, since the result's bytes are ready in the
// response cache. This module only recognises that case, conservatively: anything it is not sure the SDK would
// accept as it is (a batch, `_meta`, a task, an unusual header, a malformed id) is left to the SDK, which then
// answers or refuses it as it always does. The route tests compare both paths byte for byte.
import type { IncomingHttpHeaders } from 'node:http';

export type DirectCall = {
  /** The JSON-RPC id, already serialized as it goes back. */
  idJson: string;
  name: string;
  args: Record<string, unknown>;
};

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const PARAM_KEYS = new Set(['name', 'arguments']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function onlyKeys(o: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const k in o) if (!allowed.has(k)) return false;
  return true;
}

/**
 * The headers the Streamable HTTP transport requires of a POST, in the form SDK clients send them; any other
 * spelling (a Content-Type with parameters, say) goes to the SDK, which parses it properly. A protocol version is
 * accepted when it is one of the SDK's (the caller passes the SDK's list, or nothing while the SDK is not loaded).
 */
function plainHeaders(h: IncomingHttpHeaders, supportedVersions: readonly string[] | undefined): boolean {
  const accept = h.accept;
  if (typeof accept !== 'string' || !accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
  if (h['content-type'] !== 'application/json') return false;
  const version = h['mcp-protocol-version'];
  return version === undefined || (typeof version === 'string' && supportedVersions !== undefined && supportedVersions.includes(version));
}

/** The call, if this POST is a single well-formed tools/call the SDK would hand to its handler unchanged. */
export function directToolCall(headers: IncomingHttpHeaders, body: unknown, supportedVersions: readonly string[] | undefined): DirectCall | undefined {
  if (!plainHeaders(headers, supportedVersions) || !isPlainObject(body) || !onlyKeys(body, MESSAGE_KEYS)) return undefined;
  if (body.jsonrpc !== '2.0' || body.method !== 'tools/call') return undefined;
  const id = body.id;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return undefined;
  const params = body.params;
  if (!isPlainObject(params) || !onlyKeys(params, PARAM_KEYS) || typeof params.name !== 'string') return undefined;
  const args = params.arguments;
  if (args !== undefined && !isPlainObject(args)) return undefined;
  return { idJson: JSON.stringify(id), name: params.name, args: args ?? {} };
}

const RESULT_OPEN = Buffer.from('{"result":');
const RESULT_CLOSE = ',"jsonrpc":"2.0","id":';

/** A JSON-RPC response around a serialized result, with the SDK's key order (result, jsonrpc, id). */
export function jsonRpcResponse(result: Buffer, idJson: string): Buffer {
  return Buffer.concat([RESULT_OPEN, result, Buffer.from(`${RESULT_CLOSE}${idJson}}`)]);
}
