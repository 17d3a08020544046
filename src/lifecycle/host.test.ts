// Tests of the shared server: an atomic swap between datasets' apps, in-flight requests finished by the app that
// took them, one clientError answer, and a drain that lets a slow client read a large answer to its end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { once } from 'node:events';
import { testAccess, testConfig } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { aDataset, aModel, aSource } from '../dataset/fixtures.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { createHost, type Host } from './host.ts';

const config = testConfig();
const access = testAccess();

function appOf(host: Host, dataset: Dataset) {
  const serving = () => !host.draining();
  return buildApp({ config, dataset, access, today: () => '2026-08-20', serverFactory: host.serverFactory, serving });
}

const datasetOn = (data_as_of: string, covers?: string) =>
  aDataset({ models: [aModel({ id: 'alpha-7b' })], sources: [aSource({ covers })], data_as_of });

/** A raw connection: what it has received so far, and a promise of everything once the server closes it. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (d: Buffer) => chunks.push(d));
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks).toString('latin1'))));
  return { socket, received: () => Buffer.concat(chunks).length, text: () => Buffer.concat(chunks).toString('latin1'), ended };
}

function parse(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  return { status: Number(raw.slice(9, 12)), head: raw.slice(0, at).toLowerCase(), body: raw.slice(at + 4) };
}

async function started(host: Host, dataset: Dataset, onClose?: () => void): Promise<number> {
  const app = appOf(host, dataset);
  if (onClose) app.addHook('onClose', async () => onClose());
  await app.ready();
  host.swap(app);
  const [url] = await host.listen('127.0.0.1', 0);
  return Number(new URL(url!).port);
}

test('swap: new requests go to the new dataset at once; a request already taken is answered by the old app, closed after it', async () => {
  const host = createHost(config);
  let oldClosed = false;
  const port = await started(host, datasetOn('2026-08-01'), () => (oldClosed = true));
  const base = `http://127.0.0.1:${port}`;
  const before = await fetch(`${base}/api/v1/models/alpha-7b`);
  const oldEtag = before.headers.get('etag');

  // In flight: an MCP call whose headers are in (so the old app has taken it) and whose body is still arriving.
  const params = { name: 'get_model', arguments: { model_id: 'alpha-7b' } };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
  // The server's request event comes after the host's own listener has handed the request to the old app: waited
  // for, not a fixed 100 ms, which a loaded machine did not always give (the swap came first, and nothing was in flight).
  const taken = once(host.server, 'request');
  const inFlight = connect(port);
  inFlight.socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n'
    + `Accept: application/json, text/event-stream\r\nConnection: close\r\n`
    + `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`);
  await taken;

  const next = appOf(host, datasetOn('2026-08-15'));
  await next.ready();
  host.swap(next);
  assert.equal(host.current(), next);
  const ready = await (await fetch(`${base}/readyz`)).json() as { data_as_of: string };
  assert.equal(ready.data_as_of, '2026-08-15', 'the first request after the swap is answered from the new dataset');
  const after = await fetch(`${base}/api/v1/models/alpha-7b`, { headers: { 'if-none-match': oldEtag! } });
  assert.equal(after.status, 200, 'the old ETag no longer matches');
  assert.equal(((await after.json()) as { data_as_of: string }).data_as_of, '2026-08-15');
  assert.equal(oldClosed, false, 'the old app stays open while a request it took is unanswered');

  inFlight.socket.write(body.slice(20));
  const answer = parse(await inFlight.ended);
  assert.equal(answer.status, 200, answer.body.slice(0, 300));
  const result = (JSON.parse(answer.body) as { result: { structuredContent: { data_as_of: string } } }).result;
  assert.equal(result.structuredContent.data_as_of, '2026-08-01', 'answered by the app that took it: the old dataset');
  for (let i = 0; i < 50 && !oldClosed; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(oldClosed, true, 'the old app is closed once its last response is done');
  await host.drain();
});

test('a request that is not HTTP gets one 400 answer, from one clientError listener however many apps were built', async () => {
  const host = createHost(config);
  const port = await started(host, datasetOn('2026-08-01'));
  for (const day of ['2026-08-02', '2026-08-03']) {
    const app = appOf(host, datasetOn(day));
    await app.ready();
    host.swap(app);
  }
  assert.equal(host.server.listeners('clientError').length, 1);
  const c = connect(port);
  c.socket.write('NOT HTTP AT ALL\r\n\r\n');
  const raw = await c.ended;
  assert.equal(raw.match(/^HTTP\/1\.1 \d{3} /gm)?.length, 1, raw);
  assert.equal(parse(raw).status, 400);
  await host.drain();
});

test('drain: a slow client reads a large answer to its last byte; no new connection is accepted meanwhile', async () => {
  // A source row whose `covers` is 24 MB: /api/v1/sources is then larger than any socket buffer, so most of it
  // is still in the server's memory when the drain begins (the case SIGTERM used to cut short).
  const host = createHost(config);
  const port = await started(host, datasetOn('2026-08-01', 'x'.repeat(24 * 1024 * 1024)));
  const c = connect(port);
  c.socket.write('GET /api/v1/sources HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  while (c.received() === 0) await new Promise((r) => setTimeout(r, 20));
  c.socket.pause();
  await new Promise((r) => setTimeout(r, 200));

  let drained = false;
  const draining = host.drain().then(() => (drained = true));
  await new Promise((r) => setTimeout(r, 300));
  const refused = await new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });
  assert.ok(refused, 'a new connection was accepted during the drain');
  assert.equal(drained, false, 'the drain ended with a response still unread');
  assert.ok(c.received() < 20 * 1024 * 1024, `the client had read ${c.received()} bytes already: the test proves nothing`);

  // Read slowly: 2 MB at a time.
  c.socket.on('data', () => {
    c.socket.pause();
    setTimeout(() => c.socket.resume(), 5);
  });
  c.socket.resume();
  const r = parse(await c.ended);
  assert.equal(r.status, 200);
  const length = Number(/content-length: (\d+)/.exec(r.head)?.[1]);
  assert.equal(Buffer.byteLength(r.body, 'latin1'), length, 'the whole body arrived');
  assert.ok(length > 24 * 1024 * 1024);
  await draining;
  assert.equal(drained, true);
});
