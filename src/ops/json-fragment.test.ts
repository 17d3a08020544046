// The marks an operation puts on its answer's parts are invisible to every other reader of the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isKept, isStitched, keptHeadOf, kept, openedBy, stitched } from './json-fragment.ts';

test('a stitched value reads as the plain value: JSON, keys, spreads and deep equality do not see the mark', () => {
  const v = stitched({ a: 1, b: [2, 3] });
  const list = stitched([v, 4]);
  assert.ok(isStitched(v) && isStitched(list));
  assert.equal(JSON.stringify(list), '[{"a":1,"b":[2,3]},4]');
  assert.deepEqual(Object.keys(v), ['a', 'b']);
  assert.deepEqual(Object.getOwnPropertySymbols(v).filter((s) => Object.getOwnPropertyDescriptor(v, s)!.enumerable), []);
  assert.deepStrictEqual(v, { a: 1, b: [2, 3] });
  assert.deepStrictEqual(list, [{ a: 1, b: [2, 3] }, 4]);
  const copy = { ...v };
  assert.equal(isStitched(copy), false, 'a copy is a plain object');
  assert.equal(isStitched({ a: 1 }), false);
});

test('openedBy: the kept head is found again, before or after the value is stitched; a plain stitch has none', () => {
  const head = kept({ provider: 'p', region: 'eu' });
  const v = openedBy(Object.assign({}, head, { price: 1 }), head);
  assert.equal(keptHeadOf(v)?.head, head);
  assert.equal(keptHeadOf(v)?.count, 2);
  assert.equal(keptHeadOf(v)?.last, 'region');
  stitched(v);
  assert.equal(keptHeadOf(v)?.head, head, 'stitching again keeps the head');
  const w = stitched(Object.assign({}, head, { price: 2 }));
  assert.equal(keptHeadOf(w), undefined);
  openedBy(w, head);
  assert.equal(keptHeadOf(w)?.head, head);
  assert.throws(() => openedBy({ a: 1 }, { a: 1 }), /must be kept/);
});

test('a value that cannot take a member (frozen) is still stitched, and kept values are told apart', () => {
  const frozen = Object.freeze({ a: 1 });
  stitched(frozen);
  assert.ok(isStitched(frozen));
  assert.equal(keptHeadOf(frozen), undefined);
  const k = kept({ x: 1 });
  assert.ok(isKept(k) && Object.isFrozen(k));
  assert.equal(isStitched(k), false);
  assert.equal(isKept({ x: 1 }), false);
});
