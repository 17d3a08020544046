// buildApp: the whole service (REST, MCP, OpenAPI, docs, health) as a Fastify instance, without listening.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import Fastify, {
  LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerFactory,
} from 'fastify';
import type { AccessControl } from './access/types.ts';
import { PROJECT_ROOT, type Config } from './config/env.ts';
import { redactUrl } from './errors/redact.ts';
import type { Dataset } from './dataset/dataset.ts';
import { serverTimeouts } from './lifecycle/host.ts';
import { closeTimedOutAfterReads } from './lifecycle/socket-timeout.ts';
import type { AnyOperation } from './ops/operation.ts';
import { OPERATIONS } from './ops/registry.ts';
import { registerDiscovery } from './surfaces/discovery.ts';
import { createExecutor } from './surfaces/execute.ts';
import { MCP_PATH, registerMcp } from './surfaces/mcp/route.ts';
import { registerExport } from './surfaces/rest/export.ts';
import { registerFeeds } from './surfaces/rest/feeds.ts';
import { createMetrics, installRequestMetrics, registerMetricsRoute, watchLimiter, type Metrics } from './surfaces/rest/metrics.ts';
import { COMMON_HEADERS } from './surfaces/rest/http.ts';
import { registerMeta } from './surfaces/rest/meta.ts';
import { registerOperations } from './surfaces/rest/operations.ts';
import { registerWeb } from './surfaces/web/route.ts';
import { clientError, frameworkError, installProblemHandling } from './surfaces/rest/problems.ts';

export type AppOptions = {
  config: Config;
  dataset: Dataset;
  access: AccessControl;
  /** A pino logger; without one the app logs nothing. */
  logger?: FastifyBaseLogger;
  /** The operations to serve (default: the registry); tests add failing ones. */
  operations?: readonly AnyOperation[];
  /** Today's date, YYYY-MM-DD (default: the UTC date now). */
  today?: () => string;
  /** Answer plain MCP tools/call messages from prepared bytes (default true); tests turn it off to compare. */
  mcpDirectToolCalls?: boolean;
  /** The process's Prometheus metrics (one registry per process, shared by every app built); created when absent. */
  metrics?: Metrics;
  /**
   * The process's shared http.Server (lifecycle/host.ts), which dispatches to this app while it is current: the app
   * then never listens nor closes the server, and prepares its documents once ready rather than once listening.
   */
  serverFactory?: FastifyServerFactory;
  /** False once the process drains for shutdown: readiness then answers 503 (default: always true). */
  serving?: () => boolean;
};

/** GET requests carry no body; /mcp sets its own 1 MiB limit. */
const DEFAULT_BODY_LIMIT = 16 * 1024;

export const SERVICE_VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();

/**
 * One log line per request, written when it completes; no request headers (x-api-key never reaches a log), and the
 * URL with keys and credential parameters redacted (a key pasted into a URL or a model id stays out of the logs).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      reqId: request.id, method: request.method, url: redactUrl(request.url), status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10, ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

export function buildApp(opts: AppOptions): FastifyInstance {
  const { config, dataset, access } = opts;
  const operations = opts.operations ?? OPERATIONS;
  const timeouts = serverTimeouts(config);
  const app = Fastify({
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    logController: new OneLinePerRequest(),
    // No per-request child logger (a pino child per request is a measurable share of a cached answer's cost):
    // the one request line names its reqId itself.
    childLoggerFactory: (logger) => logger,
    // A hop count is valid at run time (Fastify docs) though the type omits it.
    trustProxy: config.trustProxy as boolean | string[],
    // Ignored with a serverFactory: the host sets the same on the server it creates.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: timeouts.connectionTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    http: timeouts.http,
    clientErrorHandler: clientError,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Our own readiness answers during shutdown; in-flight and keep-alive requests are served, not refused.
    return503OnClosing: false,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: frameworkError,
  }) as unknown as FastifyInstance;
  // A server Fastify created itself (tests, tools) gets the host's handling of timed-out connections too.
  if (!opts.serverFactory) closeTimedOutAfterReads(app.server);

  let ready = false;
  let closing = false;
  // Responses not yet started: when shutdown begins they too must close their connection, or a keep-alive
  // connection (an MCP call whose body was still arriving, say) holds the server open until its keep-alive timeout.
  const inFlight = new Set<ServerResponse>();
  app.addHook('onReady', async () => {
    ready = true;
  });
  app.addHook('preClose', async () => {
    ready = false;
    closing = true;
    for (const raw of inFlight) if (!raw.headersSent) raw.setHeader('connection', 'close');
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(COMMON_HEADERS);
    // While shutting down, answer and then let the client reconnect elsewhere. Set on the raw response, so that
    // hijacked replies (/mcp) carry it too.
    const raw = reply.raw;
    if (closing) raw.setHeader('connection', 'close');
    else {
      inFlight.add(raw);
      raw.once('close', () => inFlight.delete(raw));
    }
    done();
  });

  installProblemHandling(app);
  const metrics = opts.metrics ?? createMetrics({ defaultMetrics: false });
  metrics.bind(dataset, access);
  installRequestMetrics(app, metrics, operations, MCP_PATH);
  const onCacheLookup = (hit: boolean) => metrics.cacheLookups.inc({ result: hit ? 'hit' : 'miss' });
  const executor = watchLimiter(
    createExecutor({ dataset, access, baseUrl: config.publicBaseUrl, today: opts.today, onCacheLookup }), access, metrics,
  );
  registerMetricsRoute(app, metrics, config.metricsToken);
  registerExport(app, { dataset, executor, baseUrl: config.publicBaseUrl });
  registerFeeds(app, { dataset, executor, baseUrl: config.publicBaseUrl });
  const documents = [
    ...registerMeta(app, { dataset, access, operations, baseUrl: config.publicBaseUrl, version: SERVICE_VERSION,
      isReady: () => ready && (opts.serving?.() ?? true), today: opts.today }),
    ...registerMcp(app, {
      executor, operations, dataset, allowedHosts: config.allowedHosts, version: SERVICE_VERSION, baseUrl: config.publicBaseUrl,
      directToolCalls: opts.mcpDirectToolCalls, today: opts.today,
    }),
    ...registerDiscovery(app, { operations, baseUrl: config.publicBaseUrl, version: SERVICE_VERSION, dataAsOf: dataset.meta.data_as_of }),
  ];
  registerOperations(app, executor, operations);
  registerWeb(app, { executor, operations, today: opts.today, dataAsOf: dataset.meta.data_as_of });
  // Once listening (or ready, on a shared server that already listens), build the documents (and load the MCP SDK)
  // one per turn of the event loop, so that requests are answered in between.
  app.addHook(opts.serverFactory ? 'onReady' : 'onListen', (done: (err?: Error) => void) => {
    const next = (i: number) => {
      if (i >= documents.length || closing) return;
      // Not fatal here: the route that needs it answers 500 (and logs) when it fails again.
      const failed = (err: unknown) => app.log.error({ err }, 'preparing a document or module failed');
      try {
        const made = documents[i]!();
        if (made instanceof Promise) made.catch(failed);
      } catch (err) {
        failed(err);
      }
      setImmediate(next, i + 1);
    };
    setImmediate(next, 0);
    done();
  });
  return app;
}
