// The MCP endpoint: Streamable HTTP, stateless, JSON responses, both protocol eras (2025 initialize handshake and
// 2026-07-28 per-request envelope), one tool per operation, resources and prompts (official SDK v2).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asServiceError, toProblem } from '../../errors/index.ts';
import type { Dataset } from '../../dataset/dataset.ts';
import { apiKeyFrom } from '../../access/index.ts';
import type { AnyOperation } from '../../ops/operation.ts';
import { SERVER_DESCRIPTION, SERVER_TITLE, serviceIcons } from '../discovery/identity.ts';
import { utcDayClock, type Executor } from '../execute.ts';
import { once } from '../once.ts';
import { CACHE_NONE, MCP_ALLOW } from '../rest/http.ts';
import { registerResource } from '../rest/resource.ts';
import { createToolRunner, toolResultBytes, type McpCallContext } from './call-tool.ts';
import { directMessage, jsonRpcResponse, type DirectMessage } from './direct-call.ts';
import { createExtras } from './extras.ts';
import { hostRefusal } from './hosts.ts';
import { checkMessages, type Checked } from './messages.ts';
import { bodyErrorResponse, parseMcpBody } from './body-errors.ts';
import { jsonRpcError, RPC } from './rpc-errors.ts';
import type { SdkHandler } from './sdk-server.ts';
import { buildToolsList } from './tools.ts';

export const MCP_PATH = '/mcp';
/** JSON-RPC requests are small; 1 MiB leaves room for any batch a client may send. */
export const MCP_BODY_LIMIT = 1024 * 1024;
/** No response body is sent larger than this (the largest tool results are a few hundred KB). */
export const MCP_RESPONSE_LIMIT = 8 * 1024 * 1024;

export type McpOptions = {
  executor: Executor;
  operations: readonly AnyOperation[];
  dataset: Dataset;
  allowedHosts: readonly string[];
  version: string;
  /** The public base URL: the server info's websiteUrl and icon. */
  baseUrl: string;
  /**
   * Answer plain tools/call and tools/list messages from prepared bytes without the SDK's per-request server
   * (default true). Off, every message goes through the SDK: the tests compare both.
   */
  directToolCalls?: boolean;
  /** Today's UTC date (default: the clock), for answers that depend on the day outside the executor. */
  today?: () => string;
};

/** The server's identity, as initialize and server/discover give it and 2026-07-28 results carry in `_meta`. */
export const serverInfoOf = (version: string, baseUrl: string) => ({
  name: 'model-data-service', title: SERVER_TITLE, version, description: SERVER_DESCRIPTION, websiteUrl: baseUrl, icons: serviceIcons(baseUrl),
});

function sendJson(reply: FastifyReply, status: number, body: string | Buffer): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').header('cache-control', CACHE_NONE).send(body);
}

/** Registers /mcp; returns what to prepare once listening: the tool list and the SDK. */
export function registerMcp(app: FastifyInstance, opts: McpOptions): Array<() => unknown> {
  const runTool = createToolRunner(opts.executor, opts.operations);
  const toolNames = new Set(opts.operations.map((op) => op.name));
  const direct = opts.directToolCalls ?? true;
  // The tool list converts every schema to JSON Schema and is serialized once: built on first use or ahead of it.
  const toolsList = once(() => buildToolsList(opts.operations));
  // What a 2026-07-28 result carries after the handler's own members (the SDK adds them; parity tests hold us to it).
  // tools/list is a cacheable result: the SDK adds its default cache hint (no time to live, private).
  const metaTail = `"_meta":{"io.modelcontextprotocol/serverInfo":${JSON.stringify(serverInfoOf(opts.version, opts.baseUrl))}}`;
  const modernTail = {
    'tools/call': `,"resultType":"complete",${metaTail}`,
    'tools/list': `,"resultType":"complete","ttlMs":0,"cacheScope":"private",${metaTail}`,
  };

  const callContext = (request: FastifyRequest, setHeaders: McpCallContext['setHeaders']): McpCallContext => {
    return {
      apiKey: apiKeyFrom(request.headers),
      ip: request.ip,
      setHeaders,
      logError: (err) => request.log.error({ reqId: request.id, err }, 'tool call failed'),
    };
  };
  const admit = async (ctx: McpCallContext): Promise<void> => {
    await opts.executor.admit(ctx.apiKey, ctx.ip, ctx.setHeaders);
  };
  const extras = createExtras({ dataset: opts.dataset, runTool, admit, today: opts.today ?? utcDayClock() });

  // The SDK is loaded on first need, or just after listening: not on the way to listening. Until it is loaded the
  // 2025 protocol versions it supports are unknown, and a message naming one goes the SDK's way.
  let legacyVersions: readonly string[] | undefined;
  let loaded: SdkHandler | undefined;
  const sdk = once((): Promise<SdkHandler> => import('./sdk-server.ts').then((m) => {
    legacyVersions = m.SUPPORTED_PROTOCOL_VERSIONS;
    return loaded = m.createSdkHandler({
      serverInfo: serverInfoOf(opts.version, opts.baseUrl), runTool, tools: toolsList, extras, callContext,
      maxResponseBytes: MCP_RESPONSE_LIMIT, maxRequestBytes: MCP_BODY_LIMIT,
    });
  }));

  const answerDirect = async (m: DirectMessage, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    let result: Buffer;
    if (m.method === 'tools/list') result = toolsList().json;
    else {
      const outcome = await runTool(m.name, m.args, callContext(request, (h) => reply.headers(h)));
      if (!outcome.ok && 'unknownTool' in outcome) throw new Error('unreachable: only known tools are answered directly');
      result = toolResultBytes(outcome);
    }
    if (result.length > MCP_RESPONSE_LIMIT) {
      const message = `The response would exceed ${MCP_RESPONSE_LIMIT} bytes and was not sent.`;
      return sendJson(reply, 500, jsonRpcError(RPC.INTERNAL_ERROR, message, JSON.parse(m.idJson)));
    }
    return sendJson(reply, 200, jsonRpcResponse(result, m.idJson, m.modern ? modernTail[m.method] : undefined));
  };

  const post = async (request: FastifyRequest, reply: FastifyReply) => {
    // DNS rebinding protection: a browser page on another site must not reach a local server through its name.
    const refused = hostRefusal(request.raw, opts.allowedHosts);
    if (refused) return sendJson(reply, 403, jsonRpcError(RPC.SERVER_ERROR, refused, null));

    // Fastify also reads text/plain bodies; the transport takes JSON only (as the SDK answers it: 415, -32000).
    const mediaType = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return sendJson(reply, 415, jsonRpcError(RPC.SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json.', null));
    }
    const checked: Checked = checkMessages(request.headers, request.body, toolsList().json.length);
    if (!checked.ok) return sendJson(reply, checked.status, checked.body);

    // Every message counts against the quota; tools/call, resources/read and prompts/get count in their runner,
    // as the operation they run would on REST.
    // Headers go on the raw response: the SDK path writes it directly, and Node merges them into Fastify's own.
    const ctx = callContext(request, (h) => {
      if (!reply.raw.headersSent) for (const [k, v] of Object.entries(h)) reply.raw.setHeader(k, v);
    });
    for (const m of checked.counted) {
      try {
        await admit(ctx);
      } catch (e) {
        const se = asServiceError(e);
        const retryAfter = se.options.retry_after;
        if (retryAfter !== undefined && !reply.raw.hasHeader('retry-after')) reply.header('retry-after', String(retryAfter));
        return sendJson(reply, se.status, jsonRpcError(RPC.SERVER_ERROR, se.detail, m.id, toProblem(se)));
      }
    }

    const m = direct ? directMessage(request.headers, request.body, legacyVersions) : undefined;
    if (m && (m.method === 'tools/list' || toolNames.has(m.name))) return answerDirect(m, request, reply);
    return (await sdk())(request, reply);
  };

  // Open subscriptions/listen streams would hold the server open on close.
  app.addHook('preClose', async () => {
    await loaded?.close();
  });
  // Its own scope, for its own JSON parser (see parseMcpBody).
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseMcpBody(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    });
    registerResource(scope, MCP_PATH, { post, allow: MCP_ALLOW, bodyLimit: MCP_BODY_LIMIT, errorHandler: mcpBodyErrors });
  });
  return [toolsList, sdk];
}

/** Body errors at /mcp (not JSON, wrong type, too large) as JSON-RPC errors, not REST problems. */
function mcpBodyErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const r = bodyErrorResponse(err);
  if (r.status >= 500) request.log.error({ reqId: request.id, err }, 'MCP request failed');
  return sendJson(reply, r.status, r.body);
}
