// Every tool's listed outputSchema, as a client receives it from tools/list, admits the structuredContent of real
// calls (every registry example, anonymous and pro, and coded errors), checked by an independent JSON Schema 2020-12
// validator; the compacted schemas accept and refuse what the generated ones do; the list stays within its measured size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { OPERATIONS } from '../src/ops/registry.ts';
import { outputJsonSchema, PROBLEM_SCHEMA } from '../src/surfaces/json-schema.ts';
import { servedDataset, testAccess, testApp } from './helpers.ts';

const PRO_KEY = 'mds_pro_0123456789abcdefghijklmnopqrstuv';
const HEADERS = { host: 'localhost', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const { dataset } = servedDataset();
const app = testApp({ dataset, access: testAccess({ keys: { [PRO_KEY]: 'pro' } }) });

// Ajv (8, the validator both official SDK clients use) in its 2020-12 build, the dialect MCP tool schemas default
// to; formats checked (date, uri) as the SDK's own validator does. `x-full-tier-only` is the service's annotation.
const addFormats = addFormatsModule as unknown as (a: Ajv2020) => void;
function validator(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, strictRequired: false, allErrors: true });
  ajv.addKeyword({ keyword: 'x-full-tier-only', schemaType: 'boolean' });
  addFormats(ajv);
  return ajv;
}

type Tool = { name: string; inputSchema: object; outputSchema: object };

async function rpc(method: string, params: object | undefined, key?: string): Promise<{ body: string; result: Record<string, unknown> }> {
  const r = await app.inject({
    method: 'POST', url: '/mcp',
    headers: { ...HEADERS, ...(key ? { 'x-api-key': key } : {}) },
    payload: { jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) },
  });
  assert.equal(r.statusCode, 200, r.body.slice(0, 300));
  return { body: r.body, result: r.json().result };
}

test('every tool\'s structuredContent validates against its listed outputSchema (examples, both tiers, errors)', async () => {
  const { result } = await rpc('tools/list', undefined);
  const tools = result.tools as Tool[];
  const ajv = validator();
  let checked = 0;
  for (const op of OPERATIONS) {
    const tool = tools.find((t) => t.name === op.name)!;
    const validate = ajv.compile(tool.outputSchema);
    // Every example on both tiers (partial and full answers), and one coded error (an unknown parameter).
    const calls = [
      ...op.examples.flatMap((ex) => [{ args: ex.input, key: undefined }, { args: ex.input, key: PRO_KEY }]),
      { args: { ...op.examples[0]!.input, not_a_parameter: 1 }, key: undefined },
    ];
    for (const { args, key } of calls) {
      const call = (await rpc('tools/call', { name: op.name, arguments: args }, key)).result;
      assert.ok(call.structuredContent, `${op.name}: structuredContent`);
      assert.ok(validate(call.structuredContent), `${op.name} ${JSON.stringify(args)} (${key ? 'pro' : 'anonymous'}): ${ajv.errorsText(validate.errors)}`);
      checked++;
    }
  }
  // 11 operations, at least 2 examples each on 2 tiers, plus an error each: at least 55 calls.
  assert.ok(checked >= 55, `${checked} calls checked`);
});

test('the listed (compacted) outputSchema accepts and refuses exactly what the generated one does, answer by answer', async () => {
  const { result } = await rpc('tools/list', undefined);
  const tools = result.tools as Tool[];
  const ajv = validator();
  let refused = 0;
  let tried = 0;
  for (const op of OPERATIONS) {
    const listed = ajv.compile((tools.find((t) => t.name === op.name)!).outputSchema);
    // The tool's output schema before compaction: the same anyOf of answer and problem, every subschema inline.
    const { $defs, ...output } = outputJsonSchema(op);
    const generated = ajv.compile({ ...($defs ? { $defs } : {}), anyOf: [output, PROBLEM_SCHEMA] });
    for (const key of [undefined, PRO_KEY]) {
      const answer = (await rpc('tools/call', { name: op.name, arguments: op.examples[0]!.input }, key)).result.structuredContent;
      assert.equal(listed(answer), true, op.name);
      // Each member, at any depth, dropped, given a value of another type or given an undeclared neighbour: both
      // schemas must judge alike.
      for (const [where, broken] of mutations(answer)) {
        const g = generated(broken);
        assert.equal(listed(broken), g, `${op.name}: ${where}`);
        tried++;
        if (!g) refused++;
      }
    }
  }
  // Not a vacuous comparison: 6,519 broken answers, 5,659 of them refused by both (counted on 2026-11-29).
  assert.ok(tried > 1000 && refused > 500, `${tried} tried, ${refused} refused`);
});

/**
 * Copies of `value`, each with one member dropped, one value swapped for one of another type, or a member no
 * schema declares added beside it (three per place, at most about 200 places).
 */
function* mutations(value: unknown): Generator<[string, unknown]> {
  const paths: string[][] = [];
  const walk = (v: unknown, at: string[]) => {
    if (v === null || typeof v !== 'object') return;
    for (const [k, c] of Object.entries(v)) {
      paths.push([...at, k]);
      if (Array.isArray(v) && Number(k) > 1) break; // the first two items of a list stand for the rest
      walk(c, [...at, k]);
    }
  };
  walk(value, []);
  const step = Math.max(1, Math.ceil(paths.length / 200));
  for (let i = 0; i < paths.length; i += step) {
    const path = paths[i]!;
    for (const how of ['drop', 'swap', 'add'] as const) {
      const copy = structuredClone(value) as Record<string, unknown>;
      let parent: Record<string, unknown> = copy;
      for (const k of path.slice(0, -1)) parent = parent[k] as Record<string, unknown>;
      const last = path[path.length - 1]!;
      const old = parent[last];
      if (how === 'drop') {
        if (Array.isArray(parent)) parent.splice(Number(last), 1);
        else delete parent[last];
      } else if (how === 'add') {
        if (old === null || typeof old !== 'object' || Array.isArray(old)) continue;
        (old as Record<string, unknown>).not_in_any_schema = 1;
      } else {
        parent[last] = typeof old === 'string' ? 12345 : typeof old === 'number' ? 'twelve' : typeof old === 'boolean' ? 'yes' : old === null ? false : 'text';
      }
      yield [`${how} ${path.join('.')}`, copy];
    }
  }
}

test('input schemas stay inline (no $ref), so a client fills them without resolving anything', async () => {
  const { result } = await rpc('tools/list', undefined);
  for (const t of result.tools as Tool[]) assert.ok(!JSON.stringify(t.inputSchema).includes('"$ref"'), t.name);
});

test('tools/list stays within its measured size', async () => {
  const { body } = await rpc('tools/list', undefined);
  // Measured on 2026-11-29 (docs/mcp.md, "Tool list size"): 393,831 bytes of result with each subschema's
  // description repeated at every use; 322,816 with described repeats defined once; 330,145 once recommend_model read
  // the owner's RAM and get_model_changes took `since`. The HTTP body adds the
  // JSON-RPC envelope (34 bytes). The bound leaves 2% for growth: a schema change that passes it is measured
  // again and docs/mcp.md updated, not the bound raised in silence.
  const bytes = Buffer.byteLength(body);
  assert.ok(bytes < 337_000, `tools/list is ${bytes} bytes`);
});
