// server.json, the MCP Registry entry in the project root: valid for its schema, in step with package.json and the card.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { testApp } from './helpers.ts';

const read = (file: string) => JSON.parse(readFileSync(path.join(PROJECT_ROOT, file), 'utf8')) as Record<string, any>;
const server = read('server.json');
const pkg = read('package.json');

test('server.json: the version is package.json\'s', () => {
  assert.equal(server.version, pkg.version);
});

test('server.json: the required fields of the registry schema (2025-12-11), with their limits', () => {
  // From https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json: name, description and version
  // are required; name is reverse-DNS with one slash (3 to 200 characters); description 1 to 100 characters.
  assert.equal(server.$schema, 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
  assert.match(server.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  assert.ok(server.name.length >= 3 && server.name.length <= 200);
  assert.equal(typeof server.description, 'string');
  assert.ok(server.description.length >= 1 && server.description.length <= 100, `${server.description.length} characters`);
  assert.doesNotMatch(server.version, /^[\^~>=<]|\.x$|\*/, 'a version, not a range');
  // A remote server: streamable HTTP at /mcp; the deployment's host is a variable the URL names.
  assert.equal(server.remotes.length, 1);
  const remote = server.remotes[0];
  assert.equal(remote.type, 'streamable-http');
  assert.match(remote.url, /^https:\/\/\{host\}\/mcp$/);
  assert.equal(remote.variables.host.isRequired, true);
  assert.equal(server.packages, undefined, 'no package: the service is run from its repository, not installed by a client');
});

test('server.json and the served server card agree on identity and key headers', async () => {
  const app = testApp();
  const card = (await app.inject({ url: '/.well-known/mcp/server-card.json' })).json() as Record<string, any>;
  await app.close();
  for (const k of ['name', 'title', 'description', 'version']) assert.equal(card[k], server[k], k);
  assert.deepEqual(card.remotes[0].headers, server.remotes[0].headers);
});
