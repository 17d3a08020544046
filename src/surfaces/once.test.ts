import assert from 'node:assert/strict';
import { test } from 'node:test';
import { once } from './once.ts';

test('made on first use, not before, and only once, even when the value is falsy', () => {
  let made = 0;
  const get = once(() => {
    made++;
    return made > 1 ? 'again' : undefined;
  });
  assert.equal(made, 0, 'nothing is made until asked for');
  assert.equal(get(), undefined);
  assert.equal(get(), undefined);
  assert.equal(made, 1);
});

test('a failure is not kept: the next call tries again', () => {
  let calls = 0;
  const get = once(() => {
    calls++;
    if (calls === 1) throw new Error('first time');
    return calls;
  });
  assert.throws(get, /first time/);
  assert.equal(get(), 2);
  assert.equal(get(), 2);
});
