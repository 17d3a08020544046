// Snapshots the developer names as another model are not merged by the snapshot rule (aliases.csv rows), and a router
// is no model: each checked on the committed dataset against the developer's page or the source file in the comment.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
/** The developer's own standard prices of a model at a provider, as `input/output`. */
const own = (model: string, provider: string) => [...new Set((ds.offersByModel.get(model) ?? [])
  .filter((o) => o.provider === provider && o.first_party && o.sku === 'standard' && o.region === 'global')
  .map((o) => `${o.prices.input?.value}/${o.prices.output?.value}`))].sort();

test('GPT-4 is GPT-4 of 2023-03-14 at $30/$60, and the GPT-4 Turbo previews are GPT-4 Turbo Preview', () => {
  // openai.com/index/gpt-4-research (March 14, 2023): data cut off September 2021. developers.openai.com/api/docs/models/gpt-4:
  // $30/$60, 8,192 tokens; .../gpt-4-turbo-preview: "Default snapshot: gpt-4-0125-preview", 128,000 tokens, $10/$30.
  const gpt4 = ds.modelById.get('gpt-4')!;
  assert.equal(gpt4.release_date?.value, '2023-03-14');
  assert.equal(gpt4.knowledge_cutoff?.value, '2021-09');
  assert.equal(gpt4.context_window?.value, 8192);
  assert.deepEqual(own('gpt-4', 'openai'), ['30/60']);
  for (const id of ['gpt-4-1106-preview', 'gpt-4-0125-preview', 'azure/gpt-4-0125-preview', 'openrouter/openai/gpt-4-1106-preview']) {
    assert.equal(ds.resolveModelId(id), 'gpt-4-turbo-preview', id);
  }
  assert.deepEqual(own('gpt-4-turbo-preview', 'openai'), ['10/30']);
  assert.equal(ds.modelById.get('gpt-4-turbo-preview')!.context_window?.value, 128000);
  // The true snapshot stays: gpt-4 serves gpt-4-0613 (version-pointers.csv).
  assert.equal(ds.resolveModelId('gpt-4-0613'), 'gpt-4');
});

test("Gemini 2.5 Flash's Google price is the GA $0.30/$2.50; the preview's $0.15/$0.60 is the preview's", () => {
  // genai-prices google.yml (47df840a5a): gemini-2.5-flash 0.3/2.5; gemini-2.5-flash-preview ("Gemini 2.5 Flash Preview
  // 05-20", matching -04-17 and -05-20) 0.15/0.6. deprecations.json, Google: gemini-2.5-flash-preview-05-20 shut down 2025-11-18.
  assert.deepEqual(own('gemini-2.5-flash', 'google'), ['0.3/2.5']);
  const preview = ds.resolveModelId('gemini-2.5-flash-preview-05-20');
  assert.equal(preview, 'gemini-2.5-flash-preview');
  assert.equal(ds.resolveModelId('gemini-2.5-flash-preview-04-17'), preview);
  assert.deepEqual(own(preview!, 'google'), ['0.15/0.6']);
  assert.equal(ds.modelById.get(preview!)!.shutdown_date?.value, '2025-11-18');
  assert.notEqual(ds.modelById.get('gemini-2.5-flash')!.shutdown_date?.value, '2025-11-18');
});

test("GPT-3.5 Turbo's OpenAI price is gpt-3.5-turbo-0125's; the 0301 snapshot keeps its own $1.50/$2", () => {
  // genai-prices openai.yml (47df840a5a): gpt-3.5-turbo (= gpt-3.5-turbo-0125) 0.5/1.5; gpt-3.5-0301 (= gpt-3.5-turbo-0301) 1.5/2.
  assert.deepEqual(own('gpt-3.5-turbo', 'openai'), ['0.5/1.5']);
  assert.equal(ds.resolveModelId('gpt-3.5-0301'), 'gpt-3.5-turbo-0301');
  assert.deepEqual(own('gpt-3.5-turbo-0301', 'openai'), ['1.5/2']);
});

test('Kimi K2 Turbo serves the 0905 weights (262,144 tokens), not Kimi K2 0711 (131,072)', () => {
  // models.dev 2026-07-02 providers/moonshotai/models: kimi-k2-turbo-preview context 262_144, released 2025-09-05;
  // kimi-k2-0711-preview 131,072.
  const turbo = ds.resolveModelId('kimi-k2-turbo-preview');
  assert.equal(turbo, ds.resolveModelId('kimi-k2-0905-preview'));
  assert.equal(ds.modelById.get(turbo!)!.context_window?.value, 262144);
  assert.equal(ds.modelById.get('kimi-k2')!.context_window?.value, 131072);
  assert.ok(!ds.modelById.get('kimi-k2')!.aliases.some((a) => /turbo/.test(a)));
  // Kimi K2 Instruct (the 0711 weights) still finds its model.
  assert.equal(ds.resolveModelId('moonshotai/Kimi-K2-Instruct'), 'kimi-k2');
});

test('a router is no model: no `auto` model, and no router endpoint is an offer', () => {
  // models.dev 2026-07-02: providers/{morph,llmgateway}/models/auto.toml, providers/{openrouter,kilo}/models/openrouter/auto.toml,
  // providers/orcarouter/models/orcarouter/auto.toml route each request to a model the provider picks.
  for (const id of ['auto', 'morph/auto', 'openrouter/auto']) assert.equal(ds.resolveModelId(id), undefined, id);
  assert.deepEqual(ds.offers.filter((o) => /(^|\/)auto$/.test(o.provider_model_id)).map((o) => `${o.provider}/${o.provider_model_id}`), []);
});
