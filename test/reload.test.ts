// The server process across a dataset reload and a shutdown: SIGHUP swaps in a changed copy of the dataset (a
// request already taken is answered from the old one), a broken copy is refused by name while the old one serves,
// and SIGTERM lets a slow client read a large answer to its last byte before the process exits 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DATA_DIR, EnvSchema, PROJECT_ROOT } from '../src/config/env.ts';

const hasDataset = existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll `cond` every 50 ms for up to `ms` (the machine running the tests may be busy: loads take seconds). */
async function until(cond: () => boolean, ms: number, what: string, output: () => string): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (cond()) return;
  throw new Error(`${what}: not within ${ms} ms\n${output().slice(-3000)}`);
}

/** The largest size Linux lets a TCP buffer grow to (the third figure of /proc/sys/net/ipv4/tcp_rmem or tcp_wmem); 0 elsewhere. */
function socketBufferMax(name: 'tcp_rmem' | 'tcp_wmem'): number {
  try {
    return Number(readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/)[2]) || 0;
  } catch {
    return 0;
  }
}

/** A raw connection that collects what comes back until it closes. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (d: Buffer) => chunks.push(d));
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks).toString('latin1'))));
  return { socket, received: () => chunks.reduce((n, c) => n + c.length, 0), ended };
}

function parse(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  return { status: Number(raw.slice(9, 12)), head: raw.slice(0, at).toLowerCase(), body: raw.slice(at + 4) };
}

const options = { skip: !hasDataset && 'no committed dataset', timeout: 240_000 };

test('SIGHUP reloads a changed dataset, refuses a broken one; SIGTERM drains a large answer read slowly', options, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-reload-'));
  // A copy of the committed dataset (links to its files) whose meta.json and sources.json are its own: sources
  // gets a 24 MB `covers`, so that /api/v1/sources is larger than the socket buffers (the answer SIGTERM cut).
  const data = path.join(dir, 'data');
  mkdirSync(data);
  for (const f of readdirSync(DEFAULT_DATA_DIR)) symlinkSync(path.join(DEFAULT_DATA_DIR, f), path.join(data, f));
  const meta = JSON.parse(readFileSync(path.join(DEFAULT_DATA_DIR, 'meta.json'), 'utf8')) as { data_as_of: string };
  const sources = JSON.parse(readFileSync(path.join(DEFAULT_DATA_DIR, 'sources.json'), 'utf8')) as Array<{ covers?: string }>;
  // At least 24 MB, and more than the kernel's largest send and receive buffers together: a machine whose receive
  // buffer may grow to 32 MB (net.ipv4.tcp_rmem) would take the whole answer in while the client pauses, and the server
  // would rightly have nothing left to drain.
  sources[0]!.covers = 'x'.repeat(Math.max(24 * 1024 * 1024, 2 * (socketBufferMax('tcp_rmem') + socketBufferMax('tcp_wmem'))));
  const rewrite = (file: string, body: unknown) => {
    unlinkSync(path.join(data, file));
    writeFileSync(path.join(data, file), JSON.stringify(body));
  };
  rewrite('sources.json', sources);
  rewrite('meta.json', meta);

  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !(k in EnvSchema.shape)) clean[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'src/server.ts')], {
    cwd: PROJECT_ROOT,
    env: { ...clean, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: data, KEYS_DB: path.join(dir, 'keys.sqlite'),
      // The request held open across the reload must outlive it: a reload takes seconds on a busy test machine.
      SHUTDOWN_GRACE_MS: '60000', REQUEST_TIMEOUT_MS: '120000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output = () => out;
  try {
    await until(() => /"msg":"listening"/.test(out), 90_000, 'listening', output);
    const base = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
    const port = Number(new URL(base).port);
    const readyz = async () => ((await (await fetch(`${base}/readyz`)).json()) as { data_as_of: string }).data_as_of;
    assert.equal(await readyz(), meta.data_as_of);
    const models = await fetch(`${base}/api/v1/models?limit=1`);
    const oldEtag = models.headers.get('etag')!;

    // 1. A changed copy: data_as_of moves a week on. An MCP call whose headers the old app has taken and whose
    // body is still arriving must be answered from the old dataset after the swap.
    const params = { name: 'get_model_changes', arguments: { days: 7 } };
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
    const inFlight = connect(port);
    inFlight.socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n'
      + `Accept: application/json, text/event-stream\r\nConnection: close\r\n`
      + `Content-Length: ${Buffer.byteLength(call)}\r\n\r\n${call.slice(0, 20)}`);
    await sleep(200);
    const newAsOf = new Date(Date.parse(`${meta.data_as_of}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    rewrite('meta.json', { ...meta, data_as_of: newAsOf });
    child.kill('SIGHUP');
    await until(() => /"msg":"dataset reloaded"/.test(out), 120_000, 'dataset reloaded', output);
    assert.match(out, new RegExp(`"data_as_of":"${newAsOf}","previous_data_as_of":"${meta.data_as_of}"[^\\n]*"msg":"dataset reloaded"`));
    assert.equal(await readyz(), newAsOf);
    const after = await fetch(`${base}/api/v1/models?limit=1`, { headers: { 'if-none-match': oldEtag } });
    assert.equal(after.status, 200, 'the ETag follows the new dataset');
    assert.equal(((await after.json()) as { data_as_of: string }).data_as_of, newAsOf);
    inFlight.socket.write(call.slice(20));
    const answered = parse(await inFlight.ended);
    assert.equal(answered.status, 200, `${answered.body.slice(0, 300)}\n${out.slice(-3000)}`);
    const sc = (JSON.parse(answered.body) as { result: { structuredContent: { data_as_of: string } } }).result.structuredContent;
    assert.equal(sc.data_as_of, meta.data_as_of, 'the request taken before the swap is answered from the old dataset');

    // 2. A broken copy: a model without its name. Refused with a line naming file, record and field; the dataset
    // loaded last keeps serving.
    const broken = JSON.parse(readFileSync(path.join(DEFAULT_DATA_DIR, 'models.json'), 'utf8')) as Array<{ id: string; name?: string }>;
    delete broken[3]!.name;
    rewrite('models.json', broken);
    child.kill('SIGHUP');
    await until(() => /"msg":"dataset reload refused/.test(out), 120_000, 'dataset reload refused', output);
    const refusal = out.split('\n').find((l) => l.includes('dataset reload refused'))!;
    assert.match(refusal, new RegExp(`models\\.json: record \\\\"${broken[3]!.id.replace(/[.]/g, '\\.')}\\\\": field \\\\"name\\\\"`));
    assert.equal(await readyz(), newAsOf);
    assert.equal((await fetch(`${base}/api/v1/models?limit=1`)).status, 200);

    // 3. SIGTERM while a client reads /api/v1/sources (over 24 MB) slowly: every byte arrives, then exit 0.
    const slow = connect(port);
    // Paused on the first bytes, not when a poll notices them: a flowing socket reads megabytes between two polls.
    slow.socket.once('data', () => slow.socket.pause());
    slow.socket.write('GET /api/v1/sources HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => slow.received() > 0, 30_000, 'first bytes of /sources', output);
    slow.socket.pause();
    await sleep(300);
    child.kill('SIGTERM');
    await until(() => /shutting down/.test(out), 10_000, 'shutting down', output);
    await sleep(500);
    assert.equal(child.exitCode, null, 'exited with a response still being read');
    assert.ok(slow.received() < 20 * 1024 * 1024, `the client had read ${slow.received()} bytes already: the check proves nothing`);
    slow.socket.on('data', () => {
      slow.socket.pause();
      setTimeout(() => slow.socket.resume(), 5);
    });
    slow.socket.resume();
    const r = parse(await slow.ended);
    assert.equal(r.status, 200);
    assert.equal(Buffer.byteLength(r.body, 'latin1'), Number(/content-length: (\d+)/.exec(r.head)?.[1]), 'the whole body arrived');
    assert.equal(await exited, 0, out.slice(-2000));
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
