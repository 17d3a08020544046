// Tests of alias indexing: a provider, gateway or host owner (`llamagate/`, `ollama-cloud/`, `unsloth/`) is not a model word.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aDeveloper, aModel, anOffer, aProvider, f } from '../dataset/fixtures.ts';
import { modelPartOfAlias } from './search-index.ts';
import { searchModels, textMatches } from './search.ts';

// Aliases as the committed dataset has them (qwen3-8b, gemma-3-4b-it, codellama-34b-instruct: vendor perplexity there).
const ds = aDataset({
  developers: [
    aDeveloper({ id: 'alibaba', name: 'Alibaba' }), aDeveloper({ id: 'meta', name: 'Meta' }), aDeveloper({ id: 'google', name: 'Google' }),
  ],
  models: [
    aModel({ id: 'qwen3-8b', vendor: 'alibaba', name: f('Qwen3 8B'), family: f('qwen'),
      aliases: ['llamagate/qwen3-8b', 'ollama-cloud/qwen3:8b', 'qwen/qwen3-8b', 'unsloth/Qwen3-8B-GGUF'] }),
    aModel({ id: 'llama-3.1-8b-instruct', vendor: 'meta', name: f('Llama 3.1 8B Instruct'), family: f('llama'),
      aliases: ['llamagate/llama-3.1-8b', 'meta-llama/Llama-3.1-8B-Instruct'] }),
    aModel({ id: 'codellama-34b-instruct', vendor: 'perplexity', name: f('CodeLlama-34B-instruct'),
      aliases: ['meta-llama/CodeLlama-34b-Instruct-hf', 'anyscale/codellama/CodeLlama-34b-Instruct-hf'] }),
    aModel({ id: 'gemma-3-4b-it', vendor: 'google', name: f('Gemma 3 4B'), family: f('gemma'),
      aliases: ['ollama-cloud/gemma3:4b', 'google/gemma-3-4b-it'] }),
  ],
  offers: [
    anOffer({ model_id: 'qwen3-8b', provider: 'llamagate', prices: { input: f(0.02), output: f(0.05) } }),
    anOffer({ model_id: 'gemma-3-4b-it', provider: 'ollama-cloud', prices: { input: f(0.03), output: f(0.06) } }),
    anOffer({ model_id: 'llama-3.1-8b-instruct', provider: 'llamagate', prices: { input: f(0.05), output: f(0.1) } }),
    anOffer({ model_id: 'codellama-34b-instruct', provider: 'p', prices: { input: f(0.5), output: f(0.5) } }),
  ],
});
const found = (q: string) => new Set(textMatches(ds, q).keys());

test('an owner that is a provider, gateway or host is dropped; one naming the developer, family or model is kept', () => {
  const qwen = { identity: ['alibaba', 'qwen'], names: ['qwen38b'] };
  assert.equal(modelPartOfAlias('llamagate/qwen3-8b', qwen), 'qwen3-8b');
  assert.equal(modelPartOfAlias('unsloth/Qwen3-8B-GGUF', qwen), 'Qwen3-8B-GGUF');
  assert.equal(modelPartOfAlias('openrouter/qwen/qwen3-8b', qwen), 'qwen/qwen3-8b', 'qwen: the family');
  assert.equal(modelPartOfAlias('qwen3-8b', qwen), 'qwen3-8b');
  const codellama = { identity: ['perplexity'], names: ['codellama34binstruct'] };
  const kept = 'meta-llama/CodeLlama-34b-Instruct-hf';
  assert.equal(modelPartOfAlias(kept, codellama), kept, '"llama" is in its name');
  assert.equal(modelPartOfAlias('anyscale/codellama/CodeLlama-34b-Instruct-hf', codellama), 'codellama/CodeLlama-34b-Instruct-hf');
});

test('"llama" finds the Llama models only, not the Qwen and Gemma models LlamaGate and Ollama Cloud serve', () => {
  // By hand: Llama 3.1 by its name; CodeLlama by its meta-llama/ alias. Qwen3 8B (llamagate/) and Gemma 3 4B
  // (ollama-cloud/) have no word starting with "llama" once the route is dropped.
  assert.deepEqual(found('llama'), new Set(['llama-3.1-8b-instruct', 'codellama-34b-instruct']));
  // Cheapest first, the cheaper Qwen and Gemma no longer come before Llama.
  assert.deepEqual(searchModels(ds, { q: 'llama', sort: 'price' }), ['llama-3.1-8b-instruct', 'codellama-34b-instruct']);
  assert.deepEqual(found('ollama'), new Set());
  assert.deepEqual(found('unsloth'), new Set());
  assert.deepEqual(found('llamagate'), new Set(['llama-3.1-8b-instruct']), 'its own family starts the owner: harmless');
});

test('developer and family owners still find their models', () => {
  assert.deepEqual(found('qwen'), new Set(['qwen3-8b']));
  assert.deepEqual(found('meta'), new Set(['llama-3.1-8b-instruct', 'codellama-34b-instruct']));
  assert.deepEqual(found('google gemma'), new Set(['gemma-3-4b-it']));
});

test('an alias with its owner still finds its model, whole or begun', () => {
  assert.equal(searchModels(ds, { q: 'ollama-cloud/qwen3:8b' })[0], 'qwen3-8b');
  assert.equal(searchModels(ds, { q: 'ollama-cloud/gemma3:4b' })[0], 'gemma-3-4b-it');
  assert.deepEqual(found('llamagate/qwen3'), new Set(['qwen3-8b']));
  assert.deepEqual(found('ollama-cloud/'), new Set(['qwen3-8b', 'gemma-3-4b-it']));
});

test('a provider owner is a route even where its words are in the name; quantization words are no model words', () => {
  // NanoGPT is a provider of the dataset: `nano-gpt/...` routes found Claude and GLM by `gpt`. `openai/` names the
  // developer and stays; GPTQ and 6bit say how a repo stores the weights.
  const hosted = aDataset({
    developers: [aDeveloper({ id: 'openai', name: 'OpenAI' }), aDeveloper({ id: 'anthropic', name: 'Anthropic' }), aDeveloper({ id: 'zhipuai', name: 'Zhipu AI' })],
    providers: [aProvider({ id: 'nano-gpt', name: 'NanoGPT' }), aProvider({ id: 'routing-run', name: 'routing.run' })],
    models: [
      aModel({ id: 'gpt-5', vendor: 'openai', name: f('GPT-5'), family: f('gpt'), aliases: ['nano-gpt/openai/gpt-5'] }),
      aModel({ id: 'claude-opus-4-6', vendor: 'anthropic', name: f('Claude Opus 4.6'), family: f('claude-opus'),
        aliases: ['nano-gpt/anthropic/claude-opus-4.6'], variants: ['nano-gpt/anthropic/claude-opus-4.6:thinking:low'] }),
      aModel({ id: 'glm-5.1', vendor: 'zhipuai', name: f('GLM-5.1'), family: f('glm'),
        aliases: ['routing-run/route/glm-5.1-6bit', 'someone/GLM-5.1-GPTQ-Int4'] }),
    ],
  });
  const gpt = { identity: ['openai', 'gpt'], names: ['gpt5'], hosts: new Set(['nanogpt']) };
  assert.equal(modelPartOfAlias('nano-gpt/openai/gpt-5', gpt), 'openai/gpt-5', 'gpt is in the name, but nano-gpt is a provider');
  assert.deepEqual(new Set(textMatches(hosted, 'gpt').keys()), new Set(['gpt-5']));
  assert.deepEqual(new Set(textMatches(hosted, 'nano').keys()), new Set());
  // By hand: `6` is in no word of GLM-5.1 but `6bit`, a quantization; `5.1` still finds it.
  assert.deepEqual(new Set(textMatches(hosted, '6').keys()), new Set());
  assert.deepEqual(new Set(textMatches(hosted, 'glm 5.1').keys()), new Set(['glm-5.1']));
});
