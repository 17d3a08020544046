// DNS rebinding protection at /mcp: Host and Origin must name an allowed host, whatever the port.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostAllowed, hostName, originAllowed } from './hosts.ts';

const allowed = ['localhost', '127.0.0.1', '[::1]', 'api.example.org'];

test('Host is compared without its port, case-insensitively', () => {
  assert.equal(hostName('[::1]:8080'), '[::1]');
  assert.equal(hostAllowed('LOCALHOST:3000', allowed), true);
  assert.equal(hostAllowed('api.example.org', allowed), true);
  assert.equal(hostAllowed('evil.example.com', allowed), false);
  assert.equal(hostAllowed('localhost.evil.com', allowed), false);
  assert.equal(hostAllowed(undefined, allowed), false);
});

test('Origin must be a URL naming an allowed host; null and junk are refused', () => {
  assert.equal(originAllowed('http://localhost:5173', allowed), true);
  assert.equal(originAllowed('http://[::1]:8080', allowed), true);
  assert.equal(originAllowed('https://evil.example.com', allowed), false);
  assert.equal(originAllowed('null', allowed), false);
});

test('a Host that is not a plain name[:port] is refused, whatever name it contains', () => {
  for (const h of ['localhost:80@evil.com', 'localhost@evil.com', 'evil.com#localhost', 'localhost/evil', 'localhost:abc', 'localhost, evil.com', '']) {
    assert.equal(hostAllowed(h, allowed), false, h);
  }
  assert.equal(hostAllowed('localhost.', allowed), true, 'a fully qualified name with its trailing dot');
  assert.equal(originAllowed('http://localhost@evil.com', allowed), false);
  assert.equal(originAllowed('http://user@localhost', allowed), false);
});
