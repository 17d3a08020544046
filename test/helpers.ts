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

const MCP_HEADERS = { host: 'localhost', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** One MCP tools/call through the app (no initialize needed), its `result` whether the reply is JSON or an event stream. */
export async function mcpCall(app: FastifyInstance, name: string, args: Record<string, unknown>): Promise<any> {
  const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  const r = await app.inject({ method: 'POST', url: '/mcp', headers: MCP_HEADERS, payload });
  const body = String(r.headers['content-type'] ?? '').includes('text/event-stream')
    ? JSON.parse(r.body.split('\n').find((l) => l.startsWith('data:'))!.slice(5)) : r.json();
  return body.result;
}
