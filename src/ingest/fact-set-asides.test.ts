// A reviewed row sets aside one fact of one listing (and of the same source's files that copy it), and says why.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Model } from '../schema/index.ts';
import type { ModelObservation, OfferObservation } from '../sources/types.ts';
import { missingReason } from '../ops/get-model.ts';
import { attachHeldFacts, loadFactSetAsides, partitionSetAsides, setAsideFacts, type FactSetAside } from './fact-set-asides.ts';

const obs = (o: Partial<ModelObservation> & { source_model_id: string }): ModelObservation =>
  ({ source: 'models-dev', as_of: '2026-07-02', ...o }) as ModelObservation;
const row = (o: Partial<FactSetAside>): FactSetAside => ({
  source: 'models-dev', listing: 'deepseek/deepseek-chat', field: 'weights_url', url: 'https://api-docs.deepseek.com/',
  read_on: '2026-11-27', reason: 'the weights of the model the name served before', ...o,
});

// models.dev 2026-07-02: models/deepseek/deepseek-chat.toml gives V4 Flash's window (1,000,000) beside V3.2's weights
// link; providers/openrouter/.../deepseek-chat.toml copies it (canonical_hint = the entry); zenmux's own file does not.
const ENTRY = obs({ source_model_id: 'deepseek/deepseek-chat', weights_url: 'https://huggingface.co/deepseek-ai/DeepSeek-V3.2',
  release_date: '2025-12-01', context_window: 1_000_000 });
const COPY = obs({ source_model_id: 'openrouter/deepseek/deepseek-chat', canonical_hint: 'deepseek/deepseek-chat', provider: 'openrouter',
  weights_url: 'https://huggingface.co/deepseek-ai/DeepSeek-V3.2', release_date: '2025-12-01' });
const OTHER = obs({ source_model_id: 'zenmux/deepseek/deepseek-chat', provider: 'zenmux', release_date: '2025-12-01' });

test("a row drops the field from the listing and from the source's copies of it, nothing else", () => {
  const { obs: out, held } = setAsideFacts([ENTRY, COPY, OTHER], [row({})]);
  assert.equal(out[0].weights_url, undefined);
  assert.equal(out[1].weights_url, undefined);
  // The listing's other facts stay: V4 Flash's window is the name's last model's.
  assert.equal(out[0].context_window, 1_000_000);
  assert.equal(out[0].release_date, '2025-12-01');
  assert.equal(out[2], OTHER);
  assert.deepEqual(held.map((h) => `${h.field} ${h.value} ${h.as_of}`), [
    'weights_url https://huggingface.co/deepseek-ai/DeepSeek-V3.2 2026-07-02',
    'weights_url https://huggingface.co/deepseek-ai/DeepSeek-V3.2 2026-07-02',
  ]);
  // The observations read from the source are left as they were.
  assert.equal(ENTRY.weights_url, 'https://huggingface.co/deepseek-ai/DeepSeek-V3.2');
});

test("another source's listing of the same id keeps the field, and a row that sets nothing aside is an issue", () => {
  const litellm = obs({ source: 'litellm', source_model_id: 'deepseek/deepseek-chat', release_date: '2025-12-01' });
  const { obs: out, held, issues } = setAsideFacts([litellm], [row({ field: 'release_date' })]);
  assert.equal(out[0].release_date, '2025-12-01');
  assert.deepEqual(held, []);
  assert.deepEqual(issues.map((i) => i.message), ['no models-dev listing deepseek/deepseek-chat gives release_date: the row sets nothing aside']);
});

test("the model the listing resolves to lists the value it no longer serves, once, with the row's reason", () => {
  const { held } = setAsideFacts([ENTRY, COPY], [row({})]);
  const m = { id: 'deepseek-chat' } as Model;
  attachHeldFacts([m], held, (_source, id) => (id === 'deepseek/deepseek-chat' ? 'deepseek-chat' : undefined));
  assert.deepEqual(m.withheld, [{
    field: 'weights_url', value: 'https://huggingface.co/deepseek-ai/DeepSeek-V3.2', as_of: '2026-07-02', source: 'models-dev',
    reason: "set aside by the service's review of a moving name's facts: the weights of the model the name served before",
  }]);
  // A model that still serves the field from another listing lists nothing withheld for it.
  const served = { id: 'deepseek-chat', weights_url: { value: 'https://huggingface.co/x/y', as_of: '2026-07-02', source: 'llmfit' } } as Model;
  attachHeldFacts([served], held, () => 'deepseek-chat');
  assert.equal(served.withheld, undefined);
});

test('a row with a field outside the closed set, or no page, is an issue and stays out', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'set-asides-'));
  const file = path.join(dir, 'fact-set-asides.csv');
  writeFileSync(file, [
    'source,listing,field,url,read_on,reason',
    'models-dev,deepseek/deepseek-chat,input_price,https://api-docs.deepseek.com/,2026-11-27,not a listing fact a row may set aside',
    'models-dev,deepseek/deepseek-chat,release_date,,2026-11-27,no page',
    'models-dev,deepseek/deepseek-chat,knowledge_cutoff,https://api-docs.deepseek.com/,2026-11-27,the cutoff of another model',
  ].join('\n'));
  const { rows, issues } = loadFactSetAsides(file);
  assert.deepEqual(rows.map((r) => r.field), ['knowledge_cutoff']);
  assert.deepEqual(issues.map((i) => i.field), ['field', 'url']);
});

test("an API name's open_weights is a fact a row can set aside, true or false", () => {
  // models.dev 2026-07-02: models/deepseek/deepseek-chat.toml says open_weights = true, zenmux's file false.
  const entry = obs({ source_model_id: 'deepseek/deepseek-chat', open_weights: true, context_window: 1_000_000 });
  const zenmux = obs({ source_model_id: 'zenmux/deepseek/deepseek-chat', provider: 'zenmux', open_weights: false });
  const { obs: out, held, issues } = setAsideFacts([entry, zenmux], [
    row({ field: 'open_weights' }), row({ listing: 'zenmux/deepseek/deepseek-chat', field: 'open_weights' }),
  ]);
  assert.equal(out[0].open_weights, undefined);
  assert.equal(out[1].open_weights, undefined);
  assert.equal(out[0].context_window, 1_000_000);
  assert.deepEqual(held.map((h) => `${h.listing} ${h.field} ${h.value}`), [
    'deepseek/deepseek-chat open_weights true', 'zenmux/deepseek/deepseek-chat open_weights false',
  ]);
  assert.deepEqual(issues, []);
});

test("a context_window row drops the window from the same source's offer of the listing, and from no other offer", () => {
  // LiteLLM 2026-07-24: `gpt-5.4-mini` and `azure/gpt-5.4-mini` give max_input_tokens 1,050,000 (GPT-5.4's window);
  // OpenAI announced GPT-5.4 mini with a "400k context window in the API"; models.dev's openai file gives 400,000.
  const offer = (o: Partial<OfferObservation>): OfferObservation => ({
    source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.4-mini', region: 'global', as_of: '2026-07-24',
    input: 0.75, output: 4.5, context_window: 1_050_000, row: 'gpt-5.4-mini', ...o,
  });
  const openai = offer({});
  const modelsDev = offer({ source: 'models-dev', context_window: 400_000, row: 'providers/openai/models/gpt-5.4-mini.toml' });
  const gpt54 = offer({ provider_model_id: 'gpt-5.4', row: 'gpt-5.4' });
  const litellmModel = obs({ source: 'litellm', source_model_id: 'gpt-5.4-mini', context_window: 1_050_000 });
  const { obs: models, offers, issues } = setAsideFacts([litellmModel], [row({ source: 'litellm', listing: 'gpt-5.4-mini', field: 'context_window' })],
    [openai, modelsDev, gpt54]);
  assert.equal(offers[0].context_window, undefined);
  // The offer's prices stay: only the copied window goes.
  assert.equal(offers[0].input, 0.75);
  assert.equal(offers[1].context_window, 400_000);
  assert.equal(offers[2], gpt54);
  assert.equal(models[0].context_window, undefined);
  assert.deepEqual(issues, []);
  assert.equal(openai.context_window, 1_050_000);
});

test('a context_window row that matches only an offer still counts as used', () => {
  const offer: OfferObservation = { source: 'litellm', provider: 'azure', provider_model_id: 'gpt-5.4-mini', region: 'global', as_of: '2026-07-24',
    context_window: 1_050_000, row: 'azure/gpt-5.4-mini' };
  const { offers, issues } = setAsideFacts([], [row({ source: 'litellm', listing: 'azure/gpt-5.4-mini', field: 'context_window' })], [offer]);
  assert.equal(offers[0].context_window, undefined);
  assert.deepEqual(issues, []);
});

test("a models.dev row drops the window from that provider file's offer, and from no other file's", () => {
  // models.dev f3fc692299 (2026-07-02): providers/frogbot/models/gpt-5-5.toml gives context 272_000, GPT-5.4's figure
  // (OpenAI's gpt-5.5.toml: 1_050_000); the listing id is `frogbot/gpt-5-5`, the offer's row the file's path.
  const offer = (o: Partial<OfferObservation>): OfferObservation => ({
    source: 'models-dev', provider: 'frogbot', provider_model_id: 'gpt-5-5', region: 'global', as_of: '2026-07-02',
    input: 2.5, output: 15, context_window: 272_000, row: 'providers/frogbot/models/gpt-5-5.toml', ...o,
  });
  const frogbot = offer({});
  const mini = offer({ provider_model_id: 'gpt-5-4-mini', context_window: 400_000, row: 'providers/frogbot/models/gpt-5-4-mini.toml' });
  // LiteLLM's row is its key: a LiteLLM offer keyed like the listing is another source's and keeps its window.
  const litellm = offer({ source: 'litellm', row: 'frogbot/gpt-5-5' });
  const { offers, issues } = setAsideFacts([], [row({ listing: 'frogbot/gpt-5-5', field: 'context_window' })], [frogbot, mini, litellm]);
  assert.equal(offers[0].context_window, undefined);
  assert.equal(offers[0].input, 2.5);
  assert.equal(offers[1].context_window, 400_000);
  assert.equal(offers[2].context_window, 272_000);
  assert.deepEqual(issues, []);
});

test('a display name that dates one snapshot of a listing matching several is a fact a row can set aside', () => {
  // genai-prices npm 0.1.8: google {"id": "gemini-2.5-flash-preview", "name": "Gemini 2.5 Flash Preview 05-20"}, whose
  // match rule takes gemini-2.5-flash-preview-04-17 and -05-20 alike; NanoGPT's 04-17 file names it "Gemini 2.5 Flash Preview".
  const google = obs({ source: 'genai-prices-npm', source_model_id: 'google/gemini-2.5-flash-preview', provider: 'google', name: 'Gemini 2.5 Flash Preview 05-20' });
  const nano = obs({ source_model_id: 'nano-gpt/gemini-2.5-flash-preview-04-17', provider: 'nano-gpt', name: 'Gemini 2.5 Flash Preview' });
  const { obs: out, held, issues } = setAsideFacts([google, nano],
    [row({ source: 'genai-prices-npm', listing: 'google/gemini-2.5-flash-preview', field: 'name' })]);
  assert.equal(out[0].name, undefined);
  assert.equal(out[1].name, 'Gemini 2.5 Flash Preview');
  assert.deepEqual(held.map((h) => `${h.field} ${h.value}`), ['name Gemini 2.5 Flash Preview 05-20']);
  assert.deepEqual(issues, []);
});

// deprecations.json (read 2026-05-08): Google gemini-2.5-flash-lite, shutdown 2026-10-16, replacement gemini-3.1-flash-lite.
// Google's deprecations page as read on 2026-11-10: gemini-2.5-flash-lite 'is not deprecated and remains available
// through the API until further notice'. A Vertex AI notice of the same id (Google Cloud's page) is another statement.
const FLASH_LITE = obs({ source: 'deprecations-rss', source_model_id: 'gemini-2.5-flash-lite', provider: 'google', as_of: '2026-05-08',
  shutdown_date: '2026-10-16', replacement: 'gemini-3.1-flash-lite' });
const VERTEX = obs({ source: 'developer-notices', source_model_id: 'gemini-2.5-flash-lite', provider: 'google-vertex', as_of: '2026-11-27',
  shutdown_not_before: '2026-10-16' });
const withdrawal = (field: FactSetAside['field']) => row({ source: 'deprecations-rss', listing: 'gemini-2.5-flash-lite', field,
  url: 'https://dev.to/aideprecations/x', read_on: '2026-11-10', reason: 'Google: not deprecated until further notice' });

test("a withdrawn notice's shutdown day and replacement are set aside from that source's notice only, and listed as withdrawn", () => {
  const { obs: out, held, issues } = setAsideFacts([FLASH_LITE, VERTEX], [withdrawal('shutdown_date'), withdrawal('replacement')]);
  assert.deepEqual(issues, []);
  assert.deepEqual([out[0].shutdown_date, out[0].replacement], [undefined, undefined]);
  assert.equal(out[1].shutdown_not_before, '2026-10-16');
  const m = { id: 'gemini-2.5-flash-lite' } as Model;
  attachHeldFacts([m], held, () => 'gemini-2.5-flash-lite');
  assert.deepEqual(m.withheld?.map((w) => [w.field, w.value, w.reason]), [
    ['shutdown_date', '2026-10-16', "set aside by the service's review of a withdrawn notice: Google: not deprecated until further notice"],
    ['replacement', 'gemini-3.1-flash-lite', "set aside by the service's review of a withdrawn notice: Google: not deprecated until further notice"],
  ]);
});

test('the build applies lifecycle rows apart from the others (after it has told the versions apart)', () => {
  const [lifecycle, facts] = partitionSetAsides([row({}), withdrawal('shutdown_date'), withdrawal('replacement'), row({ field: 'release_date' })]);
  assert.deepEqual(lifecycle.map((r) => r.field), ['shutdown_date', 'replacement']);
  assert.deepEqual(facts.map((r) => r.field), ['weights_url', 'release_date']);
});

test("a capability a listing of a moved name states for a later version is set aside, and the model lists it as a capability", () => {
  // models.dev 2026-07-02: models/deepseek/deepseek-r1.toml says tool_call = true; providers/openrouter/.../deepseek-r1.toml
  // copies it (base_model deepseek/deepseek-r1) and says structured_output = true. DeepSeek's guide to deepseek-reasoner
  // (R1, January 2025) listed 'Not Supported Features: Function Call, Json Output'; R1-0528 brought both.
  const r1 = obs({ source_model_id: 'deepseek/deepseek-r1', tool_calling: true, reasoning: true });
  const openrouter = obs({ source_model_id: 'openrouter/deepseek/deepseek-r1', canonical_hint: 'deepseek/deepseek-r1', provider: 'openrouter',
    tool_calling: true, structured_output: true });
  const rows = [row({ listing: 'deepseek/deepseek-r1', field: 'tool_calling' }),
    row({ listing: 'openrouter/deepseek/deepseek-r1', field: 'structured_output' })];
  const { obs: out, held, issues } = setAsideFacts([r1, openrouter], rows);
  assert.deepEqual(issues, []);
  assert.deepEqual(out.map((o) => [o.tool_calling, o.structured_output]), [[undefined, undefined], [undefined, undefined]]);
  // Reasoning, which R1 had from the start, stays.
  assert.equal(out[0].reasoning, true);
  assert.deepEqual(held.map((h) => `${h.listing} ${h.field} ${h.value}`), [
    'deepseek/deepseek-r1 tool_calling true', 'deepseek/deepseek-r1 tool_calling true', 'openrouter/deepseek/deepseek-r1 structured_output true',
  ]);
  // The model names the capability as get_model's `missing` does, once per field.
  const m = { id: 'deepseek-r1', capabilities: {} } as Model;
  attachHeldFacts([m], held, () => 'deepseek-r1');
  assert.deepEqual(m.withheld?.map((w) => `${w.field} ${w.value}`), ['capabilities.tool_calling true', 'capabilities.structured_output true']);
  assert.match(missingReason(m, 'capabilities.tool_calling'), /^withheld: true \(models-dev\) set aside by the service's review of a moving name's facts/);
  // A model another listing still gives the capability to lists nothing withheld for it.
  const served = { id: 'deepseek-r1', capabilities: { tool_calling: { value: false, as_of: '2026-07-02', source: 'models-dev' } } } as Model;
  attachHeldFacts([served], held, () => 'deepseek-r1');
  assert.deepEqual(served.withheld?.map((w) => w.field), ['capabilities.structured_output']);
});

test('of the capabilities, a row may set aside tool calling and structured output only', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'set-asides-'));
  const file = path.join(dir, 'fact-set-asides.csv');
  writeFileSync(file, [
    'source,listing,field,url,read_on,reason',
    'models-dev,deepseek/deepseek-r1,tool_calling,https://api-docs.deepseek.com/news/news250528,2026-11-29,R1-0528 first supported it',
    'models-dev,deepseek/deepseek-r1,structured_output,https://api-docs.deepseek.com/news/news250528,2026-11-29,R1-0528 first supported it',
    'models-dev,deepseek/deepseek-r1,vision,https://api-docs.deepseek.com/news/news250528,2026-11-29,not a field a row may set aside',
  ].join('\n'));
  const { rows, issues } = loadFactSetAsides(file);
  assert.deepEqual(rows.map((r) => r.field), ['tool_calling', 'structured_output']);
  assert.deepEqual(issues.map((i) => i.field), ['field']);
});

test("a capability the other listings still give the other way says in its note what was set aside, once", () => {
  // Two listings' true set aside; Bedrock's listing of R1 (LiteLLM us.deepseek.r1-v1:0, 2026-07-24) says false.
  const held = setAsideFacts([
    obs({ source_model_id: 'deepseek/deepseek-r1', tool_calling: true }),
    obs({ source_model_id: 'kilo/deepseek/deepseek-r1', provider: 'kilo', tool_calling: true }),
  ], [row({ listing: 'deepseek/deepseek-r1', field: 'tool_calling', reason: 'R1-0528 first supported it' }),
    row({ listing: 'kilo/deepseek/deepseek-r1', field: 'tool_calling', reason: 'R1-0528 first supported it' })]).held;
  const m = { id: 'deepseek-r1', capabilities: { tool_calling: { value: false, as_of: '2026-07-24', source: 'litellm' } } } as Model;
  attachHeldFacts([m], held, () => 'deepseek-r1');
  assert.equal(m.capabilities.tool_calling?.value, false);
  assert.equal(m.capabilities.tool_calling?.note,
    "true from 2 listings set aside by the service's review of a moving name's facts: R1-0528 first supported it");
  assert.equal(m.withheld, undefined);
});
