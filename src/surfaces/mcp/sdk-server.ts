// Every MCP message but a plain tools/call: the official SDK v2 entry (createMcpHandler), which serves the 2026-07-28
// revision (server/discover, per-request _meta, Mcp-* headers) and falls back to stateless 2025-era serving.
// Loaded on first use or just after listening (see route.ts): the SDK is a large share of the code a start would load.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createMcpHandler, isLegacyRequest, ProtocolError, ResourceNotFoundError, Server, specTypeSchemas, SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport, type AuthInfo,
} from '@modelcontextprotocol/server';
import { CACHE_NONE, COMMON_HEADERS } from '../rest/http.ts';
import { toolResult, type McpCallContext, type ToolRunner } from './call-tool.ts';
import type { Extras, ProtocolErrors } from './extras.ts';
import { jsonRpcError, RPC } from './rpc-errors.ts';
import type { ToolsListBytes } from './tools.ts';

export { SUPPORTED_PROTOCOL_VERSIONS };

const INSTRUCTIONS =
  'Model Data Service: dated, sourced facts about AI language models ' +
  '(prices, arena ratings, licences, hardware fit, cost, trust and compliance). ' +
  'Every tool is read-only and answers from one dataset; every answer carries data_as_of. Facts no source gives are null, never guessed. ' +
  'Resources (model://{id}, hardware://{id}, changes://{date}, sources://all) and prompts cover the common workflows.';

export type SdkHandlerOptions = {
  serverInfo: ReturnType<typeof import('./route.ts').serverInfoOf>;
  runTool: ToolRunner;
  tools: () => ToolsListBytes;
  extras: Extras;
  callContext: (request: FastifyRequest, setHeaders: McpCallContext['setHeaders']) => McpCallContext;
  /** The largest response body sent; a bigger one is replaced by an error. */
  maxResponseBytes: number;
  maxRequestBytes: number;
};

export type SdkHandler = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  /** Ends what is still open (subscriptions/listen streams), so that the server can close. */
  close(): Promise<void>;
};

/** Open subscriptions/listen streams at most: this server never changes its lists, so a stream only acknowledges. */
const MAX_SUBSCRIPTIONS = 64;

const errors: ProtocolErrors = {
  invalidParams: (message, data) => new ProtocolError(RPC.INVALID_PARAMS, message, data),
  resourceNotFound: (uri, message) => new ResourceNotFoundError(uri, message),
  refused: (message, data) => new ProtocolError(RPC.SERVER_ERROR, message, data),
};

/** The SDK's schema for each request this server answers: checked first, so that bad params are -32602, not -32603. */
const REQUEST_SCHEMAS: Record<string, keyof typeof specTypeSchemas> = {
  initialize: 'InitializeRequest', ping: 'PingRequest', 'tools/list': 'ListToolsRequest', 'tools/call': 'CallToolRequest',
  'resources/list': 'ListResourcesRequest', 'resources/templates/list': 'ListResourceTemplatesRequest',
  'resources/read': 'ReadResourceRequest',
  'prompts/list': 'ListPromptsRequest', 'prompts/get': 'GetPromptRequest', 'completion/complete': 'CompleteRequest',
};

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

/**
 * Why a request's params do not fit the SDK's schema for its method, in a line, or undefined. The SDK's own check
 * of a handler's schema throws a bare validation error, which it answers as -32603 with the raw issue list.
 */
export function paramsProblem(message: unknown): { id: unknown; text: string } | undefined {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return undefined;
  const m = message as { id?: unknown; method?: unknown };
  if (m.id === undefined || typeof m.method !== 'string' || !Object.hasOwn(REQUEST_SCHEMAS, m.method)) return undefined;
  type Validating = { '~standard': { validate(v: unknown): { issues?: readonly Issue[] } } };
  const schema = specTypeSchemas[REQUEST_SCHEMAS[m.method]!] as unknown as Validating;
  const issues = schema['~standard'].validate(message).issues;
  if (!issues?.length) return undefined;
  const where = (i: Issue) => (i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(message)';
  const text = issues.slice(0, 5).map((i) => `${where(i)}: ${i.message}`).join('; ');
  return { id: m.id, text: `Invalid params for ${m.method}: ${text.slice(0, 500)}` };
}

const ctxOf = (authInfo: AuthInfo | undefined): McpCallContext => {
  const ctx = (authInfo?.extra as { ctx?: McpCallContext } | undefined)?.ctx;
  if (!ctx) throw new Error('MCP request context missing');
  return ctx;
};

export function createSdkHandler(opts: SdkHandlerOptions): SdkHandler {
  const serverInfo = opts.serverInfo;
  const capabilities = {
    tools: { listChanged: false },
    resources: { listChanged: false, subscribe: false },
    prompts: { listChanged: false },
    completions: {},
  };

  // One Server per HTTP request (the SDK's stateless idiom, for both eras); everything it serves (tool list, schemas,
  // handlers' closures) is built once. The low-level Server, not McpServer: tools/list returns the prebuilt schemas
  // and tools/call runs our own validation, so that both surfaces give the same error codes.
  const factory = ({ authInfo }: { authInfo?: AuthInfo }): Server => {
    const ctx = ctxOf(authInfo);
    const server = new Server(serverInfo, { capabilities, instructions: INSTRUCTIONS });
    // The list is the same object every time; its serialized size is known (tools.ts).
    server.setRequestHandler('tools/list', () => opts.tools().result as never);
    server.setRequestHandler('tools/call', async (request) => {
      const { params } = request;
      const outcome = await opts.runTool(params.name, params.arguments ?? {}, ctx);
      // An unknown tool is a protocol error (-32602), as the specification says; every other failure a tool result.
      if (!outcome.ok && 'unknownTool' in outcome) throw new ProtocolError(RPC.INVALID_PARAMS, outcome.unknownTool);
      return toolResult(outcome) as never;
    });
    const x = opts.extras;
    server.setRequestHandler('resources/list', () => x.listResources() as never);
    server.setRequestHandler('resources/templates/list', () => x.listTemplates() as never);
    server.setRequestHandler('resources/read', (request) => x.read(request.params.uri, ctx, errors) as never);
    server.setRequestHandler('prompts/list', () => x.listPrompts() as never);
    server.setRequestHandler('prompts/get', (request) =>
      x.getPrompt(request.params.name, request.params.arguments ?? {}, ctx, errors) as never);
    server.setRequestHandler('completion/complete', (request) =>
      x.completeArgument(request.params.ref as never, request.params.argument) as never);
    return server;
  };

  // 2026-07-28 traffic: the SDK's entry, strict (its own ladder answers bad envelopes, headers and versions). Its
  // default response mode sends one JSON body, as our handlers emit nothing before their result.
  const modern = createMcpHandler(factory, {
    legacy: 'reject', maxRequestBodySize: opts.maxRequestBytes, maxSubscriptions: MAX_SUBSCRIPTIONS,
  });
  // 2025-era traffic: the SDK's own stateless fallback would answer over SSE; the documented composition
  // (isLegacyRequest in front of a strict entry) keeps the JSON responses 2025 clients get today.
  const legacy = async (request: Request, parsedBody: unknown, authInfo: AuthInfo): Promise<Response> => {
    const server = factory({ authInfo });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      return await transport.handleRequest(request, { parsedBody, authInfo });
    } finally {
      void server.close();
    }
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const raw = reply.raw;
    reply.hijack();
    for (const [k, v] of Object.entries(COMMON_HEADERS)) raw.setHeader(k, v);
    raw.setHeader('cache-control', CACHE_NONE);
    const ctx = opts.callContext(request, (headers) => {
      if (!raw.headersSent) for (const [k, v] of Object.entries(headers)) raw.setHeader(k, v);
    });
    const authInfo: AuthInfo = { token: '', clientId: 'anonymous', scopes: [], extra: { ctx } };
    try {
      const body = request.body;
      for (const message of Array.isArray(body) ? body : [body]) {
        const bad = paramsProblem(message);
        if (bad) {
          raw.writeHead(Array.isArray(body) ? 400 : 200, { 'content-type': 'application/json' });
          raw.end(jsonRpcError(RPC.INVALID_PARAMS, bad.text, Array.isArray(body) ? null : bad.id));
          return;
        }
      }
      // The SDK ends a stream (and its subscription) when the request's signal aborts: when the client goes away.
      const gone = new AbortController();
      raw.once('close', () => gone.abort());
      const webRequest = toWebRequest(request, gone.signal);
      const response = (await isLegacyRequest(webRequest, body, { maxRequestBodySize: opts.maxRequestBytes }))
        ? await legacy(webRequest, body, authInfo)
        : await modern.fetch(webRequest, { authInfo, parsedBody: body });
      await sendWebResponse(response, raw, opts.maxResponseBytes);
    } catch (err) {
      request.log.error({ reqId: request.id, err }, 'MCP request failed');
      if (!raw.headersSent) {
        raw.writeHead(500, { 'content-type': 'application/json' });
        raw.end(jsonRpcError(RPC.INTERNAL_ERROR, 'Internal error', null));
      } else raw.destroy();
    }
  };
  return Object.assign(handle, { close: () => modern.close() });
}

/** The request as the SDK's web-standard face takes it: headers as sent, the body already parsed (passed apart). */
function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  const rawHeaders = request.raw.rawHeaders;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) headers.append(rawHeaders[i]!, rawHeaders[i + 1]!);
  // The Host was checked (hosts.ts) before this: the URL is only the SDK's view of where it was called.
  // An absolute-form target (`POST http://host/mcp`) keeps only its path.
  const path = request.url.startsWith('/') ? request.url : new URL(request.url).pathname;
  return new Request(`http://localhost${path}`, { method: request.method, headers, signal });
}

async function sendWebResponse(response: Response, raw: FastifyReply['raw'], maxBytes: number): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => {
    headers[k] = v;
  });
  if (!response.body) {
    raw.writeHead(response.status, headers).end();
    return;
  }
  if ((headers['content-type'] ?? '').startsWith('text/event-stream')) {
    raw.writeHead(response.status, headers);
    Readable.fromWeb(response.body as never).pipe(raw);
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > maxBytes) {
    raw.writeHead(500, { 'content-type': 'application/json' });
    raw.end(jsonRpcError(RPC.INTERNAL_ERROR, `The response would exceed ${maxBytes} bytes and was not sent.`, null));
    return;
  }
  headers['content-length'] = String(body.length);
  raw.writeHead(response.status, headers).end(body);
}
