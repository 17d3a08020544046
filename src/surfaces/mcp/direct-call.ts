// The messages every MCP client sends most (tools/call, tools/list), recognised so they can be answered with
// prepared bytes, in both protocol eras.
//
// Through the SDK a stateless tools/call costs a new Server and transport, a web Request and Response, zod passes
// over the message and the result, and a JSON.stringify of the whole result: for a 66 KB model sheet the last
// alone is most of the time. A plain tools/call needs none of it, since the result's bytes are ready in the
// response cache; tools/list answers the same list every time. This module only recognises those cases,
// conservatively: anything it is not sure the SDK would accept as it is (a batch, a progress token, a task, an
// unusual header, a malformed id or envelope) is left to the SDK, which then answers or refuses it as it always
// does. The route tests and test/parity.test.ts compare both paths byte for byte.
import type { IncomingHttpHeaders } from 'node:http';

/** The 2026-07-28 revision: the per-request `_meta` envelope and the Mcp-Method / Mcp-Name headers. */
export const MODERN_VERSION = '2026-07-28';
const META_PREFIX = 'io.modelcontextprotocol/';
const META_VERSION = `${META_PREFIX}protocolVersion`;
const META_CLIENT_INFO = `${META_PREFIX}clientInfo`;
const META_CLIENT_CAPS = `${META_PREFIX}clientCapabilities`;

export type DirectMessage = {
  method: 'tools/call' | 'tools/list';
  /** The JSON-RPC id, already serialized as it goes back. */
  idJson: string;
  /** A 2026-07-28 request (its result carries the era's `resultType` and `_meta`). */
  modern: boolean;
  name: string;
  args: Record<string, unknown>;
};

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const CALL_KEYS = new Set(['name', 'arguments', '_meta']);
const LIST_KEYS = new Set(['_meta']);
const ENVELOPE_KEYS = new Set([META_VERSION, META_CLIENT_INFO, META_CLIENT_CAPS]);
const CLIENT_INFO_KEYS = new Set(['name', 'version', 'title']);

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
 * The envelope as SDK clients send it: the protocol version, clientInfo with string name and version, and
 * capabilities that are empty (a client declaring some gets the SDK, which checks them).
 */
function plainEnvelope(meta: unknown): boolean {
  if (!isPlainObject(meta) || !onlyKeys(meta, ENVELOPE_KEYS) || meta[META_VERSION] !== MODERN_VERSION) return false;
  const info = meta[META_CLIENT_INFO];
  if (!isPlainObject(info) || !onlyKeys(info, CLIENT_INFO_KEYS)) return false;
  if (typeof info.name !== 'string' || typeof info.version !== 'string') return false;
  if (info.title !== undefined && typeof info.title !== 'string') return false;
  const caps = meta[META_CLIENT_CAPS];
  return isPlainObject(caps) && Object.keys(caps).length === 0;
}

/**
 * The headers the Streamable HTTP transport requires of a POST, in the form SDK clients send them; any other
 * spelling (a Content-Type with parameters, say) goes to the SDK, which parses it properly. A 2025-era version is
 * accepted when it is one of the SDK's (the caller passes the SDK's list, or nothing while the SDK is not loaded).
 */
function era(h: IncomingHttpHeaders, legacyVersions: readonly string[] | undefined): 'legacy' | 'modern' | undefined {
  const accept = h.accept;
  if (typeof accept !== 'string' || !accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (h['content-type'] !== 'application/json') return undefined;
  const version = h['mcp-protocol-version'];
  if (version === MODERN_VERSION) return 'modern';
  if (h['mcp-method'] !== undefined || h['mcp-name'] !== undefined) return undefined;
  if (version === undefined) return 'legacy';
  return typeof version === 'string' && legacyVersions?.includes(version) ? 'legacy' : undefined;
}

/** The message, if this POST is a single well-formed tools/call or tools/list the SDK would answer as usual. */
export function directMessage(
  headers: IncomingHttpHeaders, body: unknown, legacyVersions: readonly string[] | undefined,
): DirectMessage | undefined {
  const e = era(headers, legacyVersions);
  if (!e || !isPlainObject(body) || !onlyKeys(body, MESSAGE_KEYS) || body.jsonrpc !== '2.0') return undefined;
  const id = body.id;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return undefined;
  const method = body.method;
  if (method !== 'tools/call' && method !== 'tools/list') return undefined;
  const params = body.params ?? (method === 'tools/list' && e === 'legacy' ? {} : undefined);
  if (!isPlainObject(params) || !onlyKeys(params, method === 'tools/call' ? CALL_KEYS : LIST_KEYS)) return undefined;
  if (e === 'modern' ? !plainEnvelope(params._meta) || headers['mcp-method'] !== method : params._meta !== undefined) return undefined;
  if (method === 'tools/list') return { method, idJson: JSON.stringify(id), modern: e === 'modern', name: '', args: {} };
  if (typeof params.name !== 'string' || (e === 'modern' && headers['mcp-name'] !== params.name)) return undefined;
  const args = params.arguments;
  if (args !== undefined && !isPlainObject(args)) return undefined;
  return { method, idJson: JSON.stringify(id), modern: e === 'modern', name: params.name, args: args ?? {} };
}

const RESULT_OPEN = Buffer.from('{"result":');
const RESULT_CLOSE = ',"jsonrpc":"2.0","id":';

/**
 * A JSON-RPC response around a serialized result, with the SDK's key order (result, jsonrpc, id); with `tail`, the
 * result as `modernResult` gives it, written in the same single copy (a cold tools/call result is 10 to 380 KB).
 */
export function jsonRpcResponse(result: Buffer, idJson: string, tail?: string): Buffer {
  if (tail === undefined) return Buffer.concat([RESULT_OPEN, result, Buffer.from(`${RESULT_CLOSE}${idJson}}`)]);
  return Buffer.concat([RESULT_OPEN, result.subarray(0, result.length - 1), Buffer.from(`${tail}}${RESULT_CLOSE}${idJson}}`)]);
}

/**
 * A result as the SDK sends it on a 2026-07-28 exchange: the members the era adds after the handler's own
 * (`resultType`, and the server's identity in `_meta`), given here as the serialized tail (`,"resultType":...`).
 */
export function modernResult(result: Buffer, tail: string): Buffer {
  return Buffer.concat([result.subarray(0, result.length - 1), Buffer.from(`${tail}}`)]);
}
