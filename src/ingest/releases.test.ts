import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelObservation } from '../sources/types.ts';
import { buildModels } from './build-models.ts';
import { newReport } from './context.ts';
import { Matcher } from './matcher.ts';
import { findReleases } from './releases.ts';

const asOf = '2026-07-02';
const obs = (o: Partial<ModelObservation> & { source_model_id: string }): ModelObservation => ({ source: 'models-dev', as_of: asOf, ...o });
const repo = (id: string): ModelObservation => ({ source: 'llmfit', as_of: '2026-05-12', source_model_id: id, url: `https://huggingface.co/${id}` });

// The Kimi K2 Instruct listings as the sources give them: Moonshot's own API in the models.dev snapshot of 2026-07-02
// (providers/moonshotai/models/kimi-k2-0711-preview.toml limit.context = 131072, kimi-k2-0905-preview.toml 262144),
// the two Hugging Face repos llmfit lists, and resellers' ids (models.dev providers groq, fireworks-ai, openrouter).
const kimi: ModelObservation[] = [
  obs({ source_model_id: 'moonshotai/kimi-k2-0711-preview', provider: 'moonshotai', name: 'Kimi K2 0711', context_window: 131072 }),
  obs({ source_model_id: 'moonshotai/kimi-k2-0905-preview', provider: 'moonshotai', name: 'Kimi K2 0905', context_window: 262144 }),
  obs({ source_model_id: 'moonshotai-cn/kimi-k2-0905-preview', provider: 'moonshotai-cn', name: 'Kimi K2 0905', context_window: 262144 }),
  repo('moonshotai/Kimi-K2-Instruct'),
  repo('moonshotai/Kimi-K2-Instruct-0905'),
  obs({ source_model_id: 'groq/moonshotai/kimi-k2-instruct-0905', provider: 'groq', name: 'Kimi K2 Instruct 0905' }),
  obs({ source_model_id: 'groq/moonshotai/kimi-k2-instruct', provider: 'groq', name: 'Kimi K2 Instruct' }),
  obs({ source_model_id: 'fireworks-ai/accounts/fireworks/models/kimi-k2-instruct-0905', provider: 'fireworks-ai', name: 'Kimi K2 Instruct 0905' }),
  obs({ source_model_id: 'openrouter/moonshotai/kimi-k2-0905', provider: 'openrouter', name: 'MoonshotAI: Kimi K2 0905' }),
  obs({ source_model_id: 'openrouter/moonshotai/kimi-k2', provider: 'openrouter', name: 'MoonshotAI: Kimi K2 0711' }),
];

function run(observations: ModelObservation[]) {
  const ctx = { matcher: new Matcher(), report: newReport(), resolveDeveloper: () => undefined };
  const mb = buildModels(observations, [], ctx, () => undefined);
  return { ids: mb.models.map((m) => m.id), model: (id: string) => mb.models.find((m) => m.id === id), resolve: (id: string) => mb.resolve('models-dev', id) };
}

test('Kimi K2 Instruct 0905 has its own repository and its own context window: a release of its own', () => {
  assert.deepEqual([...findReleases(kimi, () => undefined)], [['kimi-k-2-0711', 'kimi-k2'], ['kimi-k-2-0905', 'kimi-k2-0905']]);
});

test('0711 stays kimi-k2 with 128k, 0905 is kimi-k2-0905 with 256k, and resellers\' ids follow their release', () => {
  const { ids, model, resolve } = run(kimi);
  assert.deepEqual(ids, ['kimi-k2', 'kimi-k2-0905']);
  assert.equal(model('kimi-k2')!.context_window?.value, 131072);
  assert.equal(model('kimi-k2-0905')!.context_window?.value, 262144);
  for (const id of ['kimi-k2-0905-preview', 'moonshotai/kimi-k2-instruct-0905', 'groq/moonshotai/kimi-k2-instruct-0905', 'fireworks-ai/accounts/fireworks/models/kimi-k2-instruct-0905', 'openrouter/moonshotai/kimi-k2-0905', 'moonshotai/Kimi-K2-Instruct-0905']) {
    assert.equal(resolve(id), 'kimi-k2-0905', id);
  }
  // Undated ids are the first release's (Kimi-K2-Instruct, the repository without a date).
  for (const id of ['kimi-k2-0711-preview', 'groq/moonshotai/kimi-k2-instruct', 'openrouter/moonshotai/kimi-k2', 'moonshotai/Kimi-K2-Instruct', 'kimi-k2-instruct']) {
    assert.equal(resolve(id), 'kimi-k2', id);
  }
});

test('without both pieces of evidence a month-day tail stays a snapshot of its model', () => {
  // The same limits in the developer's listings: a separate repository alone is a snapshot (DeepSeek-V3-0324 beside
  // DeepSeek-V3, both 163,840 at alibaba-cn in the models.dev snapshot; DeepSeek's own API lists no dated id).
  const sameLimits = kimi.map((o) => (o.context_window ? { ...o, context_window: 131072 } : o));
  assert.equal(findReleases(sameLimits, () => undefined).size, 0);
  assert.deepEqual(run(sameLimits).ids, ['kimi-k2']);
  // Different limits without a repository of its own (litellm: OpenAI's gpt-4-0613 8,192 and gpt-4-1106-preview
  // 128,000): snapshots of gpt-4, as are gpt-4o's and Claude's dated ids.
  const openai = [
    obs({ source: 'litellm', source_model_id: 'gpt-4', provider: 'openai', name: 'GPT-4', context_window: 8192 }),
    obs({ source: 'litellm', source_model_id: 'gpt-4-0613', provider: 'openai', context_window: 8192 }),
    obs({ source: 'litellm', source_model_id: 'gpt-4-1106-preview', provider: 'openai', context_window: 128000 }),
    obs({ source_model_id: 'openai/gpt-4o', provider: 'openai', name: 'GPT-4o', context_window: 128000 }),
    obs({ source_model_id: 'openai/gpt-4o-2024-05-13', provider: 'openai', name: 'GPT-4o (2024-05-13)', context_window: 128000 }),
    obs({ source_model_id: 'anthropic/claude-sonnet-4-20250514', provider: 'anthropic', name: 'Claude Sonnet 4', context_window: 200000 }),
  ];
  assert.equal(findReleases(openai, () => undefined).size, 0);
  const { ids, resolve } = run(openai);
  assert.deepEqual(ids, ['claude-sonnet-4', 'gpt-4', 'gpt-4o']);
  assert.equal(resolve('gpt-4-1106-preview'), 'gpt-4');
  assert.equal(resolve('gpt-4o-2024-08-06'), 'gpt-4o');
});

// DeepSeek-V3.2-Exp (deepseek-ai/DeepSeek-V3.2-Exp, 2025-09-29) and DeepSeek-V3.2 (deepseek-ai/DeepSeek-V3.2,
// 2025-12-01): two repositories llmfit lists, and the ids models.dev gives them (models/deepseek catalogue entry,
// providers openrouter and novita).
const deepseek = [
  obs({ source_model_id: 'deepseek/deepseek-v3.2', name: 'DeepSeek-V3.2',
    weights_url: 'https://huggingface.co/deepseek-ai/DeepSeek-V3.2' }),
  repo('deepseek-ai/DeepSeek-V3.2'),
  repo('deepseek-ai/DeepSeek-V3.2-Exp'),
  obs({ source_model_id: 'openrouter/deepseek/deepseek-v3.2', provider: 'openrouter' }),
  obs({ source_model_id: 'openrouter/deepseek/deepseek-v3.2-exp', provider: 'openrouter' }),
  obs({ source_model_id: 'novita/deepseek/deepseek-v3.2-exp', provider: 'novita' }),
];

test('an -Exp checkpoint with a repository of its own is its own model, not a preview of the untagged one', () => {
  assert.deepEqual([...findReleases(deepseek, () => undefined).values()], ['deepseek-v3.2-exp']);
  const { ids, resolve } = run(deepseek);
  assert.deepEqual(ids, ['deepseek-v3.2', 'deepseek-v3.2-exp']);
  const exp = ['openrouter/deepseek/deepseek-v3.2-exp', 'novita/deepseek/deepseek-v3.2-exp', 'deepseek-ai/DeepSeek-V3.2-Exp',
    'deepseek-v3.2-exp-thinking'];
  for (const id of exp) {
    assert.equal(resolve(id), 'deepseek-v3.2-exp', id);
  }
  for (const id of ['openrouter/deepseek/deepseek-v3.2', 'deepseek-ai/DeepSeek-V3.2']) assert.equal(resolve(id), 'deepseek-v3.2', id);
});

test('without a repository of its own an -exp id stays with its model', () => {
  const noRepo = deepseek.filter((o) => o.source_model_id !== 'deepseek-ai/DeepSeek-V3.2-Exp');
  assert.equal(findReleases(noRepo, () => undefined).size, 0);
});
