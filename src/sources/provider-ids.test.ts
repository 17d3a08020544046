// Tests of the provider id table: genai-prices and LiteLLM ids land on models.dev ids, the rest pass through as slugs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isMappedProvider, noticeProviderOf, toModelsDevProvider } from './provider-ids.ts';

test('genai-prices ids map to models.dev provider ids', () => {
  const cases: Array<[string, string]> = [
    ['aws', 'amazon-bedrock'],
    ['x_ai', 'xai'],
    ['x-ai', 'xai'],
    ['together', 'togetherai'],
    ['fireworks', 'fireworks-ai'],
    ['novita', 'novita-ai'],
    ['huggingface_groq', 'huggingface'],
  ];
  for (const [id, want] of cases) assert.equal(toModelsDevProvider('genai-prices', id), want, id);
});

test('LiteLLM ids map to models.dev provider ids, every vertex_ai family to google-vertex', () => {
  const cases: Array<[string, string]> = [
    ['bedrock', 'amazon-bedrock'],
    ['bedrock_converse', 'amazon-bedrock'],
    ['vertex_ai-anthropic_models', 'google-vertex'],
    ['vertex_ai-language-models', 'google-vertex'],
    ['gemini', 'google'],
    ['azure', 'azure'],
    ['azure_ai', 'azure'],
    ['fireworks_ai', 'fireworks-ai'],
    ['together_ai', 'togetherai'],
    ['text-completion-openai', 'openai'],
  ];
  for (const [id, want] of cases) assert.equal(toModelsDevProvider('litellm', id), want, id);
});

test('an unmapped id passes through as a valid slug and is reported as unmapped', () => {
  assert.equal(toModelsDevProvider('litellm', 'featherless_ai'), 'featherless_ai');
  assert.equal(toModelsDevProvider('genai-prices', 'QuickSilver Pro'), 'quicksilver-pro');
  assert.equal(isMappedProvider('litellm', 'featherless_ai'), false);
  assert.equal(isMappedProvider('litellm', 'bedrock'), true);
  // A table lookup must not find Object.prototype's keys.
  assert.equal(toModelsDevProvider('litellm', 'constructor'), 'constructor');
});

test("a provider's second id takes its notices: Azure's for azure-cognitive-services, Vertex AI's for google-vertex-anthropic", () => {
  // models.dev-toml-HEAD-2026-07-02: providers/azure-cognitive-services/provider.toml has azure's doc page
  // (learn.microsoft.com/en-us/azure/ai-services/openai/concepts/models) and npm "@ai-sdk/azure";
  // providers/google-vertex-anthropic/provider.toml is "Vertex (Anthropic)", doc page .../partner-models/claude.
  assert.equal(noticeProviderOf('azure-cognitive-services'), 'azure');
  assert.equal(noticeProviderOf('google-vertex-anthropic'), 'google-vertex');
  for (const id of ['azure', 'google-vertex', 'amazon-bedrock', 'openrouter', 'constructor']) assert.equal(noticeProviderOf(id), id);
});
