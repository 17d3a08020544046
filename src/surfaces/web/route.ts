// The pages' routes: negotiation, one admission per page, rendered HTML cached per (path, query, tier, day).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROJECT_ROOT } from '../../config/env.ts';
import { asServiceError, ServiceError } from '../../errors/index.ts';
import type { AnyOperation } from '../../ops/operation.ts';
import { etagOf, utcDayClock, type Executor } from '../execute.ts';
import { Lru } from '../lru.ts';
import { CACHE_PRIVATE, CACHE_PUBLIC, HTML_TYPE, notModified } from '../rest/http.ts';
import { apiKeyOf } from '../rest/operations.ts';
import { instanceOf, sendProblem } from '../rest/problems.ts';
import { registerResource } from '../rest/resource.ts';
import { pageContext, type PageHandler, type PageResult, type Query } from './context.ts';
import { metaOf, PAGE_CSP, renderPage } from './layout.ts';
import { prefersHtml } from './negotiate.ts';
import { changesPage } from './pages/changes.ts';
import { comparePage } from './pages/compare.ts';
import { costPage } from './pages/cost.ts';
import { errorPage } from './pages/error.ts';
import { hardwareListPage, hardwarePage, hardwareRedirect } from './pages/hardware.ts';
import { homePage } from './pages/home.ts';
import { modelPage } from './pages/model.ts';
import { podiumPage } from './pages/podium.ts';
import { recommendPage } from './pages/recommend.ts';
import { searchPage } from './pages/search.ts';
import { trustPage } from './pages/trust.ts';

export type WebOptions = {
  executor: Executor;
  operations: readonly AnyOperation[];
  today?: () => string;
  /** The data's date, for a page that ran no operation (an error): its footer must not date the data today. */
  dataAsOf?: string;
  cacheEntries?: number;
  cacheBytes?: number;
};

type Rendered = { status: number; bytes: Buffer; etag: string };

/** Page routes; each must not collide with /api/v1, /docs, /mcp or the health routes. */
export const PAGES: ReadonlyArray<readonly [string, PageHandler]> = [
  ['/', homePage],
  ['/models', searchPage],
  ['/models/:id', modelPage],
  ['/compare', comparePage],
  ['/hardware', hardwareListPage],
  ['/hardware/:id', hardwarePage],
  ['/cost/:id', costPage],
  ['/podium', podiumPage],
  ['/changes', changesPage],
  ['/trust/:id', trustPage],
  ['/recommend', recommendPage],
];

// From the project root, not this module's URL: the server also runs as one bundled file under dist/.
const ASSET_DIR = path.join(PROJECT_ROOT, 'src', 'surfaces', 'web', 'assets');
const ASSETS: ReadonlyArray<readonly [string, string, string]> = [
  ['/assets/style.css', 'style.css', 'text/css; charset=utf-8'],
  ['/assets/app.js', 'app.js', 'text/javascript; charset=utf-8'],
];

/** URLs longer than this are rendered but not cached: a cache key is bounded, and no form makes such a URL. */
const MAX_CACHED_URL = 1000;

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function registerWeb(app: FastifyInstance, opts: WebOptions): void {
  const today = opts.today ?? utcDayClock();
  const ops = new Map(opts.operations.map((op) => [op.name, op]));
  const cache = new Lru<Rendered>(opts.cacheEntries ?? 2000, opts.cacheBytes ?? 32 * 1024 * 1024);

  for (const [url, file, type] of ASSETS) {
    const bytes = readFileSync(path.join(ASSET_DIR, file));
    const etag = etagOf(bytes);
    registerResource(app, url, {
      get: async (request, reply) => {
        reply.header('etag', etag).header('cache-control', 'public, max-age=3600').header('content-type', type);
        if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return reply.send(bytes);
      },
    });
  }

  const render = (request: FastifyRequest, result: PageResult, answers: unknown[], day: string): Rendered => {
    const page = { ...result, meta: metaOf(day, answers, opts.dataAsOf) };
    const bytes = Buffer.from(renderPage(page, pathOf(request.url)));
    return { status: result.status ?? 200, bytes, etag: etagOf(bytes) };
  };

  const send = (request: FastifyRequest, reply: FastifyReply, r: Rendered, cacheControl: string) => {
    reply.code(r.status).header('content-type', HTML_TYPE).header('etag', r.etag);
    reply.header('cache-control', r.status === 200 ? cacheControl : 'no-store');
    if (r.status === 200 && notModified(request.headers['if-none-match'], r.etag)) return reply.code(304).send();
    return reply.send(r.bytes);
  };

  for (const [url, handler] of PAGES) {
    registerResource(app, url, {
      get: async (request, reply) => {
        // Same answer as before the pages existed for API clients: the 404 problem; `/` points at the API.
        if (!prefersHtml(request.headers.accept)) {
          if (url === '/') reply.header('link', '</api/v1>; rel="service-desc", </docs>; rel="service-doc"');
          const detail = `Nothing at ${instanceOf(request)}. The operations are listed at /api/v1; the docs are at /docs.`;
          return sendProblem(reply, new ServiceError('not_found', detail), instanceOf(request));
        }
        reply.header('content-security-policy', PAGE_CSP).header('vary', 'accept, x-api-key, authorization');
        // The machine form's answer is that machine's page: redirected before any request is counted.
        const to = url === '/hardware' ? hardwareRedirect(request.query as Query) : undefined;
        if (to) return reply.code(303).header('location', to).header('cache-control', 'no-store').send();
        const day = today();
        const apiKey = apiKeyOf(request);
        let full = false;
        try {
          // One request counted per page, whatever number of operations it runs.
          full = (await opts.executor.admit(apiKey, request.ip, (h) => reply.headers(h))).principal.full;
        } catch (err) {
          const se = asServiceError(err);
          if (se.options.retry_after !== undefined) reply.header('retry-after', String(se.options.retry_after));
          return send(request, reply, render(request, errorPage(se, pathOf(request.url)), [], day), 'no-store');
        }
        const cacheControl = apiKey === undefined ? CACHE_PUBLIC : CACHE_PRIVATE;
        const key = `${full ? 'f' : 'p'}\u0000${day}\u0000${request.url}`;
        const hit = request.url.length <= MAX_CACHED_URL ? cache.get(key) : undefined;
        if (hit) return send(request, reply, hit, cacheControl);
        const ctx = pageContext(opts.executor, ops, full, day);
        let result: PageResult;
        try {
          result = handler(ctx, request.params as Record<string, string>, request.query as Query);
        } catch (err) {
          const se = asServiceError(err);
          if (se.status >= 500) request.log.error({ reqId: request.id, err }, 'page failed');
          result = errorPage(se, pathOf(request.url));
        }
        const r = render(request, result, ctx.answers, day);
        // Errors of the server are not kept: the next request tries again.
        if (r.status < 500 && request.url.length <= MAX_CACHED_URL) cache.set(key, r, r.bytes.length + key.length);
        return send(request, reply, r, cacheControl);
      },
    });
  }
}
