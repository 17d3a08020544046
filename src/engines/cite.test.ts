// Tests of the two citation forms: a derived figure's input, and the source of a figure in a sentence.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { citeFact, citeSource } from './cite.ts';

const f = { value: 1599, source: 'hardware-configs', as_of: '2025-07-21' };

test('citeFact: `name = value (source, as_of)`, the value shown as given or as the caller words it', () => {
  assert.equal(citeFact('rtx-4090.purchase_price_usd', f), 'rtx-4090.purchase_price_usd = 1599 (hardware-configs, 2025-07-21)');
  assert.equal(citeFact('price', f, '$1,599'), 'price = $1,599 (hardware-configs, 2025-07-21)');
});

test('citeSource: `source, as_of`, for the parentheses of a sentence', () => {
  assert.equal(`bought for $1,599 (${citeSource(f)})`, 'bought for $1,599 (hardware-configs, 2025-07-21)');
});
