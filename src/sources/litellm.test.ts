// Tests of the LiteLLM adapter: per-token to per-million prices, tiers, EU SKUs, modes, strict prices, field history.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { litellm, providerModelId } from './litellm.ts';
import { isMappedProvider } from './provider-ids.ts';
import type { AdapterResult } from './types.ts';

const SNAPSHOT = 'model_prices_and_context_window-2026-07-24.json';

function aSnapshot(entries: Record<string, unknown>, history?: object[]) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'litellm-'));
  const dir = path.join(root, 'sources', 'litellm-via-rocry');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'HEAD_COMMIT.txt'), '8442b939a6ead479f7995b5d74d8dce488bd0966 2026-07-24T18:23:43+00:00\n');
  writeFileSync(path.join(dir, SNAPSHOT), JSON.stringify({ sample_spec: { mode: 'chat', input_cost_per_token: 0 }, ...entries, last_updated: '2026-07-24T18:23:43Z' }));
  if (history) writeFileSync(path.join(dir, 'litellm-field-changes-2025-02..2026-07.jsonl'), history.map((l) => JSON.stringify(l)).join('\n'));
  return { sources: path.join(root, 'sources'), curated: path.join(root, 'curated') };
}

const chat = (provider: string, extra: object = {}) => ({ litellm_provider: provider, mode: 'chat', ...extra });

function offerOf(r: AdapterResult, provider: string, id: string) {
  return r.offers?.find((o) => o.provider === provider && o.provider_model_id === id);
}

test('per-token prices become exact USD per 1M tokens, with *_above_200k_tokens as a tier', async () => {
  const r = await litellm.read(
    aSnapshot({
      'gemini/gemini-2.5-pro': chat('gemini', {
        input_cost_per_token: 1.25e-6,
        output_cost_per_token: 1e-5,
        cache_read_input_token_cost: 1.25e-7,
        input_cost_per_token_above_200k_tokens: 2.5e-6,
        output_cost_per_token_above_200k_tokens: 1.5e-5,
        input_cost_per_token_above_200k_tokens_priority: 9e-6,
        max_input_tokens: 1048576,
        max_output_tokens: 65535,
        supports_function_calling: true,
        supports_vision: true,
        supports_reasoning: true,
        supports_response_schema: true,
        source: 'https://ai.google.dev/pricing',
      }),
      'claude-opus-4-5': chat('anthropic', { input_cost_per_token: 5e-6, output_cost_per_token: 2.5e-5, cache_creation_input_token_cost: 6.25e-6 }),
    }),
  );
  assert.deepEqual(offerOf(r, 'google', 'gemini-2.5-pro'), {
    source: 'litellm',
    provider: 'google',
    provider_model_id: 'gemini-2.5-pro',
    region: 'global',
    as_of: '2026-07-24',
    input: 1.25,
    output: 10,
    cache_read: 0.125,
    tiers: [{ above_tokens: 200_000, input: 2.5, output: 15 }],
    context_window: 1_048_576,
    // The key's own supports_function_calling: true.
    tool_calling: true,
    url: 'https://ai.google.dev/pricing',
    file: `litellm-via-rocry/${SNAPSHOT}`,
    row: 'gemini/gemini-2.5-pro',
  });
  const opus = offerOf(r, 'anthropic', 'claude-opus-4-5');
  assert.deepEqual([opus?.input, opus?.output, opus?.cache_write], [5, 25, 6.25]);
  const gemini = r.models?.find((m) => m.source_model_id === 'gemini/gemini-2.5-pro');
  assert.deepEqual(
    [
      gemini?.context_window, gemini?.max_output, gemini?.tool_calling, gemini?.vision,
      gemini?.reasoning, gemini?.structured_output, gemini?.vendor_hint, gemini?.provider,
    ],
    [1048576, 65535, true, true, true, true, 'google', 'google'],
  );
});

test('only text modes enter; tiered_pricing ranges give the base and the tiers', async () => {
  const r = await litellm.read(
    aSnapshot({
      'text-embedding-3-small': { litellm_provider: 'openai', mode: 'embedding', input_cost_per_token: 2e-8 },
      'dall-e-3': { litellm_provider: 'openai', mode: 'image_generation' },
      'no-mode': { litellm_provider: 'openai', input_cost_per_token: 1e-6 },
      'gpt-3.5-turbo-instruct': { litellm_provider: 'text-completion-openai', mode: 'completion', input_cost_per_token: 1.5e-6 },
      'dashscope/qwen-flash': chat('dashscope', {
        tiered_pricing: [
          { input_cost_per_token: 5e-8, output_cost_per_token: 4e-7, range: [0, 256000.0] },
          { input_cost_per_token: 2.5e-7, output_cost_per_token: 2e-6, range: [256000.0, 1000000.0] },
        ],
      }),
    }),
  );
  assert.deepEqual(r.offers?.map((o) => [o.provider, o.provider_model_id]), [
    ['alibaba', 'qwen-flash'],
    ['openai', 'gpt-3.5-turbo-instruct'],
  ]);
  const qwen = offerOf(r, 'alibaba', 'qwen-flash');
  assert.deepEqual([qwen?.input, qwen?.output, qwen?.tiers], [0.05, 0.4, [{ above_tokens: 256_000, input: 0.25, output: 2 }]]);
});

test('EU SKUs are region eu and keep their regional id', async () => {
  const r = await litellm.read(
    aSnapshot({
      'eu.anthropic.claude-opus-4-5-20251101-v1:0': chat('bedrock_converse', { input_cost_per_token: 5.5e-6 }),
      'azure/eu/gpt-5.4': chat('azure', { input_cost_per_token: 2.75e-6 }),
      'bedrock/eu-central-1/minimax.minimax-m2.5': chat('bedrock', { input_cost_per_token: 3.6e-7 }),
      'bedrock/us-east-1/minimax.minimax-m2.5': chat('bedrock', { input_cost_per_token: 3e-7 }),
      // London (AWS's region list: eu-west-2, Europe (London)): in Europe, not in the EU; LiteLLM 2026-07-24 4.7e-7.
      'bedrock/eu-west-2/minimax.minimax-m2.5': chat('bedrock', { input_cost_per_token: 4.7e-7 }),
      'vertex_ai/claude-opus-4-5': chat('vertex_ai-anthropic_models', { input_cost_per_token: 5e-6 }),
    }),
  );
  assert.deepEqual(r.offers?.map((o) => [o.provider, o.provider_model_id, o.region, o.input]), [
    ['azure', 'eu/gpt-5.4', 'eu', 2.75],
    ['amazon-bedrock', 'eu-central-1/minimax.minimax-m2.5', 'eu', 0.36],
    ['amazon-bedrock', 'eu-west-2/minimax.minimax-m2.5', 'global', 0.47],
    // us-east-1 is N. Virginia (AWS's region list): an in-Region id reads its region, `us`.
    ['amazon-bedrock', 'us-east-1/minimax.minimax-m2.5', 'us', 0.3],
    ['amazon-bedrock', 'eu.anthropic.claude-opus-4-5-20251101-v1:0', 'eu', 5.5],
    ['google-vertex', 'claude-opus-4-5', 'global', 5],
  ]);
});

test('the EU processing multiplier is read per listing: gpt-5.6-luna 1.1, gpt-4o none, a bad one is an issue', async () => {
  // The 2026-07-24 snapshot: [gpt-5.6-luna] regional_processing_uplift_multiplier_eu 1.1; [gpt-4o] carries none.
  const r = await litellm.read(aSnapshot({
    'gpt-5.6-luna': chat('openai', { input_cost_per_token: 1e-6, output_cost_per_token: 6e-6, regional_processing_uplift_multiplier_eu: 1.1 }),
    'gpt-4o': chat('openai', { input_cost_per_token: 2.5e-6, output_cost_per_token: 1e-5 }),
    'gpt-5.4': chat('openai', { input_cost_per_token: 2.5e-6, regional_processing_uplift_multiplier_eu: -1 }),
  }));
  assert.equal(offerOf(r, 'openai', 'gpt-5.6-luna')?.eu_uplift, 1.1);
  assert.equal(offerOf(r, 'openai', 'gpt-4o')?.eu_uplift, undefined);
  assert.equal(offerOf(r, 'openai', 'gpt-5.4')?.eu_uplift, undefined);
  assert.ok(r.issues.some((i) => i.row === 'gpt-5.4' && i.field === 'regional_processing_uplift_multiplier_eu'));
});

test('a negative or non-numeric price is an issue naming file, key and field, and stays out', async () => {
  const r = await litellm.read(
    aSnapshot({ 'groq/llama-3.3-70b': chat('groq', { input_cost_per_token: -5.9e-7, output_cost_per_token: '7.9e-07', max_input_tokens: 131072 }) }),
  );
  const offer = offerOf(r, 'groq', 'llama-3.3-70b');
  assert.deepEqual([offer?.input, offer?.output], [undefined, undefined]);
  assert.equal(r.models?.[0].context_window, 131072, 'the valid fields of the record still enter');
  const at = (field: string) => r.issues.find((i) => i.file === `litellm-via-rocry/${SNAPSHOT}` && i.row === 'groq/llama-3.3-70b' && i.field === field);
  assert.match(at('input_cost_per_token')?.message ?? '', /negative/);
  assert.match(at('output_cost_per_token')?.message ?? '', /number/);
});

test('the provider prefix is stripped only when it names the provider', () => {
  assert.equal(providerModelId('fireworks_ai/accounts/fireworks/models/kimi-k2', 'fireworks_ai'), 'accounts/fireworks/models/kimi-k2');
  assert.equal(providerModelId('amazon-nova/nova-pro-v1', 'amazon_nova'), 'nova-pro-v1');
  assert.equal(providerModelId('azure/gpt-35-turbo-instruct', 'azure_text'), 'gpt-35-turbo-instruct');
  assert.equal(providerModelId('meta-llama/Llama-3-8b', 'together_ai'), 'meta-llama/Llama-3-8b');
});

test('field history: per-million price changes, hosting for text modes only, no subject', async () => {
  const snap = { 'claude-3-5-haiku-20241022': chat('anthropic') };
  const r = await litellm.read(
    aSnapshot(snap, [
      { commit: 'b094ffea87', date: '2025-02-06T10:56:03+08:00', change: 'baseline', n_models: 775 },
      { commit: 'aaa1111', date: '2025-02-06T13:17:01+08:00', model_key: 'gemini-2.0-flash-001', change: 'added', fields: { input_cost_per_token: 0.00015, litellm_provider: 'vertex_ai-language-models', mode: 'chat' } },
      { commit: 'aaa2222', date: '2025-02-07T00:30:08+00:00', model_key: 'gemini-2.0-flash-001', field: 'input_cost_per_token', old: 0.00015, new: 1.5e-7 },
      { commit: 'aaa2222', date: '2025-02-07T00:30:08+00:00', model_key: 'gemini-2.0-flash-001', field: 'deprecation_date', old: null, new: '2026-02-05' },
      { commit: 'aaa3333', date: '2025-02-08T00:00:00+00:00', model_key: 'text-embedding-3-small', change: 'added', fields: { input_cost_per_token: 2e-8, litellm_provider: 'openai', mode: 'embedding' } },
      { commit: 'aaa4444', date: '2025-02-28T05:07:43+00:00', model_key: 'claude-3-5-haiku-20241022', field: 'input_cost_per_token', old: 1e-6, new: 8e-7 },
      { commit: 'aaa5555', date: '2025-03-01T00:00:00+00:00', model_key: 'groq/llama3-8b-8192', field: 'output_cost_per_token', old: 'free', new: 8e-8 },
      { commit: 'aaa6666', date: '2025-03-02T00:00:00+00:00', model_key: 'groq/llama3-8b-8192', change: 'removed' },
    ]),
  );
  assert.deepEqual(
    r.changes?.map((c) => [c.date, c.change, c.provider, c.source_model_id, c.field, c.old, c.new, c.subject]),
    [
      ['2025-02-06', 'added', 'google-vertex', 'gemini-2.0-flash-001', 'offered', false, true, undefined],
      ['2025-02-07', 'changed', 'google-vertex', 'gemini-2.0-flash-001', 'input', 150, 0.15, undefined],
      ['2025-02-28', 'changed', 'anthropic', 'claude-3-5-haiku-20241022', 'input', 1, 0.8, undefined],
      ['2025-03-02', 'removed', 'groq', 'groq/llama3-8b-8192', 'offered', true, false, undefined],
    ],
  );
  assert.ok(r.issues.some((i) => i.row === 'line 7' && i.field === 'output_cost_per_token'));
});

const PROJECT = path.resolve(import.meta.dirname, '../..');
const REAL = { sources: path.join(PROJECT, '../shared/data/sources'), curated: path.join(PROJECT, '../shared/data/curated') };

test('the real snapshot: text models only, known prices, EU SKUs, and the providers that stay unmapped', { skip: !existsSync(REAL.sources) }, async () => {
  const r = await litellm.read(REAL);
  assert.ok((r.offers?.length ?? 0) > 2000 && (r.offers?.length ?? 0) < 2985, `offers: ${r.offers?.length}`);
  const opus = offerOf(r, 'anthropic', 'claude-opus-4-5');
  assert.deepEqual([opus?.input, opus?.output, opus?.cache_read, opus?.cache_write], [5, 25, 0.5, 6.25]);
  assert.ok((r.offers?.filter((o) => o.region === 'eu').length ?? 0) > 50);
  assert.ok(r.issues.length < 10, `issues: ${JSON.stringify(r.issues)}`);
  assert.ok((r.changes?.length ?? 0) > 2000);
  const doc = JSON.parse(readFileSync(path.join(REAL.sources, 'litellm-via-rocry', SNAPSHOT), 'utf8')) as Record<string, { mode?: string; litellm_provider?: string }>;
  const providers = new Set(Object.values(doc).flatMap((v) => (typeof v === 'object' && ['chat', 'completion', 'responses'].includes(v.mode ?? '') && v.litellm_provider ? [v.litellm_provider] : [])));
  const unmapped = [...providers].filter((p) => !isMappedProvider('litellm', p)).sort();
  // No models.dev provider for these (or not the same service): they pass through as their own slugs.
  assert.deepEqual(unmapped, [
    'ai21', 'anyscale', 'chatgpt', 'crusoe', 'darkbloom', 'featherless_ai', 'gigachat', 'heroku', 'hyperbolic', 'lambda_ai',
    'lemonade', 'libertai', 'llamagate', 'meta', 'nlp_cloud', 'nscale', 'oci', 'ollama', 'pinstripes', 'publicai', 'replicate',
    'sagemaker', 'sambanova', 'tencent', 'tensormesh', 'volcengine', 'watsonx',
  ]);
});

test('batch, flex and priority prices are offers of their own SKU beside the standard listing', async () => {
  // LiteLLM 2026-07-24 `gpt-4o`: 2.5e-6 / 1e-5 per token; _batches 1.25e-6 / 5e-6; _priority 4.25e-6 / 1.7e-5,
  // cache read _priority 2.125e-6. Per 1M tokens: 2.5/10, batch 1.25/5, priority 4.25/17 (cache 2.125).
  const r = await litellm.read(aSnapshot({
    'gpt-4o': chat('openai', {
      input_cost_per_token: 2.5e-6, output_cost_per_token: 1e-5, cache_read_input_token_cost: 1.25e-6,
      input_cost_per_token_batches: 1.25e-6, output_cost_per_token_batches: 5e-6,
      input_cost_per_token_priority: 4.25e-6, output_cost_per_token_priority: 1.7e-5, cache_read_input_token_cost_priority: 2.125e-6,
      input_cost_per_token_flex: 'cheap',
    }),
  }));
  const gpt = r.offers?.filter((o) => o.provider_model_id === 'gpt-4o') ?? [];
  assert.deepEqual(gpt.map((o) => [o.sku ?? 'standard', o.input, o.output, o.cache_read]), [
    ['standard', 2.5, 10, 1.25], ['batch', 1.25, 5, undefined], ['priority', 4.25, 17, 2.125],
  ]);
  assert.ok(r.issues.some((i) => i.row === 'gpt-4o' && i.field === 'input_cost_per_token_flex'));
});

test("deprecation_date is read as the key's shutdown day, for the model and the offer, never as a deprecation date", async () => {
  // model_prices_and_context_window-2026-07-24.json: claude-3-opus-20240229 (anthropic) deprecation_date 2026-05-01,
  // four months after Anthropic retired the model (2026-01-05) and ten after it deprecated it (2025-06-30).
  const r = await litellm.read(aSnapshot({
    'claude-3-opus-20240229': chat('anthropic', {
      input_cost_per_token: 1.5e-5, output_cost_per_token: 7.5e-5, deprecation_date: '2026-05-01',
    }),
  }));
  const m = r.models?.find((x) => x.source_model_id === 'claude-3-opus-20240229');
  assert.deepEqual([m?.shutdown_date, m?.deprecation_date], ['2026-05-01', undefined]);
  const o = offerOf(r, 'anthropic', 'claude-3-opus-20240229');
  assert.deepEqual([o?.shutdown_date, o?.deprecation_date], ['2026-05-01', undefined]);
});

test('keys of the snapshot the history never adds nor removes are held listings; a removed key gone from it names no provider', async () => {
  // LiteLLM's 30ebcad55e (2026-03-11T18:26:34+00:00) removed gpt-3.5-turbo-0301, a key present before the history's
  // baseline (a line with no fields) and absent from the 2026-07-24 snapshot, whose [gpt-3.5-turbo] is litellm_provider openai.
  const snap = { 'gpt-3.5-turbo': chat('openai'), 'claude-opus-5': chat('anthropic') };
  const r = await litellm.read(aSnapshot(snap, [
    { commit: 'b094ffea87', date: '2025-02-06T10:56:03+08:00', change: 'baseline', n_models: 775 },
    { commit: '30ebcad55e', date: '2026-03-11T18:26:34+00:00', model_key: 'gpt-3.5-turbo-0301', change: 'removed' },
    { commit: '8442b939a6', date: '2026-07-24T18:23:43+00:00', model_key: 'claude-opus-5', change: 'added', fields: { litellm_provider: 'anthropic', mode: 'chat' } },
  ]));
  assert.deepEqual(r.changes?.map((c) => [c.source_model_id, c.provider, c.new]), [['gpt-3.5-turbo-0301', undefined, false], ['claude-opus-5', 'anthropic', true]]);
  assert.deepEqual(r.held_listings, [{ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-3.5-turbo', source_model_id: 'gpt-3.5-turbo' }]);
});
