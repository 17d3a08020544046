// A family named without a model reads as its base or commonest configuration, says so, and the same on both surfaces.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { listen, testApp } from '../../test/helpers.ts';
import { ok, real, refused, skip } from './machine-fixtures.ts';

/**
 * Expected readings, from the sources machine-family.ts cites: the 14-inch MacBook Pro started at an M4 with 16 GB in
 * October 2024 and at an M5 with 16 GB (153 GB/s) on 2025-10-15; the MacBook Air at an M4 with 16 GB in March 2025; the
 * Mac mini and the iMac at an M4 with 16 GB (m4-16gb: 16 GB, 120 GB/s in hardware-configs.csv). No M5 is catalogued,
 * so the reading is the M4 16 GB and says the newer base is an M5 with 16 GB and more bandwidth. The RTX 3060 is the
 * commonest GPU of Steam's hardware survey and 8 GB its users' commonest memory size (rtx-3060-8gb: 8 GB).
 */
const FAMILIES: ReadonlyArray<readonly [string, string, number, RegExp]> = [
  ['macbook', 'm4-16gb', 16,
    /^a MacBook, chip and memory not said: .*the Pro from October 2024, the Air from March 2025\); newer base models are an M5/],
  ['my MacBook Air', 'm4-16gb', 16,
    /^a MacBook Air, .*the MacBook Air started at an M4 with 16 GB from March 2025 \(newer base models are an M5 with 16 GB/],
  ['MacBook Pro', 'm4-16gb', 16,
    /^a MacBook Pro, .*14-inch MacBook Pro started at an M4 with 16 GB from October 2024 \(since October 2025, newer .* an M5/],
  ['mac mini', 'm4-16gb', 16, /^a Mac mini, .*the Mac mini starts at an M4 with 16 GB/],
  ['iMac', 'm4-16gb', 16, /^an iMac, .*the iMac starts at an M4 with 16 GB/],
  ['desktop', 'rtx-3060-8gb', 8, /^"desktop", GPU not said: checked on .*RTX 3060 8 GB.*commonest GPU of Steam's hardware survey/],
  ['gaming pc', 'rtx-3060-8gb', 8, /^"gaming pc", GPU not said/],
  ['my gaming desktop', 'rtx-3060-8gb', 8, /^"desktop", GPU not said/],
  ['pc', 'rtx-3060-8gb', 8, /a larger card holds more: name yours/],
];

test('a bare family name is its base or commonest configuration, never its largest, and the reading says why', { skip }, () => {
  for (const [text, id, gb, says] of FAMILIES) {
    const m = ok(text);
    assert.deepEqual([m.hardware?.id, m.hardware?.memory_gb.value], [id, gb], text);
    assert.match(m.interpretation, says, text);
  }
  // Named with its chip and memory, the family reads as that machine (the base applies only when nothing is said).
  assert.equal(ok('MacBook Pro M4 Max 128GB').value, 'm4-max-128gb');
  assert.equal(ok('Mac mini M4 Pro 48GB').value, 'm4-pro-48gb');
  assert.equal(ok('Mac Studio M2 Ultra 192GB').value, 'm2-ultra-192gb');
});

test('a Mac Studio or a bare Mac is refused: its base is not catalogued, or no family is said', { skip }, () => {
  // A Mac Studio ships with Max and Ultra chips only: the candidates are the catalogued Max and Ultra machines.
  const studio = refused('mac studio');
  assert.equal(studio.refused, 'ambiguous');
  assert.match(studio.message, /a Mac Studio, chip and memory not said.*"Mac Studio M2 Ultra 192GB"/);
  assert.ok(studio.candidates.includes('m3-ultra-512gb') && studio.candidates.includes('m4-max-64gb'));
  assert.ok(studio.candidates.every((id) => /-(max|ultra)-/.test(id)), studio.candidates.join(', '));
  for (const t of ['mac', 'my mac', 'mac pro']) assert.match(refused(t).message, /a Mac, model not said/, t);
});

let app: FastifyInstance;
let base: string;
let mcp: Client;
before(async () => {
  if (skip) return;
  app = testApp({ dataset: real });
  base = await listen(app);
  mcp = new Client({ name: 'machine-family-test', version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
});
after(async () => {
  await mcp?.close();
  await app?.close();
});

test('REST and MCP both say what a bare family was read as', { skip }, async () => {
  for (const machine of ['macbook', 'gaming pc']) {
    const rest = await app.inject({ url: `/api/v1/recommend?use=coding&machine=${encodeURIComponent(machine)}` });
    assert.equal(rest.statusCode, 200, rest.body);
    const viaRest = rest.json().understood.machine;
    const call = await mcp.callTool({ name: 'recommend_model', arguments: { use: 'coding', machine } });
    const viaMcp = (call.structuredContent as { understood: { machine: Record<string, unknown> } }).understood.machine;
    assert.deepEqual(viaMcp, viaRest, machine);
    assert.equal(viaRest.hardware_id, machine === 'macbook' ? 'm4-16gb' : 'rtx-3060-8gb');
    assert.match(String(viaRest.interpretation), machine === 'macbook' ? /its base configuration/ : /commonest GPU of Steam/);
  }
});
