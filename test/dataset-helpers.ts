// Test helpers that do not import the app: an in-test access control, a config and the fixture or committed dataset.
// A test that never builds an app imports these from here: importing src/app.ts (fastify, every route) costs a
// process 1 to 2 s of CPU, paid by every file that imports test/helpers.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AccessControl, Principal, Tier } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR, parseConfig, PROJECT_ROOT, type Config } from '../src/config/env.ts';
import type { Dataset } from '../src/dataset/dataset.ts';
import { aDataset, aHardware, aModel, anOffer, aProvider, aRating, aSource, f } from '../src/dataset/fixtures.ts';
import { committedDataset } from './committed-dataset.ts';
import { ServiceError } from '../src/errors/index.ts';

/** The shared data beside the project (CI has it as ../shared/data), resolved from the project root. */
export const SHARED_DATA = path.resolve(PROJECT_ROOT, '..', 'shared', 'data');

export type TestAccessOptions = {
  /** Raw keys this access control knows, with their tier. Any other key is invalid_api_key. */
  keys?: Record<string, Tier>;
  /** Requests allowed per subject before 429 (default: unlimited). */
  quota?: number;
};

/** Anonymous and unlimited by default, with no headers: the real access control is tested in src/access/. */
export function testAccess(opts: TestAccessOptions = {}): AccessControl & { counted: () => number } {
  const used = new Map<string, number>();
  let counted = 0;
  return {
    async authenticate(apiKey, clientIp): Promise<Principal> {
      if (apiKey === undefined) return { tier: 'anonymous', subject: `ip:${clientIp}`, quota: opts.quota ?? 1e9, windowSeconds: 60, full: false };
      const tier = opts.keys?.[apiKey];
      if (!tier) throw new ServiceError('invalid_api_key', 'This API key is not known to this service.');
      return { tier, keyId: apiKey.slice(-6), subject: `key:${apiKey}`, quota: opts.quota ?? 1e9, windowSeconds: 86400, full: tier === 'pro' || tier === 'enterprise' };
    },
    async consume(principal) {
      const n = (used.get(principal.subject) ?? 0) + 1;
      used.set(principal.subject, n);
      const allowed = opts.quota === undefined || n <= opts.quota;
      if (allowed) counted++;
      if (opts.quota === undefined) return { allowed: true, headers: {}, resetSeconds: 60 };
      const headers: Record<string, string> = {
        'RateLimit-Policy': `"${principal.tier}";q=${opts.quota};w=60`,
        RateLimit: `"${principal.tier}";r=${Math.max(0, opts.quota - n)};t=60`,
      };
      if (!allowed) headers['Retry-After'] = '60';
      return { allowed, headers, resetSeconds: 60 };
    },
    health: () => ({ status: 'ok', details: { limiter: 'test' } }),
    async close() {},
    counted: () => counted,
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({ PUBLIC_BASE_URL: 'http://localhost:8080', LOG_LEVEL: 'silent', ...env });
}

/** A few models, offers, ratings and a hardware configuration: enough for every operation to find something. */
export function fixtureDataset(): Dataset {
  return aDataset({
    sources: [aSource(), aSource({ id: 'vendor-page', name: 'Vendor page', kind: 'vendor', url: 'https://example.org/vendor' })],
    models: [
      aModel({ id: 'alpha-7b', open_weights: f(true), context_window: f(131072), release_date: f('2026-01-15'), parameters_total: f(7e9), aliases: ['acme/alpha-7b'] }),
      aModel({ id: 'beta-70b', open_weights: f(true), context_window: f(131072), release_date: f('2026-03-01'), parameters_total: f(70e9) }),
      aModel({ id: 'gamma-pro', vendor: 'other', open_weights: f(false), context_window: f(200000, 'vendor-page') }),
    ],
    providers: [aProvider({ id: 'acme' })],
    offers: [anOffer({ model_id: 'alpha-7b' }), anOffer({ model_id: 'gamma-pro', prices: { input: f(3), output: f(15) } })],
    ratings: [aRating({ model_id: 'alpha-7b', rating: 1300, rating_lower: 1290, rating_upper: 1310 }), aRating({ model_id: 'gamma-pro', rating: 1450, rating_lower: 1440, rating_upper: 1460 })],
    hardware: [aHardware({ id: 'rtx-4090' })],
  });
}

let committed: Dataset | undefined;
/** The committed dataset when the project has one (examples must succeed there), else the fixture. */
export function servedDataset(): { dataset: Dataset; committed: boolean } {
  if (existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'))) {
    committed ??= committedDataset();
    return { dataset: committed, committed: true };
  }
  return { dataset: fixtureDataset(), committed: false };
}

