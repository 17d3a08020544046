// One REST resource: its GET (HEAD follows) or POST handler, an OPTIONS answer, and 405 for every other method.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { ServiceError } from '../../errors/index.ts';
import { preflightHeaders, REST_ALLOW } from './http.ts';
import { instanceOf, sendProblem } from './problems.ts';

export type ResourceOptions = {
  get?: RouteHandlerMethod;
  post?: RouteHandlerMethod;
  /** The Allow header: `GET, HEAD, OPTIONS` for REST resources, `POST, OPTIONS` for /mcp. */
  allow?: string;
  /** Per-route body limit (bytes), for POST resources. */
  bodyLimit?: number;
  /** Per-route error handler for the POST (body errors at /mcp are JSON-RPC errors, not problems). */
  errorHandler?: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;
};

export function registerResource(app: FastifyInstance, url: string, opts: ResourceOptions): void {
  const allow = opts.allow ?? REST_ALLOW;
  const handled = new Set(['OPTIONS']);
  if (opts.get) {
    app.get(url, opts.get);
    handled.add('GET').add('HEAD');
  }
  if (opts.post) {
    app.post(url, { bodyLimit: opts.bodyLimit, ...(opts.errorHandler ? { errorHandler: opts.errorHandler } : {}) }, opts.post);
    handled.add('POST');
  }
  const preflight = preflightHeaders(allow);
  app.options(url, (_request, reply) => {
    reply.code(204).headers(preflight).send();
  });
  const others = app.supportedMethods.filter((m) => !handled.has(m));
  if (others.length) {
    // Answered in onRequest, before any body is read: a PUT with a broken body is still a 405, not a 400.
    const refuse = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      reply.header('allow', allow);
      await sendProblem(reply, new ServiceError('method_not_allowed', `${request.method} is not allowed here. This resource answers ${allow}.`), instanceOf(request));
    };
    app.route({ method: others, url, onRequest: refuse, handler: refuse });
  }
}
