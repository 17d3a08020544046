// The MCP endpoint: Streamable HTTP, stateless, JSON responses, one tool per operation (official SDK).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema, type CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import type { AnyOperation } from '../../ops/operation.ts';
import type { Executor } from '../execute.ts';
import { CACHE_NONE, COMMON_HEADERS, MCP_ALLOW } from '../rest/http.ts';
import { registerResource } from '../rest/resource.ts';
import { createToolRunner, toolResult, toolResultBytes, type McpCallContext } from './call-tool.ts';
import { directToolCall, jsonRpcResponse } from './direct-call.ts';
import { once } from '../once.ts';
import { buildTools } from './tools.ts';
import { hostAllowed, originAllowed } from './hosts.ts';

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

const INSTRUCTIONS =
  'Model Data Service: dated, sourced facts about AI language models (prices, arena ratings, licences, hardware fit, cost, trust and compliance). ' +
  'Every tool is read-only and answers from one dataset; every answer carries data_as_of. Facts no source gives are null, never guessed.';

/**
 * tools/call as the protocol layer sees it: only the method. The SDK parses a handler's schema before its own
 * tools/call check, so with the full schema malformed params (`{"name": 5}`) threw a bare ZodError, answered as
 * -32603 Internal error; with this one the Server's check answers them as -32602 Invalid params.
 */
const ToolsCallMethod = z.looseObject({ method: z.literal('tools/call') });

/** Per request: a JSON-RPC error in the shape the SDK's transport uses for its own refusals. */
function jsonRpcRefusal(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').header('cache-control', CACHE_NONE)
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Registers /mcp; returns the tool list's builder. */
export function registerMcp(app: FastifyInstance, opts: McpOptions): Array<() => unknown> {
  const runTool = createToolRunner(opts.executor, opts.operations);
  const direct = opts.directToolCalls ?? true;
  // One validator for every per-request Server: the SDK would otherwise build (and compile into) a new Ajv each time.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const serverInfo = { name: 'model-data-service', title: 'Model Data Service', version: opts.version };
  // The tool list converts every schema to JSON Schema: built on first use or ahead of it (see registerMeta).
  const listResult = once(() => ({ tools: buildTools(opts.operations) }));

  // Stateless transport: the SDK refuses to reuse a transport across requests, so each request gets a transport
  // and a Server; everything else (tool list, schemas, validator, handlers' closures) is built once here.
  // `Server` (not McpServer) because tools/list returns the prebuilt schemas and tools/call runs our own
  // validation, so that both surfaces give the same error codes.
  const newServer = (): Server => {
    const server = new Server(serverInfo, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator });
    server.setRequestHandler(ListToolsRequestSchema, () => listResult());
    server.setRequestHandler(ToolsCallMethod, async (request, extra) => {
      const ctx = (extra.authInfo?.extra as { ctx?: McpCallContext } | undefined)?.ctx;
      if (!ctx) throw new Error('MCP request context missing');
      // The Server has checked the request against CallToolRequestSchema before calling this handler.
      const { params } = request as unknown as CallToolRequest;
      return toolResult(await runTool(params.name, params.arguments ?? {}, ctx));
    });
    return server;
  };

  const callContext = (request: FastifyRequest, setHeaders: McpCallContext['setHeaders']): McpCallContext => {
    const apiKeyHeader = request.headers['x-api-key'];
    return {
      apiKey: Array.isArray(apiKeyHeader) ? apiKeyHeader.join(', ') : apiKeyHeader,
      ip: request.ip,
      setHeaders,
      logError: (err) => request.log.error({ reqId: request.id, err }, 'tool call failed'),
    };
  };

  const post = async (request: FastifyRequest, reply: FastifyReply) => {
    // DNS rebinding protection: a browser page on another site must not reach a local server through its name.
    const host = request.headers.host;
    if (!hostAllowed(host, opts.allowedHosts)) return jsonRpcRefusal(reply, 403, `Invalid Host header: ${String(host).slice(0, 100)}`);
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, opts.allowedHosts)) return jsonRpcRefusal(reply, 403, `Invalid Origin header: ${origin.slice(0, 100)}`);

    const call = direct ? directToolCall(request.headers, request.body) : undefined;
    if (call) {
      const outcome = await runTool(call.name, call.args, callContext(request, (h) => reply.headers(h)));
      return reply.code(200).header('cache-control', CACHE_NONE).header('content-type', 'application/json')
        .send(jsonRpcResponse(toolResultBytes(outcome), call.idJson));
    }

    const raw = reply.raw;
    reply.hijack();
    for (const [k, v] of Object.entries(COMMON_HEADERS)) raw.setHeader(k, v);
    raw.setHeader('cache-control', CACHE_NONE);
    const ctx = callContext(request, (headers) => {
      if (!raw.headersSent) for (const [k, v] of Object.entries(headers)) raw.setHeader(k, v);
    });
    // The SDK passes `req.auth` through to handlers as extra.authInfo: the per-request context rides there.
    (request.raw as { auth?: unknown }).auth = { token: '', clientId: 'anonymous', scopes: [], extra: { ctx } };
    const server = newServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, raw, request.body);
    } catch (err) {
      request.log.error({ reqId: request.id, err }, 'MCP request failed');
      if (!raw.headersSent) {
        raw.writeHead(500, { 'content-type': 'application/json' });
        raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
      }
    } finally {
      void server.close();
    }
  };

  registerResource(app, MCP_PATH, { post, allow: MCP_ALLOW, bodyLimit: MCP_BODY_LIMIT });
  return [listResult];
}
