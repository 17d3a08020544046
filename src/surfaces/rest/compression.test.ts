// Content coding: Accept-Encoding negotiation per RFC 9110 12.5.3, per-coding ETags, bytes made once per answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { testApp } from '../../../test/helpers.ts';
import { COMPRESS_MIN_BYTES, type Compressible, encodedBody, encodedEtag, negotiateEncoding } from './compression.ts';

test('negotiateEncoding: q-values, ties, identity and wildcards as RFC 9110 12.5.3 reads them', () => {
  assert.equal(negotiateEncoding(undefined), 'identity', 'no header: identity');
  assert.equal(negotiateEncoding(''), 'identity', 'empty header: identity only');
  assert.equal(negotiateEncoding('gzip'), 'gzip');
  assert.equal(negotiateEncoding('gzip, deflate, br'), 'br', 'equal weights: brotli is smaller');
  assert.equal(negotiateEncoding('br;q=0.5, gzip;q=0.8'), 'gzip', 'the higher q wins');
  assert.equal(negotiateEncoding('br;q=0, gzip'), 'gzip', 'q=0 means not acceptable');
  assert.equal(negotiateEncoding('br;q=0, gzip;q=0'), 'identity');
  assert.equal(negotiateEncoding('identity'), 'identity');
  assert.equal(negotiateEncoding('*'), 'br', '* admits every coding');
  assert.equal(negotiateEncoding('*;q=0.3, br;q=0'), 'gzip', 'gzip through the wildcard; br refused by name');
  assert.equal(negotiateEncoding('deflate'), 'identity', 'a coding we do not make');
  assert.equal(negotiateEncoding('GZIP;Q=1.0'), 'gzip', 'case-insensitive');
  assert.equal(negotiateEncoding('x-gzip'), 'gzip', 'x-gzip is gzip (RFC 9110 8.4.1.3)');
  assert.equal(negotiateEncoding('br;q=abc, gzip'), 'gzip', 'a malformed weight is no preference');
  assert.equal(negotiateEncoding(['br;q=0.1', 'gzip;q=0.2']), 'gzip', 'repeated header lines are one list');
});

test('encodedEtag: each coding has its own strong validator; identity keeps the original', () => {
  assert.equal(encodedEtag('"abc"', 'identity'), '"abc"');
  assert.equal(encodedEtag('"abc"', 'gzip'), '"abc-gz"');
  assert.equal(encodedEtag('"abc"', 'br'), '"abc-br"');
  assert.equal(encodedEtag('"abc"', 'br', true), '"abc-br-fast"');
  assert.equal(encodedEtag('"abc"', 'gzip', true), '"abc-gz-fast"');
});

test('encodedBody: small bodies go as they are; large ones are compressed fast, then once at the better level, and kept', () => {
  const small: Compressible = { bytes: Buffer.alloc(COMPRESS_MIN_BYTES - 1, 'a'), etag: '"s"' };
  assert.equal(encodedBody(small, 'br').encoding, 'identity');
  assert.equal(small.br, undefined);
  const text = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: `model-${i}`, price: i / 4 })));
  const big: Compressible = { bytes: Buffer.from(text), etag: '"b"' };
  const first = encodedBody(big, 'br');
  assert.equal(first.encoding, 'br');
  assert.equal(first.fast, true);
  assert.equal(zlib.brotliDecompressSync(first.body).toString(), text);
  // Independent of our code: zlib itself at quality 1, then at 5.
  const q = (quality: number) => zlib.brotliCompressSync(Buffer.from(text), { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
  } });
  assert.deepEqual(first.body, q(1));
  const second = encodedBody(big, 'br');
  assert.equal(second.fast, false);
  assert.deepEqual(second.body, q(5));
  assert.equal(zlib.brotliDecompressSync(second.body).toString(), text);
  assert.equal(encodedBody(big, 'br').body, second.body, 'the same buffer from then on: compressed once at that level');
  const gzFast = encodedBody(big, 'gzip');
  assert.equal(gzFast.fast, true);
  assert.deepEqual(gzFast.body.subarray(10), zlib.gzipSync(Buffer.from(text), { level: 1 }).subarray(10), 'gzip level 1 (past the header)');
  const gz = encodedBody(big, 'gzip');
  assert.equal(gz.fast, false);
  assert.equal(zlib.gunzipSync(gz.body).toString(), text);
  assert.ok(gz.body.length < big.bytes.length / 3, `gzip of repetitive JSON is well under a third (${gz.body.length} of ${big.bytes.length})`);
});

test('REST: an answer over 1 KB is coded as asked, with Vary and a per-coding ETag that revalidates', async () => {
  const app = testApp();
  // search_models lists every fixture model with their facts: well over 1 KB.
  const plain = await app.inject({ url: '/api/v1/models' });
  assert.equal(plain.statusCode, 200);
  assert.ok(plain.rawPayload.length > COMPRESS_MIN_BYTES, `body ${plain.rawPayload.length} bytes`);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.match(String(plain.headers.vary), /accept-encoding/);

  const brFast = await app.inject({ url: '/api/v1/models', headers: { 'accept-encoding': 'gzip;q=0.5, br' } });
  assert.equal(brFast.headers['content-encoding'], 'br');
  assert.deepEqual(zlib.brotliDecompressSync(brFast.rawPayload), plain.rawPayload);
  assert.equal(brFast.headers.etag, `${String(plain.headers.etag).slice(0, -1)}-br-fast"`);
  // Asked again, the answer is coded at the better level, under its own tag; the fast copy still revalidates.
  const br = await app.inject({ url: '/api/v1/models', headers: { 'accept-encoding': 'br' } });
  assert.deepEqual(zlib.brotliDecompressSync(br.rawPayload), plain.rawPayload);
  assert.equal(br.headers.etag, `${String(plain.headers.etag).slice(0, -1)}-br"`);
  assert.ok(br.rawPayload.length <= brFast.rawPayload.length, `${br.rawPayload.length} <= ${brFast.rawPayload.length}`);
  const heldFast = await app.inject({
    url: '/api/v1/models', headers: { 'accept-encoding': 'br', 'if-none-match': String(brFast.headers.etag) },
  });
  assert.equal(heldFast.statusCode, 304);

  const gz = await app.inject({ url: '/api/v1/models', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.deepEqual(zlib.gunzipSync(gz.rawPayload), plain.rawPayload);
  assert.notEqual(gz.headers.etag, br.headers.etag);

  const again = await app.inject({ url: '/api/v1/models', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
  assert.equal(again.statusCode, 304);
  // The identity ETag does not validate the brotli representation (RFC 9110 8.8.3.3: distinct representations).
  const cross = await app.inject({ url: '/api/v1/models', headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) } });
  assert.equal(cross.statusCode, 200);

  const refused = await app.inject({ url: '/api/v1/models', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
  assert.equal(refused.headers['content-encoding'], undefined);
  assert.deepEqual(refused.rawPayload, plain.rawPayload);
  await app.close();
});

test('REST: meta documents (OpenAPI) are compressed too', async () => {
  const app = testApp();
  const r = await app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(r.statusCode, 200);
  assert.equal(r.headers['content-encoding'], 'gzip');
  assert.equal(JSON.parse(zlib.gunzipSync(r.rawPayload).toString()).openapi, '3.1.0');
  await app.close();
});
