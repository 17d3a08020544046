// Tests of a machine named by its memory size alone: the catalogued devices of that size it lists to name instead.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ok, skip } from './machine-fixtures.ts';

const listed = (text: string) => /catalogued devices of that size: (.*?) \(name one/.exec(ok(text).interpretation)![1].split(', ').sort();

test('a MacBook Air of a size lists only the base chips Apple sells it with, never a Pro chip of that size', { skip }, () => {
  // The MacBook Air has the plain chip of each generation (M1 to M4; machine-bins.ts); the catalogue's names say so
  // ("MacBook Air, MacBook Pro or Mac mini with Apple M4", "MacBook Pro with Apple M1 Pro"). At 16 GB the Pro rows
  // m1-pro-16gb and m2-pro-16gb were listed for a MacBook Air; at 24 GB m4-pro-24gb and m4-pro-20c-24gb.
  assert.equal(ok('MacBook Air 16GB').value, 'mac-16gb');
  assert.deepEqual(listed('MacBook Air 16GB'), ['m1-16gb', 'm2-16gb', 'm3-16gb', 'm4-16gb']);
  assert.deepEqual(listed('MacBook Air 24GB'), ['m2-24gb', 'm3-24gb', 'm4-24gb']);
  // A Mac of that size, not said to be an Air, still lists every catalogued Mac of it, the Pro chips too.
  assert.ok(listed('16 GB Mac').includes('m1-pro-16gb'));
  assert.ok(listed('24 GB Mac').includes('m4-pro-24gb'));
});
