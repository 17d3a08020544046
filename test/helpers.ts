// Test helpers for the surfaces: a listening app, beside the light helpers (test/dataset-helpers.ts) it re-exports.
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.ts';
import { fixtureDataset, testAccess, testConfig } from './dataset-helpers.ts';

export * from './dataset-helpers.ts';

export function testApp(over: Partial<AppOptions> = {}): FastifyInstance {
  return buildApp({ config: testConfig(), dataset: fixtureDataset(), access: testAccess(), today: () => '2026-08-01', ...over });
}

/** Listen on 127.0.0.1 at a free port; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return `http://127.0.0.1:${addr.port}`;
}
