// Service resources that are not operations: index, sources, OpenAPI, docs, health. Not counted against quotas.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessControl } from '../../access/types.ts';
import type { Dataset } from '../../dataset/dataset.ts';
import { ServiceError } from '../../errors/index.ts';
import type { AnyOperation } from '../../ops/operation.ts';
import { buildDocsPage, DOCS_CSP } from '../docs-page.ts';
import { etagOf, utcDayClock } from '../execute.ts';
import { buildOpenApi } from '../openapi.ts';
import { once, type Once } from '../once.ts';
import { accepts, CACHE_NONE, CACHE_PUBLIC, HTML_TYPE, HTML_TYPES, JSON_TYPE, JSON_TYPES } from './http.ts';
import { notAcceptable, sendPrepared } from './operations.ts';
import { registerResource } from './resource.ts';
import { perDay, sourcesBody } from './source-ages.ts';
import { API_PREFIX } from './url.ts';

export type MetaOptions = {
  dataset: Dataset;
  access: AccessControl;
  operations: readonly AnyOperation[];
  baseUrl: string;
  version: string;
  /** Readiness: true between start-up and the beginning of shutdown. */
  isReady: () => boolean;
  /** Today's date, YYYY-MM-DD (default: the UTC date now): the sources' ages count up to it. */
  today?: () => string;
};

type Ready = { bytes: Buffer; etag: string };

function prepare(body: unknown): Ready {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return { bytes, etag: etagOf(bytes) };
}

function staticJson(ready: Once<Ready>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!accepts(request.headers.accept, JSON_TYPES)) throw notAcceptable();
    return sendPrepared(request, reply, ready(), CACHE_PUBLIC);
  };
}

/**
 * Registers the routes; returns the documents' builders. The OpenAPI document and the docs page convert every
 * operation's schemas to JSON Schema (a fifth of a second): they are built on first use, or ahead of it by the
 * caller once the server listens, never on the way to listening.
 */
export function registerMeta(app: FastifyInstance, opts: MetaOptions): Array<() => unknown> {
  const { dataset, operations, baseUrl, version } = opts;
  const dataAsOf = dataset.meta.data_as_of;

  const index = once(() => prepare({
    data_as_of: dataAsOf,
    service: 'Model Data Service',
    version,
    operations: operations.map((op) => ({
      name: op.name,
      title: op.title,
      description: op.description,
      method: 'GET',
      path: `${API_PREFIX}${op.path}`,
      mcp_tool: op.name,
      docs: `${baseUrl}/docs#${op.name}`,
    })),
    links: {
      sources: `${baseUrl}${API_PREFIX}/sources`,
      openapi: `${baseUrl}${API_PREFIX}/openapi.json`,
      docs: `${baseUrl}/docs`,
      mcp: `${baseUrl}/mcp`,
    },
  }));
  const today = opts.today ?? utcDayClock();
  const sourcesOn = perDay((day) => prepare(sourcesBody(dataset, day)));
  const sources = () => sourcesOn(today());
  const openapi = once(() => prepare(buildOpenApi({ operations, baseUrl, version })));
  const docs = once(() => prepare(buildDocsPage({ operations, baseUrl, version, dataAsOf })));

  registerResource(app, API_PREFIX, { get: staticJson(index) });
  registerResource(app, `${API_PREFIX}/sources`, { get: staticJson(sources) });
  registerResource(app, `${API_PREFIX}/openapi.json`, { get: staticJson(openapi) });
  registerResource(app, '/docs', {
    get: async (request, reply) => {
      if (!accepts(request.headers.accept, HTML_TYPES)) throw notAcceptable('text/html');
      reply.header('content-security-policy', DOCS_CSP);
      return sendPrepared(request, reply, docs(), CACHE_PUBLIC, HTML_TYPE);
    },
  });

  registerResource(app, '/healthz', {
    get: async (_request, reply) => reply.header('cache-control', CACHE_NONE).header('content-type', JSON_TYPE).send('{"status":"ok"}'),
  });
  registerResource(app, '/readyz', {
    get: async (_request, reply) => {
      if (!opts.isReady()) throw new ServiceError('not_ready', 'The service is starting or shutting down.');
      const health = opts.access.checkHealth ? await opts.access.checkHealth() : opts.access.health();
      const body = { status: health.status, data_as_of: dataAsOf, models: dataset.models.length, access: health.details };
      return reply.header('cache-control', CACHE_NONE).header('content-type', JSON_TYPE).send(JSON.stringify(body));
    },
  });
  return [index, sources, openapi, docs];
}
