import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asciiWords } from './word-scan.ts';

// The split as vocabulary.ts states it, written out as its chain of rewrites: the reference the one pass must equal.
const reference = (text: string): string[] => text.slice(0, 400).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
  .replace(/'/g, '').replace(/(\d)([a-z])/g, '$1 $2').replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);

test('asciiWords: lower case, apostrophes dropped, a digit then a letter a boundary, the rest separators', () => {
  assert.deepEqual(asciiWords('Startup of 12 people'), ['startup', 'of', '12', 'people']);
  assert.deepEqual(asciiWords("we don't keep data"), ['we', 'dont', 'keep', 'data']);
  assert.deepEqual(asciiWords('24GB GPU'), ['24', 'gb', 'gpu']);
  assert.deepEqual(asciiWords('2x 3090, a4000'), ['2', 'x', '3090', 'a4000']);
  assert.deepEqual(asciiWords("1'a"), ['1', 'a'], 'the apostrophe goes first: `1a` splits');
  assert.deepEqual(asciiWords("  'quoted'  "), ['quoted']);
  assert.deepEqual(asciiWords('$1 per million_tokens.'), ['1', 'per', 'million', 'tokens']);
  assert.deepEqual(asciiWords(''), []);
  assert.deepEqual(asciiWords("'"), []);
  assert.equal(asciiWords('Zürich'), undefined, 'a text that is not ASCII is left to the general path');
});

test('asciiWords: each word with its span in the text', () => {
  const starts: number[] = [];
  const ends: number[] = [];
  assert.deepEqual(asciiWords("Don't 24gb!", starts, ends), ['dont', '24', 'gb']);
  assert.deepEqual(starts, [0, 6, 8]);
  assert.deepEqual(ends, [5, 8, 10]);
});

test('asciiWords equals the chain of rewrites on every ASCII text tried', () => {
  const parts = ['a', 'Z', '0', '9', "'", ' ', ',', '.', '-', '_', 'gb', '24', 'x', '$', 'ab1', '1ab', "n't", '  '];
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  for (let k = 0; k < 3000; k++) {
    let t = '';
    for (let n = next() % 12; n > 0; n--) t += parts[next() % parts.length];
    assert.deepEqual(asciiWords(t), reference(t), JSON.stringify(t));
  }
  const long = 'word '.repeat(100) + 'tail';
  assert.deepEqual(asciiWords(long), reference(long), 'cut at 400 characters');
});
