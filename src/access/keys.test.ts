// Key format, hashing and verification: what a key looks like and that only the right key matches its hash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { generateKey, hashesEqual, hashKey, KEY_PATTERN, keyIdOf, LOG_REDACT_PATHS, parseKey } from './keys.ts';

test('issued keys have the documented shape and tier segment', () => {
  assert.match(generateKey('free').key, /^mds_free_[0-9A-Za-z]{32}$/);
  assert.match(generateKey('pro').key, /^mds_pro_[0-9A-Za-z]{32}$/);
  assert.match(generateKey('enterprise').key, /^mds_ent_[0-9A-Za-z]{32}$/);
});

test('keys are random and their id is derived from the hash, not from the key', () => {
  const keys = Array.from({ length: 200 }, () => generateKey('pro'));
  assert.equal(new Set(keys.map((k) => k.key)).size, 200);
  for (const k of keys.slice(0, 20)) {
    assert.equal(k.hash, hashKey(k.key));
    assert.equal(k.id, keyIdOf(k.hash));
    assert.ok(!k.key.includes(k.id), 'the public id must not reveal part of the key');
  }
});

test('every base62 character occurs: the alphabet is fully used', () => {
  const seen = new Set(Array.from({ length: 100 }, () => generateKey('free').key.slice(9)).join(''));
  assert.equal(seen.size, 62);
});

test('parseKey accepts only the exact shape and maps the tier segment', () => {
  assert.equal(parseKey(`mds_ent_${'a'.repeat(32)}`), 'enterprise');
  assert.equal(parseKey(`mds_free_${'Z9'.repeat(16)}`), 'free');
  for (const bad of [
    '', 'mds_pro_', `mds_pro_${'a'.repeat(31)}`, `mds_pro_${'a'.repeat(33)}`, `mds_gold_${'a'.repeat(32)}`,
    `MDS_pro_${'a'.repeat(32)}`, `mds_pro_${'a'.repeat(31)}-`, ` mds_pro_${'a'.repeat(32)}`, `mds_pro_${'a'.repeat(32)}\n`,
    `mds_enterprise_${'a'.repeat(32)}`,
  ]) {
    assert.equal(parseKey(bad), undefined, JSON.stringify(bad));
    assert.equal(KEY_PATTERN.test(bad), false);
  }
});

test('hashesEqual matches only the same hash', () => {
  const a = generateKey('pro');
  const b = generateKey('pro');
  assert.equal(hashesEqual(a.hash, hashKey(a.key)), true);
  assert.equal(hashesEqual(a.hash, b.hash), false);
  assert.equal(hashesEqual(a.hash, a.hash.slice(0, 32)), false, 'different lengths never match');
  assert.equal(hashesEqual('', ''), false, 'an empty stored hash matches nothing');
});

test('log redaction covers both headers a key travels in, whichever object the logger serialises', () => {
  const key = generateKey('pro').key;
  const lines: string[] = [];
  const logger = pino({ redact: { paths: [...LOG_REDACT_PATHS], censor: '[redacted]' } }, { write: (l: string) => void lines.push(l) });
  const headers = { 'x-api-key': key, authorization: `Bearer ${key}`, accept: 'application/json' };
  logger.info({ req: { headers }, request: { headers }, headers }, 'a request');
  assert.equal(lines.length, 1);
  assert.ok(!lines[0]!.includes(key.slice(8)), lines[0]);
  assert.equal((lines[0]!.match(/\[redacted\]/g) ?? []).length, 6);
});
