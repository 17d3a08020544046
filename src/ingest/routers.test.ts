import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRouter, loadRouters } from './routers.ts';

test('the routing endpoints models.dev lists under five providers are routers (providers/*/models/**/auto.toml)', () => {
  // models.dev 2026-07-02: providers/morph/models/auto.toml, llmgateway/models/auto.toml, openrouter/models/openrouter/auto.toml,
  // kilo/models/openrouter/auto.toml, orcarouter/models/orcarouter/auto.toml: "Auto Router", "Auto Route", each routing per request.
  for (const id of ['morph/auto', 'auto', 'llmgateway/auto', 'openrouter/openrouter/auto', 'kilo/openrouter/auto', 'orcarouter/orcarouter/auto']) {
    assert.equal(isRouter(id), true, id);
  }
});

test('a model whose name holds "auto" or is served by OpenRouter is not a router', () => {
  for (const id of ['openrouter/openai/gpt-4', 'novita-ai/zai-org/autoglm-phone-9b-multilingual', 'openrouter/gpt-4-1106-preview', 'autoglm']) {
    assert.equal(isRouter(id), false, id);
  }
});

test("Switchpoint's router and Moonshot's moonshot-v1-auto are routers: each picks another model per request", () => {
  // models.dev 2026-07-02 providers/openrouter/models/switchpoint/router.toml and kilo's copy; genai-prices' openrouter.yml
  // `switchpoint/router`; LiteLLM 2026-07-24 `moonshot/moonshot-v1-auto` (the 8k, 32k or 128k model by context size).
  for (const id of ['switchpoint/router', 'openrouter/switchpoint/router', 'kilo/switchpoint/router', 'moonshot/moonshot-v1-auto', 'moonshot-v1-auto']) {
    assert.equal(isRouter(id), true, id);
  }
});

test('the moonshot-v1 models of one size and another vendor\'s "router" word are not routers', () => {
  for (const id of ['moonshot/moonshot-v1-8k', 'moonshot/moonshot-v1-128k', 'moonshot/moonshot-v1-32k-vision-preview', 'acme/router-7b', 'router']) {
    assert.equal(isRouter(id), false, id);
  }
});

test('the router table holds what the code held before it: the `auto` key at any provider and two named routers', () => {
  // The rules of src/ingest/routers.ts before the table: key0(id) === 'auto', and
  // NAMED_ROUTERS = new Set(['switchpoint/router', 'moonshot-v1-auto']) matched on the id's last one or two segments.
  const rows = loadRouters();
  assert.deepEqual(rows.map((r) => [r.id, r.matched_on]).sort(),
    [['auto', 'key'], ['moonshot-v1-auto', 'segments'], ['switchpoint/router', 'segments']]);
  for (const r of rows) assert.match(r.url, /^https:\/\//, r.id);
});
