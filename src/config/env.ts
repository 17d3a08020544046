// The environment schema: the only reader of process.env, parsed once at start (DESIGN.md section 13).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The nearest directory above this module with a package.json: src/config/ when run from source, dist/ when run
 * from the built bundle (npm start), so both find the same data/ and package.json.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../..');
  }
}

const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The committed dataset, served when DATA_DIR is not set. */
export const DEFAULT_DATA_DIR = path.join(projectRoot, 'data', 'dataset');
export const PROJECT_ROOT = projectRoot;

const Port = z.coerce.number().int().min(0).max(65535);
const Url = z.string().url();

/** TRUST_PROXY: `false` (default), `true` (any hop: only behind a proxy you control), a hop count, or addresses/CIDRs. */
const TrustProxy = z
  .string()
  .transform((s): boolean | number | string[] => {
    const t = s.trim().toLowerCase();
    if (t === '' || t === 'false' || t === '0') return false;
    if (t === 'true') return true;
    if (/^\d+$/.test(t)) return Number(t);
    return t.split(',').map((x) => x.trim()).filter(Boolean);
  });

export const EnvSchema = z.object({
  PORT: Port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_BASE_URL: Url.optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxy.default(false),
  KEYS_DB: z.string().min(1).default(path.join(projectRoot, 'keys.sqlite')),
  DATABASE_URL: Url.optional(),
  REDIS_URL: Url.optional(),
  /** Comma-separated host names accepted in Host/Origin at /mcp; default: localhost names plus PUBLIC_BASE_URL's host. */
  ALLOWED_HOSTS: z.string().optional(),
  /** Seconds a key lookup is cached in-process: the bound on how long a revoked key keeps working. */
  KEY_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Per-request time limit in milliseconds (Fastify connection and request timeouts). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(10000),
  /** Bearer token that opens GET /metrics to non-loopback callers; unset, /metrics answers loopback only. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').max(512).optional(),
  /** Seconds between checks of DATA_DIR for a new dataset (reloaded only when its files changed); 0: off, SIGHUP only. */
  DATA_RELOAD_INTERVAL: z.coerce.number().int().min(0).max(86400).default(0),
  /** Milliseconds a shutdown (SIGTERM/SIGINT) waits for responses in flight to be read before exiting anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600000).default(30000),
});

export type Config = {
  port: number;
  host: string;
  publicBaseUrl: string;
  dataDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: boolean | number | string[];
  keysDb: string;
  databaseUrl?: string;
  redisUrl?: string;
  allowedHosts: string[];
  keyCacheTtlSeconds: number;
  requestTimeoutMs: number;
  metricsToken?: string;
  /** 0: no periodic check. */
  reloadIntervalSeconds: number;
  shutdownGraceMs: number;
};

export class ConfigError extends Error {}

/** Parse the environment once; an invalid value stops the start with a message naming the variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/$/, '');
  const baseHost = new URL(publicBaseUrl).hostname;
  const allowedHosts = e.ALLOWED_HOSTS
    ? e.ALLOWED_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)
    : [...new Set(['localhost', '127.0.0.1', '[::1]', baseHost.toLowerCase()])];
  return {
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    keysDb: e.KEYS_DB,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    allowedHosts,
    keyCacheTtlSeconds: e.KEY_CACHE_TTL_SECONDS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    reloadIntervalSeconds: e.DATA_RELOAD_INTERVAL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  };
}
