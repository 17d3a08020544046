import assert from 'node:assert/strict';
import { test } from 'node:test';
import { utf8Bytes, utf8BytesOf } from './utf8.ts';

// Expected bytes from the UTF-8 definition (RFC 3629), written by hand.
test('utf8Bytes: ASCII, two-, three- and four-byte characters, and a lone surrogate as U+FFFD', () => {
  assert.deepEqual([...utf8Bytes('')], []);
  assert.deepEqual([...utf8Bytes('{"a":1}')], [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x31, 0x7d]);
  assert.deepEqual([...utf8Bytes('é')], [0xc3, 0xa9]);
  assert.deepEqual([...utf8Bytes('≤')], [0xe2, 0x89, 0xa4]);
  assert.deepEqual([...utf8Bytes('😀')], [0xf0, 0x9f, 0x98, 0x80]);
  assert.deepEqual([...utf8Bytes('a\ud800b')], [0x61, 0xef, 0xbf, 0xbd, 0x62]);
});

test('utf8Bytes: strings that outgrow the scratch buffer, and one past its bound, come out whole and independent', () => {
  const medium = `${'x'.repeat(100_000)}é${'y'.repeat(50_000)}`;
  const a = utf8Bytes(medium);
  assert.equal(a.length, 150_002);
  assert.equal(a.toString('utf8'), medium);
  // A later call must not overwrite an earlier result (each has its own memory).
  const b = utf8Bytes('z'.repeat(200_000));
  assert.equal(a.toString('utf8'), medium);
  assert.equal(b.length, 200_000);
  const huge = '€'.repeat(1_500_000);
  const c = utf8Bytes(huge);
  assert.equal(c.length, 4_500_000);
  assert.equal(c.subarray(0, 3).toString('hex'), 'e282ac');
});

test('utf8BytesOf: pieces written one after another are the bytes of their text joined', () => {
  // Hand-worked: "é" is c3 a9, "€" e2 82 ac, "😀" f0 9f 98 80 (RFC 3629); pieces end between characters.
  const bytes = utf8BytesOf(['{"a":"é"', ',"b":"€"', ',"c":"😀"}']).toString('hex');
  assert.equal(bytes, '7b2261223a22c3a9222c2262223a22e282ac222c2263223a22f09f9880227d');
  assert.equal(utf8BytesOf([]).length, 0);
  const pieces = Array.from({ length: 12 }, (_, i) => `${'é'.repeat(20_000)}${i}`);
  const b = utf8BytesOf(pieces);
  assert.equal(b.length, 12 * 40_001 + 2, 'each é two bytes; the digits 0-9 one each and 10, 11 two each');
  assert.equal(b.toString('utf8'), pieces.join(''));
});
