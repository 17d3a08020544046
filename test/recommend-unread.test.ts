// recommend_model says what it did not read: the same `unread` and notes on REST and MCP, full and partial tiers.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { listen, servedDataset, testAccess, testApp, testConfig } from './helpers.ts';

const PRO_KEY = 'mds_pro_0123456789abcdefghijklmnopqrstuv';
const { dataset, committed } = servedDataset();
const skip = !committed && 'no committed dataset';

type Json = Record<string, any>;

/**
 * Real phrasings, each read by hand against the vocabulary (docs/trust-and-recommend.md, section 2.2): what the
 * parameter reads, what it leaves unread, and what the note must say of it. `startup` is a who value and nothing of
 * the budget is a who phrase; `hospital` is a healthcare synonym and `Germany` a keep synonym of eu-only; `developer`
 * is a coding synonym, `solo` a who synonym of individual and `4090` a device (the catalogue's rtx-4090); `EU only`
 * and `no retention` are the two keep values, every word read.
 */
const CASES: ReadonlyArray<{ input: Record<string, string>; parameter: string; value: string; unread: string[]; note: RegExp | null }> = [
  {
    input: { who: 'startup with a budget of $1 per million tokens', use: 'coding' }, parameter: 'who', value: 'startup',
    unread: ['budget of $1 per million tokens'],
    note: /^who "startup with a budget of \$1 per million tokens" was read as startup; not read, so nothing was applied for it: "budget of \$1 per million tokens"\. recommend_model takes no price ceiling: search_models filters by price \(max_input_price, max_output_price, USD per 1M tokens\), cheapest_for .*estimate_cost/,
  },
  {
    input: { who: 'hospital in Germany' }, parameter: 'who', value: 'healthcare', unread: ['Germany'],
    note: /^who "hospital in Germany" was read as healthcare; not read, so nothing was applied for it: "Germany" \(keep=eu-only and where=eu-cloud would read it: give it there to apply it\)\.$/,
  },
  {
    input: { use: 'solo developer on a 4090' }, parameter: 'use', value: 'coding', unread: ['solo', '4090'],
    note: /"solo" \(who=individual would read it: give it there to apply it\), "4090" \(machine=rtx-4090 would read it: give it there to apply it\)\.$/,
  },
  { input: { keep: 'EU only, no retention' }, parameter: 'keep', value: 'eu-only,no-retention', unread: [], note: null },
];

let app: FastifyInstance;
let anonymous: Client;
let pro: Client;

before(async () => {
  if (skip) return;
  // Keep-alive lasts as long as the request limit: the MCP clients' sockets wait idle while REST answers are computed,
  // and one the server closed under them would fail the next call on a loaded machine, not on anything answered.
  app = testApp({ dataset, config: testConfig({ REQUEST_TIMEOUT_MS: '120000' }), access: testAccess({ keys: { [PRO_KEY]: 'pro' } }) });
  const url = new URL(`${await listen(app)}/mcp`);
  anonymous = new Client({ name: 'recommend-unread-test', version: '1.0.0' });
  await anonymous.connect(new StreamableHTTPClientTransport(url));
  pro = new Client({ name: 'recommend-unread-test', version: '1.0.0' });
  await pro.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-api-key': PRO_KEY } } }));
  // Listing caches the output schemas: each structuredContent below is then validated against them by the SDK.
  await anonymous.listTools();
  await pro.listTools();
});

after(async () => {
  await anonymous?.close();
  await pro?.close();
  await app?.close();
});

test('REST and MCP, partial and full: each phrasing\'s unread words and note, the same on every surface and tier', { skip }, async () => {
  for (const c of CASES) {
    const query = new URLSearchParams(c.input).toString();
    const answers: Array<[string, Json]> = [];
    for (const full of [false, true]) {
      const r = await app.inject({ url: `/api/v1/recommend?${query}`, headers: full ? { 'x-api-key': PRO_KEY } : {} });
      assert.equal(r.statusCode, 200, r.body);
      const body = r.json() as Json;
      assert.equal(body.attribution_required === true, !full, `${query}: ${full ? 'full' : 'partial'} answer`);
      answers.push([`REST ${full ? 'full' : 'partial'}`, body]);
      const call = await (full ? pro : anonymous).callTool({ name: 'recommend_model', arguments: c.input });
      assert.ok(!call.isError, JSON.stringify(call.content));
      answers.push([`MCP ${full ? 'full' : 'partial'}`, call.structuredContent as Json]);
      // The text summary says it too, for a client that reads only the first line.
      const line = (call.content as Array<{ text: string }>)[0].text.split('\n')[0];
      if (c.unread.length) assert.ok(line.includes(`; not read (see notes): ${c.parameter} ${c.unread.map((w) => `"${w}"`).join(', ')}`), line);
      else assert.doesNotMatch(line, /not read/, line);
    }
    for (const [where, body] of answers) {
      const u = body.understood[c.parameter];
      assert.equal(u.value, c.value, `${where} ${query}`);
      assert.deepEqual(u.unread, c.unread, `${where} ${query}`);
      for (const other of ['who', 'use', 'data', 'keep', 'where', 'machine']) {
        if (other !== c.parameter) assert.deepEqual(body.understood[other].unread, [], `${where} ${query}: ${other} read whole or not given`);
      }
      const notes = (body.notes as string[]).filter((n) => /was read as .*; not read, so nothing was applied/.test(n));
      if (c.note) {
        assert.equal(notes.length, 1, `${where} ${query}: one note for the parameter`);
        assert.match(notes[0], c.note, `${where} ${query}`);
      } else {
        assert.deepEqual(notes, [], `${where} ${query}: every word read, no note`);
      }
    }
    assert.deepEqual(answers[2][1].understood, answers[0][1].understood, `${query}: the full tier reads as the partial one`);
  }
});

test('what was not read is never applied: the budget neither filters nor reweighs, Germany adds no EU step', { skip }, async () => {
  const get = async (q: string) => (await app.inject({ url: `/api/v1/recommend?${q}` })).json() as Json;
  const [withBudget, plain] = [await get('who=startup%20with%20a%20budget%20of%20%241%20per%20million%20tokens&use=coding'), await get('who=startup&use=coding')];
  assert.deepEqual(withBudget.recommendations, plain.recommendations);
  assert.deepEqual(withBudget.weights, plain.weights);
  const germany = await get('who=hospital%20in%20Germany');
  assert.ok(!germany.constraints.some((s: Json) => s.constraint.startsWith('keep=')), 'no keep step from who\'s words');
});

test('the OpenAPI reference and the MCP output schema document `unread`, optional, from the one schema', { skip }, async () => {
  const doc = (await app.inject({ url: '/api/v1/openapi.json' })).json() as Json;
  const understood = doc.paths['/api/v1/recommend'].get.responses['200'].content['application/json'].schema.properties.understood;
  const { tools } = await anonymous.listTools();
  const tool = tools.find((t) => t.name === 'recommend_model')!;
  // The MCP output schema holds the answer as one branch of anyOf (the other: an error result's problem).
  const answer = ((tool.outputSchema as Json).anyOf as Json[]).find((b) => b.properties?.understood);
  const viaMcp = answer!.properties.understood;
  // Either document may name a shared schema once and point at it (`#/$defs/s1`, `#/components/schemas/X`).
  const deref = (root: Json, node: Json): Json => (typeof node.$ref === 'string'
    ? node.$ref.slice(2).split('/').reduce((at: Json, k: string) => at[k], root) : node);
  for (const p of ['who', 'use', 'data', 'keep', 'where', 'machine']) {
    for (const [where, root, s] of [['OpenAPI', doc, understood], ['MCP', tool.outputSchema as Json, viaMcp]] as const) {
      const param = deref(root, s.properties[p]);
      // The field itself may be a pointer too (MCP's compaction names a repeated subschema once), its own description
      // kept beside the pointer where the uses' descriptions differ.
      const node = param.properties.unread;
      const field = deref(root, node);
      assert.deepEqual([field.type, deref(root, field.items ?? {})], ['array', { type: 'string' }], `${where} ${p}`);
      assert.match(node.description ?? field.description, /decided nothing/, `${where} ${p}`);
      assert.ok(param.required.includes('set_aside') && !param.required.includes('unread'), `${where} ${p}: optional, the answer only grows`);
    }
  }
});
