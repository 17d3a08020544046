// Tests of the reviewed table that gives a model the output cap its developer's own API states.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import path from 'node:path';
import type { Model } from '../schema/index.ts';
import { applyDeveloperMaxOutput, loadDeveloperMaxOutput, type DeveloperMaxOutput } from './developer-max-output.ts';
import { servedUntil } from './max-output.ts';

// DeepSeek's Models & Pricing page: deepseek-reasoner (thinking mode) "MAX OUTPUT DEFAULT: 32K MAXIMUM: 64K",
// deepseek-chat "DEFAULT: 4K MAXIMUM: 8K"; LiteLLM's deepseek/deepseek-reasoner gives the 64K as 65,536.
const ROW: DeveloperMaxOutput = { model_id: 'deepseek-v3.2', max_output: 65536, api_name: 'deepseek-reasoner',
  url: 'https://api-docs.deepseek.com/quick_start/pricing', read_on: '2026-11-28', served_until: undefined, reason: 'MAXIMUM: 64K' };

const v32 = (): Model => ({ id: 'deepseek-v3.2', vendor: 'deepseek', name: { value: 'DeepSeek V3.2', as_of: '2026-07-24', source: 'litellm' },
  aliases: [], variants: [], capabilities: {},
  // LiteLLM 2026-07-24, deepseek/deepseek-v3.2: max_input_tokens = max_output_tokens = 163840, config.json's window.
  context_window: { value: 163840, as_of: '2026-07-24', source: 'litellm' },
  max_output: { value: 163840, as_of: '2026-07-24', source: 'litellm', conflicts: [{ value: 16384, as_of: '2026-07-24', source: 'models-dev' }] } });

test("DeepSeek-V3.2 reads DeepSeek's 64K cap; LiteLLM's window-sized 163,840 stays in conflicts", () => {
  const m = v32();
  assert.deepEqual(applyDeveloperMaxOutput([m], [ROW]), []);
  assert.equal(m.max_output?.value, 65536);
  assert.equal(m.max_output?.source, 'developer-max-output');
  assert.equal(m.max_output?.as_of, '2026-11-28');
  assert.deepEqual(m.max_output?.conflicts, [{ value: 163840, as_of: '2026-07-24', source: 'litellm' },
    { value: 16384, as_of: '2026-07-24', source: 'models-dev' }]);
  assert.match(m.max_output!.note!, /^deepseek-reasoner, https:\/\/api-docs\.deepseek\.com\/quick_start\/pricing: /);
});

test('a row above the window or for no model is reported and changes nothing', () => {
  const m = v32();
  const issues = applyDeveloperMaxOutput([m], [{ ...ROW, max_output: 200000 }, { ...ROW, model_id: 'deepseek-v9' }]);
  assert.equal(m.max_output?.value, 163840);
  assert.deepEqual(issues.map((i) => i.message), ["cap 200000 exceeds the model's window 163840: not used",
    'no model of this id: the row holds nothing (the model went or was renamed)']);
});

test('the committed table loads without issues and holds the DeepSeek caps its pages state', () => {
  const { rows, issues } = loadDeveloperMaxOutput(path.join(import.meta.dirname, '../../data/curated/developer-max-output.csv'));
  assert.deepEqual(issues, []);
  const cap = (id: string) => rows.find((r) => r.model_id === id)?.max_output;
  // deepseek-reasoner's "MAXIMUM: 64K" (V3.1 and V3.2 thinking mode); deepseek-chat's 8K when it served V3-0324
  // (DeepSeek's API reference: max_tokens "Integer between 1 and 8192").
  assert.deepEqual([cap('deepseek-v3.2'), cap('deepseek-v3.1'), cap('deepseek-v3-0324')], [65536, 65536, 8192]);
  for (const r of rows) assert.match(r.url, /^https:\/\//, r.model_id);
});

test('a cap of an API that no longer serves the model is dated by its last day, the reading kept in the note', () => {
  // developer-notices.csv: from 2026-04-24 deepseek-chat and deepseek-reasoner route to deepseek-v4-flash, so DeepSeek's
  // 64K cap for V3.2 held until then; the page was read on 2026-11-28.
  const m = v32();
  assert.deepEqual(applyDeveloperMaxOutput([m], [{ ...ROW, served_until: '2026-04-24' }]), []);
  assert.deepEqual([m.max_output?.value, m.max_output?.as_of], [65536, '2026-04-24']);
  assert.match(m.max_output!.note!, /^the developer's API's cap while it served the model, until 2026-04-24 \(read 2026-11-28\); deepseek-reasoner, /);
  assert.equal(servedUntil(m), '2026-04-24');
  const current = v32();
  applyDeveloperMaxOutput([current], [ROW]);
  assert.equal(servedUntil(current), undefined, 'a cap the API still applies has no last day');
});

test('the committed rows: DeepSeek APIs that have since moved on, each with its hand-over day; gpt-oss, Claude Sonnet 4.6 and GPT-6 current', () => {
  const { rows } = loadDeveloperMaxOutput(path.join(import.meta.dirname, '../../data/curated/developer-max-output.csv'));
  const until = Object.fromEntries(rows.map((r) => [r.model_id, r.served_until]));
  // V3.2 until V4 Flash took both names (2026-04-24, developer-notices.csv); V3.1 until V3.1-Terminus (2025-09-22,
  // DeepSeek's release of Terminus); V3-0324 until V3.1 went live behind deepseek-chat (2025-08-21, developer-notices.csv).
  // gpt-oss-120b and gpt-oss-20b: OpenAI's model pages state '131,072 max output tokens' today, with no end.
  // claude-sonnet-4-6: Anthropic's model page, 'Max output: 128K tokens' (128,000, not 131,072: Anthropic's K is the
  // thousand its catalogued Opus 4.6 and 4.7 caps use), still served.
  // gpt-6-astra: OpenAI's page '128,000 max output tokens'; gpt-6-luna: the catalogue's 'Max output 128K tokens' with
  // its page's 'Maximum input tokens: 922,000' of a 1.05M window, 1,050,000 - 922,000 = 128,000. Both still served.
  assert.deepEqual(until, {
    'deepseek-v3.2': '2026-04-24', 'deepseek-v3.1': '2025-09-22', 'deepseek-v3-0324': '2025-08-21', 'gpt-oss-120b': undefined, 'gpt-oss-20b': undefined,
    'claude-sonnet-4-6': undefined, 'gpt-6-astra': undefined, 'gpt-6-luna': undefined,
  });
  assert.equal(rows.find((r) => r.model_id === 'gpt-oss-120b')?.max_output, 131072);
  assert.equal(rows.find((r) => r.model_id === 'claude-sonnet-4-6')?.max_output, 128000);
  assert.equal(rows.find((r) => r.model_id === 'gpt-6-astra')?.max_output, 128000);
  assert.equal(rows.find((r) => r.model_id === 'gpt-6-luna')?.max_output, 128000);
});
