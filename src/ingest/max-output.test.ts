// Tests for the max-output rule: a cap above the context window is hidden and reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IngestIssue, ModelObservation } from '../sources/types.ts';
import { maxOutputWithin } from './max-output.ts';

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
