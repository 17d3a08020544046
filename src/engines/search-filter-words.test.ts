// Tests of the search words read as filters: which phrase names which parameter, the words left as q.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filterWords, LONG_CONTEXT_TOKENS } from './search-filter-words.ts';

test('the phrases of the three requests read as their parameters, nothing left as q', () => {
  const cheap = filterWords('cheap long context', {})!;
  assert.deepEqual(cheap.read.map((r) => r.parameter), ['sort=price', 'min_context=128000']);
  assert.deepEqual([cheap.query, cheap.rest], [{ sort: 'price', min_context: 128000 }, undefined]);
  const open = filterWords('open weights reasoning', {})!;
  assert.deepEqual([open.query, open.rest], [{ open_weights: true, capability: ['reasoning'] }, undefined]);
  assert.deepEqual(filterWords('Vision', {})!.query, { capability: ['vision'] });
  // 128,000 tokens: recommend_model's documents threshold (docs/trust-and-recommend.md, section 2.2).
  assert.equal(LONG_CONTEXT_TOKENS, 128000);
});

test('the other words stay q; a filter the query already sets is not named again; a model name names none', () => {
  assert.deepEqual(filterWords('cheap llama', {})!.rest, 'llama');
  assert.deepEqual(filterWords('llama vision models', {})!.rest, 'llama models');
  assert.equal(filterWords('vision', { capability: ['vision'] }), undefined);
  assert.deepEqual(filterWords('tools vision', { capability: ['vision'] })!.query, { capability: ['tool_calling', 'vision'] });
  assert.equal(filterWords('cheap', { sort: 'price' }), undefined);
  for (const q of ['llama 3.3', 'gpt-4o', 'claude opus', 'qwen3 8b']) assert.equal(filterWords(q, {}), undefined, q);
});
