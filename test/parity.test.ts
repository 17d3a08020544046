// REST and MCP give the same answers: same bodies for every example, same problems for the same bad inputs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import type { FastifyInstance } from 'fastify';
import type { AnyOperation } from '../src/ops/operation.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { inputInfo } from '../src/surfaces/input-info.ts';
import { restUrl } from '../src/surfaces/rest/url.ts';
import { listen, servedDataset, testAccess, testApp } from './helpers.ts';

const PRO_KEY = 'mds_pro_0123456789abcdefghijklmnopqrstuv';
// The committed dataset when present (examples must succeed there); the fixture otherwise, where parity still holds.
const { dataset, committed } = servedDataset();

let app: FastifyInstance;
let base: string;

/** What the tests need of a client; both official SDK clients have it. */
type McpClient = {
  callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<{ content: unknown; structuredContent?: unknown; isError?: unknown }>;
  listTools(): Promise<{ tools: Array<{ name: string; annotations?: { readOnlyHint?: boolean } }> }>;
  close(): Promise<void>;
};
type Era = '2025' | '2026';
/** The v1 client speaks the 2025 handshake; the v2 client pinned to 2026-07-28 speaks only the per-request envelope. */
const ERAS: readonly Era[] = ['2025', '2026'];
const clients = {} as Record<`${Era} ${'anonymous' | 'pro'}`, McpClient>;

async function connect(era: Era, headers: Record<string, string>): Promise<McpClient> {
  const url = new URL(`${base}/mcp`);
  let client: McpClient;
  if (era === '2025') {
    const c = new Client({ name: 'parity-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    client = c as unknown as McpClient;
  } else {
    const c = new ClientV2({ name: 'parity-test', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await c.connect(new TransportV2(url, { requestInit: { headers } }));
    assert.equal(c.getNegotiatedProtocolVersion?.() ?? '2026-07-28', '2026-07-28');
    client = c as unknown as McpClient;
  }
  // Listing caches the output schemas: every structuredContent below is then validated against them by the SDK.
  await client.listTools();
  return client;
}

before(async () => {
  app = testApp({ dataset, access: testAccess({ keys: { [PRO_KEY]: 'pro' } }) });
  base = await listen(app);
  for (const era of ERAS) {
    clients[`${era} anonymous`] = await connect(era, {});
    clients[`${era} pro`] = await connect(era, { 'x-api-key': PRO_KEY });
  }
});

after(async () => {
  for (const c of Object.values(clients)) await c.close();
  await app?.close();
});

type Outcome = { ok: true; body: unknown } | { ok: false; problem: Record<string, unknown> };

async function viaRest(op: AnyOperation, input: Record<string, unknown>, key?: string): Promise<Outcome> {
  const r = await fetch(`${base}${restUrl(op, input)}`, { headers: key ? { 'x-api-key': key } : {} });
  const body = (await r.json()) as Record<string, unknown>;
  if (r.ok) return { ok: true, body };
  assert.match(r.headers.get('content-type') ?? '', /problem\+json/);
  const { instance: _i, ...problem } = body;
  return { ok: false, problem };
}

async function viaMcp(op: AnyOperation, input: Record<string, unknown>, tier: 'anonymous' | 'pro' = 'anonymous', era: Era = '2025'): Promise<Outcome> {
  const r = await clients[`${era} ${tier}`].callTool({ name: op.name, arguments: input });
  assert.ok(Array.isArray(r.content) && r.content.length > 0 && (r.content[0] as { type: string }).type === 'text', `${op.name}: a text rendering`);
  if (r.isError) return { ok: false, problem: r.structuredContent as Record<string, unknown> };
  // A client that reads only the text gets the whole answer: the JSON after the summary line.
  const text = (r.content as Array<{ text: string }>)[0]!.text;
  assert.deepEqual(JSON.parse(text.slice(text.indexOf('\n') + 1)), r.structuredContent, `${op.name}: the text carries the answer`);
  return { ok: true, body: r.structuredContent };
}

/** Every operation declares examples (test/registry.test.ts); they are the inputs both surfaces are called with. */
const inputsOf = (op: AnyOperation) => op.examples;

test('every example gives the same result on REST and MCP (anonymous and pro, both protocol eras)', async () => {
  let successes = 0;
  for (const op of OPERATIONS) {
    for (const ex of inputsOf(op)) {
      const rest = await viaRest(op, ex.input);
      const pro = await viaRest(op, ex.input, PRO_KEY);
      if (rest.ok) successes++;
      if (committed) assert.ok(rest.ok, `${op.name} "${ex.title}" fails: ${JSON.stringify(rest.ok ? '' : rest.problem)}`);
      for (const era of ERAS) {
        assert.deepEqual(await viaMcp(op, ex.input, 'anonymous', era), rest, `${op.name} "${ex.title}" (anonymous, ${era})`);
        assert.deepEqual(await viaMcp(op, ex.input, 'pro', era), pro, `${op.name} "${ex.title}" (pro, ${era})`);
      }
    }
  }
  assert.ok(successes > 0, 'some results were compared, not only errors');
});

test('an unknown parameter gives the same unknown_parameter problem on both surfaces', async () => {
  for (const op of OPERATIONS) {
    const input = { ...inputsOf(op)[0].input, not_a_parameter: 1 };
    const rest = await viaRest(op, input);
    assert.equal(rest.ok, false);
    assert.equal(!rest.ok && rest.problem.code, 'unknown_parameter', op.name);
    for (const era of ERAS) assert.deepEqual(await viaMcp(op, input, 'anonymous', era), rest, `${op.name} (${era})`);
  }
});

test('an out-of-range number gives the same invalid_parameter problem on both surfaces', async () => {
  let checked = 0;
  for (const op of OPERATIONS) {
    const field = [...inputInfo(op).fields.values()].find((f) => (f.kind === 'integer' || f.kind === 'number') && typeof f.schema.maximum === 'number');
    if (!field) continue;
    const input = { ...inputsOf(op)[0].input, [field.name]: (field.schema.maximum as number) + 1 };
    const rest = await viaRest(op, input);
    assert.equal(!rest.ok && rest.problem.code, 'invalid_parameter', op.name);
    for (const era of ERAS) assert.deepEqual(await viaMcp(op, input, 'anonymous', era), rest, `${op.name} (${era})`);
    checked++;
  }
  assert.ok(checked >= 3, 'several operations have bounded numbers');
});

test('an unknown model gives the same model_not_found problem (with suggestions) on both surfaces', async () => {
  let checked = 0;
  for (const op of OPERATIONS) {
    if (!inputInfo(op).pathParams.includes('model_id')) continue;
    const input = { ...inputsOf(op)[0].input, model_id: 'no-such-model-anywhere' };
    const rest = await viaRest(op, input);
    assert.ok(!rest.ok, op.name);
    assert.equal(rest.problem.code, 'model_not_found', op.name);
    for (const era of ERAS) assert.deepEqual(await viaMcp(op, input, 'anonymous', era), rest, `${op.name} (${era})`);
    checked++;
  }
  assert.ok(checked >= 3, 'get_model, estimate_cost and get_trust_profile are checked');
});

test('MCP: an unknown tool is a JSON-RPC error (-32602) in both clients; the tool list is the registry', async () => {
  for (const era of ERAS) {
    const client = clients[`${era} anonymous`];
    await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), (e: { code?: number; message: string }) => {
      assert.equal(e.code, -32602, era);
      assert.match(e.message, /Unknown tool: "no_such_tool"/);
      return true;
    });
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), OPERATIONS.map((op) => op.name), era);
    for (const t of tools) assert.equal(t.annotations?.readOnlyHint, true);
  }
});
