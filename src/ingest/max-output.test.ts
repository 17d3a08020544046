// Tests for the max-output rules: a cap above the context window is hidden and reported; the window is no cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IngestIssue, ModelObservation } from '../sources/types.ts';
import type { Model } from '../schema/index.ts';
import { lowerMaxOutputs, maxOutputWithin, noteWindowOnlyMaxOutput, windowOnlyMaxOutput } from './max-output.ts';

const obs = (max_output?: number): ModelObservation =>
  ({ source: 'models.dev', source_model_id: 'deepseek/deepseek-v3.2', as_of: '2026-07-24', max_output }) as ModelObservation;

test('a max_output above the context window is not used, and the rejection is an issue', () => {
  const issues: IngestIssue[] = [];
  // The reported defect: 163,840 output tokens against a 128,000-token window.
  assert.equal(maxOutputWithin('deepseek-v3.2', 128000, issues)(obs(163840)), undefined);
  assert.equal(issues.length, 1);
  assert.equal(issues[0]!.field, 'max_output');
  assert.match(issues[0]!.message, /163840 exceeds the model's context window 128000/);
});

test('a max_output within the window (equal counts as within) is kept; no window hides nothing', () => {
  const issues: IngestIssue[] = [];
  assert.equal(maxOutputWithin('m', 128000, issues)(obs(65536)), 65536);
  assert.equal(maxOutputWithin('m', 128000, issues)(obs(128000)), 128000);
  assert.equal(maxOutputWithin('m', undefined, issues)(obs(163840)), 163840);
  assert.equal(maxOutputWithin('m', 128000, issues)(obs(undefined)), undefined);
  assert.equal(issues.length, 0);
});

const model = (max_output: number | undefined, window: number | undefined, source = 'litellm', open: boolean | null = true) => ({
  ...(open === null ? {} : { open_weights: { value: open, as_of: '2026-07-24', source } }),
  ...(max_output === undefined ? {} : { max_output: { value: max_output, as_of: '2026-07-24', source } }),
  ...(window === undefined ? {} : { context_window: { value: window, as_of: '2026-07-24', source } }),
});

test('a max_output that is the window (or within 1% of it) is only the window; a developer\'s stated cap only of open weights', () => {
  // LiteLLM deepseek/deepseek-v3.2: 163,840 output against the 163,840-token window (config.json's).
  assert.equal(windowOnlyMaxOutput(model(163840, 163840)), true);
  // LiteLLM ibm granite-4.0-h-micro: 131,000 against config.json's 131,072: 99.95% of it.
  assert.equal(windowOnlyMaxOutput(model(131000, 131072)), true);
  // models.dev gpt-oss-120b: 32,768 of 131,072: a cap of its own.
  assert.equal(windowOnlyMaxOutput(model(32768, 131072)), false);
  assert.equal(windowOnlyMaxOutput(model(129760, 131072)), false, '99% of 131,072 is 129,761.28: 129,760 is a cap below it');
  assert.equal(windowOnlyMaxOutput(model(8192, 8192, 'developer-max-output', false)), false, 'a reviewed cap of closed weights is a cap');
  assert.equal(windowOnlyMaxOutput(model(8192, 8192, 'developer-max-output', null)), false, 'so is one of weights no source calls open');
  // OpenAI's page for gpt-oss-120b (developers.openai.com/api/docs/models/gpt-oss-120b, read 2026-11-29): '131,072
  // context window', '131,072 max output tokens'. Open weights, served on no OpenAI API of the dataset: each host caps
  // its own offer, and the developer's figure equal to the window is the window, not a cap.
  assert.equal(windowOnlyMaxOutput(model(131072, 131072, 'developer-max-output', true)), true);
  // DeepSeek's own API cap below the window (64K of a 163,840-token window) stays a cap.
  assert.equal(windowOnlyMaxOutput(model(65536, 163840, 'developer-max-output', true)), false);
  assert.equal(windowOnlyMaxOutput(model(undefined, 8192)), false);
  assert.equal(windowOnlyMaxOutput(model(8192, undefined)), false);
});

test('a closed model\'s max_output equal to its window is the vendor\'s cap; unknown weights are treated as open', () => {
  // OpenAI's gpt-4: an 8,192-token window and 8,192 max output tokens, stated by OpenAI for its own API (models.dev's
  // openai/gpt-4 gives both): no host but the vendor serves it, so the figure is a cap and ranks.
  assert.equal(windowOnlyMaxOutput(model(8192, 8192, 'models-dev', false)), false);
  // Weights of unknown openness: hosts may set their own caps, so the window is still no cap.
  assert.equal(windowOnlyMaxOutput(model(131072, 131072, 'litellm', null)), true);
});

const withConflicts = (m: ReturnType<typeof model>, values: number[]) =>
  ({ ...m, max_output: { ...m.max_output!, conflicts: values.map((value) => ({ value, as_of: '2026-07-24', source: 'models-dev' })) } });

test('lower figures among the conflicts are the ones below 99% of the window, each once, ascending', () => {
  // llama-3.3-70b-instruct: LiteLLM 131,072 (its window), models.dev 4,096 (Meta's Llama API) and 4,028 (another listing).
  assert.deepEqual(lowerMaxOutputs(withConflicts(model(131072, 131072), [4096, 4028, 4096, 131000])), [4028, 4096]);
  assert.deepEqual(lowerMaxOutputs(model(131072, 131072)), []);
});

test('a window-only max_output keeps its value and source, and its note says it is no cap, and which lower caps exist', () => {
  const open = { id: 'llama-3.3-70b-instruct', ...model(131072, 131072) } as unknown as Model;
  const closed = { id: 'gpt-4', ...model(8192, 8192, 'models-dev', false) } as unknown as Model;
  const capped = { id: 'gpt-oss-120b', ...model(32768, 131072) } as unknown as Model;
  // kimi-k2: 131,072 (its window) from LiteLLM, 16,384 from another listing.
  const disputed = { id: 'kimi-k2', ...withConflicts(model(131072, 131072), [16384]) } as unknown as Model;
  assert.deepEqual(noteWindowOnlyMaxOutput([open, closed, capped, disputed]), ['llama-3.3-70b-instruct', 'kimi-k2']);
  assert.equal(open.max_output?.value, 131072);
  assert.equal(open.max_output?.note, "the model's context window (131072), not an output cap: no cap below the window is stated for the "
    + 'model, so the figure bounds prompt and output together; for open weights each host caps output on its own offer');
  assert.equal(closed.max_output?.note, undefined);
  assert.equal(capped.max_output?.note, undefined);
  assert.match(disputed.max_output!.note!, /not an output cap: the sources also give a lower figure \(16,384, in `conflicts`\)/);
  assert.doesNotMatch(disputed.max_output!.note!, /no cap below the window is stated/);
});
