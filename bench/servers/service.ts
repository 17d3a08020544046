// The real service as the benchmark runs it: a child process with logging on (to a file) and real access control.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../scripts/build.ts';
import { createKeyStore, issueKey } from '../../src/access/index.ts';
import { PROJECT_ROOT } from '../../src/config/env.ts';
import { childEnv, freePort, readMemory, spawnNode, stopChild, waitUntilOk, type Child, type Memory } from '../lib/proc.ts';

/**
 * A pro key with a raised daily quota: a 10 s run at several thousand requests per second would pass the pro
 * default (50,000 a day) and turn the rest of the run into 429s. The limiter still counts every request.
 */
export const BENCH_KEY_QUOTA = 1_000_000_000;

export type RunningService = {
  url: string;
  pid: number;
  apiKey: string;
  logFile: string;
  /** Milliseconds from spawn to the first 200 from /readyz. */
  readyMs: number;
  memory(): Memory;
  /** Lines the service has logged so far (one per request at LOG_LEVEL=info). */
  logLines(): number;
  /** What the server's log said when /readyz first answered 200. */
  atReady: ReadyLog;
  /** What /readyz says access control runs on (limiter, key store). */
  access: Record<string, string>;
  stop(): Promise<void>;
};

export type ServiceOptions = {
  logLevel?: string;
  dataDir?: string;
  /** Node flags for the service (bench/cold-server-profile.ts: --cpu-prof). */
  nodeArgs?: readonly string[];
};

/**
 * Node flags to try on the service without changing how it starts (BENCH_SERVICE_NODE_ARGS, space-separated, e.g.
 * `--max-semi-space-size=64`): a flag earns its place in `npm start` only with figures from the same run beside it.
 */
function extraNodeArgs(): string[] {
  return (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

let bundle: Promise<string> | undefined;
/**
 * The service as `npm start` runs it: the bundle, built once per benchmark run from the current sources (into a
 * directory of the run's own inside the project, where it finds data/ as dist/server.mjs does).
 */
function serverBundle(): Promise<string> {
  if (!bundle) {
    const dir = path.join(PROJECT_ROOT, 'dist', `bench-${process.pid}`);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    bundle = buildServer(dir);
  }
  return bundle;
}

/** A temp directory holding KEYS_DB (with one issued pro key) and the service's log file. */
export async function prepareKeys(dir: string): Promise<{ keysDb: string; apiKey: string }> {
  const keysDb = path.join(dir, 'keys.sqlite');
  const store = await createKeyStore({ keysDb, databaseUrl: undefined });
  try {
    const { key } = await issueKey(store, { tier: 'pro', quota: BENCH_KEY_QUOTA, owner: 'benchmark' });
    return { keysDb, apiKey: key };
  } finally {
    await store.close();
  }
}

export async function startService(opts: ServiceOptions = {}): Promise<RunningService> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-bench-'));
  const { keysDb, apiKey } = await prepareKeys(dir);
  const logFile = path.join(dir, 'service.log');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = childEnv({
    PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: url, LOG_LEVEL: opts.logLevel ?? 'info', KEYS_DB: keysDb,
    ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}),
  });
  const script = await serverBundle();
  const started = performance.now();
  let child: Child | undefined;
  try {
    child = spawnNode(script, [], env, logFile, opts.nodeArgs ?? extraNodeArgs());
    const readyMs = await waitUntilOk(`${url}/readyz`, child, started);
    const atReady = readStartLog(logFile);
    const ready = (await (await fetch(`${url}/readyz`)).json()) as { access: Record<string, string> };
    const c = child;
    return {
      url, pid: c.pid, apiKey, logFile, readyMs, access: ready.access, atReady,
      memory: () => readMemory(c.pid),
      logLines: () => countLines(logFile),
      async stop() {
        await stopChild(c);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    if (child) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

function countLines(file: string): number {
  if (statSync(file, { throwIfNoEntry: false }) === undefined) return 0;
  const buf = readFileSync(file);
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

export type ReadyLog = {
  /** From the `listening` line: Node starting and loading the modules, up to the start of main() (the server's clock). */
  modulesMs?: number;
  /** From the `listening` line: start of main() to listening, as the server measures it. */
  startupMs?: number;
  /** From the `caches warmed` line: the warm-up's wall time (requests are answered during it) and its busy time. */
  warmMs?: number;
  warmBusyMs?: number;
};

/** The server's own start-up lines (pino JSON) as far as they are written. */
export function readStartLog(file: string): ReadyLog {
  const out: ReadyLog = {};
  for (const line of readFileSync(file, 'utf8').split('\n', 50)) {
    if (line.includes('"msg":"listening"')) {
      const j = JSON.parse(line) as { modules_ms?: number; startup_ms?: number };
      out.modulesMs = j.modules_ms;
      out.startupMs = j.startup_ms;
    }
    if (line.includes('"msg":"caches warmed"')) {
      const j = JSON.parse(line) as { warm_ms?: number; busy_ms?: number };
      out.warmMs = j.warm_ms;
      out.warmBusyMs = j.busy_ms;
    }
  }
  return out;
}

/** Wait (at most `ms`) until the server has logged the end of its warm-up. */
export async function waitForWarm(file: string, ms = 15_000): Promise<ReadyLog> {
  const deadline = performance.now() + ms;
  for (;;) {
    const log = readStartLog(file);
    if (log.warmMs !== undefined || performance.now() > deadline) return log;
    await new Promise((r) => setTimeout(r, 20));
  }
}
