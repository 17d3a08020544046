// Faults at the process level (issue 7.5), on the real server as a child process: SIGTERM during load finishes the
// requests in flight and exits 0; a broken dataset or an invalid setting stops the start with exit 1 and a message
// naming what is wrong.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../scripts/build.ts';
import { DEFAULT_DATA_DIR, EnvSchema, PROJECT_ROOT } from '../src/config/env.ts';

/**
 * What `npm start` runs: the bundle, built here from the current sources into a directory of this run's own
 * (inside the project, where the bundle finds data/ and package.json as dist/server.mjs does).
 */
const BUNDLE_DIR = path.join(PROJECT_ROOT, 'dist', `test-${process.pid}`);
let SERVER = '';
before(async () => {
  SERVER = await buildServer(BUNDLE_DIR);
});
after(() => rmSync(BUNDLE_DIR, { recursive: true, force: true }));
const hasDataset = existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'));

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null>; base?: string };

/**
 * `node dist/.../server.mjs` with a clean environment (none of the service's variables leak in from the
 * caller), its own key store, and PORT=0: the bound address is read from the log line Fastify writes on listen.
 */
function startServer(env: Record<string, string>, dir: string): Server {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !(k in EnvSchema.shape)) clean[k] = v;
  const child = spawn(process.execPath, [SERVER], {
    cwd: PROJECT_ROOT,
    env: { ...clean, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', KEYS_DB: path.join(dir, 'keys.sqlite'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Wait for the listening line (20 s at most: the whole dataset loads and is validated first). */
async function listening(server: Server): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const m = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output());
    if (m) return (server.base = m[1]!);
    if (server.child.exitCode !== null) throw new Error(`the server exited ${server.child.exitCode}:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server did not listen within 20 s:\n${server.output()}`);
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** Exit code within `ms`, or a failure naming what the process printed. */
async function exitWithin(server: Server, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${server.output().slice(-2000)}`)), ms);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'mds-faults-'));
}

type Pending = { socket: net.Socket; response: Promise<string> };

/** A connection that has sent `head` (part of a request) and collects whatever comes back until it closes. */
function openPartial(port: number, head: string): Promise<Pending> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head, () => resolve({ socket, response }));
    });
    let text = '';
    const response = new Promise<string>((done) => {
      socket.on('data', (d) => (text += d));
      socket.on('close', () => done(text));
    });
    socket.once('error', reject);
  });
}

function parseResponse(text: string): { status: number; head: string; body: string } {
  const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
  assert.ok(m, `an HTTP response, got ${JSON.stringify(text.slice(0, 200))}`);
  const end = text.indexOf('\r\n\r\n');
  return { status: Number(m[1]), head: text.slice(0, end).toLowerCase(), body: text.slice(end + 4) };
}

/** True once nothing accepts connections on the port any more. */
async function refusesConnections(port: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(false);
      });
      s.once('error', () => resolve(true));
    });
    if (refused) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

test('the built server answers REST and MCP; SIGTERM with requests in flight: no new connections, every in-flight request answered 200, exit 0', { skip: !hasDataset && 'no committed dataset' }, async () => {
  const dir = tempDir();
  const server = startServer({}, dir);
  try {
    const base = await listening(server);
    const port = Number(new URL(base).port);
    // The bundle's loader validated the ratings and change events in its worker thread, not as a fallback.
    for (let i = 0; i < 60 && !/"msg":"listening"/.test(server.output()); i++) await new Promise((r) => setTimeout(r, 50));
    assert.match(server.output(), /"large_collections_validated_by":"worker thread"/);
    // The bundle holds the SDK's whole server side too: initialize goes through it (tool calls take the direct path).
    const init = await fetch(`${base}/mcp`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
    });
    assert.equal(((await init.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name, 'model-data-service');
    const models = (JSON.parse(readFileSync(path.join(DEFAULT_DATA_DIR, 'models.json'), 'utf8')) as Array<{ id: string }>).slice(0, 3).map((m) => m.id);

    // In flight: REST requests whose headers are half sent, and MCP calls whose body is half sent.
    const rest = await Promise.all(models.map((id) => openPartial(port, `GET /api/v1/models/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\n`)));
    const call = (id: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_trust_profile', arguments: { model_id: id } } });
    const mcp = await Promise.all(models.map((id) => {
      const body = call(id);
      return openPartial(port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`);
    }));
    // Idle: a keep-alive connection that finished its request; shutdown must not wait for it. Its request goes out
    // after the partial ones, so once it is answered the server has read them too (one event-loop poll reads all).
    const idle = await openPartial(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise<void>((resolve) => idle.socket.once('data', () => resolve()));

    server.child.kill('SIGTERM');
    assert.ok(await refusesConnections(port), 'still accepting connections after SIGTERM');
    assert.equal(server.child.exitCode, null, 'exited with requests still in flight');
    const idleClosed = await Promise.race([idle.response.then(() => true), new Promise((r) => setTimeout(() => r(false), 2000))]);
    assert.ok(idleClosed, 'an idle keep-alive connection was left open during shutdown');

    for (const p of rest) p.socket.write('Accept: application/json\r\n\r\n');
    models.forEach((id, i) => mcp[i]!.socket.write(call(id).slice(20)));
    for (const [what, p] of [...rest.map((p) => ['REST', p] as const), ...mcp.map((p) => ['MCP', p] as const)]) {
      const r = parseResponse(await p.response);
      assert.equal(r.status, 200, `${what}: ${r.body.slice(0, 200)}`);
      assert.match(r.head, /connection: close/, `${what}: the client is told to reconnect elsewhere`);
      const body = JSON.parse(r.body) as Record<string, unknown>;
      if (what === 'REST') assert.ok('data_as_of' in body);
      else assert.equal((body.result as { isError?: boolean }).isError, undefined, r.body.slice(0, 200));
    }
    assert.equal(await exitWithin(server, 5000), 0, server.output().slice(-2000));
    assert.match(server.output(), /shutting down/);
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A copy of the committed dataset (links to its files) with one file replaced. */
function datasetWith(dir: string, file: string, content: string | null): string {
  const target = mkdtempSync(path.join(dir, 'data-'));
  for (const f of readdirSync(DEFAULT_DATA_DIR)) {
    if (f !== file) symlinkSync(path.join(DEFAULT_DATA_DIR, f), path.join(target, f));
  }
  if (content !== null) writeFileSync(path.join(target, file), content);
  return target;
}

test('a broken dataset is refused at start: exit 1 and a message naming the file and the record', { skip: !hasDataset && 'no committed dataset' }, async () => {
  const dir = tempDir();
  try {
    const offers = JSON.parse(readFileSync(path.join(DEFAULT_DATA_DIR, 'offers.json'), 'utf8')) as Array<{ model_id: string; prices: { input?: { value: number } } }>;
    const i = offers.findIndex((o) => o.prices.input !== undefined);
    offers[i]!.prices.input!.value = -2.5;
    const cases: Array<[string, string, string | null, RegExp[]]> = [
      ['invalid JSON', 'offers.json', '[{"model_id": "x", ', [/offers\.json/, /not valid JSON/i]],
      ['a negative price', 'offers.json', JSON.stringify(offers), [/offers\.json/, new RegExp(`#${i}\\b.*${offers[i]!.model_id.replace(/[.]/g, '\\.')}`), /prices\.input/]],
      ['a missing file', 'models.json', null, [/models\.json/]],
    ];
    for (const [what, file, content, expected] of cases) {
      const server = startServer({ DATA_DIR: datasetWith(dir, file, content) }, dir);
      try {
        assert.equal(await exitWithin(server, 20_000), 1, `${what}: exit code`);
        const out = server.output();
        for (const re of expected) assert.match(out, re, `${what}: the message names it`);
        assert.doesNotMatch(out, /listening at/, `${what}: it never listened`);
      } finally {
        await stop(server);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an invalid setting stops the start: non-zero exit and a message naming the variable', async () => {
  const dir = tempDir();
  try {
    for (const [name, value] of [['PORT', 'abc'], ['REQUEST_TIMEOUT_MS', '5']] as const) {
      const server = startServer({ [name]: value }, dir);
      try {
        const code = await exitWithin(server, 20_000);
        assert.notEqual(code, 0, `${name}=${value}`);
        assert.match(server.output(), new RegExp(`\\b${name}\\b`), `${name}=${value}: named in the message`);
        assert.doesNotMatch(server.output(), /listening at/);
      } finally {
        await stop(server);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
