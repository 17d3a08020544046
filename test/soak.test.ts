// Soak (issue 7.5): 30 s of sustained load from autocannon, a separate process, against the real server as a child
// process on loopback, with the real access control and logging on. Every operation and an MCP tool call in the
// mix; zero errors and zero non-2xx, and resident memory after the soak within a stated bound of after warm-up.
// SOAK_SECONDS=60 runs the minute it ran before; the memory budget of record is the benchmark's 60 s cold soak
// (docs/performance.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueKey } from '../src/access/index.ts';
import { createSqliteKeyStore } from '../src/access/key-store-sqlite.ts';
import { DEFAULT_DATA_DIR, EnvSchema, PROJECT_ROOT } from '../src/config/env.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { restUrl } from '../src/surfaces/rest/url.ts';

const AUTOCANNON = path.join(PROJECT_ROOT, 'node_modules', 'autocannon', 'autocannon.js');
/**
 * 30 s, not 60. The 60 s soak read its trough over its last 30 s and the idle after it: with a leak, that lowest
 * reading is about the one 30 s into the soak, so it saw what 30 s of requests leaked. Read over the idle after the soak,
 * 30 s of load shows the same leak. In the last 23 CI runs the 60 s soak answered 140,600 to 284,740 requests (so
 * 70,000 or more in 30 s), and the trough after it sat 21.5 MB below to 24 MB above the trough after warm-up: a leak
 * of 1.5 KB a request (a request's URL and headers kept) adds over 100 MB in 30 s and fails the bound below.
 */
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 30);
const WARMUP_SECONDS = 5;
/** Idle after warm-up and after the soak: V8's memory reducer collects about 8 s after allocation stops. */
const SETTLE_SECONDS = 12;
const CONNECTIONS = 20;
/**
 * Resident memory may grow this much from after warm-up to after the soak. The garbage collector's sawtooth alone
 * spans about 60 MB at this load; read at its troughs (below) the growth measured 0 to 40 MB in trial runs and
 * -21.5 to +24 MB in CI (read over the soak's last 30 s too), and a leak of 1.5 KB a request adds over 100 MB in 30 s.
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

test(`soak: ${SOAK_SECONDS} s at ${CONNECTIONS} connections over every operation and MCP: no errors, no non-2xx, bounded memory`, { skip, timeout: (SOAK_SECONDS + WARMUP_SECONDS + SETTLE_SECONDS + 60) * 1000 }, async (t) => {
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
    server = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'src', 'server.ts')], {
      cwd: PROJECT_ROOT,
      env: { ...clean, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', KEYS_DB: keysDb },
      stdio: ['ignore', logFd, logFd],
    });
    let base: string | undefined;
    for (let i = 0; i < 400 && !base; i++) {
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(server.exitCode, null, `the server exited:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
      base = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(readFileSync(logFile, 'utf8'))?.[1];
    }
    assert.ok(base, 'the server did not listen within 20 s');

    const har = path.join(dir, 'requests.har');
    const kinds = writeHar(har, base, key);

    // RSS follows the garbage collector's sawtooth (about 60 MB peak to trough, a cycle every 20 to 45 s), so the
    // readings are taken near troughs, which is what stays live: after warm-up and after the soak the server idles
    // until V8's memory reducer has collected; after the soak the lowest reading of that idle counts. A leak raises
    // every trough. (The lowest reading of the soak's last 30 s, read until the soak was 30 s, would now include its
    // first seconds, before a leak has grown.)
    const samples: Array<{ at: number; mb: number }> = [];
    sampler = setInterval(() => {
      const mb = rssMb(server!.pid!);
      if (mb !== undefined) samples.push({ at: Date.now(), mb });
    }, 500);
    const warm = await autocannon(base, har, WARMUP_SECONDS);
    assert.equal(warm.errors + warm.non2xx, 0, `warm-up: ${warm.errors} errors, ${warm.non2xx} non-2xx`);
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
    const rssWarm = rssMb(server.pid!);

    const soak = await autocannon(base, har, SOAK_SECONDS);
    const soakEnd = Date.now();
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
    clearInterval(sampler);
    const tail = samples.filter((x) => x.at >= soakEnd).map((x) => x.mb);
    const rssAfter = tail.length ? Math.min(...tail) : undefined;
    const peak = Math.max(...samples.map((x) => x.mb));
    t.diagnostic(`${kinds} request kinds; ${soak.requests.total} requests, ${soak.requests.average} req/s; latency p50 ${soak.latency.p50} ms, p99 ${soak.latency.p99} ms, max ${soak.latency.max} ms`);
    t.diagnostic(`RSS after warm-up ${rssWarm?.toFixed(1)} MB, after the soak ${rssAfter?.toFixed(1)} MB (idle trough), peak ${peak.toFixed(1)} MB`);

    assert.equal(soak.errors, 0, 'connection errors');
    assert.equal(soak.timeouts, 0, 'timeouts');
    assert.equal(soak.non2xx, 0, 'non-2xx responses');
    assert.ok(soak.requests.total > SOAK_SECONDS * 50, `sustained load: only ${soak.requests.total} requests`);
    assert.equal(server.exitCode, null, 'the server is still up');
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
