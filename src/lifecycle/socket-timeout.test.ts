// Timed-out connections: a request sent on an idle keep-alive connection while the process stalled is answered, not
// reset; idle connections and requests that get no answer are still closed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { listen, testAccess, testApp, testConfig } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { aDataset } from '../dataset/fixtures.ts';
import { createHost } from './host.ts';
import { closeTimedOutAfterReads } from './socket-timeout.ts';

/** Blocks the event loop, as a long collection or a starved CPU does, without spending CPU on it. */
const stall = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw keep-alive connection; responses are counted by their status lines. */
function client(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let error: string | undefined;
  let wake: Array<() => void> = [];
  const notify = () => {
    const w = wake;
    wake = [];
    for (const f of w) f();
  };
  socket.on('data', (d: Buffer) => {
    text += d.toString('latin1');
    notify();
  });
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.once('close', notify);
  const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
  return {
    socket,
    closed,
    error: () => error,
    received: () => text.length,
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
    /** The statuses once `n` responses have arrived, or those that had when the connection closed. */
    responses: (n: number) => new Promise<number[]>((resolve) => {
      const check = () => (statuses().length >= n || socket.closed ? resolve(statuses()) : wake.push(check));
      check();
    }),
  };
}

/**
 * One request; then the event loop stalls past the server-side timer of the now idle connection, and a second
 * request is written at once, before the loop reads any socket: the order of events that reset the connection. The
 * stall is the timer Node armed on the socket (the keep-alive timeout plus Node's own buffer) and half a second more.
 */
async function requestAfterStall(server: http.Server, port: number, path: string) {
  // Counted on the socket: a listener on the server would itself stop Node from closing timed-out sockets.
  let timedOut = 0;
  let serverSide: net.Socket | undefined;
  server.once('connection', (s: net.Socket) => {
    serverSide = s;
    s.on('timeout', () => timedOut++);
  });
  const c = client(port);
  c.send(path);
  assert.deepEqual(await c.responses(1), [200]);
  // The server has finished the response and armed the keep-alive timer.
  await tick(50);
  const armed = serverSide?.timeout ?? 0;
  assert.ok(armed > 0, 'the idle connection has a timer');
  // Stalled outside the timer phase (as a client's work on a response is): the next turn starts with the timers.
  await new Promise((r) => setImmediate(r));
  stall(armed + 500);
  c.send(path);
  const statuses = await c.responses(2);
  c.socket.destroy();
  return { statuses, timedOut, error: c.error() };
}

test('a request sent on an idle keep-alive connection during a stall past its timeout is answered, not reset', async () => {
  const server = http.createServer((_req, res) => res.end('ok'));
  server.keepAliveTimeout = 100;
  closeTimedOutAfterReads(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const r = await requestAfterStall(server, (server.address() as net.AddressInfo).port, '/');
    // The timer did fire during the stall (the race happened); Node's own handling answers ECONNRESET here.
    assert.equal(r.timedOut, 1);
    assert.deepEqual(r.statuses, [200, 200], `error: ${r.error}`);
  } finally {
    server.close();
  }
});

test('an idle keep-alive connection is still closed once its timeout passes', async () => {
  const server = http.createServer((_req, res) => res.end('ok'));
  server.keepAliveTimeout = 100;
  closeTimedOutAfterReads(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const c = client((server.address() as net.AddressInfo).port);
    c.send('/');
    assert.deepEqual(await c.responses(1), [200]);
    const t0 = Date.now();
    await c.closed;
    assert.ok(Date.now() - t0 >= 100, 'not before the keep-alive timeout');
    assert.equal(c.error(), undefined, 'closed, not reset');
  } finally {
    server.close();
  }
});

test('a request that gets no answer is still cut at the server timeout, and so is one that stops halfway after a stall', async () => {
  const server = http.createServer(() => {});
  server.setTimeout(300);
  server.keepAliveTimeout = 100;
  closeTimedOutAfterReads(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  try {
    const silent = client(port);
    silent.send('/');
    await silent.closed;
    assert.equal(silent.received(), 0, 'no answer, the connection closed');

    // Half a request line written right after a stall past the timer: bytes arrived, so the connection is kept, and
    // still cut by its timer when nothing more comes.
    const half = client(port);
    await new Promise((r) => half.socket.once('connect', r));
    await new Promise((r) => setImmediate(r));
    stall(1800);
    half.socket.write('GET / HT');
    const t0 = Date.now();
    await half.closed;
    assert.ok(Date.now() - t0 < 10_000, `closed after ${Date.now() - t0} ms`);
  } finally {
    server.close();
  }
});

test('the app on its own server and the host both answer a request sent during such a stall', async () => {
  const app = testApp();
  await listen(app);
  app.server.keepAliveTimeout = 100;
  try {
    const r = await requestAfterStall(app.server, (app.server.address() as net.AddressInfo).port, '/healthz');
    assert.equal(r.timedOut, 1);
    assert.deepEqual(r.statuses, [200, 200], `app's server, error: ${r.error}`);
  } finally {
    await app.close();
  }

  const config = testConfig();
  const host = createHost(config);
  const hosted = buildApp({ config, dataset: aDataset(), access: testAccess(), serverFactory: host.serverFactory });
  await hosted.ready();
  host.swap(hosted);
  const [url] = await host.listen('127.0.0.1', 0);
  host.server.keepAliveTimeout = 100;
  try {
    const r = await requestAfterStall(host.server, Number(new URL(url!).port), '/healthz');
    assert.equal(r.timedOut, 1);
    assert.deepEqual(r.statuses, [200, 200], `host's server, error: ${r.error}`);
  } finally {
    await host.drain();
  }
});
