// The process's one http.Server: it hands each request to the app of the current dataset, swaps apps atomically on
// reload, and drains on shutdown without cutting a response that is still being read.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { Config } from '../config/env.ts';
import { closeTimedOutAfterReads } from './socket-timeout.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type ClientErrorListener = (err: Error, socket: Socket) => void;

/** One app (one dataset) and the responses it has not finished. */
type Generation = { app: FastifyInstance; handler: Handler; clientError?: ClientErrorListener; active: number; idle?: () => void };

/**
 * The timeouts Fastify would set on a server it created itself (see app.ts): the host creates the server, so it
 * applies them. Node checks request deadlines only every connectionsCheckingInterval (default 30 s), and when
 * headersTimeout (default 60 s) exceeds requestTimeout it takes the larger as the whole request's deadline.
 */
export function serverTimeouts(config: Config) {
  const ms = config.requestTimeoutMs;
  return {
    http: { connectionsCheckingInterval: Math.min(ms, 1000), headersTimeout: ms, requestTimeout: ms },
    keepAliveTimeout: Math.min(ms, 72_000),
    connectionTimeout: ms,
  };
}

export type Host = {
  server: http.Server;
  /** Fastify's serverFactory for buildApp: the app gets this server, and the host keeps the app's request handler. */
  serverFactory: FastifyServerFactory;
  /** Route new requests to `app` (built with serverFactory, ready); the previous app closes once its responses end. */
  swap(app: FastifyInstance): void;
  current(): FastifyInstance | undefined;
  listen(host: string, port: number): Promise<string[]>;
  /** True from the start of draining: readiness answers 503 and every response closes its connection. */
  draining(): boolean;
  /** Stop accepting connections, let every response in flight be read to its end, then close the apps. */
  drain(): Promise<void>;
};

export function createHost(config: Config, opts: { onRetired?: (err: unknown) => void } = {}): Host {
  const t = serverTimeouts(config);
  const server = http.createServer(t.http);
  server.keepAliveTimeout = t.keepAliveTimeout;
  server.setTimeout(t.connectionTimeout);
  closeTimedOutAfterReads(server);

  // The handler (and clientError listener) of the app built last, waiting for it to be swapped in.
  let pending: { handler: Handler; clientError?: ClientErrorListener } | undefined;
  let current: Generation | undefined;
  const retiring = new Set<Generation>();
  const responses = new Set<ServerResponse>();
  let isDraining = false;

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const gen = current;
    if (!gen) {
      res.writeHead(503, { 'content-type': 'text/plain', connection: 'close' }).end('starting\n');
      return;
    }
    // Counted until the response is read to its end (or the connection goes): the app serving it stays open so long.
    gen.active++;
    responses.add(res);
    res.once('close', () => {
      responses.delete(res);
      if (--gen.active === 0) gen.idle?.();
      // Next turn: by then Node counts the connection idle (its response done), so it can be closed.
      if (isDraining) setImmediate(closeIdle);
    });
    // Once draining, answer and let the client reconnect elsewhere.
    if (isDraining) res.setHeader('connection', 'close');
    gen.handler(req, res);
  });
  // One clientError listener for the process: each Fastify app adds its own to the server it is given (see swap).
  server.on('clientError', (err: Error, socket: Socket) => {
    if (current?.clientError) current.clientError(err, socket);
    else socket.destroy();
  });

  /**
   * Node's server.close() destroys every idle keep-alive connection, and counts as idle one whose response has been
   * ended but is still in the socket's buffer, unread by a slow client: that is how SIGTERM cut a 22.6 MB answer at
   * 5.2 MB. So idle connections are closed only when no ended response is still being written out.
   */
  function closeIdle(): void {
    for (const res of responses) if (res.writableEnded && !res.writableFinished) return;
    server.closeIdleConnections();
  }

  const serverFactory: FastifyServerFactory = (handler) => {
    const entry: NonNullable<typeof pending> = { handler: handler as Handler };
    pending = entry;
    // Fastify adds its clientError listener to the server right after this factory returns, within its synchronous
    // constructor; taken off again here, so that one listener (the host's, above) answers for the current app only.
    queueMicrotask(() => {
      const added = server.listeners('clientError').slice(1) as ClientErrorListener[];
      for (const l of added) server.removeListener('clientError', l);
      entry.clientError = added.at(-1);
    });
    return server;
  };

  async function retire(gen: Generation): Promise<void> {
    retiring.add(gen);
    if (gen.active > 0) await new Promise<void>((resolve) => (gen.idle = resolve));
    retiring.delete(gen);
    await gen.app.close();
  }

  return {
    server,
    serverFactory,
    current: () => current?.app,
    draining: () => isDraining,
    swap(app) {
      if (!pending || app.server !== server) throw new Error("swap: the app was not built with this host's serverFactory");
      const next: Generation = { app, handler: pending.handler, clientError: pending.clientError, active: 0 };
      pending = undefined;
      const previous = current;
      current = next;
      if (previous) retire(previous).catch((err: unknown) => opts.onRetired?.(err));
    },
    listen(host, port) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen({ host, port }, () => {
          server.removeListener('error', reject);
          const a = server.address();
          const hostPart = a && typeof a !== 'string' ? (a.family === 'IPv6' ? `[${a.address}]` : a.address) : '';
          const addr = typeof a === 'string' || a === null ? String(a) : `http://${hostPart}:${a.port}`;
          resolve([addr]);
        });
      });
    },
    async drain() {
      isDraining = true;
      // Responses not yet started close their connection when done; the ones already under way keep theirs, closed
      // below once they have been read.
      for (const res of responses) if (!res.headersSent) res.setHeader('connection', 'close');
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      closeIdle();
      await closed;
      const apps = [...retiring, ...(current ? [current] : [])].map((g) => g.app);
      await Promise.all(apps.map((app) => app.close()));
    },
  };
}
