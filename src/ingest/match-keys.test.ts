import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalSlug, key0, key1, looseKey, mergeKey, variantKey, variantKeys } from './match-keys.ts';

test('vendor prefixes, namespaces and separators do not separate one model', () => {
  assert.equal(key0('anthropic/claude-opus-4.8'), 'claude-opus-4-8');
  assert.equal(key0('claude-opus-4-8'), 'claude-opus-4-8');
  assert.equal(key0('eu.anthropic.claude-sonnet-4-5-20250929-v1:0'), 'claude-sonnet-4-5-20250929');
  assert.equal(key0('meta-llama/Llama-3.3-70B-Instruct'), 'llama-3-3-70b-instruct');
  assert.equal(key0('openai/gpt-oss-20b:free'), 'gpt-oss-20b');
});

test('a plus is a word of the name: Command R+ is command-r-plus, not Command R', () => {
  // Cohere's API spells Command R+ `command-r-plus` (https://docs.cohere.com/docs/deprecations, 2025-09-15 notice:
  // "command-r-plus-04-2024 (and the alias command-r-plus)"); the arena writes "Command R+ (08-2024)".
  assert.equal(key0('Command R+'), 'command-r-plus');
  assert.equal(key0('Command R+ (08-2024)'), 'command-r-plus-08-2024');
  assert.equal(key0('Command R (08-2024)'), 'command-r-08-2024');
  assert.notEqual(key0('Command R+'), key0('command-r'));
});

test('dated snapshots share key1 with the undated model', () => {
  assert.equal(key1('claude-sonnet-4-20250514'), 'claude-sonnet-4');
  assert.equal(key1('gpt-4.1-2025-04-14'), 'gpt-4-1');
  assert.equal(key1('gemini-2.5-pro-preview-05-06'), 'gemini-2-5-pro');
  assert.equal(key1('chatgpt-4o-latest'), 'chatgpt-4o');
  assert.equal(key1('gpt-4-0613'), 'gpt-4');
  assert.equal(key1('gemini-1.5-pro-002'), 'gemini-1-5-pro');
  assert.equal(key1('yi-34b'), 'yi-34b');
});

test('thinking variants merge; effort levels find their model; names are kept apart otherwise', () => {
  assert.equal(variantKey('claude-opus-5-high'), 'claude-opus-5');
  assert.equal(variantKey('gpt-5.2 (xhigh)'), 'gpt-5-2');
  assert.equal(variantKey('grok-4.1-thinking'), 'grok-4-1');
  assert.equal(variantKey('claude-3-7-sonnet-20250219-thinking-32k'), 'claude-3-7-sonnet');
  assert.equal(variantKey('gpt-5.4-high-codex-harness'), 'gpt-5-4');
  assert.notEqual(mergeKey('qwen3-max'), mergeKey('qwen3'));
  assert.equal(looseKey('llama-3.3-70b-instruct'), 'llama-3-3-70b');
});

test('canonical slugs are valid identifiers', () => {
  assert.equal(canonicalSlug('qwen/qwen3-30b-a3b-instruct-2507'), 'qwen3-30b-a3b-instruct-2507');
  assert.equal(canonicalSlug('openai/gpt-oss-20b:free'), 'gpt-oss-20b');
  assert.equal(canonicalSlug('deepseek/deepseek-v3'), 'deepseek-v3');
  assert.equal(canonicalSlug('amazon-bedrock/meta.llama3-1-70b-instruct-v1:0'), 'llama3-1-70b-instruct');
  assert.equal(canonicalSlug('amazon-bedrock/mistral.mistral-7b-instruct-v0:2'), 'mistral-7b-instruct-v0.2');
  assert.equal(canonicalSlug('amazon-bedrock/mistral.mistral-large-2402-v1:0'), 'mistral-large-2402');
  assert.match(canonicalSlug('Foo Bar (v2)!'), /^[a-z0-9][a-z0-9._-]*$/);
});

test('Mistral YYMM suffixes are versions, month-day suffixes are snapshots', () => {
  // 24 and 25 cannot be months: 2411 is November 2024, Mistral Large 2.1 (https://docs.mistral.ai/getting-started/models/).
  assert.equal(key1('mistral-large-2411'), 'mistral-large-2411');
  assert.notEqual(key1('mistral-large-2512'), key1('mistral-large-2411'));
  assert.equal(key1('qwen3-30b-a3b-instruct-2507'), 'qwen-3-30b-a-3b-instruct-2507');
  // 07/11 and 09/05: Kimi K2's dated snapshots of one model.
  assert.equal(key1('kimi-k2-0905-preview'), 'kimi-k-2');
  assert.equal(key1('gpt-3.5-turbo-0125'), 'gpt-3-5-turbo');
  assert.equal(key1('vertex_ai/mistral-large@2411-001'), 'mistral-large-2411');
});

test('a thinking model is not found by its instruct sibling, but its effort variants are', () => {
  assert.notEqual(mergeKey('kimi-k2-thinking'), mergeKey('kimi-k2-0711-preview'));
  assert.deepEqual(variantKeys('kimi-k2-thinking-high'), ['kimi-k-2-thinking-high', 'kimi-k-2-thinking', 'kimi-k-2']);
});

test('provider spellings of one product share a key', () => {
  // Amazon Nova Lite at OpenRouter, on LMArena and on Bedrock.
  assert.equal(key0('amazon/nova-lite-v1'), 'nova-lite');
  assert.equal(key0('amazon-nova-lite-v1.0'), 'nova-lite');
  assert.equal(key0('us.amazon.nova-lite-v1:0'), 'nova-lite');
  // Fireworks writes decimals with p; the Hugging Face router appends the serving provider.
  assert.equal(key0('accounts/fireworks/models/llama-v3p1-8b-instruct'), key0('meta-llama/Llama-3.1-8B-Instruct'));
  assert.equal(key0('accounts/fireworks/models/glm-4p7'), key0('zai-org/GLM-4.7'));
  assert.equal(key0('Qwen/Qwen3-32B:groq'), key0('qwen3-32b'));
  // Bedrock: region paths, `regional.`, vendor words that are the model's name, `-1:0` and `-v1` versions.
  assert.equal(key0('us-east-1/deepseek.v3.2'), key0('deepseek-v3.2'));
  assert.equal(key0('regional.anthropic.claude-opus-4-6-v1:0'), key0('claude-opus-4-6'));
  assert.equal(key0('anthropic.claude-opus-4-6-v1'), key0('claude-opus-4-6'));
  assert.equal(key0('openai.gpt-oss-120b-1:0'), key0('gpt-oss-120b'));
  // Mistral's weights versions on Bedrock: `-v0:2` is Mistral-7B-Instruct-v0.2
  // (https://huggingface.co/mistralai/Mistral-7B-Instruct-v0.2), not an API version to drop; `-v1:0` is one.
  assert.equal(key0('us-east-1/mistral.mistral-7b-instruct-v0:2'), key0('mistralai/Mistral-7B-Instruct-v0.2'));
  assert.notEqual(key0('mistral.mistral-7b-instruct-v0:2'), key0('mistral-7b-instruct'));
  assert.equal(key0('mistral.mixtral-8x7b-instruct-v0:1'), key0('mistralai/Mixtral-8x7B-Instruct-v0.1'));
  assert.equal(key0('mistral.mistral-large-2402-v1:0'), key0('mistral-large-2402'));
  // Reseller packaging: who serves it, the MoE expert count, the quantization.
  assert.equal(looseKey('llama/cerebras-llama-4-maverick-17b-128e-instruct'), looseKey('llama-4-maverick-17b-instruct'));
  assert.equal(looseKey('llama-4-maverick-17b-128e-instruct-fp8'), looseKey('llama-4-maverick-17b-instruct'));
  assert.equal(looseKey('open-mixtral-8x7b'), looseKey('mixtral-8x7b'));
  assert.equal(looseKey('mistralai/Mistral-Nemo-Instruct-2407'), looseKey('mistral-nemo-2407'));
  // Context variants are priced apart: not packaging.
  assert.notEqual(looseKey('moonshot-v1-128k'), looseKey('moonshot-v1-32k'));
});

test('Claude in either word order, resellers\' vendor prefixes, context lengths', () => {
  // DigitalOcean and SAP AI Core write `claude-4.5-sonnet`; Anthropic's id is `claude-sonnet-4-5`.
  assert.equal(key0('anthropic-claude-4.5-sonnet'), 'anthropic-claude-4-5-sonnet');
  assert.equal(looseKey('anthropic--claude-4.5-sonnet'), looseKey('claude-sonnet-4-5'));
  assert.equal(key0('claude-sonnet-3.5'), key0('claude-3-5-sonnet'));
  assert.equal(looseKey('digitalocean/openai-gpt-4o'), looseKey('gpt-4o'));
  // Groq's `-8192` is a context length, not a YYMM version.
  assert.equal(key1('llama3-70b-8192'), key1('llama3-70b'));
});

test('Claude 4.0: Anthropic\'s -4-0 aliases meet their dated snapshots; 4.1 keeps its minor version', () => {
  // https://docs.anthropic.com/en/docs/about-claude/models/overview: claude-opus-4-0 -> claude-opus-4-20250514.
  assert.equal(mergeKey('claude-opus-4-0'), mergeKey('claude-opus-4-20250514'));
  assert.equal(mergeKey('claude-sonnet-4-0'), mergeKey('anthropic/claude-sonnet-4-20250514'));
  assert.equal(mergeKey('claude-4.0-sonnet'), 'claude-sonnet-4');
  assert.equal(mergeKey('claude-opus-4-1'), 'claude-opus-4-1');
  assert.notEqual(mergeKey('claude-opus-4-1'), mergeKey('claude-opus-4-0'));
});
