// The response cache's store: bounded by entries and size, evicting the least recently used first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Lru } from './lru.ts';

test('evicts the least recently used entry past the entry bound', () => {
  const lru = new Lru<number>(2);
  lru.set('a', 1);
  lru.set('b', 2);
  lru.get('a');
  lru.set('c', 3);
  assert.equal(lru.get('b'), undefined);
  assert.equal(lru.get('a'), 1);
  assert.equal(lru.get('c'), 3);
});

test('evicts past the size bound and never keeps an entry larger than the bound', () => {
  const lru = new Lru<string>(100, 10);
  lru.set('a', 'x', 6);
  lru.set('b', 'y', 6);
  assert.equal(lru.get('a'), undefined);
  assert.equal(lru.get('b'), 'y');
  lru.set('huge', 'z', 11);
  assert.equal(lru.get('huge'), undefined);
  assert.equal(lru.size, 1);
});
