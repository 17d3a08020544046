// recommend_model's system_ram_gb on both surfaces: the parameter the RTX 4090 owner's ask was refused for (400
// unknown_parameter until 2026-11-29), the same picks with experts in RAM on REST and MCP, bad values refused alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mcpCall, servedDataset, testApp } from './helpers.ts';

const { dataset, committed } = servedDataset();
const app = testApp({ dataset });
test('system_ram_gb out of range is invalid_parameter on REST and MCP', async () => {
  for (const bad of [0, 5000, -64]) {
    const r = await app.inject({ url: `/api/v1/recommend?use=coding&machine=rtx-4090&system_ram_gb=${bad}` });
    assert.equal(r.statusCode, 400, String(bad));
    assert.equal(r.json().code, 'invalid_parameter', String(bad));
    assert.equal(r.json().errors[0].parameter, 'system_ram_gb', String(bad));
    const m = await mcpCall(app, 'recommend_model', { use: 'coding', machine: 'rtx-4090', system_ram_gb: bad });
    assert.equal(m.isError, true, String(bad));
    assert.equal(m.structuredContent.code, 'invalid_parameter', String(bad));
    assert.equal(m.structuredContent.errors[0].parameter, 'system_ram_gb', String(bad));
  }
});

const noData = !committed && 'no committed dataset';
test('committed dataset: the same picks with experts in RAM on REST and MCP', { skip: noData }, async () => {
  // The ask that was a 400 unknown_parameter: now answered.
  const owner = await app.inject({ url: '/api/v1/recommend?use=coding&machine=RTX%204090&system_ram_gb=64' });
  assert.equal(owner.statusCode, 200);
  const rest = (await app.inject({ url: '/api/v1/recommend?use=coding&machine=RTX%203060%2012GB&system_ram_gb=64&where=local' })).json();
  const mcp = (await mcpCall(app, 'recommend_model', { use: 'coding', machine: 'RTX 3060 12GB', system_ram_gb: 64, where: 'local' })).structuredContent;
  assert.deepEqual(mcp.recommendations, rest.recommendations);
  const placed = rest.recommendations.filter((r: any) => r.self_hosting?.experts_in_system_ram);
  assert.ok(placed.length > 0);
  // Each placement's level is the worse of its two memories' (85% of usable each), recomputed from its own figures.
  for (const r of placed) {
    const sh = r.self_hosting;
    const e = sh.experts_in_system_ram;
    const tight = sh.memory_gb > 0.85 * sh.usable_gb + 0.01 || e.ram.experts_gb > 0.85 * e.ram.usable_gb + 0.01;
    assert.equal(sh.fit, tight ? 'tight' : 'comfortable', r.model.id);
  }
});
