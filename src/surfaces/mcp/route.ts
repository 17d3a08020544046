// The MCP endpoint: Streamable HTTP, stateless, JSON responses, one tool per operation (official SDK).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyFrom } from '../../access/index.ts';
import type { AnyOperation } from '../../ops/operation.ts';
import type { Executor } from '../execute.ts';
import { once } from '../once.ts';
import { CACHE_NONE, MCP_ALLOW } from '../rest/http.ts';
import { registerResource } from '../rest/resource.ts';
import { createToolRunner, toolResultBytes, type McpCallContext } from './call-tool.ts';
import { directToolCall, jsonRpcResponse } from './direct-call.ts';
import { hostAllowed, originAllowed } from './hosts.ts';
import type { SdkHandler } from './sdk-server.ts';
import { buildTools } from './tools.ts';

export const MCP_PATH = '/mcp';
/** JSON-RPC requests are small; 1 MiB leaves room for any batch a client may send. */
export const MCP_BODY_LIMIT = 1024 * 1024;

export type McpOptions = {
  executor: Executor;
  operations: readonly AnyOperation[];
  allowedHosts: readonly string[];
  version: string;
  /**
   * Answer plain tools/call messages from prepared bytes without the SDK's per-request server (default true).
   * Off, every message goes through the SDK: the tests compare both.
   */
  directToolCalls?: boolean;
};

/** Per request: a JSON-RPC error in the shape the SDK's transport uses for its own refusals. */
function jsonRpcRefusal(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').header('cache-control', CACHE_NONE)
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Registers /mcp; returns what to prepare once listening: the tool list and the SDK. */
export function registerMcp(app: FastifyInstance, opts: McpOptions): Array<() => unknown> {
  const runTool = createToolRunner(opts.executor, opts.operations);
  const direct = opts.directToolCalls ?? true;
  // The tool list converts every schema to JSON Schema: built on first use or ahead of it (see registerMeta).
  const listResult = once(() => ({ tools: buildTools(opts.operations) }));

  const callContext = (request: FastifyRequest, setHeaders: McpCallContext['setHeaders']): McpCallContext => {
    return {
      apiKey: apiKeyFrom(request.headers),
      ip: request.ip,
      setHeaders,
      logError: (err) => request.log.error({ reqId: request.id, err }, 'tool call failed'),
    };
  };

  // The SDK is loaded on first need, or just after listening: not on the way to listening. Until it is loaded the
  // protocol versions it supports are unknown, and a tool call naming one goes the SDK's way.
  let supportedVersions: readonly string[] | undefined;
  const sdk = once((): Promise<SdkHandler> => import('./sdk-server.ts').then((m) => {
    supportedVersions = m.SUPPORTED_PROTOCOL_VERSIONS;
    return m.createSdkHandler({ version: opts.version, runTool, tools: listResult, callContext });
  }));

  const post = async (request: FastifyRequest, reply: FastifyReply) => {
    // DNS rebinding protection: a browser page on another site must not reach a local server through its name.
    const host = request.headers.host;
    if (!hostAllowed(host, opts.allowedHosts)) return jsonRpcRefusal(reply, 403, `Invalid Host header: ${String(host).slice(0, 100)}`);
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, opts.allowedHosts)) return jsonRpcRefusal(reply, 403, `Invalid Origin header: ${origin.slice(0, 100)}`);

    const call = direct ? directToolCall(request.headers, request.body, supportedVersions) : undefined;
    if (call) {
      const outcome = await runTool(call.name, call.args, callContext(request, (h) => reply.headers(h)));
      return reply.code(200).header('cache-control', CACHE_NONE).header('content-type', 'application/json')
        .send(jsonRpcResponse(toolResultBytes(outcome), call.idJson));
    }
    return (await sdk())(request, reply);
  };

  registerResource(app, MCP_PATH, { post, allow: MCP_ALLOW, bodyLimit: MCP_BODY_LIMIT });
  return [listResult, sdk];
}
