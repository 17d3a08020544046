// Discovery routes: the MCP server card, /llms.txt and the icon, as an agent or a registry crawler reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { PROJECT_ROOT } from '../../config/env.ts';
import { OPERATIONS } from '../../ops/registry.ts';
import { testAccess, testApp } from '../../../test/helpers.ts';

const BASE = 'http://localhost:8080'; // testConfig's PUBLIC_BASE_URL
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
/** Top-level members the card schema admits (additionalProperties: false), from the SEP-2127 extension's schema.json. */
const CARD_MEMBERS = ['$schema', '_meta', 'description', 'icons', 'name', 'remotes', 'repository', 'title', 'version', 'websiteUrl'];

async function toolNames(app: ReturnType<typeof testApp>): Promise<string[]> {
  const r = await app.inject({
    method: 'POST', url: '/mcp',
    headers: { host: 'localhost', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });
  return (r.json().result.tools as Array<{ name: string }>).map((t) => t.name);
}

test('server card: valid against the card schema, naming the endpoint, versions, key headers, icon and tools', async () => {
  const app = testApp();
  const r = await app.inject({ url: '/.well-known/mcp/server-card.json' });
  assert.equal(r.statusCode, 200);
  assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(r.headers['access-control-allow-origin'], '*');
  assert.equal(r.headers['cache-control'], 'public, max-age=3600');
  const card = r.json() as Record<string, any>;
  assert.deepEqual(Object.keys(card).filter((k) => !CARD_MEMBERS.includes(k)), [], 'no member the schema refuses');
  assert.equal(card.$schema, 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json');
  assert.match(card.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  assert.ok(card.description.length >= 1 && card.description.length <= 100, 'description of 1 to 100 characters');
  assert.equal(card.version, PACKAGE_VERSION);
  assert.equal(card.title, 'Model Data Service');
  assert.equal(card.websiteUrl, BASE);
  assert.deepEqual(card.icons, [{ src: `${BASE}/icon.svg`, mimeType: 'image/svg+xml', sizes: ['any'] }]);
  assert.equal(card.remotes.length, 1);
  const remote = card.remotes[0];
  assert.equal(remote.type, 'streamable-http');
  assert.equal(remote.url, `${BASE}/mcp`);
  assert.deepEqual(remote.supportedProtocolVersions, ['2025-06-18', '2025-11-25', '2026-07-28']);
  // The key is optional, by either header (docs/access.md); neither is required to connect.
  const headers = remote.headers.map((h: any) => [h.name, h.isRequired, h.isSecret]);
  assert.deepEqual(headers, [['x-api-key', false, true], ['Authorization', false, true]]);
  const meta = card._meta['dev.model-data/discovery'];
  assert.deepEqual(meta.authentication, { required: false, schemes: ['api-key', 'bearer'], header: 'x-api-key' });
  // The tools the card names are the ones the MCP endpoint lists.
  assert.deepEqual(meta.tools, await toolNames(app));
  assert.equal(meta.tools.length, OPERATIONS.length);
  await app.close();
});

test('server card: the same bytes at /mcp/server-card, its own media type on request, 304 and 406', async () => {
  const app = testApp();
  const a = await app.inject({ url: '/.well-known/mcp/server-card.json' });
  const b = await app.inject({ url: '/mcp/server-card', headers: { accept: 'application/mcp-server-card+json' } });
  assert.equal(b.headers['content-type'], 'application/mcp-server-card+json');
  assert.equal(b.body, a.body);
  const again = await app.inject({ url: '/.well-known/mcp/server-card.json', headers: { 'if-none-match': String(a.headers.etag) } });
  assert.equal(again.statusCode, 304);
  const html = await app.inject({ url: '/.well-known/mcp/server-card.json', headers: { accept: 'text/html' } });
  assert.equal(html.statusCode, 406);
  assert.equal(html.json().code, 'not_acceptable');
  const post = await app.inject({ method: 'POST', url: '/.well-known/mcp/server-card.json', payload: {} });
  assert.equal(post.statusCode, 405);
  await app.close();
});

test('llms.txt: title, summary, then sections of links; every operation with its REST path and tool name', async () => {
  const app = testApp();
  const r = await app.inject({ url: '/llms.txt' });
  assert.equal(r.statusCode, 200);
  assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
  const text = r.body;
  const lines = text.split('\n');
  // The llms.txt convention (llmstxt.org): an H1, then a blockquote, then H2 sections whose items are links.
  assert.equal(lines[0], '# Model Data Service');
  assert.match(lines[2]!, /^> .+/);
  const sections = lines.filter((l) => l.startsWith('## '));
  assert.deepEqual(sections, ['## Operations', '## API', '## MCP', '## Keys and limits']);
  const afterFirstSection = lines.slice(lines.indexOf('## Operations'));
  for (const l of afterFirstSection) if (l && !l.startsWith('## ')) assert.match(l, /^- \[[^\]]+\]\(http[^)]+\)(: .+)?$/, l);
  const ops = afterFirstSection.slice(2, afterFirstSection.indexOf('## API') - 1);
  assert.equal(ops.length, OPERATIONS.length, 'one line per operation');
  // Hand-written from the routes the README lists: the path and the tool name of two operations.
  assert.ok(ops.some((l) => l.includes('REST `GET /api/v1/cost/{model_id}`, MCP tool `estimate_cost`')));
  assert.ok(ops.some((l) => l.includes('REST `GET /api/v1/models/{model_id}`, MCP tool `get_model`')));
  // Each note is the description's first sentence, whole: an abbreviation does not cut it short.
  for (const l of ops) assert.match(l, /[a-z)]\. Example: http/, l);
  // DESIGN.md section 9: 60 a minute anonymous, 1,000 a day free, 50,000 a day pro.
  assert.match(text, /no key, 60 requests per minute per client address/);
  assert.match(text, /mds_free_\.\.\.`, 1,000 requests per day/);
  assert.match(text, /mds_pro_\.\.\.`, 50,000 requests per day/);
  assert.match(text, new RegExp(`\\(${BASE}/mcp\\)`));
  assert.match(text, new RegExp(`\\(${BASE}/api/v1/openapi\\.json\\)`));
  const md = await app.inject({ url: '/llms.txt', headers: { accept: 'text/markdown' } });
  assert.equal(md.headers['content-type'], 'text/markdown; charset=utf-8');
  await app.close();
});

test('llms.txt: every link it gives answers on this server (examples included)', async () => {
  const app = testApp();
  const text = (await app.inject({ url: '/llms.txt' })).body;
  const urls = [...text.matchAll(/\]\((http[^)]+)\)|Example: (\S+)/g)].map((m) => (m[1] ?? m[2])!);
  assert.ok(urls.length > OPERATIONS.length * 2);
  for (const u of urls) {
    assert.ok(u.startsWith(BASE), u);
    const url = u.slice(BASE.length).replace(/#.*$/, '');
    if (url === '/mcp') continue; // POST only: the MCP tests call it
    const r = await app.inject({ url });
    // The fixture dataset may lack an example's model or hardware: a problem with a code, never a missing route.
    const ok = r.statusCode === 200 || (r.statusCode === 404 && r.json().code !== 'not_found');
    assert.ok(ok, `${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
  }
  await app.close();
});

test('discovery resources are not counted against the quota', async () => {
  const access = testAccess({ quota: 1 });
  const app = testApp({ access });
  for (const url of ['/llms.txt', '/.well-known/mcp/server-card.json', '/icon.svg', '/llms.txt']) {
    assert.equal((await app.inject({ url })).statusCode, 200, url);
  }
  assert.equal(access.counted(), 0);
  await app.close();
});

test('icon: an SVG image with no script, event handler or external reference', async () => {
  const app = testApp();
  const r = await app.inject({ url: '/icon.svg' });
  assert.equal(r.statusCode, 200);
  assert.equal(r.headers['content-type'], 'image/svg+xml');
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(r.body) as Record<string, any>;
  assert.equal(doc.svg['@xmlns'], 'http://www.w3.org/2000/svg');
  assert.doesNotMatch(r.body, /<script|\son[a-z]+=|href=|url\(/i);
  assert.ok(r.body.length < 2048, 'small');
  await app.close();
});
