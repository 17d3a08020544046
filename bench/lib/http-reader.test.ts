// The paced client counts an answer when its last body byte arrives, however the bytes are split into chunks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHead, ResponseReader } from './http-reader.ts';

const answer = (status: number, body: string, extra = ''): string =>
  `HTTP/1.1 ${status} X\r\ncontent-type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

test('two answers read back to back are counted once each, at every split of the bytes', () => {
  const bytes = Buffer.from(answer(200, '{"a":"é"}') + answer(404, ''));
  for (let cut = 0; cut <= bytes.length; cut++) {
    const r = new ResponseReader();
    const seen = [...r.push(bytes.subarray(0, cut)), ...r.push(bytes.subarray(cut))];
    assert.deepEqual(seen, [200, 404], `split at ${cut}`);
  }
});

test('an answer fed one byte at a time completes on its last byte, not before', () => {
  const bytes = Buffer.from(answer(200, 'x'.repeat(100)));
  const r = new ResponseReader();
  for (let i = 0; i < bytes.length - 1; i++) assert.deepEqual(r.push(bytes.subarray(i, i + 1)), []);
  assert.deepEqual(r.push(bytes.subarray(bytes.length - 1)), [200]);
});

test('framing the client does not read stops it rather than miscounting bytes', () => {
  assert.throws(() => parseHead('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked'), /Transfer-Encoding/);
  assert.throws(() => parseHead('HTTP/1.1 200 OK\r\ncontent-type: text/plain'), /without Content-Length/);
  assert.throws(() => parseHead('SSH-2.0-OpenSSH'), /not an HTTP/);
  assert.deepEqual(parseHead('HTTP/1.1 304 Not Modified\r\netag: "x"'), { status: 304, bodyBytes: 0 });
});
