// Redaction of keys and credential parameters from logged URLs and error bodies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactKeys, redactUrl } from './redact.ts';
import { ServiceError, toProblem } from './catalog.ts';

// The key shape of access/keys.ts: mds_<free|pro|ent>_ and 32 base62 characters.
const KEY = 'mds_pro_KmaFD4oKdoqQxOutqX8BBgj8PkdYLf82';

test('a key anywhere in a text is replaced, its tier kept; lower-cased and percent-encoded keys too', () => {
  assert.equal(redactKeys(`Model "${KEY}" not found`), 'Model "mds_pro_[redacted]" not found');
  assert.equal(redactKeys(KEY.toLowerCase()), 'mds_pro_[redacted]');
  assert.equal(redactKeys('/models/mds%5Fent%5F0123456789abcdefghijklmnopqrstuv'), '/models/mds_ent_[redacted]');
  assert.equal(redactKeys(`${KEY}extra`), 'mds_pro_[redacted]', 'a longer run may start with a key');
  // Not keys: too short, another prefix, ordinary ids.
  for (const s of ['mds_pro_short', 'abc_pro_KmaFD4oKdoqQxOutqX8BBgj8PkdYLf82', 'llama-3.3-70b-instruct']) assert.equal(redactKeys(s), s);
});

test('logged URLs: credential parameters lose their value whatever its shape, other parameters are kept as sent', () => {
  assert.equal(redactUrl('/api/v1/models?api_key=hunter2&limit=5'), '/api/v1/models?api_key=[redacted]&limit=5');
  assert.equal(redactUrl('/api/v1/models?q=x&TOKEN=abc&Key=1&access_token=z'),
    '/api/v1/models?q=x&TOKEN=[redacted]&Key=[redacted]&access_token=[redacted]');
  assert.equal(redactUrl('/api/v1/models?api%5Fkey=abc'), '/api/v1/models?api%5Fkey=[redacted]', 'an encoded name is still that name');
  assert.equal(redactUrl(`/api/v1/models/${KEY}?vendor=meta`), '/api/v1/models/mds_pro_[redacted]?vendor=meta');
  assert.equal(redactUrl(`/api/v1/models?q=${KEY}`), '/api/v1/models?q=mds_pro_[redacted]');
  assert.equal(redactUrl('/api/v1/models?monkey=1&keys=2'), '/api/v1/models?monkey=1&keys=2', 'only whole names match');
  assert.equal(redactUrl('/api/v1/models?%zz=1&api_key'), '/api/v1/models?%zz=1&api_key', 'undecodable names and bare names pass');
});

test('an error that echoes a key (as a model id, in a parameter message or a suggestion) carries it redacted', () => {
  const e = new ServiceError('model_not_found', `No model "${KEY.toLowerCase()}".`, {
    errors: [{ parameter: KEY, message: `unknown id ${KEY}`, allowed: KEY }],
    suggestions: [KEY],
  });
  const body = JSON.stringify(toProblem(e, `/api/v1/models/${KEY}`));
  assert.ok(!body.toLowerCase().includes(KEY.slice(8).toLowerCase()), body);
  assert.equal(e.detail, 'No model "mds_pro_[redacted]".');
  assert.equal(e.message, e.detail, 'what a logger prints is redacted too');
});
