import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JsonPieces, OWN_PIECE_MIN, PIECE_MAX } from './json-pieces.ts';

test('JsonPieces: short runs are joined up to PIECE_MAX, the text whole and in order', () => {
  const out = new JsonPieces();
  // 10,000 items of 10 characters: 100,000 characters, so at least four pieces of at most 32,768 (4 x 32,768 > 100,000).
  const item = '"abcdefgh",';
  for (let i = 0; i < 10_000; i++) out.add(item.slice(0, 10));
  const pieces = out.pieces();
  assert.equal(pieces.join(''), '"abcdefgh"'.repeat(10_000));
  assert.equal(pieces.length, 4);
  // 32,768 is 3,276 items and 8 characters: a run stops at 3,276 whole items (32,760 characters), never mid-item.
  assert.deepEqual(pieces.map((p) => p.length), [32_760, 32_760, 32_760, 1_720]);
  assert.ok(pieces.every((p) => p.length <= PIECE_MAX));
});

test('JsonPieces: a string longer than PIECE_MAX is a piece of its own, as given; a surrogate pair is never cut', () => {
  const out = new JsonPieces();
  const long = `"${'x'.repeat(PIECE_MAX + 10)}"`;
  out.add('[');
  out.add(long);
  out.add(',"😀"');
  out.add(']');
  const pieces = out.pieces();
  assert.deepEqual(pieces, ['[', long, ',"😀"]']);
  assert.equal(new JsonPieces().pieces().length, 0, 'nothing written, no piece');
});

test('JsonPieces: a string of OWN_PIECE_MIN characters or more is a piece of its own, the runs around it kept whole', () => {
  const out = new JsonPieces();
  // 256 characters is the bound (OWN_PIECE_MIN): 255 is appended to the run, 256 stands alone.
  const short = 'a'.repeat(255);
  const own = 'b'.repeat(256);
  out.add('{');
  out.add(short);
  out.add(own);
  out.add(',');
  out.add('}');
  assert.equal(OWN_PIECE_MIN, 256);
  assert.deepEqual(out.pieces(), [`{${short}`, own, ',}']);
});
