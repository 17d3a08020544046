import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadProviderRoles } from './provider-roles.ts';
import { buildProviders } from './build-providers.ts';

const FILE = 'data/curated/provider-roles.csv';

test('every row of the reviewed table loads, names a provider of the catalogue and quotes its page', () => {
  const { rows, issues } = loadProviderRoles(FILE);
  assert.deepEqual(issues, []);
  const built = JSON.parse(readFileSync('data/dataset/providers.json', 'utf8')) as Array<{ id: string; serving_role?: { value: string; evidence_page?: { url: string; quote: string } } }>;
  const byId = new Map(built.map((p) => [p.id, p]));
  for (const r of rows) {
    const p = byId.get(r.provider_id);
    assert.ok(p, `${r.provider_id}: no such provider in the catalogue`);
    assert.equal(p.serving_role?.value, r.role, r.provider_id);
    assert.equal(p.serving_role?.evidence_page?.quote, r.quote, r.provider_id);
  }
});

test('the hosts and routers the providers\' own pages name, as read on 2026-11-28/29', () => {
  const role = new Map(loadProviderRoles(FILE).rows.map((r) => [r.provider_id, r.role]));
  // DeepInfra "all our publicly available models ... are shared among many users"; Together "the models we host";
  // Fireworks "Fireworks-hosted infrastructure"; Scaleway "All models are currently hosted in a secure data center ... Paris".
  for (const id of ['deepinfra', 'togetherai', 'fireworks-ai', 'scaleway']) assert.equal(role.get(id), 'host', id);
  // OpenRouter "routes every request across 60+ providers"; Vercel "route your AI model requests across multiple AI
  // providers"; Hugging Face "integrates with leading AI infrastructure providers"; NanoGPT "X-Provider ... selects a provider";
  // ZenMux "intelligently routes requests to the most suitable provider".
  for (const id of ['openrouter', 'vercel', 'huggingface', 'nano-gpt', 'zenmux']) assert.equal(role.get(id), 'router', id);
  // Read 2026-11-29 on their own pages: Cerebras's SDK README, its CS-3 systems "place and run the largest models";
  // Novita's serverless endpoints "share compute resources with other users".
  // Cloudflare Workers AI "models running on GPUs on Cloudflare's network"; OVHcloud "Our infrastructure, located in
  // Gravelines, France"; STACKIT "provides open-source Large-Language-Models ... as shared instances".
  // Baseten: "a model running in Baseten's infrastructure, whether you use Model APIs for hosted models or deploy your own".
  for (const id of ['cerebras', 'novita-ai', 'cloudflare-workers-ai', 'ovhcloud', 'stackit', 'baseten']) assert.equal(role.get(id), 'host', id);
  // Groq stays unknown: its Terms of Sale say where a "Hosted Model" comes from ("obtained from publicly available or
  // third party providers"), not that Groq runs it, and no page of Groq's own read names what serves the requests.
  assert.equal(role.get('groq'), undefined);
  // Kilo: "When the gateway receives a 402 ... from an upstream provider"; Helicone: the gateway "sits between your
  // application and LLM providers"; LLM Gateway "routes your requests to the best available models and providers";
  // cortecs: "Restrict routing to providers based and regulated within the EU"; OrcaRouter: the model field reflects
  // "whatever the upstream returned".
  // AIHubMix: "aggregating multiple models including OpenAI, Google Gemini, Anthropic Claude" behind a forwarding API.
  for (const id of ['kilo', 'helicone', 'llmgateway', 'cortecs', 'orcarouter', 'aihubmix']) assert.equal(role.get(id), 'router', id);
  // Requesty (docs.requesty.ai/features/fallback-policies): "the router immediately tries the next model in the chain",
  // each model named with its provider (bedrock/claude-sonnet-4-5@eu-central-1).
  assert.equal(role.get('requesty'), 'router');
  // Poe's "Poe proxies the request to your endpoint" speaks of bots whose creators bring their own endpoint, not of the
  // listings Poe sells (novita/... ids): no page read says what serves those, so unknown.
  assert.equal(role.get('poe'), undefined);
  // No own page read says how they serve: unknown rather than guessed. Cloudflare AI Gateway forwards to providers but
  // also sells Workers AI models Cloudflare runs itself (its workers-ai/@cf/ listings), so one role would misname some.
  // Chutes' own miner repository says its GPU nodes are miners' ("mining on the chutes.ai permissionless, serverless,
  // AI-centric compute platform"): neither its own hardware nor another provider's API, so neither role fits.
  for (const id of ['sambanova', 'hyperbolic', 'nebius', 'cloudflare-ai-gateway', 'siliconflow-cn', 'chutes']) assert.equal(role.get(id), undefined, id);
  // SiliconFlow's documentation home: a "High-performance large model inference acceleration service" with
  // "Self-developed efficient operators and optimization frameworks": it runs the open models it lists.
  assert.equal(role.get('siliconflow'), 'host');
  // Nscale's own organisation card: "GW+ greenfield data centres across the globe" on which customers "run ... inferencing
  // workloads"; Hugging Face's page for it: its inference service is "Built on this foundation".
  assert.equal(role.get('nscale'), 'host');
});

test('a provider with two rows keeps the first and the second is an issue; a role other than host or router is refused', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'roles-'));
  const file = path.join(dir, 'provider-roles.csv');
  const row = (id: string, role: string) => `${id},${role},https://example.com/p,2026-11-29,"the page's own words, quoted at length",`
    + '"what else the page says, at some length"';
  writeFileSync(file, ['provider_id,role,url,read_on,quote,note', row('acme', 'host'), row('acme', 'router'), row('beta', 'reseller')].join('\n'));
  const { rows, issues } = loadProviderRoles(file);
  assert.deepEqual(rows.map((r) => [r.provider_id, r.role]), [['acme', 'host']]);
  assert.equal(issues.length, 2);
  assert.ok(issues.some((i) => /one role a provider/.test(i.message)));
});

test('the built provider carries the role with the page quoted and dated; a row for a provider with no offers is ignored', () => {
  const providers = buildProviders([], {}, ['acme'], '2026-11-29', [], [
    { provider_id: 'acme', role: 'router', url: 'https://example.com/p', read_on: '2026-11-29', quote: 'routes every request to providers', note: 'the page, at some length' },
    { provider_id: 'ghost', role: 'host', url: 'https://example.com/q', read_on: '2026-11-29', quote: 'runs the weights on its own GPUs', note: 'the page, at some length' },
  ]);
  assert.deepEqual(providers.map((p) => p.id), ['acme']);
  assert.deepEqual(providers[0]!.serving_role, {
    value: 'router', as_of: '2026-11-29', source: 'provider-roles', note: 'the page, at some length',
    evidence_page: { url: 'https://example.com/p', quote: 'routes every request to providers', read_on: '2026-11-29' },
  });
});
