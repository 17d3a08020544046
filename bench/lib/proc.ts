// Child processes for the benchmark: spawn a TypeScript entry under node, wait until it answers, read its memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { PROJECT_ROOT } from '../../src/config/env.ts';

/** Whether `port` can be bound on 127.0.0.1 now (0: any port the kernel hands out); the port bound, or undefined. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(undefined));
    s.listen(port, '127.0.0.1', () => {
      const addr = s.address();
      const bound = typeof addr === 'object' && addr ? addr.port : undefined;
      s.close(() => resolve(bound));
    });
  });
}

/**
 * A port free now, and again by the time the child binds it (a small race we accept): the first free one of
 * BENCH_PORTS (`18810-18819`) when set, so that runs on a shared machine keep to the ports given them; else one the
 * kernel hands out.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) {
    const any = await tryPort(0);
    if (any === undefined) throw new Error('no free port');
    return any;
  }
  for (let p = Number(range[1]); p <= Number(range[2]); p++) if ((await tryPort(p)) !== undefined) return p;
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}

export type Child = { process: ChildProcess; pid: number; exited: Promise<number | null>; stderr: () => string };

/**
 * Run `node --import tsx <script>` (or plain `node <script>` for a built .mjs) from the project root. Node itself is the child (not the tsx CLI, which would
 * fork another process), so the pid is the server's and /proc/<pid>/status is its memory. stdout goes to
 * `stdoutFile` (the service's log) or nowhere; stderr is kept for error messages.
 */
export function spawnNode(
  script: string, args: readonly string[], env: Record<string, string | undefined>, stdoutFile?: string, nodeArgs: readonly string[] = [],
): Child {
  const out = stdoutFile ? openSync(stdoutFile, 'a') : 'ignore';
  const loader = script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script, ...args], {
    cwd: PROJECT_ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', out, 'pipe'],
  });
  if (typeof out === 'number') closeSync(out);
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    if (err.length < 20_000) err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  return { process: child, pid: child.pid, exited, stderr: () => err };
}

/** Poll `url` until it answers 200; returns the milliseconds since `since` (performance.now()). */
export async function waitUntilOk(url: string, child: Child, since: number, timeoutMs = 30_000): Promise<number> {
  let dead = false;
  void child.exited.then(() => (dead = true));
  while (performance.now() - since < timeoutMs) {
    if (dead) throw new Error(`${url}: the process exited before it was ready:\n${child.stderr().slice(-2000)}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url}: not ready after ${timeoutMs} ms:\n${child.stderr().slice(-2000)}`);
}

export type Memory = { rss_mb: number; peak_rss_mb: number };

/** Resident memory now (VmRSS) and its high-water mark (VmHWM), in MB (10^6 bytes), from /proc. */
export function readMemory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss_mb: (kb('VmRSS') * 1024) / 1e6, peak_rss_mb: (kb('VmHWM') * 1024) / 1e6 };
}

/**
 * CPU time the process has used so far (user + system, all its threads), in milliseconds, from /proc/<pid>/stat.
 * Per request it is the cost a busy shared machine disturbs least: waiting for a core is not counted.
 */
export function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are the 14th and 15th.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}

/** The system (kernel) part of `readCpuMs`, in milliseconds: a socket's writes and the memory the process maps. */
export function readSysCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[12]) * 1000) / CLOCK_TICKS;
}

/** Minor page faults so far (memory the kernel maps for the process on first touch), from /proc/<pid>/stat. */
export function readMinorFaults(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
}

/** USER_HZ: the unit of /proc/<pid>/stat times, 100 on Linux for every architecture the service runs on. */
const CLOCK_TICKS = 100;

/** SIGTERM, then SIGKILL if the child has not exited after `graceMs`. */
export async function stopChild(child: Child, graceMs = 5_000): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** The environment a benchmark child gets: PATH and HOME only, plus `extra` (no REDIS_URL, DATABASE_URL leaking in). */
export function childEnv(extra: Record<string, string>): Record<string, string | undefined> {
  return { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...extra };
}

/** A helper server running in its own process (the ceiling, the naive SDK server). */
export type RunningServer = { url: string; pid: number; memory(): Memory; stop(): Promise<void> };

/** Spawn `script` on a free port (passed as its last argument) and wait until `readyPath` answers 200. */
export async function startServerProcess(script: string, args: readonly string[], readyPath: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawnNode(script, [...args, String(port)], childEnv({}));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilOk(url + readyPath, child, performance.now());
  } catch (e) {
    await stopChild(child);
    throw e;
  }
  return { url, pid: child.pid, memory: () => readMemory(child.pid), stop: () => stopChild(child) };
}
