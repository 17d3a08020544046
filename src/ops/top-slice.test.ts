// Tests of the first rows of an order kept without sorting the rest: the slices equal those of the sorted rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ranked, TopSlice } from './top-slice.ts';

const byValue = (a: number, b: number) => a - b;

test('the first rows of an order, and the count of all rows, as the sorted rows would give them', () => {
  const rows = [5, 3, 9, 1, 7, 3.5, 8, 2, 6, 4];
  const t = new TopSlice(4, byValue);
  for (const r of rows) if (t.admits(r)) t.keep(r);
  assert.equal(t.length, 10);
  assert.deepEqual(t.slice(0, 4), [1, 2, 3, 3.5]);
  assert.deepEqual(t.slice(2, 4), [3, 3.5]);
  assert.throws(() => t.slice(0, 5), /keeps 4 items/);
  // Once four are kept, a row no better than the fourth is refused after one comparison.
  assert.equal(t.admits(3.5), false);
  assert.equal(t.admits(0), true);
});

test('a room past the insertion limit keeps every row and sorts them once', () => {
  const r = ranked<number>(500, byValue);
  for (const x of [3, 1, 2]) if (r.admits(x)) r.keep(x);
  assert.equal(r.length, 3);
  assert.deepEqual(r.slice(0, 500), [1, 2, 3]);
  const none = ranked<number>(0, byValue);
  for (const x of [3, 1]) if (none.admits(x)) none.keep(x);
  assert.equal(none.length, 2);
  assert.deepEqual(none.slice(0, 0), []);
});
