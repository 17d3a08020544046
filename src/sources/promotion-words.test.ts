// Tests of reading a promotional price's note back: the note is the one ingest/running-promotions.ts writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { promotionNote } from '../ingest/running-promotions.ts';
import { promotionOf, promotionWords } from './promotion-words.ts';

// data/curated/running-promotions.csv's first row, as read: OpenAI's GPT-5.6 Sol at $4/$20 from 2026-08-21, "available at
// least through 2026-11-21", list $5/$30; the second as OpenRouter's row, with no dates.
const row = {
  provider: 'openai', provider_model_id: 'gpt-5.6-sol', sku: 'standard', from: '2026-08-21',
  through: 'available at least through 2026-11-21', input: 4, output: 20, cache_read: 0.4, cache_write: 5,
  list_input: 5, list_output: 30, list_cache_read: 0.5, list_cache_write: 6.25,
  stated_by: 'OpenAI\'s pricing page calls it "promotional pricing" (a quote (with brackets))', url: 'https://example.org/pr/545',
  read_on: '2026-11-28', note: 'The launch price; the list price is said twice here on purpose.',
} as const;
const undated = { ...row, from: '', through: '', list_output: '' } as const;

test('a promotional note reads back as its span and list price, whatever brackets the quote holds', () => {
  assert.deepEqual(promotionOf({ note: promotionNote(row, 'input') }),
    { span: 'since 2026-08-21, available at least through 2026-11-21', list: 5 });
  assert.deepEqual(promotionOf({ note: promotionNote(undated, 'output') }), { span: 'no end stated', list: undefined });
  assert.equal(promotionOf({ note: 'dated 2026-09-23 by the npm bundle' }), undefined);
  assert.equal(promotionOf(undefined), undefined);
});

test('promotionWords names the seller, the span and the list prices it knows', () => {
  const prices = { input: { note: promotionNote(row, 'input') }, output: { note: promotionNote(row, 'output') } };
  assert.equal(promotionWords(prices, 'OpenAI', '2026-09-23'),
    ' OpenAI\'s price is promotional (since 2026-08-21, available at least through 2026-11-21; regular price $5 input, $30 output).');
  // Judged after the stated end (2026-11-29 > 2026-11-21): said, as the regular price may be charged by then.
  assert.equal(promotionWords(prices, 'OpenAI', '2026-11-29'),
    ' OpenAI\'s price is promotional (since 2026-08-21, available at least through 2026-11-21; regular price $5 input, $30 output)'
    + ': its stated end, 2026-11-21, is past by 2026-11-29, so the regular price may apply now.');
  assert.equal(promotionWords({ input: { note: promotionNote(undated, 'input') }, output: { note: promotionNote(undated, 'output') } }, 'OpenRouter', '2026-11-29'),
    ' OpenRouter\'s price is promotional (no end stated; regular price $5 input).');
  assert.equal(promotionWords({ input: { note: 'x' } }, 'Anthropic', '2026-11-29'), '');
});
