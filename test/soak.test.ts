// Soak (issue 7.5): 30 s of sustained load from autocannon, a separate process, against the real server as a child
// process on loopback, with the real access control and logging on. Every operation and an MCP tool call in the
// mix; zero errors and zero non-2xx, and resident memory after the soak within a stated bound of after warm-up.
// SOAK_SECONDS=60 runs the minute it ran before; the memory budget of record is the benchmark's 60 s cold soak
// (docs/performance.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, fstatSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueKey } from '../src/access/index.ts';
import { createSqliteKeyStore } from '../src/access/key-store-sqlite.ts';
import { DEFAULT_DATA_DIR, EnvSchema, PROJECT_ROOT } from '../src/config/env.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { restUrl } from '../src/surfaces/rest/url.ts';

const AUTOCANNON = path.join(PROJECT_ROOT, 'node_modules', 'autocannon', 'autocannon.js');
/** Preloaded into the server: a full garbage collection on SIGUSR2 (test/collect-on-signal.ts). */
const COLLECTOR = path.join(PROJECT_ROOT, 'test', 'collect-on-signal.ts');
/**
 * 30 s, not 60. The 60 s soak read its trough over its last 30 s and the idle after it: with a leak, that lowest
 * reading is about the one 30 s into the soak, so it saw what 30 s of requests leaked. 30 s of load shows the same
 * leak. The 60 s soak answered 140,600 to 284,740 requests in 23 CI runs, so about 70,000 or more in 30 s on an
 * otherwise idle CI machine (fewer beside other work): a leak of 1.5 KB a request (a request's URL and headers kept)
 * would add some 100 MB there. A deliberate leak of 1.56 KB a request, run on a loaded machine, measured +81 MB and
 * failed the bound below; the same soak without it measured +2 to +18 MB.
 */
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 30);
const WARMUP_SECONDS = 5;
/** After a forced collection, resident memory is read for this long (its lowest reading): freed pages go back meanwhile. */
const AFTER_COLLECTION_MS = 2000;
const CONNECTIONS = 20;
/**
 * Resident memory may grow this much from after warm-up to after the soak, each read after a full collection, so that
 * only what stays live counts. Read at the collector's idle troughs instead, the growth followed the machine's load,
 * not what the server kept: beside other test files the old generation took in 0.4 to 3.5 KB of each request's
 * garbage, V8 let the heap grow from 79 MB live to 217 MB used and more without a major collection, and in the 12 s
 * idle after the soak none ran, so the trough held that garbage (235.8 -> 387.3 MB in a run here, 256.9 -> 513.3 in
 * CI). Collected, the heap went back to within 2 MB of its size after warm-up; a leak of 1.5 KB a request still fails it (above).
 */
const RSS_GROWTH_BOUND_MB = 80;

const skip = !existsSync(AUTOCANNON)
  ? 'autocannon is not installed (devDependency): the soak needs it'
  : !existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'))
    ? 'no committed dataset'
    : false;

/** VmRSS of a process in MB, from /proc (Linux); undefined where /proc is absent. */
function rssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Waits for a line matching `re` in the log, read from byte `from` on (the log grows to some 20 MB over the soak:
 * only what is new is read); the line, or undefined after `ms`.
 */
async function logLine(file: string, from: number, re: RegExp, ms: number): Promise<string | undefined> {
  let text = '';
  let at = from;
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    const fd = openSync(file, 'r');
    try {
      const buf = Buffer.alloc(Math.max(0, fstatSync(fd).size - at));
      at += readSync(fd, buf, 0, buf.length, at);
      text += buf.toString('utf8');
    } finally {
      closeSync(fd);
    }
    const found = re.exec(text)?.[0];
    if (found) return found;
    // Only the last, possibly partial, line is kept for the next read.
    text = text.slice(text.lastIndexOf('\n') + 1);
  }
  return undefined;
}

/**
 * Resident memory after a full garbage collection in the server: SIGUSR2 to the preloaded collector
 * (test/collect-on-signal.ts), its line in the log, then the lowest reading over AFTER_COLLECTION_MS, while the freed
 * pages go back to the system. The collector's line says the heap before and after.
 */
async function collectedRss(pid: number, logFile: string, n: number): Promise<{ mb: number | undefined; line: string }> {
  const from = fstatSize(logFile);
  process.kill(pid, 'SIGUSR2');
  const line = await logLine(logFile, from, new RegExp(`soak: collection ${n}: [^\\n]*`), 30_000);
  assert.ok(line, `the server did not log collection ${n} within 30 s`);
  assert.doesNotMatch(line, /no gc/, line);
  let low: number | undefined;
  for (const until = Date.now() + AFTER_COLLECTION_MS; Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 100));
    const mb = rssMb(pid);
    if (mb !== undefined) low = Math.min(low ?? mb, mb);
  }
  return { mb: low, line };
}

function fstatSize(file: string): number {
  const fd = openSync(file, 'r');
  try {
    return fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
}

type AutocannonResult = {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
};

/** Run autocannon as its own process over the HAR's requests; its --json result. */
function autocannon(base: string, har: string, seconds: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, '--json', '-c', String(CONNECTIONS), '-d', String(seconds), '--har', har, base], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as AutocannonResult);
      } catch {
        reject(new Error(`autocannon exited ${code} without a result:\n${out.slice(-1000)}\n${err.slice(-1000)}`));
      }
    });
  });
}

/** A HAR file with one request per operation (its first documented example) and an MCP tools/call, all keyed. */
function writeHar(file: string, base: string, key: string): number {
  const headers = [{ name: 'x-api-key', value: key }];
  const entries = OPERATIONS.filter((op) => op.examples.length > 0).map((op) => ({
    request: { method: 'GET', url: base + restUrl(op, op.examples[0]!.input), headers },
  }));
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_model', arguments: OPERATIONS.find((op) => op.name === 'get_model')!.examples[0]!.input } };
  entries.push({
    request: {
      method: 'POST',
      url: `${base}/mcp`,
      headers: [...headers, { name: 'content-type', value: 'application/json' }, { name: 'accept', value: 'application/json, text/event-stream' }],
      postData: { mimeType: 'application/json', text: JSON.stringify(call) },
    } as (typeof entries)[number]['request'],
  });
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'soak.test', version: '1' }, entries } }));
  return entries.length;
}

test(`soak: ${SOAK_SECONDS} s at ${CONNECTIONS} connections over every operation and MCP: no errors, no non-2xx, bounded memory`, { skip, timeout: (SOAK_SECONDS + WARMUP_SECONDS + 120) * 1000 }, async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-soak-'));
  const keysDb = path.join(dir, 'keys.sqlite');
  const admin = createSqliteKeyStore(keysDb);
  // An enterprise key with a quota the soak cannot reach: access control runs on every request, without 429s.
  const { key } = await issueKey(admin, { tier: 'enterprise', quota: 1_000_000_000, owner: 'soak test' });
  await admin.close();

  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !(k in EnvSchema.shape)) clean[k] = v;
  // Logging on, as in production; the log goes to a file rather than through a pipe the test would have to drain.
  const logFile = path.join(dir, 'server.log');
  const logFd = openSync(logFile, 'w');
  let server: ChildProcess | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    // --expose-gc and the collector are the test's: the server's own code runs as in production.
    server = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--import', COLLECTOR, path.join(PROJECT_ROOT, 'src', 'server.ts')], {
      cwd: PROJECT_ROOT,
      env: { ...clean, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', KEYS_DB: keysDb },
      stdio: ['ignore', logFd, logFd],
    });
    let base: string | undefined;
    // On two loaded cores (beside other test files) loading its modules took 5 to 12 s and its start 7 to 13 s more
    // (its "listening" line: modules_ms, startup_ms), past the 20 s this wait had.
    for (let i = 0; i < 1200 && !base; i++) {
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(server.exitCode, null, `the server exited:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
      base = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(readFileSync(logFile, 'utf8'))?.[1];
    }
    assert.ok(base, 'the server did not listen within 60 s');

    const har = path.join(dir, 'requests.har');
    const kinds = writeHar(har, base, key);

    // RSS follows the garbage collector's sawtooth, and how high it runs before a major collection depends on the
    // machine's load, not on what the server keeps; so the two readings are each taken after a full collection
    // (collectedRss): only what stays live counts, and a leak raises the second. The first waits for the server's
    // warm-up of its caches ("caches warmed"), which took 10 to 13 s from listening on two loaded cores.
    const samples: number[] = [];
    sampler = setInterval(() => {
      const mb = rssMb(server!.pid!);
      if (mb !== undefined) samples.push(mb);
    }, 500);
    const warm = await autocannon(base, har, WARMUP_SECONDS);
    assert.equal(warm.errors + warm.non2xx, 0, `warm-up: ${warm.errors} errors, ${warm.non2xx} non-2xx`);
    assert.ok(await logLine(logFile, 0, /"msg":"caches warmed"/, 60_000), 'the server did not log "caches warmed" within 60 s');
    const procfs = rssMb(server.pid!) !== undefined;
    const atWarm = procfs ? await collectedRss(server.pid!, logFile, 1) : undefined;

    const soak = await autocannon(base, har, SOAK_SECONDS);
    const peak = Math.max(...samples);
    clearInterval(sampler);
    const atEnd = procfs ? await collectedRss(server.pid!, logFile, 2) : undefined;
    t.diagnostic(`${kinds} request kinds; ${soak.requests.total} requests, ${soak.requests.average} req/s; latency p50 ${soak.latency.p50} ms, p99 ${soak.latency.p99} ms, max ${soak.latency.max} ms`);
    t.diagnostic(`RSS after a full collection: after warm-up ${atWarm?.mb?.toFixed(1)} MB, after the soak ${atEnd?.mb?.toFixed(1)} MB; peak before it ${peak.toFixed(1)} MB; load average ${os.loadavg()[0]!.toFixed(1)}`);
    if (atWarm && atEnd) t.diagnostic(`${atWarm.line}; ${atEnd.line}`);

    assert.equal(soak.errors, 0, 'connection errors');
    assert.equal(soak.timeouts, 0, 'timeouts');
    assert.equal(soak.non2xx, 0, 'non-2xx responses');
    assert.ok(soak.requests.total > SOAK_SECONDS * 50, `sustained load: only ${soak.requests.total} requests`);
    assert.equal(server.exitCode, null, 'the server is still up');
    const rssWarm = atWarm?.mb;
    const rssAfter = atEnd?.mb;
    if (rssWarm !== undefined && rssAfter !== undefined) {
      assert.ok(rssAfter - rssWarm < RSS_GROWTH_BOUND_MB, `RSS grew ${(rssAfter - rssWarm).toFixed(1)} MB (bound ${RSS_GROWTH_BOUND_MB} MB)`);
    } else {
      t.diagnostic('no /proc: the memory bound was not checked');
    }
    const health = await fetch(`${base}/healthz`);
    assert.equal(health.status, 200);
  } finally {
    clearInterval(sampler);
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      const killer = setTimeout(() => server!.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    closeSync(logFd);
    rmSync(dir, { recursive: true, force: true });
  }
});
