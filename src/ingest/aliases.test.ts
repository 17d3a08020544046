// Tests of the reviewed alias table as committed: it loads clean, and its rows resolve the ids they name.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../config/env.ts';
import { loadAliasTable } from './aliases.ts';
import { Matcher } from './matcher.ts';

const { rows, issues } = loadAliasTable(path.join(PROJECT_ROOT, 'data', 'curated', 'aliases.csv'));

test('data/curated/aliases.csv loads without issues, every row with its reason', () => {
  assert.deepEqual(issues, []);
  assert.ok(rows.every((r) => r.reason.length >= 10));
});

test('OpenAI\'s bare gpt-5.6 is gpt-5.6-sol, at OpenAI and Azure; Terra and Luna stay themselves', () => {
  // genai-prices' openai.yml prices `equals: gpt-5.6` by its gpt-5.6-sol entry; LiteLLM lists gpt-5.6 and azure/gpt-5.6
  // with gpt-5.6-sol's figures.
  const m = new Matcher(rows);
  for (const id of ['gpt-5.6-sol', 'gpt-5.6-terra', 'gpt-5.6-luna']) m.addCanonical(id);
  m.addAliasSpellings();
  assert.equal(m.resolve('litellm', 'gpt-5.6')?.id, 'gpt-5.6-sol');
  assert.equal(m.resolve('litellm', 'azure/gpt-5.6')?.id, 'gpt-5.6-sol');
  assert.equal(m.resolve('genai-prices', 'openai/gpt-5.6')?.id, 'gpt-5.6-sol');
  assert.equal(m.resolve('litellm', 'gpt-5.6-terra')?.id, 'gpt-5.6-terra');
  assert.equal(m.resolve('litellm', 'azure/gpt-5.6-luna')?.id, 'gpt-5.6-luna');
});

test('the arena\'s unversioned mistral-7b-instruct is Mistral 7B Instruct v0.1, not the base model', () => {
  // lmarena-history-nakasyou/result.csv: column mistral-7b-instruct is first non-zero on leaderboard 20231002
  // (1014.0458060533324), column mistral-7b-instruct-v0.2 on 20240305; v0.2 was published on 2023-12-11, so in
  // October 2023 the arena could only serve v0.1.
  const m = new Matcher(rows);
  for (const id of ['mistral-7b', 'mistral-7b-instruct-v0.1', 'mistral-7b-instruct-v0.2']) m.addCanonical(id);
  m.addAliasSpellings();
  assert.equal(m.resolve('lmarena', 'mistral-7b-instruct')?.id, 'mistral-7b-instruct-v0.1');
  assert.equal(m.resolve('lmarena', 'mistral-7b-instruct-v0.2')?.id, 'mistral-7b-instruct-v0.2');
});
