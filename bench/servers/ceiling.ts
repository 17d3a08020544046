// The ceiling: a plain node:http server answering each benchmarked request with the bytes the service sent for it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isMain } from '../lib/main.ts';
import { startServerProcess, type RunningServer } from '../lib/proc.ts';
import type { Target } from '../targets.ts';

/** One recorded answer of the service: status, headers and body bytes, replayed as they were. */
export type RecordedRoute = { method: string; path: string; status: number; headers: Array<[string, string]>; body_base64: string };

export const READY_PATH = '/__ceiling_ready';

/** Which recorded answer a request with a URL of its own gets (cold targets); the service ignores the header. */
export const TARGET_HEADER = 'x-bench-target';

/** Node writes these itself (or they describe the connection, not the answer). */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Ask the service once, with the headers the load generator will send, and keep the answer. */
export async function recordRoute(serviceUrl: string, target: Target, apiKey: string): Promise<RecordedRoute> {
  const res = await fetch(serviceUrl + target.path, {
    method: target.method,
    // fetch asks for gzip, deflate and br by itself and hands back the decoded body under the coded answer's headers;
    // the load generator asks for no coding, so the answer it gets is the identity one: record that one.
    headers: { 'accept-encoding': 'identity', ...target.headers, 'x-api-key': apiKey },
    body: target.body,
  });
  const body = Buffer.from(await res.arrayBuffer());
  const headers = [...res.headers.entries()].filter(([k]) => !CONNECTION_HEADERS.has(k));
  return { method: target.method, path: target.path, status: res.status, headers, body_base64: body.toString('base64') };
}

function serve(routes: RecordedRoute[], port: number): void {
  const answers = new Map<string, { status: number; headers: OutgoingHttpHeaders; body: Buffer }>();
  for (const r of routes) {
    const body = Buffer.from(r.body_base64, 'base64');
    answers.set(`${r.method} ${r.path}`, { status: r.status, headers: { ...Object.fromEntries(r.headers), 'content-length': body.length }, body });
  }
  const server = createServer((req, res) => {
    // The body is read to its end before answering, as any correct server must (the POST to /mcp has one).
    req.resume();
    req.once('end', () => {
      if (req.url === READY_PATH) return void res.writeHead(200, { 'content-length': 2 }).end('ok');
      // Cold targets send a new URL every time: they name the recorded answer to replay in a header of their own.
      const a = answers.get(`${req.method} ${req.url}`) ?? answers.get(`${req.method} ${String(req.headers[TARGET_HEADER])}`);
      if (!a) return void res.writeHead(404, { 'content-length': 0 }).end();
      res.writeHead(a.status, a.headers).end(a.body);
    });
  });
  // The same keep-alive as the service, so neither side gains from reconnecting less.
  server.keepAliveTimeout = 10_000;
  server.listen(port, '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

export type RunningCeiling = RunningServer;

export async function startCeiling(routes: RecordedRoute[]): Promise<RunningCeiling> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-ceiling-'));
  const file = path.join(dir, 'routes.json');
  writeFileSync(file, JSON.stringify(routes));
  try {
    return await startServerProcess('bench/servers/ceiling.ts', [file], READY_PATH);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const [file, port] = process.argv.slice(2);
  if (!file || !port) {
    process.stderr.write('usage: node --import tsx bench/servers/ceiling.ts <routes.json> <port>\n');
    process.exit(2);
  }
  serve(JSON.parse(readFileSync(file, 'utf8')) as RecordedRoute[], Number(port));
}
