// The paced load client: requests sent at a fixed rate whatever the answers do (open loop), in its own process.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../src/config/env.ts';
import { ResponseReader } from './http-reader.ts';
import { isMain } from './main.ts';
import { percentile, summarize } from './stats.ts';

/*
 * Why not autocannon's --overallRate: autocannon gives each connection a quota of rate/connections requests per
 * second, sends them back to back as fast as the server answers, then waits for the next second. The requests
 * come in bursts at the saturated rate followed by idle time, so its latencies are those of saturation during
 * the bursts. Here request k is due at start + k / rate, on the first free connection.
 */

export type PacedRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  /** Requests per second offered, evenly spaced. */
  rate: number;
  durationSec: number;
  /** How long after the last request was due the client still waits for answers (default 10 s). */
  drainSec?: number;
  /**
   * runPaced only: seconds paced first, on their own connections, and discarded. Each run is a fresh process, and
   * its first second or so runs the client's own code unoptimized, which would add the client's time to the figures.
   */
  warmupSec?: number;
};

export type PacedResult = {
  offeredRps: number;
  /** Answers received per second, from the first request's due time to the last answer. */
  rps: number;
  /** Requests due in the run (rate x duration). */
  total: number;
  /**
   * Latency of the 2xx answers in milliseconds (fractional), counted from the time each request was due, not
   * from when it was written: a request that waited for a free connection (all busy) or for a late client counts
   * its wait, so a slow server cannot hide its effect on the requests behind (coordinated omission).
   */
  p50: number;
  p99: number;
  max: number;
  /** p99 of write time minus due time: how far behind its schedule the client sent (busy connections, its own lag). */
  sendLagP99: number;
  non2xx: number;
  errors: number;
  /** Requests still unanswered `drainSec` after the last one was due. */
  timeouts: number;
  /** The first error's message, if any, so a failed run says why. */
  firstError?: string;
};


/** The bytes of one request, written as they are for every request of the run. */
export function requestBytes(url: URL, req: Pick<PacedRequest, 'method' | 'headers' | 'body'>): Buffer {
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`];
  for (const [k, v] of Object.entries(req.headers)) lines.push(`${k}: ${v}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

type Conn = { socket: net.Socket; reader: ResponseReader; due: number | undefined };

/** Runs the paced load in this process. Used by the child that runPaced starts. */
export async function pace(req: PacedRequest): Promise<PacedResult> {
  const url = new URL(req.url);
  const bytes = requestBytes(url, req);
  const total = Math.max(1, Math.round(req.rate * req.durationSec));
  const interval = 1000 / req.rate;
  const latencies: number[] = [];
  const lags: number[] = [];
  /** Requests finished: answered, or failed with their connection. */
  let answered = 0;
  let responses = 0;
  let non2xx = 0;
  let errors = 0;
  let firstError: string | undefined;
  let lastAnswerAt = 0;
  let stopping = false;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const idle: Conn[] = [];
  /** Due times of requests that found every connection busy, sent in order as connections free up. */
  const waiting: number[] = [];
  let nextWaiting = 0;
  let scheduled = 0;

  const send = (c: Conn, due: number): void => {
    c.due = due;
    lags.push(performance.now() - due);
    c.socket.write(bytes);
  };
  const release = (c: Conn): void => {
    if (nextWaiting < waiting.length) send(c, waiting[nextWaiting++]);
    else idle.push(c);
  };
  const settle = (): void => {
    if (scheduled === total && answered === total) finish();
  };
  const fail = (message: string): void => {
    errors++;
    firstError ??= message;
  };

  /** Opens (or reopens) `c`'s connection; `ready` is told once the first one is open or has failed. */
  const connect = (c: Conn, ready?: (err?: Error) => void): void => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 80), noDelay: true });
    c.socket = socket;
    c.reader = new ResponseReader();
    let connected = false;
    let lastError: Error | undefined;
    socket.once('connect', () => {
      connected = true;
      if (ready) ready();
      else release(c);
    });
    socket.on('data', (chunk: Buffer) => {
      let statuses: number[];
      try {
        statuses = c.reader.push(chunk);
      } catch (e) {
        return void socket.destroy(e as Error);
      }
      for (const status of statuses) {
        const now = performance.now();
        if (c.due === undefined) return void socket.destroy(new Error('an answer to no request'));
        if (status >= 200 && status < 300) latencies.push(now - c.due);
        else non2xx++;
        c.due = undefined;
        answered++;
        responses++;
        lastAnswerAt = now;
        release(c);
      }
      settle();
    });
    socket.on('error', (e) => (lastError = e));
    socket.once('close', () => {
      if (stopping) return;
      if (!connected && ready) return ready(lastError ?? new Error('closed before connecting'));
      const i = idle.indexOf(c);
      if (i >= 0) idle.splice(i, 1);
      if (c.due !== undefined) {
        fail(lastError?.message ?? 'connection closed before the answer');
        c.due = undefined;
        answered++;
        settle();
      }
      // A server may close an idle keep-alive connection; the client opens another, as a real one would.
      setTimeout(() => !stopping && connect(c), 10);
    });
  };

  const conns: Conn[] = [];
  try {
    await Promise.all(Array.from({ length: req.connections }, () => new Promise<void>((resolve, reject) => {
      const c = { due: undefined } as Conn;
      conns.push(c);
      connect(c, (err) => (err ? reject(err) : (idle.push(c), resolve())));
    })));
  } catch (e) {
    stopping = true;
    for (const c of conns) c.socket.destroy();
    throw e;
  }

  const start = performance.now() + 5;
  const tick = (): void => {
    const now = performance.now();
    for (; scheduled < total && start + scheduled * interval <= now; scheduled++) {
      const due = start + scheduled * interval;
      const c = idle.shift();
      if (c) send(c, due);
      else waiting.push(due);
    }
    if (scheduled < total) return void setTimeout(tick, Math.max(1, Math.floor(start + scheduled * interval - now)));
    // Whatever is still unanswered after the drain time counts as timed out.
    drain = setTimeout(finish, 1000 * (req.drainSec ?? 10));
    settle();
  };
  let drain: NodeJS.Timeout | undefined;
  setTimeout(tick, 5);
  await finished;
  clearTimeout(drain);
  stopping = true;
  for (const c of conns) c.socket.destroy();

  const s = summarize(latencies);
  const elapsedSec = (lastAnswerAt - start) / 1000;
  return {
    offeredRps: req.rate, rps: elapsedSec > 0 ? responses / elapsedSec : 0, total,
    p50: s.p50, p99: s.p99, max: s.max, sendLagP99: percentile(lags.sort((a, b) => a - b), 99),
    non2xx, errors, timeouts: total - answered, ...(firstError ? { firstError } : {}),
  };
}

/** Runs the paced load in a child process, so that its work is not done by the orchestrator's event loop. */
export async function runPaced(req: PacedRequest): Promise<PacedResult> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(req)], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`paced client exited ${code}: ${stderr.slice(-1000)}`))));
  });
  return JSON.parse(out) as PacedResult;
}

if (isMain(import.meta.url)) {
  const req = JSON.parse(process.argv[2] ?? '') as PacedRequest;
  if (req.warmupSec) await pace({ ...req, durationSec: req.warmupSec });
  process.stdout.write(`${JSON.stringify(await pace(req))}\n`);
  process.exit(0);
}
