// Tests of the OpenRouter-copy rule on genai-prices' price history (price-changes-from-git.jsonl).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listingKey, openRouterCopies, openRouterVariants, stillCopied, type PriceRecord } from './genai-prices-copies.ts';

const rec = (r: Partial<PriceRecord> & Pick<PriceRecord, 'commit' | 'subject' | 'provider' | 'model'>): PriceRecord =>
  ({ date: '2026-06-15T15:42:50-05:00', change: 'added', new: null, ...r });
const SYNC = 'feat(openrouter): sync models from OpenRouter API (#401)';

// The lines of price-changes-from-git.jsonl for these listings, copied as they are.
const history: PriceRecord[] = [
  rec({ commit: '5d4f6ffd53', date: '2026-04-29T12:32:46+02:00', subject: 'fix(openrouter): add DeepSeek V3.2 pricing (#348)',
    provider: 'openrouter', model: 'deepseek/deepseek-v3.2', new: { cache_read_mtok: 0.0252, input_mtok: 0.252, output_mtok: 0.378 } }),
  rec({ commit: 'cee9e74c11', subject: SYNC, provider: 'openrouter', model: 'deepseek/deepseek-v3.2', change: 'prices_changed',
    new: { input_mtok: 0.2288, output_mtok: 0.3432 } }),
  rec({ commit: 'cee9e74c11', subject: SYNC, provider: 'deepseek', model: 'deepseek-v3.2', new: { input_mtok: 0.2288, output_mtok: 0.3432 } }),
  rec({ commit: '9275f6b122', date: '2026-05-14T18:32:14+02:00', subject: 'Add pricing for grok-4.3, deepseek-v4-flash, and deepseek-v4-pro (#365)',
    provider: 'deepseek', model: 'deepseek-v4-flash', new: { cache_read_mtok: 0.0028, input_mtok: 0.14, output_mtok: 0.28 } }),
  rec({ commit: 'c1aude5000', date: '2026-07-25T10:00:00+00:00', subject: 'Add Claude Opus 5 pricing for Bedrock, Vertex and OpenRouter (#502)',
    provider: 'google', model: 'claude-opus-5', new: { input_mtok: 5, output_mtok: 25 } }),
];

test("DeepSeek V3.2 under deepseek is OpenRouter's 0.2288/0.3432, copied by the 2026-06-15 sync", () => {
  const copies = openRouterCopies(history);
  const v32 = copies.get(listingKey('deepseek', 'deepseek-v3.2'));
  assert.deepEqual(v32, { commit: 'cee9e74c11', date: '2026-06-15', subject: SYNC, input: 0.2288, output: 0.3432 });
  assert.ok(!copies.has(listingKey('deepseek', 'deepseek-v4-flash')), 'a price its own commit added is the file\'s');
  assert.ok(!copies.has(listingKey('google', 'claude-opus-5')), 'pricing a model for OpenRouter among others is no copy');
  assert.ok(![...copies.keys()].some((k) => k.startsWith('openrouter')), "OpenRouter's own file is OpenRouter's price");
});

test('a later edit or a removal makes the price no copy any more', () => {
  const later = [...history, rec({ commit: 'abc1234567', date: '2026-07-01T00:00:00Z', subject: 'fix(deepseek): V3.2 at 0.28/0.42',
    provider: 'deepseek', model: 'deepseek-v3.2', change: 'prices_changed', new: { input_mtok: 0.28, output_mtok: 0.42 } })];
  assert.ok(!openRouterCopies(later).has(listingKey('deepseek', 'deepseek-v3.2')));
  const removed = [...history, rec({ commit: 'abc1234568', subject: 'remove', provider: 'deepseek', model: 'deepseek-v3.2', change: 'removed' })];
  assert.ok(!openRouterCopies(removed).has(listingKey('deepseek', 'deepseek-v3.2')));
});

test('the copy holds only while the listing still has the copied figures', () => {
  const copy = { commit: 'cee9e74c11', date: '2026-06-15', subject: SYNC, input: 0.2288, output: 0.3432 };
  assert.equal(stillCopied(copy, { input: 0.2288, output: 0.3432 }), true);
  assert.equal(stillCopied(copy, { input: 0.28, output: 0.42 }), false);
  assert.equal(stillCopied(copy, { input: 0.2288, output: 0.3432, next: { starts: '2027-01-01' } }), false, 'a scheduled price is later work');
});

test("Mixtral 8x22B under mistral is OpenRouter's 0.9/0.9: a later rewrite with the same figures sets no price", () => {
  // price-changes-from-git.jsonl, provider mistral, model mixtral-8x22b-instruct: added 0.9/0.9 by 670c89d3d1
  // "Update from openRouter (#3)" (OpenRouter's mixtral-8x22b-instruct added at 0.9/0.9 in the same commit), then
  // a57331e053 "add pricing discrepency detection" rewrote the block 0.9/0.9 -> 0.9/0.9 (null fields dropped).
  const nulls = { cache_read_mtok: null, cache_write_mtok: null, input_audio_mtok: null, input_mtok: 0.9, output_audio_mtok: null, output_mtok: 0.9 };
  const mixtral = [
    rec({ commit: '670c89d3d1', date: '2025-06-22T18:03:19+01:00', subject: 'Update from openRouter (#3)', provider: 'mistral',
      model: 'mixtral-8x22b-instruct', new: nulls }),
    rec({ commit: 'a57331e053', date: '2025-06-22T21:45:38+01:00', subject: 'add pricing discrepency detection', provider: 'mistral',
      model: 'mixtral-8x22b-instruct', change: 'prices_changed', new: { input_mtok: 0.9, output_mtok: 0.9 } }),
    // mistral-nemo: the same sync added 0.01/0.019, then "fix mistral prices (#16)" set Mistral's 0.15/0.15.
    rec({ commit: '670c89d3d1', date: '2025-06-22T18:03:19+01:00', subject: 'Update from openRouter (#3)', provider: 'mistral',
      model: 'mistral-nemo', new: { ...nulls, input_mtok: 0.01, output_mtok: 0.019 } }),
    rec({ commit: 'eba343d0ed', date: '2025-07-04T10:00:00+01:00', subject: 'fix mistral prices (#16)', provider: 'mistral',
      model: 'mistral-nemo', change: 'prices_changed', new: { input_mtok: 0.15, output_mtok: 0.15 } }),
  ];
  const copies = openRouterCopies(mixtral);
  assert.deepEqual(copies.get(listingKey('mistral', 'mixtral-8x22b-instruct')),
    { commit: '670c89d3d1', date: '2025-06-22', subject: 'Update from openRouter (#3)', input: 0.9, output: 0.9 });
  assert.ok(!copies.has(listingKey('mistral', 'mistral-nemo')), 'a price set by a later commit of its own is the file\'s');
});

test("OpenRouter's :free variants filed under Mistral and Azure by the first import are OpenRouter's, not the developers'", () => {
  // price-changes-from-git.jsonl, copied as they are (prices trimmed to the headline): 670c89d3d1 "Update from openRouter (#3)"
  // added provider mistral model mistral-small-24b-instruct-2501:free at input_mtok 0, output_mtok 0, and azure
  // phi-4-reasoning:free the same way; 8421a4e04c "rename data -> prices" added openai ft:gpt-4o-2024-08-06: (no tag).
  const first = 'Update from openRouter (#3)';
  const recs = [
    rec({ commit: '670c89d3d1', date: '2025-06-22T18:03:19+01:00', subject: first, provider: 'mistral', model: 'mistral-small-24b-instruct-2501:free', new: { input_mtok: 0, output_mtok: 0 } }),
    rec({ commit: '670c89d3d1', date: '2025-06-22T18:03:19+01:00', subject: first, provider: 'azure', model: 'phi-4-reasoning:free', new: { input_mtok: 0, output_mtok: 0 } }),
    rec({ commit: '670c89d3d1', date: '2025-06-22T18:03:19+01:00', subject: first, provider: 'openrouter', model: 'mistral-small-24b-instruct-2501:free', new: { input_mtok: 0, output_mtok: 0 } }),
    rec({ commit: '8421a4e04c', date: '2025-06-22T10:36:06+01:00', subject: 'rename data -> prices', provider: 'openai', model: 'ft:gpt-4o-2024-08-06:', new: { input_mtok: 3.75, output_mtok: 15 } }),
    rec({ commit: '0000000001', subject: 'add batch tier', provider: 'mistral', model: 'mistral-large:batch', new: { input_mtok: 1, output_mtok: 3 } }),
  ];
  const v = openRouterVariants(recs);
  assert.deepEqual([...v.keys()].sort(), [listingKey('azure', 'phi-4-reasoning:free'), listingKey('mistral', 'mistral-small-24b-instruct-2501:free')]);
  assert.equal(v.get(listingKey('mistral', 'mistral-small-24b-instruct-2501:free'))?.commit, '670c89d3d1');
});
