// Contract: a licence's conditions (the licence table's note) reach the user on get_model and get_trust_profile, on
// REST and MCP alike, in partial answers as in full ones.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { listen, servedDataset, testAccess, testApp } from './helpers.ts';

const PRO_KEY = 'mds_pro_0123456789abcdefghijklmnopqrstuv';
const { dataset, committed } = servedDataset();
const skip = !committed && 'no committed dataset';
type Out = Record<string, any>;

// data/curated/licences.csv, row "llama 3.3 community", column note (quoted from the file).
const LLAMA_33 = 'Commercial use allowed, except that a licensee whose products had more than 700 million monthly active users on the '
  + 'release date needs a licence from Meta; the acceptable use policy applies.';
// data/curated/licences.csv, row "qwen": "Commercial use allowed below 100 million monthly active users, ...".
const QWEN = /^Commercial use allowed below 100 million monthly active users, above that a licence from Alibaba Cloud is needed\./;

let app: FastifyInstance;
let client: Client;

before(async () => {
  app = testApp({ dataset, access: testAccess({ keys: { [PRO_KEY]: 'pro' } }), today: () => '2026-11-26' });
  const base = await listen(app);
  client = new Client({ name: 'licence-conditions-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
});

after(async () => {
  await client?.close();
  await app?.close();
});

const rest = async (url: string, key?: string): Promise<Out> =>
  (await app.inject({ url, headers: key ? { 'x-api-key': key } : {} })).json();
const mcp = async (name: string, args: Out): Promise<Out> => (await client.callTool({ name, arguments: args })).structuredContent as Out;

test('get_model: Llama 3.3 70B\'s licence says commercial use with the 700M MAU condition, anonymous and pro, REST and MCP', { skip }, async () => {
  const anon = await rest('/api/v1/models/llama-3.3-70b-instruct');
  assert.equal(anon.licence.value.commercial_use, true);
  assert.ok(anon.licence.value.conditions.startsWith(LLAMA_33), anon.licence.value.conditions);
  const pro = await rest('/api/v1/models/llama-3.3-70b-instruct', PRO_KEY);
  assert.equal(pro.licence.value.conditions, anon.licence.value.conditions);
  assert.deepEqual((await mcp('get_model', { model_id: 'llama-3.3-70b-instruct' })).licence.value, anon.licence.value);
});

test('get_trust_profile: compliance names the conditions beside commercial_use; the licence criterion\'s evidence names them', { skip }, async () => {
  const anon = await rest('/api/v1/trust/llama-3.3-70b-instruct');
  assert.ok(anon.compliance.licence_conditions.startsWith(LLAMA_33), anon.compliance.licence_conditions);
  assert.equal(anon.compliance.licence.value.conditions, anon.compliance.licence_conditions);
  assert.equal(anon.criteria, undefined, 'partial answers leave the criteria out');
  const pro = await rest('/api/v1/trust/llama-3.3-70b-instruct', PRO_KEY);
  const crit = (pro.criteria as Out[]).find((c) => c.id === 'open_licence');
  assert.equal(crit?.status, 'not_met');
  assert.match(crit?.evidence.detail, /700 million monthly active users/);
  assert.deepEqual((await mcp('get_trust_profile', { model_id: 'llama-3.3-70b-instruct' })).compliance, anon.compliance);
});

test('a Qwen model carries the 100M MAU condition; an Apache-2.0 model carries none (null, not a filler)', { skip }, async () => {
  const qwen = dataset.models.find((m) => m.licence?.value.id === 'qwen');
  assert.ok(qwen, 'a model under the Qwen licence');
  assert.match((await rest(`/api/v1/trust/${qwen.id}`)).compliance.licence_conditions, QWEN);
  const apache = dataset.models.find((m) => m.licence?.value.id === 'apache-2.0');
  assert.ok(apache, 'a model under Apache 2.0');
  const out = await rest(`/api/v1/trust/${apache.id}`);
  assert.equal(out.compliance.licence_conditions, null);
  assert.equal((await rest(`/api/v1/models/${apache.id}`)).licence.value.conditions, undefined);
});
