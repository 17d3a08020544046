// Tests of the money helpers: wire rounding and the two ways sentences show dollars.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dollars, price, usd } from './money.ts';

test('usd: two decimals from 1 up, four significant digits below', () => {
  assert.deepEqual([usd(2555.004), usd(1), usd(0.123456), usd(0.0000123456)], [2555, 1, 0.1235, 0.00001235]);
});

test('dollars: cents from $1 up, four significant digits below', () => {
  assert.deepEqual([dollars(3.5), dollars(10.324), dollars(0.36331)], ['$3.50', '$10.32', '$0.3633']);
});

test('price: a published per-token price, up to four decimals, no trailing zeros', () => {
  assert.deepEqual([price(10), price(0.075), price(0.123456)], ['$10', '$0.075', '$0.1235']);
});
