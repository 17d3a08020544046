// Every MCP message but a plain tools/call: the official SDK's Server over its stateless Streamable HTTP transport.
// Loaded on first use or just after listening (see route.ts): the SDK is a fifth of the code a start would load.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema, SUPPORTED_PROTOCOL_VERSIONS, type CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import { CACHE_NONE, COMMON_HEADERS } from '../rest/http.ts';
import { toolResult, type McpCallContext, type ToolRunner } from './call-tool.ts';
import type { ToolDefinition } from './tools.ts';

export { SUPPORTED_PROTOCOL_VERSIONS };

const INSTRUCTIONS =
  'Model Data Service: dated, sourced facts about AI language models (prices, arena ratings, licences, hardware fit, cost, trust and compliance). ' +
  'Every tool is read-only and answers from one dataset; every answer carries data_as_of. Facts no source gives are null, never guessed.';

/**
 * tools/call as the protocol layer sees it: only the method. The SDK parses a handler's schema before its own
 * tools/call check, so with the full schema malformed params (`{"name": 5}`) threw a bare ZodError, answered as
 * -32603 Internal error; with this one the Server's check answers them as -32602 Invalid params.
 */
const ToolsCallMethod = z.looseObject({ method: z.literal('tools/call') });

export type SdkHandlerOptions = {
  version: string;
  runTool: ToolRunner;
  tools: () => { tools: ToolDefinition[] };
  callContext: (request: FastifyRequest, setHeaders: McpCallContext['setHeaders']) => McpCallContext;
};

export type SdkHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createSdkHandler(opts: SdkHandlerOptions): SdkHandler {
  // One validator for every per-request Server: the SDK would otherwise build (and compile into) a new Ajv each time.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const serverInfo = { name: 'model-data-service', title: 'Model Data Service', version: opts.version };

  // Stateless transport: the SDK refuses to reuse a transport across requests, so each request gets a transport
  // and a Server; everything else (tool list, schemas, validator, handlers' closures) is built once.
  // `Server` (not McpServer) because tools/list returns the prebuilt schemas and tools/call runs our own
  // validation, so that both surfaces give the same error codes.
  const newServer = (): Server => {
    const server = new Server(serverInfo, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator });
    server.setRequestHandler(ListToolsRequestSchema, () => opts.tools());
    server.setRequestHandler(ToolsCallMethod, async (request, extra) => {
      const ctx = (extra.authInfo?.extra as { ctx?: McpCallContext } | undefined)?.ctx;
      if (!ctx) throw new Error('MCP request context missing');
      // The Server has checked the request against CallToolRequestSchema before calling this handler.
      const { params } = request as unknown as CallToolRequest;
      return toolResult(await opts.runTool(params.name, params.arguments ?? {}, ctx));
    });
    return server;
  };

  return async (request, reply) => {
    const raw = reply.raw;
    reply.hijack();
    for (const [k, v] of Object.entries(COMMON_HEADERS)) raw.setHeader(k, v);
    raw.setHeader('cache-control', CACHE_NONE);
    const ctx = opts.callContext(request, (headers) => {
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
}
