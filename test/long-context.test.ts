// Long-context asks on both surfaces: recommend_model's `context` refused alike when bad, and the same tier prices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mcpCall, servedDataset, testApp } from './helpers.ts';

const { dataset, committed } = servedDataset();
const app = testApp({ dataset });
test('recommend_model context: 0, negative, non-integer and longer than every window are invalid_parameter on REST and MCP', async () => {
  // The largest context window in the dataset is refused one token above it (10,485,760 in the committed dataset).
  const largest = Math.max(...dataset.models.map((m) => m.context_window?.value ?? 0));
  for (const bad of [0, -8192, 1.5, largest + 1]) {
    const r = await app.inject({ url: `/api/v1/recommend?context=${bad}` });
    assert.equal(r.statusCode, 400, String(bad));
    const p = r.json();
    assert.equal(p.code, 'invalid_parameter', String(bad));
    assert.equal(p.errors[0].parameter, 'context', String(bad));
    const m = await mcpCall(app, 'recommend_model', { context: bad });
    assert.equal(m.isError, true, String(bad));
    assert.equal(m.structuredContent.code, 'invalid_parameter', String(bad));
    assert.equal(m.structuredContent.errors[0].parameter, 'context', String(bad));
  }
  const ok = await app.inject({ url: `/api/v1/recommend?context=${largest}&machine=none` });
  assert.equal(ok.statusCode, 200, 'the largest window itself is accepted');
});

const noData = !committed && 'no committed dataset';
test('committed dataset: 400,000-token documents priced at the same long-context tier on both surfaces', { skip: noData }, async () => {
  const rest = (await app.inject({ url: '/api/v1/cheapest?use=documents&min_context=500000&limit=100' })).json();
  const mcp = (await mcpCall(app, 'cheapest_for', { use: 'documents', min_context: 500000, limit: 100 })).structuredContent;
  assert.deepEqual(mcp.items, rest.items);
  // LiteLLM 2026-07-24 gemini/gemini-2.5-pro: $2.5 / $15 per 1M tokens above 200k prompt tokens; 0.75 x 2.5 + 0.25 x 15 = 5.625.
  const g = rest.items.find((i: any) => i.model.id === 'gemini-2.5-pro');
  assert.deepEqual([g.blended_price.value, g.blended_price.long_context.above_tokens], [5.625, 200000]);

  const recRest = (await app.inject({ url: '/api/v1/recommend?use=documents&machine=none&context=400000' })).json();
  const recMcp = (await mcpCall(app, 'recommend_model', { use: 'documents', machine: 'none', context: 400000 })).structuredContent;
  assert.deepEqual(recMcp.recommendations, recRest.recommendations);
  assert.ok(recRest.constraints.some((s: any) => s.id === 'context' && s.constraint === 'context=400000'));
  for (const r of recRest.recommendations) {
    assert.ok(dataset.modelById.get(r.model.id)!.context_window!.value >= 400000, r.model.id);
    const lc = r.offer?.blended_price?.long_context;
    // A tier applied is one the offer lists, below the prompt: its prices are the offer's own tier prices.
    if (lc) {
      const tier = r.offer.prices.tiers.value.filter((t: any) => t.above_tokens < 400000).at(-1);
      assert.deepEqual([lc.above_tokens, lc.input, lc.output], [tier.above_tokens, tier.input, tier.output], r.model.id);
    }
  }
});
