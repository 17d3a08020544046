// Contract: a licence's conditions (the licence table's conditions column) reach the user on get_model and get_trust_profile, on
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

// The Llama 3.3 Community License Agreement, section 2 (more than 700 million monthly active users on the release date:
// request a licence from Meta), 1.b.iv (the acceptable use policy), 1.b.i ("Built with Llama"; names start with "Llama").
const LLAMA_33 = /^A licensee whose products or services had more than 700 million monthly active users on the version's release date must request a licence from Meta; use must comply with the Llama 3\.3 acceptable use policy; .*"Built with Llama"/;
// The Qwen License Agreement: "your product or service has more than 100 million monthly active users, you shall request a license from us".
const QWEN = /^A product or service with more than 100 million monthly active users needs a licence from Alibaba Cloud\.$/;

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
  assert.match(anon.licence.value.conditions, LLAMA_33);
  const pro = await rest('/api/v1/models/llama-3.3-70b-instruct', PRO_KEY);
  assert.equal(pro.licence.value.conditions, anon.licence.value.conditions);
  assert.deepEqual((await mcp('get_model', { model_id: 'llama-3.3-70b-instruct' })).licence.value, anon.licence.value);
});

test('get_trust_profile: compliance names the conditions beside commercial_use; the licence criterion\'s evidence names them', { skip }, async () => {
  const anon = await rest('/api/v1/trust/llama-3.3-70b-instruct');
  assert.match(anon.compliance.licence_conditions, LLAMA_33);
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

test('the table\'s note on a licence is served apart from its conditions: Qwen\'s names the LMArena label, its conditions do not', { skip }, async () => {
  const qwen = dataset.models.find((m) => m.licence?.value.id === 'qwen');
  assert.ok(qwen, 'a model under the Qwen licence');
  const full = await rest(`/api/v1/models/${qwen.id}`, PRO_KEY);
  // data/curated/licences.csv, row "qwen", column note: 'LMArena also writes "Qwen" for the API-only Qwen-Max ...'.
  assert.match(full.licence.value.note, /writes "Qwen" for the API-only Qwen-Max/);
  assert.doesNotMatch(full.licence.value.conditions, /Qwen-Max|LMArena/);
});
