// Prometheus metrics (prom-client): one registry per process, request counts and latency per operation, cache and
// limiter counters, the dataset's age; served at GET /metrics to loopback or to a bearer of METRICS_TOKEN.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { apiKeyFrom } from '../../access/index.ts';
import type { AccessControl, Tier } from '../../access/types.ts';
import type { Dataset } from '../../dataset/dataset.ts';
import { ServiceError } from '../../errors/index.ts';
import type { AnyOperation } from '../../ops/operation.ts';
import type { Executor } from '../execute.ts';
import { CACHE_NONE } from './http.ts';
import { registerResource } from './resource.ts';
import { routePattern } from './url.ts';

export const METRICS_PATH = '/metrics';

type RequestLabels = 'surface' | 'operation' | 'tier' | 'status';

/** Lives once per process (created in server.ts, passed to every app built for a dataset). */
export type Metrics = {
  registry: Registry;
  requests: Counter<RequestLabels>;
  duration: Histogram<'surface' | 'operation'>;
  cacheLookups: Counter<'result'>;
  limiterFallbacks: Counter<string>;
  /** The dataset and access control the gauges read; the newest app built calls it. */
  bind(dataset: Dataset, access: AccessControl): void;
};

const DAY_MS = 86_400_000;

export function createMetrics(opts: { defaultMetrics?: boolean; now?: () => number } = {}): Metrics {
  const registry = new Registry();
  const now = opts.now ?? Date.now;
  // Node's own figures (heap, event-loop delay, GC): what an operator looks at first when latency rises.
  if (opts.defaultMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'mds_' });
  let current: { dataset: Dataset; access: AccessControl } | undefined;

  const requests = new Counter({
    name: 'mds_requests_total',
    help: 'HTTP requests answered, by surface (rest, mcp), operation, tier (as authenticated, or as the key names it) and status.',
    labelNames: ['surface', 'operation', 'tier', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'mds_request_duration_seconds',
    help: 'Time from request received to response written, by surface and operation.',
    labelNames: ['surface', 'operation'] as const,
    // Cached answers take well under a millisecond; cold paths a few; exports and MCP SDK calls more.
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'mds_response_cache_lookups_total',
    help: 'Response-cache lookups by result (hit, miss): hit ratio = hit / (hit + miss).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const limiterFallbacks = new Counter({
    name: 'mds_limiter_fallback_total',
    help: 'Requests counted by the in-memory fallback limiter because Redis was unreachable.',
    registers: [registry],
  });
  new Gauge({
    name: 'mds_dataset_age_days',
    help: 'Days between data_as_of (the newest source snapshot) and now.',
    registers: [registry],
    collect() {
      if (current) this.set((now() - Date.parse(`${current.dataset.meta.data_as_of}T00:00:00Z`)) / DAY_MS);
    },
  });
  new Gauge({
    name: 'mds_dataset_info',
    help: 'The dataset served: data_as_of and schema version as labels; the value is always 1.',
    labelNames: ['data_as_of', 'schema_version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      if (!current) return;
      const { data_as_of, schema_version } = current.dataset.meta;
      this.set({ data_as_of, schema_version: String(schema_version) }, 1);
    },
  });
  new Gauge({
    name: 'mds_limiter_mode',
    help: 'The limiter in use: 1 for the current mode (redis, memory, memory-fallback), 0 for the others.',
    labelNames: ['mode'] as const,
    registers: [registry],
    collect() {
      if (!current) return;
      const mode = current.access.health().details.limiter;
      for (const m of ['redis', 'memory', 'memory-fallback']) this.set({ mode: m }, m === mode ? 1 : 0);
    },
  });
  return {
    registry, requests, duration, cacheLookups, limiterFallbacks,
    bind(dataset, access) {
      current = { dataset, access };
    },
  };
}

const TIER_OF_REQUEST = new WeakMap<FastifyRequest, Tier>();

/** The tier the access control gave this request (REST records it after admission). */
export function noteTier(request: FastifyRequest, tier: Tier): void {
  TIER_OF_REQUEST.set(request, tier);
}

const TIER_OF_SEGMENT: Record<string, Tier> = { free: 'free', pro: 'pro', ent: 'enterprise' };

/**
 * The tier label: as authenticated where the surface recorded it, else as the key's shape names it (MCP, and
 * requests refused before admission: their status, 401 or 429, says they were not served as that tier).
 * Always one of six values, whatever the header holds.
 */
function tierLabel(request: FastifyRequest): string {
  const noted = TIER_OF_REQUEST.get(request);
  if (noted) return noted;
  const key = apiKeyFrom(request.headers);
  if (key === undefined) return 'anonymous';
  const m = /^mds_(free|pro|ent)_/.exec(key);
  return m ? TIER_OF_SEGMENT[m[1]!]! : 'invalid';
}

/** The JSON-RPC methods named in labels; any other is `mcp_other`, so a client cannot create label values. */
const MCP_METHODS = new Set(['initialize', 'notifications/initialized', 'tools/list', 'ping', 'resources/list', 'prompts/list']);

function mcpOperation(body: unknown, tools: ReadonlySet<string>): string {
  const msg = body as { method?: unknown; params?: { name?: unknown } } | null;
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return 'mcp_other';
  if (msg.method === 'tools/call') {
    return typeof msg.params?.name === 'string' && tools.has(msg.params.name) ? msg.params.name : 'mcp_unknown_tool';
  }
  return typeof msg.method === 'string' && MCP_METHODS.has(msg.method) ? `mcp_${msg.method}` : 'mcp_other';
}

/**
 * Counts every response in onResponse (a few label lookups and two increments: see docs for the measured cost).
 * Operation: the operation's name for its routes and MCP tools/call, else the route pattern (a closed set: the
 * registered routes), `none` where no route matched.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics, operations: readonly AnyOperation[], mcpPath: string): void {
  const byRoute = new Map(operations.map((op) => [routePattern(op), op.name]));
  const tools = new Set(operations.map((op) => op.name));
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const mcp = route === mcpPath;
    const operation = mcp ? mcpOperation(request.body, tools) : route === undefined ? 'none' : byRoute.get(route) ?? route;
    const surface = mcp ? 'mcp' : 'rest';
    metrics.requests.inc({ surface, operation, tier: tierLabel(request), status: String(reply.statusCode) });
    metrics.duration.observe({ surface, operation }, reply.elapsedTime / 1000);
    done();
  });
}

/** The executor with its admissions watched for the limiter's fallback. */
export function watchLimiter(executor: Executor, access: AccessControl, metrics: Metrics): Executor {
  return {
    ...executor,
    async admit(apiKey, ip, onHeaders) {
      try {
        return await executor.admit(apiKey, ip, onHeaders);
      } finally {
        if (access.health().details.limiter === 'memory-fallback') metrics.limiterFallbacks.inc();
      }
    },
  };
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics: a caller on this machine (the socket and, behind a trusted proxy, the client address both
 * loopback: a proxy on the same host does not open it to the internet), or one presenting METRICS_TOKEN as a Bearer
 * token, compared in constant time over digests (equal lengths whatever was sent).
 * Without a token configured, others get 404 (nothing to discover); with one, a missing or wrong token gets 403.
 */
export function metricsAccess(request: FastifyRequest, token: string | undefined): 'ok' | 'hidden' | 'forbidden' {
  const auth = request.headers.authorization;
  if (token !== undefined && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    if (timingSafeEqual(digest(auth.slice(7).trim()), digest(token))) return 'ok';
    return 'forbidden';
  }
  if (LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip)) return 'ok';
  return token === undefined ? 'hidden' : 'forbidden';
}

/** GET /metrics: not an API resource, never counted against a quota. */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  registerResource(app, METRICS_PATH, {
    get: async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = metricsAccess(request, token);
      if (verdict === 'hidden') throw new ServiceError('not_found', 'No such resource.');
      if (verdict === 'forbidden') {
        throw new ServiceError('forbidden', 'GET /metrics needs a loopback address or the METRICS_TOKEN as a Bearer token.');
      }
      const body = await metrics.registry.metrics();
      return reply.header('cache-control', CACHE_NONE).header('content-type', metrics.registry.contentType).send(body);
    },
  });
}
