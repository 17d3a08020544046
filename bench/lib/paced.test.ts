// The paced client sends every due request and accounts for every one: answered, non-2xx, failed or timed out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pace, requestBytes } from './paced.ts';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('the request carries the path and query, Host, the given headers and the body\'s byte length', () => {
  const text = requestBytes(new URL('http://127.0.0.1:8080/mcp?x=1'), { method: 'POST', headers: { 'x-api-key': 'k' }, body: '{"é":1}' }).toString('utf8');
  assert.equal(text, 'POST /mcp?x=1 HTTP/1.1\r\nhost: 127.0.0.1:8080\r\nx-api-key: k\r\ncontent-length: 8\r\n\r\n{"é":1}');
});

test('rate x duration requests are sent; 2xx answers get a latency, others are counted as non-2xx', async () => {
  let n = 0;
  const keys = new Set<string>();
  const server = createServer((req, res) => {
    keys.add(String(req.headers['x-api-key']));
    res.writeHead(n++ % 4 === 3 ? 429 : 200, { 'content-length': 2 }).end('ok');
  });
  const url = await listen(server);
  try {
    const r = await pace({ url: `${url}/models/x`, method: 'GET', headers: { 'x-api-key': 'k' }, connections: 4, rate: 400, durationSec: 0.1 });
    assert.equal(r.total, 40);
    assert.equal(n, 40);
    assert.equal(r.non2xx, 10);
    assert.equal(r.errors + r.timeouts, 0);
    assert.ok(r.p50 >= 0 && r.p99 >= r.p50 && r.max >= r.p99);
    assert.deepEqual([...keys], ['k']);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('a connection closed before its answer counts as an error, and the client reconnects for the rest', async () => {
  let n = 0;
  const server = createServer((req, res) => {
    if (n++ === 5) return void req.socket.destroy();
    res.writeHead(200, { 'content-length': 2 }).end('ok');
  });
  const url = await listen(server);
  try {
    const r = await pace({ url, method: 'GET', headers: {}, connections: 1, rate: 200, durationSec: 0.1 });
    assert.equal(r.total, 20);
    assert.equal(r.errors, 1);
    assert.ok(r.firstError);
    assert.equal(r.non2xx + r.timeouts, 0);
    assert.equal(n, 20);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('requests a server never answers count as timeouts once the drain time is over, and the run ends', async () => {
  let n = 0;
  const server = createServer((_req, res) => {
    if (n++ % 2 === 0) res.writeHead(200, { 'content-length': 2 }).end('ok');
  });
  const url = await listen(server);
  try {
    const r = await pace({ url, method: 'GET', headers: {}, connections: 10, rate: 100, durationSec: 0.1, drainSec: 0.2 });
    assert.equal(r.total, 10);
    assert.equal(r.timeouts, 5);
    assert.equal(r.errors + r.non2xx, 0);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
