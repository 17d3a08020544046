// What a POST to /mcp holds, checked before anything answers it: one message (or a bounded batch where the protocol
// version still allows batches), a usable initialize, and the messages to count against the quota.
import type { IncomingHttpHeaders } from 'node:http';
import { jsonRpcError, RPC } from './rpc-errors.ts';

/** At most this many messages in a batch (2025-03-26 and earlier; later versions have no batches). */
export const MAX_BATCH = 10;
/** A batch whose answers would be larger than this is refused before any is built. */
export const MAX_BATCH_RESPONSE_BYTES = 1024 * 1024;
/** Versions that allow JSON-RPC batches: 2025-06-18 removed them. No header means 2025-03-26 (the spec's default). */
const BATCH_VERSIONS = new Set(['2025-03-26', '2024-11-05', '2024-10-07']);
/** Messages whose runner counts them, as the operation it runs counts on REST. */
const SELF_COUNTED = new Set(['tools/call', 'resources/read', 'prompts/get']);

export type Checked =
  | { ok: true; counted: Array<{ id: unknown }> }
  | { ok: false; status: number; body: string };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const idOf = (m: unknown): unknown => (isObject(m) ? m.id : null);

/** Why an initialize's params cannot be used, or undefined when they can. */
function initializeProblem(params: unknown): string | undefined {
  if (!isObject(params)) return 'initialize needs params: { protocolVersion, capabilities, clientInfo: { name, version } }.';
  const bad: string[] = [];
  if (typeof params.protocolVersion !== 'string') bad.push('protocolVersion (a string such as "2025-11-25")');
  if (!isObject(params.capabilities)) bad.push('capabilities (an object)');
  const info = params.clientInfo;
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') {
    bad.push('clientInfo (an object with string name and version)');
  }
  return bad.length ? `initialize params are missing or invalid: ${bad.join(', ')}.` : undefined;
}

export function checkMessages(headers: IncomingHttpHeaders, body: unknown, toolsListBytes: number): Checked {
  const refuse = (status: number, code: number, message: string, id: unknown = null): Checked =>
    ({ ok: false, status, body: jsonRpcError(code, message, id) });
  let messages: unknown[];
  if (Array.isArray(body)) {
    const version = headers['mcp-protocol-version'];
    if (version !== undefined && !(typeof version === 'string' && BATCH_VERSIONS.has(version))) {
      const named = String(version).slice(0, 40);
      const message = `Invalid Request: JSON-RPC batches are not part of MCP ${named}; send one message per request.`;
      return refuse(400, RPC.INVALID_REQUEST, message);
    }
    if (body.length === 0) return refuse(400, RPC.INVALID_REQUEST, 'Invalid Request: an empty batch.');
    if (body.length > MAX_BATCH) return refuse(400, RPC.INVALID_REQUEST, `Invalid Request: a batch holds at most ${MAX_BATCH} messages.`);
    const lists = body.filter((m) => isObject(m) && m.method === 'tools/list').length;
    if (lists * toolsListBytes > MAX_BATCH_RESPONSE_BYTES) {
      const message = `Invalid Request: this batch would answer more than ${MAX_BATCH_RESPONSE_BYTES} bytes; send tools/list once.`;
      return refuse(400, RPC.INVALID_REQUEST, message);
    }
    messages = body;
  } else if (isObject(body)) messages = [body];
  else return refuse(400, RPC.INVALID_REQUEST, 'Invalid Request: the body must be a JSON-RPC message (an object).');

  for (const m of messages) {
    if (isObject(m) && m.method === 'initialize' && m.id !== undefined) {
      const problem = initializeProblem(m.params);
      if (problem) return refuse(Array.isArray(body) ? 400 : 200, RPC.INVALID_PARAMS, `Invalid params: ${problem}`, m.id);
    }
  }
  const selfCounted = (m: unknown) => isObject(m) && typeof m.method === 'string' && SELF_COUNTED.has(m.method);
  const counted = messages.filter((m) => !selfCounted(m)).map((m) => ({ id: idOf(m) }));
  return { ok: true, counted };
}
