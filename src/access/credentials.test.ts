// Where a request's key is read from: x-api-key or Authorization: Bearer (RFC 6750 section 2.1), and their conflicts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiKeyFrom, bearerChallenge, conflictingKeys } from './credentials.ts';

const K1 = 'mds_pro_0123456789abcdefghijklmnopqrstuv';
const K2 = 'mds_free_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

test('no credential: undefined (anonymous); x-api-key alone: its value', () => {
  assert.equal(apiKeyFrom({}), undefined);
  assert.equal(apiKeyFrom({ 'x-api-key': K1 }), K1);
});

test('Authorization: Bearer <key>, the scheme in any letter case and with extra spaces (RFC 9110 section 11.1)', () => {
  for (const v of [`Bearer ${K1}`, `bearer ${K1}`, `BEARER  ${K1}`, `  Bearer ${K1}  `, `Bearer\t${K1}`]) {
    assert.equal(apiKeyFrom({ authorization: v }), K1, JSON.stringify(v));
  }
  // A bare scheme is a credential that is empty, not an anonymous call: authenticate() refuses it.
  assert.equal(apiKeyFrom({ authorization: 'Bearer' }), '');
});

test('both headers with the same key: that key; with different keys: both, which authenticate() refuses as a conflict', () => {
  assert.equal(apiKeyFrom({ 'x-api-key': K1, authorization: `Bearer ${K1}` }), K1);
  const both = apiKeyFrom({ 'x-api-key': K1, authorization: `Bearer ${K2}` })!;
  const err = conflictingKeys(both);
  assert.equal(err?.status, 400);
  assert.equal(err?.code, 'invalid_parameter');
  assert.match(err!.detail, /two different API keys/);
  assert.ok(!err!.detail.includes(K1) && !err!.detail.includes(K2), 'neither key is echoed');
  assert.match(err!.options.headers!['WWW-Authenticate']!, /^Bearer realm="model-data-service", error="invalid_request"/);
  assert.equal(conflictingKeys(K1), undefined);
  // One header whose value holds two keys is one malformed value (a 401), whatever separates them.
  for (const v of [`${K1}, ${K2}`, `${K1},${K2}`, [K1, K2]]) assert.equal(conflictingKeys(apiKeyFrom({ 'x-api-key': v })!), undefined);
});

test('another scheme (Basic from a proxy in front) is not addressed to this service: ignored, x-api-key still read', () => {
  assert.equal(apiKeyFrom({ authorization: 'Basic dXNlcjpwYXNz' }), undefined);
  assert.equal(apiKeyFrom({ authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': K1 }), K1);
  assert.equal(apiKeyFrom({ authorization: 'Bearerx abc' }), undefined, 'a scheme is a whole token: "Bearerx" is not Bearer');
});

test('the challenge has the RFC 6750 section 3 form, and quotes cannot break out of its description', () => {
  assert.equal(bearerChallenge('invalid_token', 'The API key is not valid'),
    'Bearer realm="model-data-service", error="invalid_token", error_description="The API key is not valid"');
  assert.equal(bearerChallenge('invalid_token', 'a "b" \\c'),
    'Bearer realm="model-data-service", error="invalid_token", error_description="a b c"');
});
