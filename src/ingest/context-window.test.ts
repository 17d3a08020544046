// Tests of the config-window rule: a config.json window its providers exceed is not the model's window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IngestIssue, ModelObservation } from '../sources/types.ts';
import { configWindowWithin, windowRank, withWindowNote } from './context-window.ts';

const o = (x: Partial<ModelObservation> & Pick<ModelObservation, 'source' | 'source_model_id'>): ModelObservation => ({ as_of: '2026-07-02', ...x });

test('Step-3: llmfit 4,096 against StepFun resellers at 65,536 is set aside, with an issue', () => {
  // llmfit hf_models-2026-05-12: stepfun-ai/step3 context_length 4096; models.dev providers/zenmux/models/stepfun/step-3.toml
  // and providers/nano-gpt/models/step-3.toml: limit.context 65536 (the card's "Max Context Length 65536").
  const llmfit = o({ source: 'llmfit', source_model_id: 'stepfun-ai/step3', context_window: 4096 });
  const all = [
    llmfit,
    o({ source: 'models-dev', source_model_id: 'zenmux/stepfun/step-3', provider: 'zenmux', context_window: 65536 }),
    o({ source: 'models-dev', source_model_id: 'nano-gpt/step-3', provider: 'nano-gpt', context_window: 65536 }),
  ];
  const issues: IngestIssue[] = [];
  const get = configWindowWithin('step-3', all, issues);
  assert.equal(get(llmfit), undefined);
  assert.equal(get(all[1]), 65536, "a provider's own figure is not judged by this rule");
  assert.equal(issues.length, 1);
  assert.match(issues[0].message, /context_window 4096 .* 2 providers serve \(nano-gpt 65536, zenmux 65536\)/);
});

test('one provider above the config is not enough (one listing may be a typo); providers at or below it agree', () => {
  const llmfit = o({ source: 'llmfit', source_model_id: 'org/model', context_window: 32768 });
  const issues: IngestIssue[] = [];
  const get = configWindowWithin('model', [
    llmfit,
    o({ source: 'models-dev', source_model_id: 'a/model', provider: 'a', context_window: 131072 }),
    o({ source: 'litellm', source_model_id: 'a/model', provider: 'a', context_window: 200000 }),
    o({ source: 'models-dev', source_model_id: 'b/model', provider: 'b', context_window: 32768 }),
  ], issues);
  assert.equal(get(llmfit), 32768, 'two readings of one provider count once');
  assert.equal(issues.length, 0);
});

test('a reviewed override is never set aside', () => {
  const fix = o({ source: 'architecture-overrides', source_model_id: 'org/model', context_window: 8192 });
  const get = configWindowWithin('model', [fix,
    o({ source: 'models-dev', source_model_id: 'a/m', provider: 'a', context_window: 65536 }),
    o({ source: 'models-dev', source_model_id: 'b/m', provider: 'b', context_window: 65536 })], []);
  assert.equal(get(fix), 8192);
});

test('window order: the reviewed tables, then the config, then catalogue and provider entries', () => {
  // Tiers as build-models places them: 0 reviewed, 1 models.dev catalogue, 2 the developer's own API, 3 llmfit.
  const at = (source: string, tier: number, provider?: string) =>
    windowRank({ obs: o({ source, source_model_id: 'x', ...(provider ? { provider } : {}) }), tier });
  assert.ok(at('architecture-overrides', 0) < at('llmfit', 3));
  assert.ok(at('llmfit', 3) < at('models-dev', 1));
  assert.ok(at('llmfit', 3) < at('models-dev', 2, 'alibaba'));
  assert.ok(at('models-dev', 1) < at('models-dev', 2, 'alibaba'), 'the usual order holds among the others');
});

// DeepSeek-V3's listings as the snapshots give them: LiteLLM deepseek/deepseek-v3 max_input_tokens 65536 (DeepSeek's
// API); models.dev providers digitalocean and vercel limit.context 163840, togetherai 131072, helicone 128000; LiteLLM
// replicate/deepseek-ai/deepseek-v3 65536.
const deepseekV3 = [
  o({ source: 'litellm', source_model_id: 'deepseek/deepseek-v3', provider: 'deepseek', context_window: 65536 }),
  o({ source: 'models-dev', source_model_id: 'digitalocean/deepseek-v3', provider: 'digitalocean', context_window: 163840 }),
  o({ source: 'models-dev', source_model_id: 'vercel/deepseek/deepseek-v3', provider: 'vercel', context_window: 163840 }),
  o({ source: 'models-dev', source_model_id: 'togetherai/deepseek-ai/DeepSeek-V3', provider: 'togetherai', context_window: 131072 }),
  o({ source: 'models-dev', source_model_id: 'helicone/deepseek-v3', provider: 'helicone', context_window: 128000 }),
  o({ source: 'litellm', source_model_id: 'replicate/deepseek-ai/deepseek-v3', provider: 'replicate', context_window: 65536 }),
];
const ownDeepSeek = (x: ModelObservation) => x.provider === 'deepseek';

test("open weights: the developer's API limit that most other hosts exceed is set aside, with an issue", () => {
  const issues: IngestIssue[] = [];
  const get = configWindowWithin('deepseek-v3', deepseekV3, issues, ownDeepSeek);
  assert.equal(get(deepseekV3[0]), undefined, '4 of the 5 other hosts serve more than 65,536');
  assert.equal(get(deepseekV3[5]), 65536, "a reseller's own figure is not judged by this rule");
  assert.equal(issues.length, 1);
  assert.match(issues[0].message, /context_window 65536 of deepseek's own API .* below what 4 providers serve/);
});

test("closed weights: the developer's API window is the model's and stands", () => {
  const issues: IngestIssue[] = [];
  assert.equal(configWindowWithin('m', deepseekV3, issues)(deepseekV3[0]), 65536);
  assert.equal(issues.length, 0);
});

test("open weights: the developer's window stands when only a minority of hosts serve more", () => {
  // kimi-k2: Moonshot serves the 0711 weights at 131,072; a few resellers list the 0905 release's 262,144 under the old
  // name, most list 131,072.
  const own = o({ source: 'models-dev', source_model_id: 'moonshotai/kimi-k2-0711-preview', provider: 'moonshotai', context_window: 131072 });
  const hosts = [['a', 262144], ['b', 262144], ['c', 131072], ['d', 131072], ['e', 131072]] as const;
  const all = [own, ...hosts.map(([p, w]) => o({ source: 'models-dev', source_model_id: `${p}/kimi-k2`, provider: p, context_window: w }))];
  const issues: IngestIssue[] = [];
  assert.equal(configWindowWithin('kimi-k2', all, issues, (x) => x.provider === 'moonshotai')(own), 131072, '2 of 5 above');
  assert.equal(issues.length, 0);
});

test("a reviewed row's note goes with the window it gave, and with no other figure (DeepSeek-V3.1: 163,840 beside 128K)", () => {
  const note = "163,840 is the window the weights read; DeepSeek states 128K";
  const row = o({ source: 'model-architecture', source_model_id: 'deepseek-ai/DeepSeek-V3.1', as_of: '2026-11-26', context_window: 163840,
    context_window_note: note });
  const host = o({ source: 'models-dev', source_model_id: 'deepseek/deepseek-v3.1', provider: 'deepseek', context_window: 128000 });
  const fact = (value: number, source: string, as_of: string): { value: number; source: string; as_of: string; note?: string } =>
    ({ value, source, as_of });
  assert.equal(withWindowNote(fact(163840, 'model-architecture', '2026-11-26'), [host, row])?.note, note);
  // models.dev's 128,000 chosen (say the row were absent from the pick): the row's words are not about that figure.
  assert.equal(withWindowNote(fact(128000, 'models-dev', '2026-07-02'), [host, row])?.note, undefined);
  // The same source on another day, or another figure, is another statement.
  assert.equal(withWindowNote(fact(163840, 'model-architecture', '2026-11-25'), [row])?.note, undefined);
  assert.equal(withWindowNote(undefined, [row]), undefined);
});
